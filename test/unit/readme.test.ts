// The README's configuration table is documentation of provider/config.ts: keep them in step.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { CONFIG_KEYS } from "../../provider/config";

const readme = readFileSync(join(__dirname, "..", "..", "README.md"), "utf8");

describe("README", () => {
  it.each(CONFIG_KEYS.map((k) => [k.key, k]))(
    "documents %s with its environment variable and secrecy",
    (_key, k) => {
      const row = readme.split("\n").find((l) => l.startsWith(`| \`${k.key}\` |`));
      expect(row).toBe(`| \`${k.key}\` | \`${k.env}\` |${k.secret ? " yes " : " "}| ${k.doc} |`);
    },
  );

  it("has exactly the two quick-start commands", () => {
    const quick = readme.split("## Quick start")[1]?.split("```sh")[1]?.split("```")[0] ?? "";
    expect(
      quick
        .trim()
        .split("\n")
        .map((l) => l.split("#")[0]?.trim()),
    ).toEqual(["npm run demo", "npm test"]);
  });
});

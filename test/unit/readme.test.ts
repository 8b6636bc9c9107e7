// The README's configuration table is documentation of provider/client/config.ts: keep them in step.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { CONFIG_KEYS } from "../../provider/client/config";

const readme = readFileSync(join(__dirname, "..", "..", "README.md"), "utf8");

/** The cells of the table row whose first cell is `key` (padding does not matter). */
function row(key: string): string[] | undefined {
  const line = readme.split("\n").find((l) => l.replace(/\s+/g, " ").startsWith(`| \`${key}\` |`));
  return line
    ?.split("|")
    .slice(1, -1)
    .map((c) => c.trim());
}

describe("README", () => {
  it.each(CONFIG_KEYS.map((k) => [k.key, k]))(
    "documents %s with its environment variable and secrecy",
    (_key, k) => {
      expect(row(k.key)).toEqual([`\`${k.key}\``, `\`${k.env}\``, k.secret ? "yes" : "", k.doc]);
    },
  );

  it("keeps the contributors' two commands for a fresh clone, exactly, in its own section", () => {
    const quick = readme.split("## From a clone")[1]?.split("```sh")[1]?.split("```")[0] ?? "";
    expect(
      quick
        .trim()
        .split("\n")
        .map((l) => l.split("#")[0]?.trim()),
    ).toEqual(["npm run demo", "npm test"]);
  });
});

// The guide's program in each language (docs/guide/every-language.md, which the README links) is the file of
// examples/<lang> that test/e2e/sdks.test.ts runs, word for word: each block follows a `<!-- <path> -->` line
// naming its file.
import { readFileSync } from "node:fs";
import { join } from "node:path";

const root = join(__dirname, "..", "..");
const GUIDE = "docs/guide/every-language.md";
const readme = readFileSync(join(root, GUIDE), "utf8");
const PROGRAMS = [
  "examples/typescript/index.ts",
  "examples/python/__main__.py",
  "examples/go/main.go",
  "examples/java/src/main/java/chatdesk/App.java",
  "examples/yaml/Pulumi.yaml",
];

/** The fenced block right after `<!-- path -->`, or undefined. */
function blockAfter(path: string): string | undefined {
  const at = readme.indexOf(`<!-- ${path} -->\n\`\`\``);
  if (at < 0) return undefined;
  const start = readme.indexOf("\n", readme.indexOf("```", at)) + 1;
  return readme.slice(start, readme.indexOf("\n```\n", start) + 1);
}

describe("one program in every language (the guide)", () => {
  it.each(PROGRAMS)("shows %s as it is", (path) => {
    expect(blockAfter(path)).toBe(readFileSync(join(root, path), "utf8"));
  });

  it("is linked from the README", () => {
    expect(readFileSync(join(root, "README.md"), "utf8")).toContain(`](${GUIDE})`);
  });

  it("names no program file the test does not check", () => {
    const named = [...readme.matchAll(/<!-- (examples\/[^ ]+) -->/g)].map((m) => m[1]);
    expect(named.sort()).toEqual([...PROGRAMS].sort());
  });
});

// A new kind is its hand-written files, honestly (issue 41, decision 0122): in a scratch copy of the repository a
// throwaway kind over routes the project has (the keyword lists') is added with exactly the files CONTRIBUTING.md's
// "Adding a kind" lists, `npm run generate`'s steps run there (from source: the compiler's runs only check), and
// the registry-driven tests run on the copy, the fault campaign's check among them (it must report a lost
// object of the throwaway kind). A kind that still needed a line elsewhere (the registry, the demo, the fault
// campaign) would fail them; every file the steps change is counted, and CONTRIBUTING.md states both counts.
import { execFileSync, spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import {
  cpSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, sep } from "node:path";

const root = join(__dirname, "..", "..");
const read = (path: string) => readFileSync(join(root, path), "utf8");
/** The registry-driven tests run on the copy: the campaigns' check runs on the emulator (integration). */
const TESTS = ["test/unit/registry.test.ts", "test/unit/contributing.test.ts"];
const CHECK = "test/integration/campaign-check.test.ts";
/** Not copied: what no step of `generate` or the tests above read (the other languages' SDKs are made by
 * `npm run generate:sdks`, counted apart in CONTRIBUTING.md). */
const leftOut = (path: string) =>
  path !== CHECK &&
  /^(node_modules|dist|\.git|sdk\/(python|go|java)|test\/(fixtures|e2e|integration|live)|examples)(\/|$)/.test(
    path,
  );

/** Every file under `dir` (relative paths, `/`-separated), with a hash of its text. */
function snapshot(dir: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const f of readdirSync(dir, { recursive: true, encoding: "utf8" })) {
    const path = f.split(sep).join("/");
    if (leftOut(path)) continue;
    try {
      out.set(
        path,
        createHash("sha256")
          .update(readFileSync(join(dir, f)))
          .digest("hex"),
      );
    } catch {
      // a folder
    }
  }
  return out;
}

/** `npm run generate`'s steps, each run from source with ts-node (`tsc` only compiles: left out). */
function generateSteps(): string[] {
  const script =
    (JSON.parse(read("package.json")) as { scripts: Record<string, string> }).scripts.generate ?? "";
  return script
    .split("&&")
    .map((s) => s.trim())
    .filter((s) => !s.startsWith("tsc "))
    .map((s) => {
      const compiled = /^node dist\/(.+)\.js$/.exec(s);
      if (compiled) return `${compiled[1]}.ts`;
      const source = /^node -r ts-node\/register\/transpile-only (\S+\.ts)$/.exec(s);
      if (source) return source[1] as string;
      throw new Error(`a step of npm run generate this test cannot run: ${s}`);
    });
}

/** The recipe's statement of the counts: "**N hand-written files**" and "rewrites **M generated files**". */
const recipe = read("CONTRIBUTING.md").split("## Adding a kind")[1]?.split("\n## ")[0] ?? "";
const stated = (what: string) => Number(new RegExp(`\\*\\*(\\d+) ${what} files\\*\\*`).exec(recipe)?.[1]);

jest.setTimeout(20 * 60_000); // a hang guard: eight generator runs and a jest run on two shared cores

describe("adding a kind", () => {
  it("takes the hand-written files CONTRIBUTING.md states, and `npm run generate` writes the rest", () => {
    const scratch = mkdtempSync(join(tmpdir(), "new-kind-"));
    try {
      const tracked = execFileSync("git", ["ls-files", "--cached", "--others", "--exclude-standard"], {
        cwd: root,
        encoding: "utf8",
      })
        .split("\n")
        .filter((f) => f && !leftOut(f));
      for (const f of tracked) {
        mkdirSync(join(scratch, dirname(f)), { recursive: true });
        try {
          cpSync(join(root, f), join(scratch, f));
        } catch {
          // deleted in the working tree
        }
      }
      symlinkSync(join(root, "node_modules"), join(scratch, "node_modules"));
      const before = snapshot(scratch);

      // The newcomer's files: the kind (a Custom API list's twin in a section of its own), its fixture, the
      // CHANGELOG's line.
      const twin = (text: string) =>
        text
          .replaceAll("ModerationCustomApiList", "ScratchApiList")
          .replaceAll("moderationCustomApiList", "scratchApiList")
          .replace('at: ["moderation", "customApiLists"]', 'at: ["scratchApiLists"]')
          .replace('child: "custom-api-list"', 'child: "scratch-api-list"')
          .replace('name: "custom-api"', 'name: "scratch-api"')
          .replaceAll("listed-c", "listed-s")
          .replaceAll('"t-custom', '"t-scratch')
          .replace('"custom-moderation"', '"scratch-moderation"');
      const hand = [
        "provider/kinds/scratch-api-list.ts",
        "test/support/kinds/scratch-api-list.ts",
        "CHANGELOG.md",
      ];
      writeFileSync(
        join(scratch, hand[0] as string),
        twin(read("provider/kinds/moderation-custom-api-list.ts")),
      );
      writeFileSync(
        join(scratch, hand[1] as string),
        twin(read("test/support/kinds/moderation-custom-api-list.ts")),
      );
      const changelog = read("CHANGELOG.md").replace(
        "## [Unreleased]\n",
        "## [Unreleased]\n\n- `ScratchApiList`: a throwaway kind.\n",
      );
      writeFileSync(join(scratch, "CHANGELOG.md"), changelog);

      for (const step of generateSteps())
        execFileSync(process.execPath, ["-r", "ts-node/register/transpile-only", step], {
          cwd: scratch,
          encoding: "utf8",
          stdio: "pipe",
        });

      const after = snapshot(scratch);
      const changed = [...after.keys()].filter((f) => before.get(f) !== after.get(f)).sort();
      const gone = [...before.keys()].filter((f) => !after.has(f));
      const generated = changed.filter((f) => !hand.includes(f));
      expect(gone).toEqual([]);
      expect(changed.filter((f) => hand.includes(f)).sort()).toEqual([...hand].sort());
      expect({ hand: hand.length, generated: generated.length, files: generated }).toEqual({
        hand: stated("hand-written"),
        generated: stated("generated"),
        files: generated,
      });

      // The registry-driven tests, on the copy: a kind left out of anything fails them.
      const jest = join(root, "node_modules", "jest", "bin", "jest.js");
      const run = spawnSync(
        process.execPath,
        [jest, "--selectProjects", "unit", "integration", "--verbose", "--runTestsByPath", ...TESTS, CHECK],
        {
          cwd: scratch,
          encoding: "utf8",
        },
      );
      expect({ status: run.status, tail: run.stderr.slice(-3000) }).toMatchObject({ status: 0 });
      // The fault campaign's check covers the throwaway kind with no edit of its own.
      expect(run.stderr).toMatch(/✓ a lost ScratchApiList is reported/);
      const registry = readFileSync(join(scratch, "provider", "kinds", "registry.ts"), "utf8");
      expect(registry).toMatch(/^ {2}ScratchApiList: scratchApiList,$/m);
    } finally {
      rmSync(scratch, { recursive: true, force: true });
    }
  });
});

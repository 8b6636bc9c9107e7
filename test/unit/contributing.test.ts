// CONTRIBUTING.md's "Adding a kind" recipe stays true: the number of hand-written files it states is the
// number it lists, decisions 0095 and 0122 state the same (test/unit/new-kind.test.ts measures it), and every file it names is where it says for the kinds.
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { kinds } from "../../provider/kinds";
import { fixtureFile } from "../support/kinds";

const root = join(__dirname, "..", "..");
const read = (path: string) => readFileSync(join(root, path), "utf8");
const recipe = read("CONTRIBUTING.md").split("## Adding a kind")[1]?.split("\n## ")[0] ?? "";
const stated = (text: string) => Number(/\*\*(\d+) hand-written files\*\*/.exec(text)?.[1]);

describe("the recipe for adding a kind", () => {
  const items = [...recipe.matchAll(/^\d+\. `([^`]+)`/gm)].map((m) => m[1] ?? "");

  it("states as many hand-written files as it lists, and the decision states the same", () => {
    expect(items.length).toBeGreaterThan(0);
    expect(stated(recipe)).toBe(items.length);
    expect(stated(read("docs/decisions/0095-kinds-own-their-file-entries.md"))).toBe(items.length);
    expect(stated(read("docs/decisions/0122-a-kind-is-its-files.md"))).toBe(items.length);
  });

  it("names files that are there: the registry, and for every kind its fixture", () => {
    const names = Object.keys(kinds);
    for (const path of items) {
      const at = (k: string) => path.replace("<kind>", fixtureFile(k));
      const present = names.filter((k) => existsSync(join(root, at(k))));
      // A per-kind file of the recipe exists for the kinds (older kinds share area declaration files).
      if (path.startsWith("test/")) expect(names.filter((k) => !present.includes(k))).toEqual([]);
      else expect(present.length).toBeGreaterThan(0);
    }
    expect(read("provider/kinds/registry.ts")).toMatch(/McpServer: mcpServer/);
  });
});

// One declaration per kind (provider/resources/index.ts): every other list is derived from the registry or
// checked against it here, so a kind missing anything fails a test: the generated SDK, the README's table.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { kinds } from "../../provider/resources";
import { render, TARGET } from "../../scripts/gen-sdk";
import { README, readmeWithTable } from "../../scripts/readme-table";
import * as sdk from "../../sdk";

const root = join(__dirname, "..", "..");
const entries = Object.entries(kinds);

/** The README's resource table, by kind: each cell's `names`, and which of them are bold. */
function readmeRows(): Map<string, { api: string; cells: { names: string[]; bold: string[] }[] }> {
  const readme = readFileSync(join(root, "README.md"), "utf8");
  const section = readme.split("\n## Resources")[1]?.split("\n## ")[0] ?? "";
  const rows = new Map<string, { api: string; cells: { names: string[]; bold: string[] }[] }>();
  for (const line of section.split("\n").filter((l) => /^\| `[A-Z]/.test(l))) {
    const cells = line
      .split("|")
      .slice(1, -1)
      .map((c) => ({
        names: [...c.matchAll(/`([A-Za-z][A-Za-z0-9]*)`/g)].map((m) => m[1] ?? ""),
        bold: [...c.matchAll(/\*\*`([A-Za-z][A-Za-z0-9]*)`\*\*/g)].map((m) => m[1] ?? ""),
        text: c.trim(),
      }));
    rows.set(cells[0]?.names[0] ?? "", { api: cells[1]?.text ?? "", cells });
  }
  return rows;
}

describe("the registry of kinds", () => {
  it("generates the README's resource table from the registry (run `npm run generate`)", () => {
    const readme = readFileSync(join(root, README), "utf8");
    expect(readme).toBe(readmeWithTable(readme));
  });

  it("generates the SDK: sdk/kinds.ts is what scripts/gen-sdk.ts writes (run `npm run generate`)", () => {
    expect(readFileSync(join(root, TARGET), "utf8")).toBe(render());
  });

  it("writes an output list of a union with parentheses (not a union whose last member is a list)", () => {
    expect(render()).toContain('declare readonly action: pulumi.Output<("blockMessage" | "dropMessage")[]>;');
  });

  it.each(entries)("%s: the SDK exports its class, and every argument has a doc", (name, kind) => {
    expect(typeof (sdk as Record<string, unknown>)[name]).toBe("function");
    expect(kind.doc).toMatch(/Id: /);
    for (const arg of Object.keys(kind.args.shape))
      expect([arg, (kind.docs as Record<string, string>)[arg]?.length ?? 0]).not.toEqual([arg, 0]);
  });

  it.each(entries)(
    "%s: its README row names its API, arguments, replacements, outputs and secrets",
    (name, kind) => {
      const row = readmeRows().get(name);
      expect(row).toBeDefined();
      const [, , inPlace, replace, outputs] = row?.cells ?? [];
      const args = Object.keys(kind.args.shape);
      const sorted = (xs: readonly string[]) => [...xs].sort();
      expect(row?.api).toBe(kind.api);
      expect(sorted(inPlace?.names ?? [])).toEqual(sorted(args.filter((a) => !kind.replaceOn.includes(a))));
      expect(sorted(replace?.names ?? [])).toEqual(sorted(kind.replaceOn));
      expect(sorted(outputs?.names ?? [])).toEqual(sorted(Object.keys(kind.outputs.shape)));
      const bold = [...(inPlace?.bold ?? []), ...(replace?.bold ?? []), ...(outputs?.bold ?? [])];
      expect(sorted(bold)).toEqual(sorted(kind.secrets ?? []));
    },
  );

  it("has a README row for no kind it does not hold", () => {
    expect([...readmeRows().keys()].sort()).toEqual(Object.keys(kinds).sort());
  });
});

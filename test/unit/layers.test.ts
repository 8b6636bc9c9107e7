// The folders are layers (decision 0106): each imports only its own layer and the ones under it, so a fact
// is found where its layer says and an import that runs upward fails here, not in review.
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, normalize, relative } from "node:path";

const root = join(__dirname, "..", "..");
/**
 * Lowest first. The emulator stands on the contract alone; the package's face (sdk/nodejs/index.ts) and the plugin's
 * entry (provider/hosts/plugin/main.ts, which serves the Environment component too) on all. The emulator's command
 * (provider/emulator/cli.ts) also prints the provider's settings for what it started (decision 0127), so it
 * stands on the client's table of config keys too.
 */
const RANK: Record<string, number> = {
  "provider/contract": 0,
  "provider/client": 1,
  "provider/emulator": 1,
  "provider/emulator/cli.ts": 2,
  "provider/engine": 2,
  "provider/kinds": 3,
  "provider/hosts": 4,
  "sdk/nodejs": 5,
  "provider/environment": 6,
  "sdk/nodejs/index.ts": 7,
  "provider/hosts/plugin/main.ts": 7,
  "provider/recover": 8,
  "provider/doctor": 8,
};

const layerOf = (file: string): string | undefined =>
  file.endsWith(".ts") && file in RANK ? file : Object.keys(RANK).find((l) => file.startsWith(`${l}/`));

function sources(dir: string): string[] {
  return readdirSync(join(root, dir)).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(join(root, path)).isDirectory()) return sources(path);
    return path.endsWith(".ts") ? [path] : [];
  });
}

describe("the layers", () => {
  it("has no import that runs upward, and the emulator speaks only the contract", () => {
    const upward: string[] = [];
    for (const layer of Object.keys(RANK).filter((l) => !l.endsWith(".ts")))
      for (const file of sources(layer)) {
        const from = layerOf(file) as string;
        const text = readFileSync(join(root, file), "utf8");
        for (const [, spec] of text.matchAll(/from\s+"(\.{1,2}\/[^"]+)"/g)) {
          const target = relative(root, normalize(join(root, dirname(file), spec as string)));
          const to = layerOf(target) ?? layerOf(`${target}.ts`) ?? layerOf(`${target}/index.ts`);
          if (!to || to === from) continue;
          const rank = (l: string) => RANK[l] as number;
          const wrong = from === "provider/emulator" ? to !== "provider/contract" : rank(to) > rank(from);
          if (wrong) upward.push(`${file} -> ${target}`);
        }
      }
    expect(upward).toEqual([]);
  });

  it("has no import circle (imports of types aside, which leave nothing at run time)", () => {
    expect(circles(Object.keys(RANK).filter((l) => !l.endsWith(".ts")))).toEqual([]);
  });
});

/** The files of `layers` that import a value from each other both ways, at any remove: one list per circle. */
function circles(layers: readonly string[]): string[][] {
  const edges = new Map<string, string[]>();
  for (const file of layers.flatMap(sources)) {
    const text = readFileSync(join(root, file), "utf8");
    const to: string[] = [];
    for (const [, type, spec] of text.matchAll(
      /^(?:import|export)\s+(type\s+)?[^;]*?from\s+"(\.{1,2}\/[^"]+)"/gms,
    )) {
      if (type) continue;
      const target = relative(root, normalize(join(root, dirname(file), spec as string)));
      const found = [`${target}.ts`, `${target}/index.ts`].find((f) => existsSync(join(root, f)));
      if (found) to.push(found);
    }
    edges.set(file, to);
  }
  // Tarjan's strongly connected components: a component of more than one file is a circle.
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const out: string[][] = [];
  const visit = (v: string) => {
    index.set(v, index.size);
    low.set(v, index.get(v) as number);
    stack.push(v);
    for (const w of edges.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v) as number, low.get(w) as number));
      } else if (stack.includes(w)) low.set(v, Math.min(low.get(v) as number, index.get(w) as number));
    }
    if (low.get(v) !== index.get(v)) return;
    const component: string[] = [];
    for (let w = stack.pop(); w !== undefined; w = w === v ? undefined : stack.pop()) component.push(w);
    if (component.length > 1) out.push(component.sort());
  };
  for (const v of edges.keys()) if (!index.has(v)) visit(v);
  return out;
}

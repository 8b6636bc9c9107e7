// The folders are layers (decision 0106): each imports only its own layer and the ones under it, so a fact
// is found where its layer says and an import that runs upward fails here, not in review.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, normalize, relative } from "node:path";

const root = join(__dirname, "..", "..");
/**
 * Lowest first. The emulator stands on the contract alone; the package's face (sdk/index.ts) and the plugin's
 * entry (hosts/plugin/main.ts, which serves the Environment component too) on all.
 */
const RANK: Record<string, number> = {
  contract: 0,
  client: 1,
  emulator: 1,
  engine: 2,
  kinds: 3,
  hosts: 4,
  sdk: 5,
  environment: 6,
  "sdk/index.ts": 7,
  "hosts/plugin/main.ts": 7,
  recover: 8,
};

const layerOf = (file: string): string | undefined =>
  file === "sdk/index.ts" || file === "hosts/plugin/main.ts"
    ? file
    : Object.keys(RANK).find((l) => file.startsWith(`${l}/`));

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
          const wrong = from === "emulator" ? to !== "contract" : rank(to) > rank(from);
          if (wrong) upward.push(`${file} -> ${target}`);
        }
      }
    expect(upward).toEqual([]);
  });
});

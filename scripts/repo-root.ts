// The repository's root from a script's folder, whether it runs from source (scripts/) or compiled (dist/scripts/).
import { existsSync } from "node:fs";
import { dirname, join } from "node:path";

/** The nearest folder up from `from` with a package.json. */
export function repoRootOf(from: string): string {
  let dir = from;
  while (!existsSync(join(dir, "package.json"))) {
    const up = dirname(dir);
    if (up === dir) throw new Error(`no package.json above ${from}`);
    dir = up;
  }
  return dir;
}

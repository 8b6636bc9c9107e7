// The closest valid value, named in the errors of enums and permission maps. Its own file so that the
// permission catalogues (provider/contract/catalogues.ts), which the blocks use, do not import the blocks.
import { z } from "zod";

/** Edit distance between two strings, a swap of two neighbours one edit ("nmae" is one from "name"). */
function distance(a: string, b: string): number {
  // Three rows of the table: the swap looks two back.
  let before: number[] = [];
  let row = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const next = [i];
    for (let j = 1; j <= b.length; j++) {
      let d = Math.min(
        (row[j] ?? 0) + 1,
        (next[j - 1] ?? 0) + 1,
        (row[j - 1] ?? 0) + (a[i - 1] === b[j - 1] ? 0 : 1),
      );
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        d = Math.min(d, (before[j - 2] ?? 0) + 1);
      next[j] = d;
    }
    [before, row] = [row, next];
  }
  return row[b.length] ?? 0;
}

/** The candidate nearest to `value` (case-insensitive edit distance; the first of equals). */
export function closest(value: string, candidates: readonly string[]): string | undefined {
  let best: string | undefined;
  let bestDistance = Number.POSITIVE_INFINITY;
  for (const c of candidates) {
    const d = distance(value.toLowerCase(), c.toLowerCase());
    if (d < bestDistance) [best, bestDistance] = [c, d];
  }
  return best;
}

/**
 * The candidate near enough to `value` to be what was meant (a typo: one edit, or one a third of the
 * word's letters), for "did you mean" in messages; undefined when none is (a name unlike every candidate).
 */
export function near(value: string, candidates: readonly string[]): string | undefined {
  const best = closest(value, candidates);
  if (best === undefined) return undefined;
  const d = distance(value.toLowerCase(), best.toLowerCase());
  return d <= Math.max(1, Math.floor(value.length / 3)) ? best : undefined;
}

/** An enum whose error names the value given and the closest valid one (and all of them, if few). */
export const oneOf = <const T extends readonly [string, ...string[]]>(values: T, what: string) =>
  z.enum(values, {
    error: (iss) => {
      if (typeof iss.input !== "string") return `${what} must be a string`;
      const all = values.length <= 6 ? `; one of ${values.join(", ")}` : "";
      return `${what} "${iss.input}" is not valid (closest valid: "${closest(iss.input, values)}"${all})`;
    },
  });

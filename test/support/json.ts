// Reading untyped JSON in tests: a parsed environment's plain sections (typed by their kinds at run time),
// a response body.

/** A nested value: `at(env, "notifications", "push", "fcm", 0)`; undefined where the path ends early. */
export function at(value: unknown, ...path: (string | number)[]): unknown {
  let v = value;
  for (const p of path) {
    if (v === null || typeof v !== "object") return undefined;
    v = (v as Record<string | number, unknown>)[p];
  }
  return v;
}

/** A nested list of objects (empty when absent). */
export const list = (value: unknown, ...path: (string | number)[]): Record<string, unknown>[] =>
  (at(value, ...path) as Record<string, unknown>[] | undefined) ?? [];

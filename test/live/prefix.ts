// The run prefix every object of a live run carries: "lv" + the run's start in base-36 seconds + "-". The time
// in it lets the sweeper tell a finished (or killed) run's leftovers from a run still going on; an object
// without it is never touched.
const HEAD = "lv";
const PATTERN = /^lv([0-9a-z]{6,7})-/i;

/** A fresh prefix for a run starting at `nowMs`. */
export function runPrefix(nowMs: number = Date.now()): string {
  return `${HEAD}${Math.floor(nowMs / 1000).toString(36)}-`;
}

/** When the run that made `name` started (Unix ms); undefined when `name` carries no run prefix. */
export function prefixTime(name: string): number | undefined {
  const m = PATTERN.exec(name);
  if (!m?.[1]) return undefined;
  const seconds = Number.parseInt(m[1].toLowerCase(), 36);
  return Number.isFinite(seconds) ? seconds * 1000 : undefined;
}

// The fixtures' caller-chosen ids start with "t-"/"T-" and their names with "table": the strings a run
// makes its own. Rewriting every such string the same way keeps references between cases intact.
const OURS = /^(t-|T-|table)/;

/** `value` with each fixture id and name in it carrying `prefix`. */
export function withPrefix<T>(value: T, prefix: string): T {
  if (typeof value === "string") return (OURS.test(value) ? `${prefix}${value}` : value) as T;
  if (Array.isArray(value)) return value.map((v) => withPrefix(v, prefix)) as T;
  if (value && typeof value === "object")
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, withPrefix(v, prefix)])) as T;
  return value;
}

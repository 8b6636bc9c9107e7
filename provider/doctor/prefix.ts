// The run prefix of objects made by a test or check run (live mode, chat-doctor --write): "lv" + the run's
// start in base-36 seconds + "-". The time in it lets a sweep (npm run sweep:live) tell a finished or killed
// run's leftovers from a run still going on; an object without it is never touched.
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

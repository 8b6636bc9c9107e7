// The fixtures' ids and names made a live run's own (the prefix itself: provider/doctor/prefix.ts, shared with
// chat-doctor --write).
import { SECRET_FIELDS } from "../../provider/contract/generated/secrets";

export { prefixTime, runPrefix } from "../../provider/doctor/prefix";

// The fixtures' caller-chosen ids start with "t-"/"T-" and their names with "table": the strings a run
// makes its own. Rewriting every such string the same way keeps references between cases intact.
const OURS = /^(t-|T-|table)/;
/** Secrets are no ids or names (a certificate's password must stay the one that opens its file). */
const SECRETS: ReadonlySet<string> = new Set(SECRET_FIELDS);

/** `value` with each fixture id and name in it carrying `prefix`. */
export function withPrefix<T>(value: T, prefix: string): T {
  if (typeof value === "string") return (OURS.test(value) ? `${prefix}${value}` : value) as T;
  if (Array.isArray(value)) return value.map((v) => withPrefix(v, prefix)) as T;
  if (value && typeof value === "object")
    return Object.fromEntries(
      Object.entries(value).map(([k, v]) => [k, SECRETS.has(k) ? v : withPrefix(v, prefix)]),
    ) as T;
  return value;
}

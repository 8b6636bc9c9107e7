// Small helpers shared by the kinds.
import { ChatApiError } from "../client";
import type { Args } from "./kind";

/** The fields of `args` that are set (not undefined), minus `omit`. */
export function defined<T extends Args>(args: T, omit: readonly string[] = []): Partial<T> {
  const out: Args = {};
  for (const [k, v] of Object.entries(args)) if (v !== undefined && !omit.includes(k)) out[k] = v;
  return out as Partial<T>;
}

/** Optional fields present before and absent now: the API clears them with `unset`. */
export function removed<K extends string>(olds: Args, news: Args, unsettable: readonly K[]): K[] {
  return unsettable.filter(
    (k) => olds[k] !== undefined && olds[k] !== "" && (news[k] === undefined || news[k] === ""),
  );
}

/** Copies `keys` from `remote` into a new args object, leaving out empty values. */
export function fromRemote(remote: Args, keys: readonly string[]): Args {
  const out: Args = {};
  for (const k of keys) {
    const v = remote[k];
    if (v === undefined || v === null || v === "") continue;
    if (Array.isArray(v) && v.length === 0) continue;
    if (typeof v === "object" && !Array.isArray(v) && Object.keys(v as object).length === 0) continue;
    out[k] = v;
  }
  return out;
}

export function hasCode(e: unknown, ...codes: string[]): boolean {
  return ChatApiError.isInstance(e) && codes.includes(e.code);
}

/** A listing sorted by id, so that what reads it does not depend on the order the API answered in. */
export function byId<T extends { id: string }>(list: T[]): T[] {
  return list.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}

// Small helpers shared by the kinds.
import { ChatApiError } from "../client";
import type { Args, Listed, Progress } from "./kind";

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

/** Every item of `items` (a client's pages), telling `progress` after each full page and once at the end. */
export async function collect<T>(
  items: AsyncIterable<T>,
  perPage: number,
  progress?: Progress,
): Promise<T[]> {
  const out: T[] = [];
  for await (const item of items) {
    out.push(item);
    if (out.length % perPage === 0) progress?.(out.length);
  }
  progress?.(out.length, out.length);
  return out;
}

/** A listing in Kind.list's order: by id. */
export function sortedById<L extends Listed>(listed: L[]): L[] {
  return listed.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}

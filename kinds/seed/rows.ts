// Rows of a seed data set as the engine sees them: split into stable buckets by a hash of their key, and
// recorded as one short digest per field (the state never holds a row's values). Decision 0108.
import { createHash } from "node:crypto";
import { canonical } from "../../engine/normalize";

/** A row's fields, as read from a file and checked against its entity's schema. */
export type Row = Record<string, unknown>;
/** Per row key, per field: a digest of the field's value. */
export type Digests = Record<string, Record<string, string>>;

const hash = (text: string) => createHash("sha256").update(text).digest();

/**
 * The bucket a row key falls in: a hash of the key alone, so a row keeps its bucket when other rows are added
 * or removed (only a change of the bucket count moves rows).
 */
export function bucketOf(key: string, buckets: number): number {
  return hash(key).readUInt32BE(0) % buckets;
}

/** Digest characters per field: 48 bits, so two values of one field of one row do not meet by chance. */
const DIGEST_LENGTH = 12;

/** One field's digest: of its canonical JSON (absent, "", [] and {} are alike; key order does not count). */
export const fieldDigest = (value: unknown, asSet = false): string =>
  hash(canonical(value, asSet)).toString("hex").slice(0, DIGEST_LENGTH);

/** The digests of a row's fields, `key` fields and empty values left out; `sets` compared in any order. */
export function rowDigest(
  row: Row,
  omit: readonly string[],
  sets: readonly string[] = [],
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const field of Object.keys(row).sort()) {
    if (omit.includes(field) || canonical(row[field]) === "null") continue;
    out[field] = fieldDigest(row[field], sets.includes(field));
  }
  return out;
}

/** What changed between two recorded digest maps: rows added, removed, and per changed row its fields. */
export interface Plan {
  added: string[];
  removed: string[];
  changed: { key: string; fields: string[] }[];
}

export function planOf(olds: Digests, news: Digests): Plan {
  const added = Object.keys(news).filter((k) => !Object.hasOwn(olds, k));
  const removed = Object.keys(olds).filter((k) => !Object.hasOwn(news, k));
  const changed: Plan["changed"] = [];
  for (const [key, now] of Object.entries(news)) {
    const before = olds[key];
    if (!before) continue;
    const fields = [...new Set([...Object.keys(before), ...Object.keys(now)])]
      .filter((f) => before[f] !== now[f])
      .sort();
    if (fields.length) changed.push({ key, fields });
  }
  return {
    added: added.sort(),
    removed: removed.sort(),
    changed: changed.sort((a, b) => (a.key < b.key ? -1 : 1)),
  };
}

/** A plan in lines a person reads: `+ uid`, `~ uid: name, tags`, `- uid`; the first `limit` of each. */
export function renderPlan(plan: Plan, noun: string, limit = 20): string[] {
  const more = (n: number) => (n > limit ? [`  … and ${n - limit} more`] : []);
  return [
    ...plan.added.slice(0, limit).map((k) => `+ ${noun} ${k}`),
    ...more(plan.added.length),
    ...plan.changed.slice(0, limit).map((c) => `~ ${noun} ${c.key}: ${c.fields.join(", ")}`),
    ...more(plan.changed.length),
    ...plan.removed.slice(0, limit).map((k) => `- ${noun} ${k}`),
    ...more(plan.removed.length),
  ];
}

/** `items` in runs of at most `size` (the last one shorter), in order. */
export function batches<T>(items: readonly T[], size: number): T[][] {
  if (size < 1) throw new Error("a batch holds at least one item");
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

// A seed file as the resources that declare it: one per bucket, each with its rows' digests as one string.
// What the program (the SDK's seedData, the environment file's `seed:` section) hands the engine. Decision 0108.
import { type Entity, SPECS } from "./entities";
import { readSeed } from "./files";
import { bucketOf, lineOf, type Row, type Rows, renderRows, rowDigest } from "./rows";

/**
 * Buckets a data set is split into unless told: a handful, since the engine rewrites its whole checkpoint
 * after each step (so fewer resources cost less), while a change still names only its rows.
 */
export const DEFAULT_BUCKETS = 4;
/** The most buckets a file may be split into. */
export const MAX_BUCKETS = 1000;

export interface BucketArgs {
  entity: Entity;
  file: string;
  bucket: number;
  buckets: number;
  /** The bucket's rows as recorded: a line per row (rows.ts). */
  rows: string;
}

/** The rows of one bucket of a parsed file, by key. */
export function rowsOfBucket(
  entity: Entity,
  parsed: Map<string, { row: Row }>,
  bucket: number,
  buckets: number,
): Map<string, Row> {
  const spec = SPECS[entity];
  const out = new Map<string, Row>();
  for (const [key, { row }] of parsed)
    if (bucketOf(spec.bucketKey(row), buckets) === bucket) out.set(key, row);
  return out;
}

/** The recorded lines of some rows. */
export function linesOf(entity: Entity, rows: Map<string, Row>): Rows {
  const spec = SPECS[entity];
  const out: Rows = new Map();
  for (const [key, row] of rows) out.set(key, lineOf(rowDigest(row, spec.keyFields, spec.sets)));
  return out;
}

/** The recorded form of some rows (what a bucket's `rows` holds). */
export const digestsOf = (entity: Entity, rows: Map<string, Row>): string =>
  renderRows(linesOf(entity, rows));

/** Every bucket of a file (`path` is where it is read; `file` what the resources record). */
export function bucketsOf(
  entity: Entity,
  file: string,
  buckets = DEFAULT_BUCKETS,
  path = file,
): BucketArgs[] {
  const parsed = readSeed(path, entity);
  const spec = SPECS[entity];
  // One pass over the file: each row to its bucket.
  const split = Array.from({ length: buckets }, () => new Map<string, Row>());
  for (const [key, { row }] of parsed) split[bucketOf(spec.bucketKey(row), buckets)]?.set(key, row);
  return split.map((rows, bucket) => ({ entity, file, bucket, buckets, rows: digestsOf(entity, rows) }));
}

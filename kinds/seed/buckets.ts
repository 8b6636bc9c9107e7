// A seed file as the resources that declare it: one per bucket, each with its rows' digests. What the
// program (the SDK's seedData, the environment file's `seed:` section) hands the engine. Decision 0108.
import { type Entity, SPECS } from "./entities";
import { readSeed } from "./files";
import { bucketOf, type Digests, type Row, rowDigest } from "./rows";

/** Buckets a data set is split into unless told: enough that a change of one row rewrites few others. */
export const DEFAULT_BUCKETS = 16;

export interface BucketArgs {
  entity: Entity;
  file: string;
  bucket: number;
  buckets: number;
  rows: Digests;
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

/** The digests of some rows. */
export function digestsOf(entity: Entity, rows: Map<string, Row>): Digests {
  const spec = SPECS[entity];
  const out: Digests = {};
  for (const [key, row] of [...rows].sort(([a], [b]) => (a < b ? -1 : 1)))
    out[key] = rowDigest(row, spec.keyFields, spec.sets);
  return out;
}

/** Every bucket of a file (`path` is where it is read; `file` what the resources record). */
export function bucketsOf(
  entity: Entity,
  file: string,
  buckets = DEFAULT_BUCKETS,
  path = file,
): BucketArgs[] {
  const parsed = readSeed(path, entity);
  return Array.from({ length: buckets }, (_, bucket) => ({
    entity,
    file,
    bucket,
    buckets,
    rows: digestsOf(entity, rowsOfBucket(entity, parsed, bucket, buckets)),
  }));
}

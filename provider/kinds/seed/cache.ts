// The program's side of a seed file, kept between runs: a bucket's rows string is a function of the file's
// bytes, the entity and the bucket count alone, so it is stored under the digest of those and used again
// while they stay the same (a no-change preview of 100,000 messages then reads one small file instead of
// parsing, checking and hashing every row). Per user, under the cache folder scripts/engine.sh uses; digests
// only, as the state holds them. Any failure to read or write it only means computing the rows again.
import { hash } from "node:crypto";
import { mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { homedir } from "node:os";
import { join, resolve } from "node:path";
import { type BucketArgs, bucketsOf, DEFAULT_BUCKETS } from "./buckets";
import type { Entity } from "./entities";
import { ROWS_FORMAT } from "./rows";

const folder = () =>
  join(
    process.env.PULUMI_CHAT_CACHE ??
      join(process.env.XDG_CACHE_HOME ?? join(homedir(), ".cache"), "pulumi-chat"),
    "seed",
  );

interface Entry {
  content: string;
  rows: string[];
}

/** `bucketsOf`, from the cache when the file's bytes are those it was computed from. */
export function cachedBucketsOf(
  entity: Entity,
  file: string,
  buckets = DEFAULT_BUCKETS,
  path = file,
): BucketArgs[] {
  let bytes: Buffer;
  try {
    bytes = readFileSync(path);
  } catch {
    return bucketsOf(entity, file, buckets, path); // it names the problem
  }
  const content = hash("sha256", bytes, "hex");
  // One entry per seed file: a changed file replaces its entry.
  const at = join(
    folder(),
    `${hash("sha256", [ROWS_FORMAT, entity, buckets, resolve(path)].join("\n"), "hex")}.json`,
  );
  try {
    const entry = JSON.parse(readFileSync(at, "utf8")) as Entry;
    if (entry.content === content && entry.rows.length === buckets)
      return entry.rows.map((rows, bucket) => ({ entity, file, bucket, buckets, rows }));
  } catch {
    // no entry, or not readable: computed below
  }
  const made = bucketsOf(entity, file, buckets, path);
  try {
    mkdirSync(folder(), { recursive: true, mode: 0o700 });
    const entry: Entry = { content, rows: made.map((b) => b.rows) };
    writeFileSync(`${at}.${process.pid}`, JSON.stringify(entry), { mode: 0o600 });
    renameSync(`${at}.${process.pid}`, at);
  } catch {
    // a cache that cannot be written is only slower
  }
  return made;
}

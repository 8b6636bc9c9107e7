// A seed file as the program declares it: one SeedData resource per bucket (decision 0108). The file is read
// here to compute each bucket's row digests (what the engine diffs and records; kept between runs while the
// file's bytes stay the same, provider/kinds/seed/cache.ts), and again by the provider when it writes.
import * as pulumi from "@pulumi/pulumi";
import type { ChatConnectionArgs } from "../../provider/hosts/dynamic/resource";
import { DEFAULT_BUCKETS, MAX_BUCKETS } from "../../provider/kinds/seed/buckets";
import { cachedBucketsOf } from "../../provider/kinds/seed/cache";
import type { Entity } from "../../provider/kinds/seed/entities";
import { SeedFileError } from "../../provider/kinds/seed/files";
import { SeedData } from "./kinds";

export interface SeedFileArgs {
  /** What the file holds: users, groups, members or messages. */
  entity: Entity;
  /** The file (JSON, NDJSON, CSV), relative to the program's directory. */
  file: string;
  /** Buckets (default 4). A seed that is up keeps its count: a bucket holding rows refuses another at preview. */
  buckets?: number;
  connection?: pulumi.Input<ChatConnectionArgs>;
}

/** The resources of one seed file, `<name>-<bucket>`; pass them as `dependsOn` to the files that name its rows. */
export function seedData(name: string, args: SeedFileArgs, opts?: pulumi.CustomResourceOptions): SeedData[] {
  const buckets = args.buckets ?? DEFAULT_BUCKETS;
  // A count of 0 would declare no bucket at all, and the up would delete every row the seed holds.
  if (!Number.isInteger(buckets) || buckets < 1 || buckets > MAX_BUCKETS)
    throw new pulumi.RunError(
      `seedData "${name}": buckets must be a whole number from 1 to ${MAX_BUCKETS} (given ${buckets})`,
    );
  let made: ReturnType<typeof cachedBucketsOf>;
  try {
    made = cachedBucketsOf(args.entity, args.file, buckets);
  } catch (e) {
    // The file's problems, each `file:line: field: rule`, as the program's one error (no stack trace).
    if (e instanceof SeedFileError) throw new pulumi.RunError(`seedData "${name}": ${e.message}`);
    throw e;
  }
  return made.map(
    (b) =>
      new SeedData(
        `${name}-${b.bucket}`,
        { ...b, ...(args.connection ? { connection: args.connection } : {}) },
        opts,
      ),
  );
}

// The environment file's `seed:` section (decision 0108, "Environment file and export"): the seed files of a
// data set, by what they hold, relative to the environment file. Checked with the file (every row, each
// problem as `file:line: field: rule`); the component declares one resource per bucket of each file, in the
// order the rows name one another (users and groups before the members and messages naming them).
import { dirname, isAbsolute, relative, resolve } from "node:path";
import { z } from "zod";
import { type BucketArgs, bucketsOf, DEFAULT_BUCKETS } from "../kinds/seed/buckets";
import { ENTITIES, type Entity } from "../kinds/seed/entities";
import { formatOf, readSeed, SeedFileError } from "../kinds/seed/files";
import { SEED_SOURCES } from "../kinds/seed/sources";
import { entriesOf, type FileKind, holderOf, idOf, kindNamed, whereOf } from "./graph";

const SeedFile = (entity: Entity) =>
  z
    .string({ error: `${entity} must be the path of a seed file` })
    .min(1, `${entity} must be the path of a seed file`)
    .refine((f) => formatOf(f) !== undefined, `${entity} must end in .json, .ndjson, .jsonl or .csv`);

export const SeedSection = z.strictObject({
  users: SeedFile("users").optional(),
  groups: SeedFile("groups").optional(),
  members: SeedFile("members").optional(),
  messages: SeedFile("messages").optional(),
  /** Buckets per file (each one resource): a row keeps its bucket while the count stays. */
  buckets: z
    .number()
    .int("buckets must be a whole number")
    .min(1, "buckets must be at least 1")
    .max(1000, "buckets must be at most 1000")
    .optional(),
  /**
   * The rows may be at the service already (an export): the buckets are protected from deletion as adopted
   * objects are (default: the file's `adopt`).
   */
  adopt: z.boolean().optional(),
});
export type SeedSection = z.output<typeof SeedSection>;

/** The seed files a section names, in the order their rows name one another (the entities' order). */
export const seedFilesOf = (seed: SeedSection): { entity: Entity; file: string }[] =>
  ENTITIES.flatMap((entity) => (seed[entity] === undefined ? [] : [{ entity, file: seed[entity] }]));

/**
 * Every problem of the section's files, each as `seed.<entity>: <file>:<line>: <field>: <rule>` with the file
 * as the environment file names it; `dir` is the environment file's folder.
 */
export function seedProblems(seed: SeedSection, dir: string): string[] {
  return seedFilesOf(seed).flatMap(({ entity, file }) => {
    const path = resolve(dir, file);
    try {
      readSeed(path, entity);
      return [];
    } catch (e) {
      if (!(e instanceof SeedFileError)) throw e;
      return e.problems.map((p) => `seed.${entity}: ${p.split(path).join(file)}`);
    }
  });
}

/**
 * Rows that are also declared as entries (a user in `users` and in the seed file; a member of a group whose
 * entry declares its members, which would remove the row): an object is declared once.
 */
export function seedClashes(env: Record<string, unknown>, seed: SeedSection, dir: string): string[] {
  return seedFilesOf(seed).flatMap(({ entity, file }) => {
    const source = SEED_SOURCES.find((s) => s.entity === entity);
    if (!source) return [];
    const k = kindNamed(source.kind) as FileKind;
    const holder = holderOf(k);
    const ids = new Set(
      entriesOf(env, k).map((at) =>
        holder && at.holder ? idOf(holder, at.holder.entry) : idOf(k, at.entry),
      ),
    );
    if (ids.size === 0) return [];
    return [...readSeed(resolve(dir, file), entity).values()].flatMap(({ row, line }) => {
      const id = source.entryId(row);
      return ids.has(id)
        ? [`seed.${entity}: ${file}:${line}: ${source.entryField}: "${id}" is declared in ${whereOf(k)} too`]
        : [];
    });
  });
}

/**
 * Rules across the section's files: a member who joins a group before the groups file says it was made is
 * refused by the service (ERR_IMPORT_INVALID_JOINEDAT), so it is refused here first, naming both rows.
 */
export function seedOrderProblems(seed: SeedSection, dir: string): string[] {
  if (seed.groups === undefined || seed.members === undefined) return [];
  const made = new Map<string, { at: number; line: number }>();
  for (const { row, line } of readSeed(resolve(dir, seed.groups), "groups").values())
    if (typeof row.createdAt === "number") made.set(String(row.guid), { at: row.createdAt, line });
  return [...readSeed(resolve(dir, seed.members), "members").values()].flatMap(({ row, line }) => {
    const group = made.get(String(row.guid));
    return typeof row.joinedAt === "number" && group && row.joinedAt < group.at
      ? [
          `seed.members: ${seed.members}:${line}: joinedAt: joinedAt must not be before the group's createdAt (${seed.groups}:${group.line}: ${group.at})`,
        ]
      : [];
  });
}

/**
 * The buckets of every file of the section, in order. `file` is what the resources record and the provider
 * reads: the path from the program's folder (the provider's), so that the state does not hold this machine's
 * folders.
 */
export function seedBuckets(seed: SeedSection, dir: string, cwd = process.cwd()): BucketArgs[][] {
  return seedFilesOf(seed).map(({ entity, file }) => {
    const path = resolve(dir, file);
    const recorded = isAbsolute(file) ? file : relative(cwd, path) || file;
    return bucketsOf(entity, recorded, seed.buckets ?? DEFAULT_BUCKETS, path);
  });
}

/** The folder seed paths are relative to: the environment file's, else (an object) the program's. */
export const seedDirOf = (file: string | undefined): string =>
  file === undefined ? process.cwd() : dirname(resolve(file));

// The environment file's `seed:` section (decision 0108, "Environment file and export"): the seed files of a
// data set, by what they hold, relative to the environment file. Checked with the file (every row, each
// problem as `file:line: field: rule`); the component declares one resource per bucket of each file, in the
// order the rows name one another (users and groups before the members and messages naming them).
import { dirname, relative, resolve } from "node:path";
import { z } from "zod";
import { type BucketArgs, bucketsOf, DEFAULT_BUCKETS, MAX_BUCKETS } from "../kinds/seed/buckets";
import { ENTITIES, type Entity } from "../kinds/seed/entities";
import { formatOf, readSeed, SeedFileError } from "../kinds/seed/files";
import { SEED_SOURCES } from "../kinds/seed/sources";
import { entriesOf, type FileKind, holderOf, idOf, kindNamed, whereOf } from "./graph";
import type { Problem } from "./problems";

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
    .max(MAX_BUCKETS, `buckets must be at most ${MAX_BUCKETS}`)
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

/** A file's rows by key, with their lines (what the seed reader gives). */
type Parsed = ReturnType<typeof readSeed>;

/** Problems listed per file; the rest are counted, so that one file's thousands leave the others seen. */
export const PROBLEMS_SHOWN = 20;

/** A seed file the section names, read: its rows, or the problems that kept it from reading. */
export interface SeedFileRead {
  entity: Entity;
  /** As the environment names it. */
  file: string;
  rows: Parsed | undefined;
  problems: string[];
}

/** Reads each file the section names (`dir`: the environment file's folder), once. */
export function readSeedFiles(seed: SeedSection, dir: string): SeedFileRead[] {
  return seedFilesOf(seed).map(({ entity, file }) => {
    const path = resolve(dir, file);
    try {
      return { entity, file, rows: readSeed(path, entity) as Parsed | undefined, problems: [] as string[] };
    } catch (e) {
      if (!(e instanceof SeedFileError)) throw e;
      return { entity, file, rows: undefined, problems: e.problems.map((p) => p.split(path).join(file)) };
    }
  });
}

/** Where a seed file holds a row standing for an object of a kind: the file as named, and the row's line. */
export interface SeededAt {
  entity: Entity;
  file: string;
  line: number;
}

/**
 * The row of the seed files standing for the object `id` of `kind` (a users file's row for a user), if
 * any: an entry naming it names a row, not an entry.
 */
export function seededRow(files: readonly SeedFileRead[], kind: string, id: string): SeededAt | undefined {
  for (const source of SEED_SOURCES) {
    if (source.kind !== kind) continue;
    const read = files.find((f) => f.entity === source.entity);
    for (const { row, line } of read?.rows?.values() ?? [])
      if (source.entryId(row) === id) return { entity: source.entity, file: read?.file ?? "", line };
  }
  return undefined;
}

/**
 * Every problem of the section, at once: each file's rows, then what needs two of them (a row also declared
 * as an entry, a member who joins before its group was made), each at `seed.<entity>` as `<file>:<line>:
 * <field>: <rule>` with the file as the environment names it. A file is read once (`files`, from
 * readSeedFiles); a check across files runs over those that read, so a bad file hides none of the others'
 * problems (its own clashes need its rows: they come once it reads). At most PROBLEMS_SHOWN a file.
 */
export function seedSectionProblems(
  env: Record<string, unknown>,
  seed: SeedSection,
  files: readonly SeedFileRead[],
): Problem[] {
  const rowsOf = (entity: Entity) => files.find((f) => f.entity === entity)?.rows;
  return files.flatMap(({ entity, file, rows, problems }) => {
    const all = [
      ...problems,
      ...(rows ? clashes(env, entity, file, rows) : []),
      ...(entity === "members" && rows ? orderProblems(seed, rowsOf("groups"), rows) : []),
    ];
    const more = all.length - PROBLEMS_SHOWN;
    return [
      ...all.slice(0, PROBLEMS_SHOWN),
      ...(more > 0 ? [`${file}: … and ${more} more problem(s)`] : []),
    ].map((message) => ({ path: ["seed", entity], message }));
  });
}

/**
 * Rows that are also declared as entries (a user in `users` and in the seed file; a member of a group whose
 * entry declares its members, which would remove the row): an object is declared once.
 */
function clashes(env: Record<string, unknown>, entity: Entity, file: string, rows: Parsed): string[] {
  const source = SEED_SOURCES.find((s) => s.entity === entity);
  if (!source) return [];
  const k = kindNamed(source.kind) as FileKind;
  const holder = holderOf(k);
  const ids = new Set(
    entriesOf(env, k).map((at) => (holder && at.holder ? idOf(holder, at.holder.entry) : idOf(k, at.entry))),
  );
  if (ids.size === 0) return [];
  return [...rows.values()].flatMap(({ row, line }) => {
    const id = source.entryId(row);
    return ids.has(id)
      ? [`${file}:${line}: ${source.entryField}: "${id}" is declared in ${whereOf(k)} too`]
      : [];
  });
}

/**
 * A member who joins a group before the groups file says it was made is refused by the service
 * (ERR_IMPORT_INVALID_JOINEDAT), so it is refused here first, naming both rows.
 */
function orderProblems(seed: SeedSection, groups: Parsed | undefined, members: Parsed): string[] {
  if (!groups) return [];
  const made = new Map<string, { at: number; line: number }>();
  for (const { row, line } of groups.values())
    if (typeof row.createdAt === "number") made.set(String(row.guid), { at: row.createdAt, line });
  return [...members.values()].flatMap(({ row, line }) => {
    const group = made.get(String(row.guid));
    return typeof row.joinedAt === "number" && group && row.joinedAt < group.at
      ? [
          `${seed.members}:${line}: joinedAt: joinedAt must not be before the group's createdAt (${seed.groups}:${group.line}: ${group.at})`,
        ]
      : [];
  });
}

/**
 * The buckets of every file of the section, in order. `file` is what the resources record and the provider
 * reads: the path from the program's folder (the provider's), whether the section gives it relative or
 * absolute, inside the project or beside it (`../common/seed/users.csv`), so that the state holds no
 * machine's folders and the stack moves with its repository.
 */
export function seedBuckets(seed: SeedSection, dir: string, cwd = process.cwd()): BucketArgs[][] {
  return seedFilesOf(seed).map(({ entity, file }) => {
    const path = resolve(dir, file);
    return bucketsOf(entity, recordedPath(path, cwd), seed.buckets ?? DEFAULT_BUCKETS, path);
  });
}

/**
 * `path` from the program's folder, as a bucket records it. The platform's separator, as before (a stack
 * recorded on Windows keeps its paths); another drive, where no relative path exists, stays absolute.
 */
export const recordedPath = (path: string, cwd: string): string => relative(cwd, path) || path;

/** The folder seed paths are relative to: the environment file's, else (an object) the program's. */
export const seedDirOf = (file: string | undefined): string =>
  file === undefined ? process.cwd() : dirname(resolve(file));

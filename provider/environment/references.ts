// The checks across the environment file's entries, from the kinds' reference graph (graph.ts, decision
// 0105): ids declared twice, references to what the file does not declare, each kind's own rule across its
// entries. They run on the file as it is, next to the schema's problems (all at once), and say nothing a
// problem already said implies (issue 43): a kind whose ids are not all known (its section's name mistyped,
// an entry's id wrong) is not said to lack a name; an entry's references are read as their targets' ids.
import type { z } from "zod";
import type { FileEntryAt, FilePath } from "../engine/kind";
import { ENTRY_KINDS, entrySchema } from "./entries";
import {
  type EntryAt,
  entriesOf,
  FILE_KINDS,
  type FileKind,
  holderOf,
  keyOf,
  kindNamed,
  namedIn,
  whereOf,
} from "./graph";
import { type Problem, valueAt, withMeant } from "./problems";
import type { SeededAt } from "./seed";

type Json = Record<string, unknown>;

/** What the checks need beside the file. */
export interface ReferenceContext {
  /** Sections the schema's problems say were meant (`usres:` for `users:`): their kinds' ids are unknown. */
  meant: readonly FilePath[];
  /** The seed files' row standing for an object, if one does (seed.ts `seededRow`). */
  seeded(kind: string, id: string): SeededAt | undefined;
}

/** A reference to no entry of the file that may name an object made elsewhere: the service's to answer. */
export interface Elsewhere {
  path: FilePath;
  /** The kind named, and the id as its key reads it. */
  kind: string;
  id: string;
  /** How messages name it (`user "ann"`). */
  named: string;
  /** The named object's output the reference passes (`id`: the object's id, not the name the file gives). */
  output?: string;
  /** A seed file's row stands for it (imported after every entry: not there at a first up). */
  seeded?: SeededAt;
  /** The ids the file declares of the kind (the service's answer offers the closest of these too). */
  declared?: readonly string[];
}

/** The schema of the argument naming an entry of `k` (its key), which also reads a reference to one. */
function keySchema(k: FileKind): z.ZodType | undefined {
  const key = keyOf(k);
  return key === undefined ? undefined : (k.args.shape as Record<string, z.ZodType>)[key];
}

/** `id` as the target's key reads it (uids lowercased); undefined when it is no id of that kind. */
function asId(k: FileKind, id: unknown): string | undefined {
  const schema = keySchema(k);
  if (schema === undefined) return typeof id === "string" ? id : undefined;
  const r = schema.safeParse(id);
  return r.success && (typeof r.data === "string" || typeof r.data === "number") ? String(r.data) : undefined;
}

/** A kind's entries in the file, each read by its schema where it can be (its problems are the schema's). */
interface Read {
  at: EntryAt;
  /** The entry as its schema reads it; undefined when the schema refuses it. */
  parsed: Json | undefined;
}

function readEntries(env: Json, k: FileKind): Read[] {
  // An entry of a field per value is the one argument's value (the schema of the entry holds the fields).
  const only =
    k.file.per && k.file.only ? (k.args.shape as Record<string, z.ZodType>)[k.file.only] : undefined;
  const schema = only ?? entrySchema(k);
  return entriesOf(env, k).map((at) => {
    const r = schema.safeParse(at.entry);
    return { at, parsed: r.success ? (r.data as Json) : undefined };
  });
}

/** The path of one named id in the file: inside the entry (an entry that is one argument's value: its inside). */
const fileAt = (k: FileKind, at: EntryAt, path: FilePath): FilePath => [
  ...at.path,
  ...(k.file.only ? path.slice(1) : path),
];

/**
 * The problems across entries: every id declared twice, every reference to an id the file does not declare
 * (with the declared one meant, a seed row said as one), each kind's rule over its entries when all of them
 * read. A reference that may name an object made elsewhere (`elsewhere`) is one of `elsewhere`, for the
 * service to answer, unless the file's `app:` makes the app: then nothing is made elsewhere.
 */
export function referenceProblems(
  env: Json,
  context: ReferenceContext,
): { problems: Problem[]; elsewhere: Elsewhere[] } {
  const appMade = (env.app as Json | undefined)?.create !== undefined;
  const elsewhere: Elsewhere[] = [];
  const read = new Map<FileKind, Read[]>(FILE_KINDS.map((k) => [k, readEntries(env, k)]));
  const problems: Problem[] = [];

  // The ids each kind with its own section declares, and the kinds not all of whose ids are known.
  const declared = new Map<string, string[]>();
  const unknown = new Set<string>();
  for (const k of ENTRY_KINDS) {
    const at = k.file.at;
    const section = valueAt(env, at);
    const meant = context.meant.some((m) => m.length <= at.length && m.every((p, i) => at[i] === p));
    // A section of the wrong shape (the schema says so) declares what it meant to, unknown.
    const shapeless =
      section !== undefined &&
      (k.file.one ? section === null || typeof section !== "object" : !Array.isArray(section));
    if (meant || shapeless) unknown.add(k.name);
    if (keyOf(k) === undefined) continue;
    const ids: string[] = [];
    for (const { at: entry } of read.get(k) ?? []) {
      const id = asId(k, entry.entry[fieldOfKey(k)]);
      if (id === undefined) unknown.add(k.name);
      else ids.push(id);
    }
    // An entry that is not an object has no id the checks can read.
    if (Array.isArray(section) && section.some((e) => e === null || typeof e !== "object"))
      unknown.add(k.name);
    declared.set(k.name, ids);

    // Declared twice: the later ones (ids compare as the service keeps them).
    const seen = new Set<string>();
    for (const { at: entry } of read.get(k) ?? []) {
      const id = asId(k, entry.entry[fieldOfKey(k)]);
      if (id === undefined) continue;
      if (seen.has(id))
        problems.push({
          path: entry.path,
          message: `${k.file.noun ?? fieldOfKey(k)} "${id}" is declared twice`,
        });
      seen.add(id);
    }
  }

  for (const k of FILE_KINDS) {
    /** Ids a rule's problem would be the knock-on of: those not declared, and the entries naming them. */
    const suspect = new Set<string>();
    for (const { at, parsed } of read.get(k) ?? []) {
      // A reference names an argument the file does not rename (graph.ts checks it).
      const entry = parsed ?? at.entry;
      const args = k.file.only ? { [k.file.only]: entry } : entry;
      for (const n of namedIn(k, args)) {
        const target = kindNamed(n.kind) as FileKind;
        if (unknown.has(target.name) || n.ref.builtIn?.includes(n.id)) continue;
        const id = asId(target, n.id);
        // Not an id of its kind: the entry's own schema says so.
        if (id === undefined || n.ref.builtIn?.includes(id)) continue;
        const ids = declared.get(target.name) ?? [];
        if (ids.includes(id)) continue;
        const seeded = context.seeded(target.name, id);
        const named = `${n.ref.noun ?? n.arg} "${id}"`;
        const where = whereOf(target);
        const path = fileAt(k, at, n.path);
        // May be made elsewhere, in an app the file does not make: the service is asked at preview.
        if (n.ref.elsewhere && !appMade) {
          elsewhere.push({
            path,
            kind: target.name,
            id,
            named,
            ...(n.ref.output === undefined ? {} : { output: n.ref.output }),
            ...(seeded ? { seeded } : {}),
            ...(ids.length > 0 ? { declared: ids } : {}),
          });
          continue;
        }
        suspect.add(id);
        const own = keyOf(k) === undefined ? undefined : asId(k, at.entry[fieldOfKey(k)]);
        if (own !== undefined) suspect.add(own);
        if (seeded) {
          problems.push({
            path,
            message: `${named} is a row of the seed file ${seeded.file} (line ${seeded.line}), not an entry of ${where}: seed rows are imported after every entry, so no entry can name one; declare it in ${where} instead`,
          });
          continue;
        }
        // In an app this file makes, nothing is made elsewhere (decision 0120).
        const made = n.ref.elsewhere ? ", and this file's app: makes the app, so none is made elsewhere" : "";
        problems.push({
          path,
          message: withMeant(`${named} is not declared in ${where}${made}`, id, [
            ...ids,
            ...(n.ref.builtIn ?? []),
          ]),
        });
      }
    }
    // A rule across entries reads them all: with one refused, or naming what is not declared, it would
    // speak of what that one meant.
    const entries = read.get(k) ?? [];
    if (!k.file.rule || entries.some((e) => e.parsed === undefined) || unknown.has(k.name)) continue;
    const holder = holderOf(k);
    if (holder && unknown.has(holder.name)) continue;
    for (const p of k.file.rule(entries.map(asRead)))
      if (![...suspect].some((id) => p.message.includes(`"${id}"`)))
        problems.push({ path: [...p.path], message: p.message, ...(p.also ? { also: p.also } : {}) });
  }
  problems.push(...contradictions(read, unknown));
  return { problems, elsewhere };
}

/** An entry as a kind's rule reads it: as its schema reads it, with its holder's. */
const asRead = (e: Read): FileEntryAt => ({
  entry: e.parsed as Json,
  path: e.at.path,
  ...(e.at.holder ? { holder: { entry: e.at.holder.entry, path: e.at.holder.path } } : {}),
});

/**
 * The contradictions between two kinds' entries the service refuses (`file.against`), each at one place
 * naming the other: read when every entry of both kinds reads (else they would speak of what one meant).
 */
function contradictions(read: ReadonlyMap<FileKind, Read[]>, unknown: ReadonlySet<string>): Problem[] {
  const problems: Problem[] = [];
  for (const k of FILE_KINDS) {
    const against = k.file.against;
    if (!against) continue;
    const other = kindNamed(against.kind) as FileKind;
    const sides = [k, other];
    const all = sides.flatMap((s) => read.get(s) ?? []);
    const holders = sides.flatMap((s) => holderOf(s) ?? []);
    if (all.some((e) => e.parsed === undefined) || [...sides, ...holders].some((s) => unknown.has(s.name)))
      continue;
    for (const p of against.rule((read.get(k) ?? []).map(asRead), (read.get(other) ?? []).map(asRead)))
      problems.push({ path: [...p.path], message: p.message, ...(p.also ? { also: p.also } : {}) });
  }
  return problems;
}

/** The file's field holding an entry's key. */
function fieldOfKey(k: FileKind): string {
  const key = keyOf(k) as string;
  return k.file.renames?.[key] ?? key;
}

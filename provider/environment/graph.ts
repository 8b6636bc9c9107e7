// The environment file's reference graph, read from the kinds' file entries (`Kind.file`): which kinds the
// file holds and where, which of their arguments name which kinds' objects, which entries sit inside which.
// The schema's reference checks, the order the component declares resources in and the outputs that order
// one resource after another all come from here, so that no kind is named in provider/environment/ (decision 0105).

import {
  type Args,
  type FileEntry,
  type FilePath,
  type FileRef,
  fileEntryOf,
  type Kind,
  type NotInFile,
  refTarget,
  refTargets,
} from "../engine/kind";
import { kinds } from "../kinds";

type Json = Record<string, unknown>;

/** A kind the file holds. */
export type FileKind = Kind & { readonly file: FileEntry };

const REGISTRY = Object.values(kinds) as Kind[];

/** The kinds the file holds, in the registry's order (the file's order of sections). */
export const FILE_KINDS: readonly FileKind[] = REGISTRY.filter((k): k is FileKind => !!fileEntryOf(k));

/** The kinds the file does not hold, each with why (declared on the kind). */
export const NOT_IN_FILE: Readonly<Record<string, string>> = Object.fromEntries(
  REGISTRY.flatMap((k) => (k.file && "omitted" in k.file ? [[k.name, k.file.omitted]] : [])),
);

/** The kind the file's `app` section makes, with its resource's name. */
export const APP_KIND = REGISTRY.find((k) => k.file && "omitted" in k.file && k.file.app) as
  | (Kind & { readonly file: NotInFile & { readonly app: { readonly child: string } } })
  | undefined;

/** The kind the file's `seed:` section makes, one resource per bucket of each file. */
export const SEED_KIND = REGISTRY.find((k) => k.file && "omitted" in k.file && k.file.seed) as
  | (Kind & { readonly file: NotInFile & { readonly seed: { readonly child: string } } })
  | undefined;

/** A kind by name; an error for a name no kind has (a reference declared wrong). */
export function kindNamed(name: string): Kind {
  const k = REGISTRY.find((r) => r.name === name);
  if (!k) throw new Error(`the environment file's graph names "${name}", which is no kind`);
  return k;
}

/** The kind whose entries hold `k`'s entries; undefined for a kind with its own section. */
export const holderOf = (k: FileKind): FileKind | undefined =>
  k.file.within === undefined ? undefined : (kindNamed(k.file.within) as FileKind);

/** The kinds whose entries sit inside `k`'s. */
export const heldBy = (k: FileKind): FileKind[] => FILE_KINDS.filter((h) => h.file.within === k.name);

/**
 * The kinds with their own section, those named before those naming them (a holder is named by everything its
 * held kinds name), else in the registry's order: the order the component declares resources in.
 */
export function declarationOrder(all: readonly FileKind[]): FileKind[] {
  // The checks read an entry's references as arguments: a renamed one would be looked for in vain.
  for (const k of all)
    for (const path of Object.keys(k.file.refs ?? {})) {
      const arg = path.split("[].")[0] ?? path;
      if (k.file.renames?.[arg] !== undefined)
        throw new Error(`${k.name}: the reference at ${path} names an argument the file renames`);
    }
  const top = all.filter((k) => k.file.within === undefined);
  const names = (k: FileKind): string[] =>
    [k, ...all.filter((h) => h.file.within === k.name)].flatMap((h) =>
      Object.values(h.file.refs ?? {}).flatMap(refTargets),
    );
  const out: FileKind[] = [];
  const state = new Map<FileKind, "visiting" | "done">();
  const visit = (k: FileKind, via: string[]) => {
    if (state.get(k) === "done") return;
    if (state.get(k) === "visiting")
      throw new Error(`the environment file's references go round: ${[...via, k.name].join(" → ")}`);
    state.set(k, "visiting");
    for (const n of names(k)) {
      const target = top.find((t) => t.name === n);
      if (target && target !== k) visit(target, [...via, k.name]);
    }
    state.set(k, "done");
    out.push(k);
  };
  for (const k of top) visit(k, []);
  return out;
}
export const DECLARATION_ORDER: readonly FileKind[] = declarationOrder(FILE_KINDS);

/** The argument that names an entry in its list: the file's key, else the kind's own identity. */
export function keyOf(k: FileKind): string | undefined {
  if (k.file.one) return undefined;
  return (
    k.file.key ?? (k.identity ?? []).find((a) => !(k.ambient as readonly string[] | undefined)?.includes(a))
  );
}

/** The file's field holding an entry's key (the key, unless renamed). */
export function fileKeyOf(k: FileKind): string | undefined {
  const key = keyOf(k);
  return key === undefined ? undefined : (k.file.renames?.[key] ?? key);
}

/** The entry's id: its key's value (the one entry of a kind the app has one of has none). */
export const idOf = (k: FileKind, entry: Json): string | undefined => {
  const key = fileKeyOf(k);
  return key === undefined ? undefined : String(entry[key]);
};

/** The id of the object `args` declare (as idOf, from the arguments rather than the file's entry). */
export const idOfArgs = (k: FileKind, args: Args): string | undefined => {
  const key = keyOf(k);
  return key === undefined ? undefined : String(args[key]);
};

/**
 * Whether the file writes `k`'s entry otherwise than its arguments as they are: renamed or flagged fields,
 * secrets generated or named per field, entries of other kinds inside it. Such sections come after the
 * others in the file's schema and checks (their order since 0.1.0, which the messages keep).
 */
export const rewrites = (k: FileKind): boolean =>
  !!k.file.renames ||
  !!k.file.flags ||
  Object.values(k.file.secretRefs ?? {}).some((s) => typeof s !== "string") ||
  heldBy(k).length > 0;

const isObject = (v: unknown): v is Json => v !== null && typeof v === "object" && !Array.isArray(v);

/** One entry of a kind in a parsed file: its index in its list (none when one) and its path. */
export interface EntryAt {
  entry: Json;
  index?: number;
  path: FilePath;
  /** For a kind held by another: the holder's entry. */
  holder?: EntryAt;
  /** For an entry of a field per value (`file.per`): the value. */
  per?: string;
}

/** The entries of `kind` in a parsed environment (a held kind's: inside each of its holder's entries). */
export function entriesOf(env: Json, kind: FileKind): EntryAt[] {
  const holder = holderOf(kind);
  const bases: { at: unknown; path: FilePath; holder?: EntryAt }[] = holder
    ? entriesOf(env, holder).map((h) => ({ at: h.entry, path: h.path, holder: h }))
    : [{ at: env, path: [] }];
  return bases.flatMap(({ at: base, path: basePath, holder: h }) => {
    let at: unknown = base;
    for (const p of kind.file.at) at = isObject(at) ? at[p] : undefined;
    // A file being checked may hold anything: what is not an entry's shape is the schema's to report.
    // (An entry that is one argument's value may be a list: a webhook's triggers.)
    const takes = kind.file.one
      ? kind.file.only
        ? at !== null && typeof at === "object"
        : isObject(at)
      : Array.isArray(at);
    if (!takes) return [];
    const path = [...basePath, ...kind.file.at];
    const withHolder = h ? { holder: h } : {};
    const per = kind.file.per;
    if (per)
      return Object.entries(per.fields).flatMap(([field, value]) => {
        const entry = (at as Json)[field];
        return !isObject(entry)
          ? []
          : [{ entry: entry as Json, path: [...path, field], per: value, ...withHolder }];
      });
    if (kind.file.one)
      return kind.file.only && Object.keys(at as Json).length === 0
        ? []
        : [{ entry: at as Json, path, ...withHolder }];
    return (at as unknown[]).flatMap((entry, index) =>
      isObject(entry) ? [{ entry, index, path: [...path, index], ...withHolder }] : [],
    );
  });
}

/** One id a reference names: where it sits among the arguments, and the kind it names there. */
export interface Named {
  id: string;
  /** The path among the arguments: the argument, the item and field, an element of a list argument. */
  path: FilePath;
  kind: string;
  ref: FileRef;
  arg: string;
}

/** A list argument's items with the field a `list[].field` path names; a plain argument for other paths. */
const split = (path: string) => {
  const [list, field] = path.split("[].");
  return field === undefined ? { arg: path } : { arg: list as string, field };
};

/**
 * `args` with every id a reference of `k` names replaced by `to(id, kind, ref)`: a list argument's ids each,
 * a `many` value (one id or a list) as a list.
 */
export function mapRefs(k: Kind, args: Args, to: (named: Named) => unknown): Args {
  const out: Args = { ...args };
  for (const [path, ref] of Object.entries(fileEntryOf(k)?.refs ?? {})) {
    const { arg, field } = split(path);
    const value = out[arg];
    if (value === undefined) continue;
    // A value that is no id (a file being checked may hold anything) is left to the schema's own checks.
    const one = (id: unknown, path: FilePath, kind: string) =>
      typeof id === "string" ? to({ id, path, kind, ref, arg: field ?? arg }) : id;
    const ids = (v: unknown, at: FilePath, kind: string, indexed: boolean) =>
      Array.isArray(v) || ref.many
        ? [v].flat().map((id, j) => one(id, indexed ? [...at, j] : at, kind))
        : one(v, at, kind);
    if (field === undefined) {
      const kind = refTarget(ref, args);
      if (kind) out[arg] = ids(value, [arg], kind, true);
      continue;
    }
    // A file being checked may hold anything here: its shape's problems are reported by the schema.
    if (!Array.isArray(value)) continue;
    out[arg] = (value as unknown[]).map((item, i) => {
      if (item === null || typeof item !== "object") return item;
      const kind = refTarget(ref, item as Json);
      if (!kind || (item as Json)[field] === undefined || (ref.when && !ref.when(item as Json))) return item;
      // The element index is left out inside items: the path names the field.
      return { ...item, [field]: ids((item as Json)[field], [arg, i, field], kind, false) };
    });
  }
  return out;
}

/** Every id the references of `k` name in `args`. */
export function namedIn(k: Kind, args: Args): Named[] {
  const out: Named[] = [];
  mapRefs(k, args, (n) => {
    out.push(n);
    return n.id;
  });
  return out;
}

/** Where the file declares `k`'s entries, in messages ("users", "moderation.keywordLists", "groups[].members"). */
export const whereOf = (k: FileKind): string => {
  const holder = holderOf(k);
  return [...(holder ? [`${whereOf(holder)}[]`] : []), k.file.at.join(".")].join(".");
};

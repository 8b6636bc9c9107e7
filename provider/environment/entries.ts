// The environment file's plain entries, derived from the kinds that declare one (`Kind.file`): each entry's
// schema (the kind's arguments, its cross-field rules, secrets named by config keys), the arguments of the
// resource it becomes, and the entry chat-export writes for an object as the kind reads it. A new kind
// with a plain entry touches none of this (decision 0095).
import { z } from "zod";
import { secretPaths } from "../contract";
import { argDocs } from "../engine/arg-docs";
import { type Args, fileEntryOf, type Kind, refTargets, type SecretField } from "../engine/kind";
import type { KindName } from "../kinds";
import { FILE_KINDS, type FileKind, heldBy, holderOf, idOfArgs, keyOf, rewrites } from "./graph";

export { idOf, keyOf } from "./graph";

type Json = Record<string, unknown>;

/** Take over objects that already exist (same id; API keys: same unique name) instead of failing. */
export const adopt = z.boolean().optional();

/**
 * A value kept out of the file: the name of a secret stack config key of the project, set with
 * `pulumi config set --secret <key>` (chat-export writes these for values the API never returns).
 */
export const SecretRef = z.strictObject(
  {
    secret: z
      .string()
      .regex(
        /^[A-Za-z][A-Za-z0-9_-]{0,99}$/,
        "secret must name a stack config key: a letter, then letters, digits, '-' or '_' (at most 100)",
      ),
  },
  {
    // A value written in the file would sit there in clear text.
    error: (issue) =>
      issue.code === "invalid_type"
        ? "must be { secret: <stack config key> } (set with `pulumi config set --secret <key>`), not the value itself"
        : undefined,
  },
);
export type SecretRef = z.output<typeof SecretRef>;

/** A kind with a plain entry in the file. */
export type EntryKind = FileKind & { readonly name: KindName };

/** The kinds with a section of their own (not inside another's entry), in the registry's order. */
export const ENTRY_KINDS: readonly EntryKind[] = FILE_KINDS.filter(
  (k): k is EntryKind => k.file.within === undefined,
);

/** A secret argument as the file names it: the argument's path, and its field and treatment. */
export type Secret = SecretField & { path: string };
/**
 * The kinds with a section of their own in the order of the file's schema, checks and export: those whose
 * entries are their arguments as they are first, then the others (`rewrites`), each in the registry's
 * order (the file's order since 0.1.0).
 */
export const SECTION_ORDER: readonly EntryKind[] = [
  ...ENTRY_KINDS.filter((k) => !rewrites(k)),
  ...ENTRY_KINDS.filter((k) => rewrites(k)),
];

/** Whether the secret reference at `ref` takes in the marked field at `path` (itself or a field inside it). */
const covers = (ref: string, path: string) =>
  path === ref || path.startsWith(`${ref}.`) || path.startsWith(`${ref}[`);

const SECRETS = new WeakMap<FileKind, Secret[]>();
/**
 * The secret arguments the file names by secret config keys: every field the document marks secret
 * (`secretPaths` of the kind's arguments), each at the file's field of its own name (`credentials.p8Key` at
 * `p8Key`) unless `file.secretRefs` says otherwise for it or for the object holding it. So a field marked
 * in the document is a secret reference of the file with no line of the kind's (decision 0123).
 */
export function secretsOf(k: FileKind): Secret[] {
  const known = SECRETS.get(k);
  if (known) return known;
  const named: Secret[] = Object.entries(k.file.secretRefs ?? {}).map(([path, s]) =>
    typeof s === "string" ? { path, field: s } : { ...s, path },
  );
  const marked = secretPaths(k.args);
  for (const s of named)
    if (!marked.some((p) => covers(s.path, p)))
      throw new Error(
        `${k.name}: file.secretRefs names ${s.path}, which no mark of the document makes secret`,
      );
  const derived = marked
    .filter((p) => !named.some((s) => covers(s.path, p)))
    .map((path): Secret => {
      if (/[[*]/.test(path))
        throw new Error(
          `${k.name}: the secret ${path} is inside a list or map: file.secretRefs must say how the file names it`,
        );
      return { path, field: path.split(".").pop() ?? path };
    });
  const all = [...named, ...derived];
  SECRETS.set(k, all);
  return all;
}
/** The plain ones: an argument's value named by one key at one field (their messages say the field). */
const plainSecrets = (k: FileKind) => secretsOf(k).filter((s) => !s.generated && !s.each);
export const topOf = (path: string) => path.split(".")[0] ?? path;

/** The value at a dotted path of `source`. */
export function getPath(source: Json, path: string): unknown {
  let at: unknown = source;
  for (const p of path.split(".")) at = (at as Json | undefined)?.[p];
  return at;
}
/** The schema of the kind's arguments, as an object's shape. */
const shapeOf = (k: Kind) => k.args.shape as Record<string, z.ZodType>;

/** Sets `value` at a dotted path of `target`, creating the objects on the way. */
function setPath(target: Json, path: string, value: unknown): void {
  const parts = path.split(".");
  let at = target;
  for (const p of parts.slice(0, -1)) {
    at[p] = { ...((at[p] as Json | undefined) ?? {}) };
    at = at[p] as Json;
  }
  at[parts[parts.length - 1] as string] = value;
}

/** What the component makes of the secrets an entry names, or leaves to be generated. */
export interface SecretValues<V> {
  /** The value of a secret config key (`secret`: how the file names it). */
  named(ref: SecretRef, secret: Secret): V;
  /** A generated value for the argument at `path` (`generated` says how), where the file names none. */
  generated?(path: string, secret: SecretField & { generated: NonNullable<SecretField["generated"]> }): V;
}

/**
 * The resource's arguments from an entry: renamed fields under their arguments' names, a flag argument
 * for an object field's presence, each secret config key replaced by `secrets.named`'s value at its
 * argument's path (one per field for `each`), a secret the file does not name generated where the kind
 * needs one, list arguments left out declared empty (`file.empty`). `adopt` and the entries of other kinds
 * inside it stay with the caller.
 */
export function argsOf<V>(k: FileKind, entry: Json, secrets: SecretValues<V>): Args {
  if (k.file.only) return { [k.file.only]: entry };
  const { adopt: _adopt, ...args } = entry;
  for (const h of heldBy(k)) delete args[h.file.at[0] as string];
  const unnamed: Secret[] = [];
  for (const s of secretsOf(k)) {
    const ref = getPath(args, s.field);
    if (ref === undefined) {
      unnamed.push(s);
      continue;
    }
    if (!s.field.includes(".")) delete args[s.field];
    setPath(
      args,
      s.path,
      s.each
        ? Object.fromEntries(
            Object.entries(ref as Json).map(([f, r]) => [f, secrets.named(r as SecretRef, s)]),
          )
        : secrets.named(ref as SecretRef, s),
    );
  }
  for (const [arg, field] of Object.entries(k.file.renames ?? {})) {
    const value = getPath(args, field);
    if (!field.includes(".")) delete args[field];
    if (value !== undefined) args[arg] = value;
  }
  for (const [arg, field] of Object.entries(k.file.flags ?? {})) {
    args[arg] = args[field] !== undefined;
    delete args[field];
  }
  for (const arg of k.file.empty ?? []) args[arg] ??= [];
  for (const s of unnamed) {
    const generated = s.generated;
    if (generated?.when(args) && secrets.generated)
      setPath(args, s.path, secrets.generated(s.path, { ...s, generated }));
  }
  return args;
}

/** The kind's rule messages in the file's words: a secret's argument path becomes its field. */
const inFileWords = (k: FileKind, message: string) =>
  plainSecrets(k).reduce((m, { path, field }) => m.split(path).join(field), message);

/**
 * The entry's schema: the kind's arguments (ambient ones left out) and `adopt`, each secret argument as a
 * secret config key under its file field. The kind's own cross-field rules run on the arguments the entry
 * becomes, with each named secret present but unknown (its value is checked by the provider at preview).
 */
export function entrySchema(k: FileKind): z.ZodType {
  // Built once per kind: chat-export asks for it for every object it writes.
  let schema = schemas.get(k);
  if (!schema) {
    schema = buildEntrySchema(k);
    schemas.set(k, schema);
  }
  return schema;
}
const schemas = new WeakMap<FileKind, z.ZodType>();

/** A schema that may be absent, as the file's field of an optional argument or an entry inside another. */
const optional = (s: z.ZodType) => (s.safeParse(undefined).success ? s : s.optional());
/** The schema of a value that must be there (an optional argument's inside an object the file gathers). */
const required = (s: z.ZodType) => (s instanceof z.ZodOptional ? (s.unwrap() as z.ZodType) : s);

function buildEntrySchema(k: FileKind): z.ZodType {
  if (k.file.only) {
    const only = shapeOf(k)[k.file.only];
    if (!only) throw new Error(`${k.name}: file.only names no argument`);
    const per = k.file.per;
    if (!per) return only;
    return z.strictObject(Object.fromEntries(Object.keys(per.fields).map((f) => [f, optional(only)])));
  }
  const secrets = secretsOf(k);
  const holder = holderOf(k);
  const renames = k.file.renames ?? {};
  /** The fields of an object the file gathers (`basicAuth`): renamed arguments, then secrets, in order. */
  const inside = (object: string): Record<string, z.ZodType> => {
    const fields: Record<string, z.ZodType> = {};
    for (const [arg, field] of Object.entries(renames)) {
      const [top, name] = field.split(".");
      const schema = shapeOf(k)[arg];
      if (top === object && name !== undefined && schema) fields[name] = required(schema);
    }
    for (const s of secrets) {
      const [top, name] = s.field.split(".");
      if (top === object && name !== undefined) fields[name] = s.generated ? SecretRef.optional() : SecretRef;
    }
    return fields;
  };
  // In the arguments' order: a renamed argument under its field, a flag as its object, secrets at the end.
  const shape: Record<string, z.ZodType> = {};
  for (const [arg, schema] of Object.entries(shapeOf(k))) {
    if ((k.ambient as readonly string[] | undefined)?.includes(arg)) continue;
    if (holder && arg === keyOf(holder)) continue;
    if (secrets.some((s) => topOf(s.path) === arg)) continue;
    const flag = k.file.flags?.[arg];
    if (flag !== undefined) {
      shape[flag] = z.strictObject(inside(flag)).optional();
      continue;
    }
    const field = renames[arg] ?? arg;
    if (!field.includes(".")) shape[field] = schema;
  }
  for (const s of secrets) {
    if (s.field.includes(".")) continue;
    const isRequired = !s.generated && !shapeOf(k)[topOf(s.path)]?.safeParse(undefined).success;
    const ref = s.each ? z.record(z.string(), SecretRef) : SecretRef;
    shape[s.field] = isRequired ? ref : ref.optional();
  }
  for (const h of heldBy(k)) shape[h.file.at[0] as string] = optional(entrySchema(h));
  // An entry inside another belongs to its holder's object: its `adopt`, and the kind's rules stated by
  // its own `rule` in the file's words.
  if (holder) return z.strictObject(shape);
  const base = z.strictObject({ ...shape, adopt });
  const plain = new Set(plainSecrets(k).map((s) => topOf(s.path)));
  const generated = secrets.filter((s) => s.generated);
  const each = secrets.filter((s) => s.each);
  /** The file's path of an argument's path in the kind's messages. */
  const fileAt = (path: readonly PropertyKey[]) => {
    const [arg, ...rest] = path;
    const field = renames[String(arg)] ?? k.file.flags?.[String(arg)];
    return field === undefined ? [...path] : [...field.split("."), ...rest];
  };
  return base.superRefine((entry, ctx) => {
    // Only when every field holds: the fields' own problems are reported once, by the base.
    if (!base.safeParse(entry).success) return;
    const args = argsOf(k, entry, {
      // Present but unknown here: the value is checked by the provider at preview.
      named: (_ref, s) => (s.each ? standIn(k, s) : "(secret)"),
      generated: () => "(secret)",
    });
    for (const s of generated) {
      if (s.generated?.unused && getPath(entry, s.field) !== undefined && !s.generated.when(args))
        ctx.addIssue({ code: "custom", path: s.field.split("."), message: s.generated.unused });
    }
    const checked = k.args.safeParse(args);
    for (const issue of checked.success ? [] : checked.error.issues) {
      const [arg, field] = issue.path;
      if (plain.has(String(arg)) || generated.some((s) => topOf(s.path) === arg)) continue;
      // What the kind says of the value of a named field of its own (a credential's) is left to the provider.
      const aboutValue = each.find(
        (s) =>
          topOf(s.path) === arg &&
          field !== undefined &&
          String(field) in ((getPath(entry, s.field) as Json | undefined) ?? {}) &&
          s.each?.fields(args).includes(String(field)),
      );
      if (aboutValue) continue;
      ctx.addIssue({ code: "custom", path: fileAt(issue.path), message: inFileWords(k, issue.message) });
    }
  });
}

/**
 * What stands for one value of a secret named per field (`each`) while the file is checked: one its argument
 * takes, so that the kind's rules across arguments run (an agent's `toolActions` against its
 * `toolConnections`: a misspelt tool is named where it is); the value itself is checked with the config's.
 */
function standIn(k: FileKind, s: Secret): unknown {
  const schema = shapeOf(k)[topOf(s.path)];
  return ["(secret)", {}].find((v) => schema?.safeParse({ field: v }).success);
}

// ---- chat-export: the entry of an object as its kind reads it -------------------------------------------

/** Object keys sorted at every depth: written the same way whatever order the API used. */
export function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value !== null && typeof value === "object") {
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((k) => [k, sortKeys((value as Json)[k])]),
    );
  }
  return value;
}

/** `fields` without undefined, null, empty strings, arrays or objects (as the provider reads them). */
export function present(fields: Json): Json {
  const out: Json = {};
  for (const [k, v] of Object.entries(fields)) {
    if (v === undefined || v === null || v === "") continue;
    if (Array.isArray(v) && v.length === 0) continue;
    if (typeof v === "object" && !Array.isArray(v) && Object.keys(v as object).length === 0) continue;
    out[k] = v;
  }
  return out;
}

const same = (a: unknown, b: unknown) => JSON.stringify(sortKeys(a)) === JSON.stringify(sortKeys(b));

/** A secret config key chat-export names in a file, and what its value is. */
export interface SecretPlaceholder {
  key: string;
  what: string;
}

/**
 * An object's arguments as the file writes them: ambient and secret arguments left out, values equal to the
 * kind's defaults left out, sets sorted, object keys sorted, empty values dropped.
 */
export function fieldsOf(k: Kind, args: Args): Json {
  const entry = fileEntryOf(k);
  const refs = entry ? secretsOf(k as FileKind).map((s) => topOf(s.path)) : [];
  const skip = new Set<string>([...(k.ambient ?? []), ...(k.secrets ?? []), ...refs]);
  const out: Json = {};
  for (const [name, value] of Object.entries(args)) {
    if (skip.has(name) || value === undefined) continue;
    if (k.defaults && name in k.defaults && same(value, k.defaults[name])) continue;
    out[name] = k.sets?.includes(name) && Array.isArray(value) ? [...value].sort() : sortKeys(value);
  }
  return present(out);
}

/** What an object's entry needs beyond its arguments (chat-export). */
export interface ExportContext {
  /** The arguments of the objects of kind `h` inside this one (read with it). */
  held(h: FileKind): readonly Args[];
  /** The ids of the objects of a kind the export read; undefined when it read none. */
  listed(kind: string): ReadonlySet<string> | undefined;
}

/**
 * The file's entry for an object as `k` reads it (fieldsOf), the inverse of `argsOf`: renamed fields first
 * under the file's names, a flag's object when the flag is on, the other fields, then the secrets and the
 * entries of the kinds inside it (`context.held`). Each secret argument the kind's rules allow for the
 * object (every field the document marks secret: the service never gives one back) is named by a config key
 * added to `secrets`, which the file's check then refuses while the key is not set. A reference
 * `onlyListed` names only what the export read.
 */
export function entryFrom(
  k: FileKind,
  args: Args,
  secrets: SecretPlaceholder[],
  context?: ExportContext,
): unknown {
  if (k.file.only) return sortKeys(args[k.file.only]);
  const fields = fieldsOf(k, args);
  for (const [path, ref] of Object.entries(k.file.refs ?? {})) {
    const value = fields[path];
    if (!ref.onlyListed || value === undefined) continue;
    const read = refTargets(ref).some((t) => typeof value === "string" && context?.listed(t)?.has(value));
    if (!read) delete fields[path];
  }
  const id = idOfArgs(k, args);
  const named = (s: Secret, part?: string): SecretRef => {
    const placeholder = exportedSecret(k, s.path, id, part);
    secrets.push(placeholder);
    return { secret: placeholder.key };
  };
  const renames = k.file.renames ?? {};
  const flags = k.file.flags ?? {};
  const entry: Json = {};
  for (const [arg, field] of Object.entries(renames))
    if (!field.includes(".") && fields[arg] !== undefined) entry[field] = fields[arg];
  for (const [flag, object] of Object.entries(flags)) {
    if (args[flag] !== true) continue;
    const inner: Json = {};
    for (const [arg, field] of Object.entries(renames))
      if (field.startsWith(`${object}.`)) inner[field.slice(object.length + 1)] = fields[arg];
    for (const s of secretsOf(k))
      if (s.field.startsWith(`${object}.`)) inner[s.field.slice(object.length + 1)] = named(s);
    entry[object] = inner;
  }
  for (const [name, value] of Object.entries(fields))
    if (!(name in renames) && !(name in flags)) entry[name] = value;
  const schema = ENTRY_KINDS.includes(k as EntryKind) ? entrySchema(k) : undefined;
  // The entry's problems, and the kind's rules across fields on the arguments it becomes, a named secret
  // standing for a value: those the entry's schema leaves to the provider (a p8 certificate takes no
  // password) and those checked offline (Bot: a password only with basic auth).
  const problems = (e: Json) => {
    if (!schema) return 0;
    const a = argsOf(k, e, { named: (_ref, s) => (s.each ? {} : "(secret)") });
    const rules = k.args.safeParse(a).error?.issues.filter((i) => i.code === "custom").length ?? 0;
    return (schema.safeParse(e).error?.issues.length ?? 0) + rules + (k.offline?.(a as never).length ?? 0);
  };
  // A secret that a switch the object has off asks for once on (a custom provider's basicAuthPassword, when
  // useBasicAuth is false): the object has no use for one, so none is named.
  const switchedOff = (s: Secret) => {
    const leaf = s.path.split(".").pop() ?? s.path;
    const asks = (e: Json) =>
      (
        k.args.safeParse(argsOf(k, e, { named: (_ref, x) => (x.each ? {} : "(secret)") })).error?.issues ?? []
      ).some((i) => i.code === "custom" && i.message.includes(leaf));
    if (asks(entry)) return false;
    return Object.keys(shapeOf(k)).some(
      (b) =>
        args[b] !== true &&
        (shapeOf(k)[b]?.safeParse(true).success ?? false) &&
        asks({ ...entry, [b]: true }),
    );
  };
  for (const s of secretsOf(k)) {
    if (s.field.includes(".")) continue;
    if (s.generated) {
      // The service holds one (it is never read back): named, so that none is generated in its place.
      if (s.generated.when(args)) entry[s.field] = named(s);
    } else if (s.each) {
      const read = Object.keys((args[s.path] as Json | undefined) ?? {});
      // None given back: one for each field the object may hold one for.
      const held = [...(read.length > 0 ? read : (s.each.may?.(args) ?? []))].sort();
      if (held.length) entry[s.field] = Object.fromEntries(held.map((part) => [part, named(s, part)]));
    } else if (!switchedOff(s) && problems({ ...entry, [s.field]: { secret: "x" } }) <= problems(entry)) {
      // The service never gives a secret back, so the object may hold one the export cannot see: named
      // wherever the kind's rules allow one (a placeholder to set, or to delete where the object has none),
      // not only where they require it, so that the first `pulumi up` does not manage the object without it.
      entry[s.field] = named(s);
    }
  }
  for (const h of heldBy(k)) entry[h.file.at[0] as string] = heldEntry(h, context?.held(h) ?? []);
  return present(entry);
}

/** The entry of the objects of held kind `h` inside one object (their holder's key left out). */
function heldEntry(h: FileKind, objects: readonly Args[]): unknown {
  const { only, per } = h.file;
  if (per && only)
    return present(
      Object.fromEntries(
        Object.entries(per.fields).map(([field, value]) => [
          field,
          sortKeys(objects.find((a) => a[per.arg] === value)?.[only]),
        ]),
      ),
    );
  const [object] = objects;
  if (object === undefined) return undefined;
  const fields = fieldsOf(h, object);
  if (only) return fields[only];
  const holder = holderOf(h);
  const key = holder && keyOf(holder);
  if (key !== undefined) delete fields[key];
  return fields;
}

/** A doc's first clause (to its first full stop or semicolon; "e.g." is none), without an unclosed bracket. */
function firstClause(doc: string): string {
  const [first = ""] = doc.split(/(?<!\b(?:e\.g|i\.e))[.;](?:\s|$)/);
  const open = first.lastIndexOf("(");
  return (open > first.lastIndexOf(")") ? first.slice(0, open) : first).trim();
}

/**
 * The secret config key chat-export names the secret argument at `path` of object `id` by, and what it is:
 * as the kind declares it (`exported`: `<key>-<id>`, `<what> "<id>"`), else `<child>-<id>-<field>`. `part`:
 * the field of an argument holding one secret per field (`each`).
 */
export function exportedSecret(
  k: FileKind,
  path: string,
  id: string | undefined,
  part?: string,
): SecretPlaceholder {
  const s = secretsOf(k).find((x) => x.path === path);
  if (!s) throw new Error(`${k.name}: no secret argument at ${path}`);
  const named = (what: string) => `${what}${id === undefined ? "" : ` "${id}"`}`;
  // A config key takes letters, digits, '-' and '_' (SecretRef): an id or a field with others (an agent's
  // name "mail helper", a variable "api.key") is written with '-' in their place.
  const keyOf = (parts: (string | undefined)[]) =>
    parts
      .filter((p) => p !== undefined)
      .join("-")
      .replace(/[^A-Za-z0-9_-]+/g, "-")
      .slice(0, 100);
  if (s.exported) {
    const key = keyOf([s.exported.key, id, part]);
    return {
      key,
      what: part === undefined ? named(s.exported.what) : `${named(s.exported.what)}: tool "${part}"`,
    };
  }
  const key = keyOf([k.file.child, id, part ?? s.field]);
  // What to set it to: the argument's doc says it first (the document's description), up to its first stop.
  const doc = firstClause(argDocs(k)[topOf(s.path)] ?? "");
  return { key, what: `${named(`${part ?? s.field} of ${k.name}`)}${doc ? `: ${doc}` : ""}` };
}

// The environment file's plain entries, derived from the kinds that declare one (`Kind.file`): each entry's
// schema (the kind's arguments, its cross-field rules, secrets named by config keys), the arguments of the
// resource it becomes, and the entry chat-export writes for an object as the kind reads it. A new kind
// with a plain entry touches none of this (decision 0095).
import { z } from "zod";
import type { KindName } from "../provider/resources";
import { type Args, fileEntryOf, type Kind } from "../provider/resources/kind";
import { FILE_KINDS, type FileKind, idOf } from "./graph";

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

/** The kinds with a plain entry (not composed by hand, not inside another's), in the registry's order. */
export const ENTRY_KINDS: readonly EntryKind[] = FILE_KINDS.filter(
  (k): k is EntryKind => k.file.composed === undefined && k.file.within === undefined,
);

const secretRefs = (k: FileKind) => Object.entries(k.file.secretRefs ?? {});
const topOf = (path: string) => path.split(".")[0] ?? path;
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

/**
 * The resource's arguments from an entry: each secret config key replaced by `resolve`'s value at its
 * argument's path; `adopt` stays with the caller.
 */
export function argsOf<V>(k: EntryKind, entry: Json, resolve: (ref: SecretRef) => V): Args {
  if (k.file.only) return { [k.file.only]: entry };
  const { adopt: _adopt, ...args } = entry;
  for (const [path, field] of secretRefs(k)) {
    const ref = args[field] as SecretRef | undefined;
    delete args[field];
    if (ref) setPath(args, path, resolve(ref));
  }
  return args;
}

/** The kind's rule messages in the file's words: a secret's argument path becomes its field. */
const inFileWords = (k: EntryKind, message: string) =>
  secretRefs(k).reduce((m, [path, field]) => m.split(path).join(field), message);

/**
 * The entry's schema: the kind's arguments (ambient ones left out) and `adopt`, each secret argument as a
 * secret config key under its file field. The kind's own cross-field rules run on the arguments the entry
 * becomes, with each named secret present but unknown (its value is checked by the provider at preview).
 */
export function entrySchema(k: EntryKind): z.ZodType {
  // Built once per kind: chat-export asks for it for every object it writes.
  let schema = schemas.get(k);
  if (!schema) {
    schema = buildEntrySchema(k);
    schemas.set(k, schema);
  }
  return schema;
}
const schemas = new WeakMap<EntryKind, z.ZodType>();

function buildEntrySchema(k: EntryKind): z.ZodType {
  if (k.file.only) {
    const only = shapeOf(k)[k.file.only];
    if (!only) throw new Error(`${k.name}: file.only names no argument`);
    return only;
  }
  const shape: Record<string, z.ZodType> = { ...shapeOf(k) };
  for (const a of k.ambient ?? []) delete shape[a];
  const refs = secretRefs(k);
  for (const [path] of refs) delete shape[topOf(path)];
  for (const [path, field] of refs) {
    const required = !shapeOf(k)[topOf(path)]?.safeParse(undefined).success;
    shape[field] = required ? SecretRef : SecretRef.optional();
  }
  const secretArgs = new Set(refs.map(([path]) => topOf(path)));
  const base = z.strictObject({ ...shape, adopt });
  return base.superRefine((entry, ctx) => {
    // Only when every field holds: the fields' own problems are reported once, by the base.
    if (!base.safeParse(entry).success) return;
    const checked = k.args.safeParse(argsOf(k, entry, () => "(secret)"));
    for (const issue of checked.success ? [] : checked.error.issues) {
      if (secretArgs.has(String(issue.path[0]))) continue;
      ctx.addIssue({ code: "custom", path: issue.path, message: inFileWords(k, issue.message) });
    }
  });
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
  const refs = Object.keys(fileEntryOf(k)?.secretRefs ?? {}).map(topOf);
  const skip = new Set<string>([...(k.ambient ?? []), ...(k.secrets ?? []), ...refs]);
  const out: Json = {};
  for (const [name, value] of Object.entries(args)) {
    if (skip.has(name) || value === undefined) continue;
    if (k.defaults && name in k.defaults && same(value, k.defaults[name])) continue;
    out[name] = k.sets?.includes(name) && Array.isArray(value) ? [...value].sort() : sortKeys(value);
  }
  return present(out);
}

/**
 * The file's entry for an object as `k` reads it (fieldsOf). Each secret the entry needs (required, or
 * demanded by the kind's rules) is named by a config key added to `secrets`.
 */
export function entryFrom(k: EntryKind, args: Args, secrets: SecretPlaceholder[]): unknown {
  if (k.file.only) return sortKeys(args[k.file.only]);
  const entry = fieldsOf(k, args);
  const schema = entrySchema(k);
  const id = idOf(k, entry);
  const problems = (e: Json) => schema.safeParse(e).error?.issues.length ?? 0;
  for (const [, field] of secretRefs(k)) {
    // Named when the entry holds better with it (required, or a rule of the kind asks for it).
    if (problems({ ...entry, [field]: { secret: "x" } }) >= problems(entry)) continue;
    const key = [k.file.child, id, field].filter((p) => p !== undefined).join("-");
    entry[field] = { secret: key };
    secrets.push({ key, what: `${field} of ${k.name}${id === undefined ? "" : ` "${id}"`}` });
  }
  return entry;
}

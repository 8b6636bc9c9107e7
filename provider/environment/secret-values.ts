// The values the file names by secret config keys, checked when the component is declared (at preview), by
// the rules of the arguments they become (issue 43): each problem at the file's field, naming the config key,
// never the value. A key that is not set is one problem too, all of them at once.
import type { FilePath } from "../engine/kind";
import { argsOf, entrySchema, getPath, type Secret, SecretRef, secretsOf } from "./entries";
import { entriesOf, FILE_KINDS, type FileKind } from "./graph";
import type { Problem } from "./problems";

type Json = Record<string, unknown>;

/** A secret config value as the component passes it: a JSON object as the object, else the text. */
export function secretValue(text: string): unknown {
  try {
    const parsed: unknown = JSON.parse(text);
    return parsed !== null && typeof parsed === "object" ? parsed : text;
  } catch {
    return text;
  }
}

/** The value said nowhere in a message (a rule quoting its input would). */
const unsaid = (message: string, value: string) =>
  value.length >= 4 ? message.split(value).join("(the value)") : message;

/** One named secret of an entry: its file path, its config key, the argument path its value goes to. */
export interface Named {
  path: FilePath;
  key: string;
  arg: readonly (string | number)[];
  /** The kind's secret it is (one field of it, for `each`). */
  secret: Secret;
}

/**
 * The secrets an entry names by config keys. Read in a file that may have problems: a reference that is no
 * `{ secret: key }` names none (the schema says what is wrong with it).
 */
export function namedSecrets(k: FileKind, entry: Json): Named[] {
  const keyOf = (ref: unknown) => {
    const r = SecretRef.safeParse(ref);
    return r.success ? r.data.secret : undefined;
  };
  return secretsOf(k).flatMap((s) => {
    const ref = getPath(entry, s.field);
    if (ref === undefined || ref === null || typeof ref !== "object" || Array.isArray(ref)) return [];
    const field = s.field.split(".");
    const arg = s.path.split(".");
    if (!s.each) {
      const key = keyOf(ref);
      return key === undefined ? [] : [{ path: field, key, arg, secret: s }];
    }
    return Object.entries(ref as Json).flatMap(([f, r]) => {
      const key = keyOf(r);
      return key === undefined ? [] : [{ path: [...field, f], key, arg: [...arg, f], secret: s }];
    });
  });
}

/**
 * The problems of the secret values of an entry of `k`, by `config` (a key's value; undefined when it is
 * not set), each at the entry's field (relative path) with its key; `project`: the config's namespace.
 */
export function entrySecretProblems(
  k: FileKind,
  entry: Json,
  config: (key: string) => string | undefined,
  project: string,
): Problem[] {
  if (k.file.only) return [];
  const named = namedSecrets(k, entry);
  if (named.length === 0) return [];
  const source = (key: string) => `config ${project}:${key}`;
  const unset: Problem[] = named
    .filter((n) => config(n.key) === undefined)
    .map((n) => ({
      path: n.path,
      source: source(n.key),
      message: `is not set: pulumi config set --secret ${n.key} <value>`,
    }));
  const args = argsOf(k, entry, {
    named: (ref, s) => {
      const text = config(ref.secret) ?? "";
      return s.each ? secretValue(text) : text;
    },
  });
  // What the kind's rules say of the values is said of an entry without problems of its own: in one with
  // a typo, a rule would speak of the field the typo meant ("username and password go together").
  if (!entrySchema(k).safeParse(entry).success) return unset;
  const checked = k.args.safeParse(args);
  if (checked.success) return unset;
  const values = checked.error.issues.flatMap((issue) => {
    // The named secret the issue is about (the longest argument path it starts with).
    const n = named
      .filter((x) => x.arg.every((p, i) => String(issue.path[i]) === String(p)))
      .sort((a, b) => b.arg.length - a.arg.length)[0];
    // A key not set is said once, as not set.
    if (!n || config(n.key) === undefined) return [];
    // A field that is not one of the argument's own (a tool toolActions does not hold) is the file's
    // schema's to name (entries.ts): said once, there.
    const field = n.arg[n.arg.length - 1];
    if (n.secret.each && !n.secret.each.fields(args).includes(String(field))) return [];
    // "password may contain …": the field is said by the path.
    const leaf = String(n.arg[n.arg.length - 1]);
    const rule = issue.message.startsWith(`${leaf} `) ? issue.message.slice(leaf.length + 1) : issue.message;
    return [{ path: n.path, source: source(n.key), message: unsaid(rule, config(n.key) ?? "") }];
  });
  return [...unset, ...values];
}

/** Every entry's secret value problems (entrySecretProblems), at their places in the file. */
export function secretProblems(
  env: Json,
  config: (key: string) => string | undefined,
  project: string,
): Problem[] {
  return FILE_KINDS.flatMap((k) =>
    entriesOf(env, k).flatMap((at) =>
      entrySecretProblems(k, at.entry, config, project).map((p) => ({ ...p, path: [...at.path, ...p.path] })),
    ),
  );
}

// What a kind computes from its arguments before any call (`Kind.fill`: a push certificate's file read and
// opened with its password), run on each entry of the file at preview, so that a file it names that is
// missing, unreadable or refused is one of the file's problems, at the entry's field, said with all the
// others (rather than by the resource's check after the file's own checks pass, without its place).
import type { FilePath } from "../engine/kind";
import { CheckRefusal } from "../engine/kind";
import { argsOf, secretsOf } from "./entries";
import { entriesOf, FILE_KINDS, type FileKind } from "./graph";
import type { Problem } from "./problems";
import { namedSecrets, secretValue } from "./secret-values";

type Json = Record<string, unknown>;

/** The file's field of argument `arg` of `k` (a renamed argument's field, a named secret's). */
function fieldOf(k: FileKind, arg: string): FilePath {
  const field = k.file.renames?.[arg] ?? secretsOf(k).find((s) => s.path === arg)?.field ?? arg;
  return field.split(".");
}

/**
 * The refusal of `k`'s fill for one entry (relative path), with the values of the secret config keys it
 * names (`config`). A key not set is said by the secrets' check: fill runs with an empty value in its place,
 * and a refusal about an argument a secret holds is then dropped (what fill would find is not known), while
 * one about another argument (a certificate's missing file) is said beside it.
 * A refusal about an argument the kind's schema refuses is that same mistake, said by the schema.
 */
export function entryFillProblems(
  k: FileKind,
  entry: Json,
  config: (key: string) => string | undefined,
  project: string,
): Problem[] {
  if (!k.fill || k.file.only) return [];
  const named = namedSecrets(k, entry);
  const unset = named.filter((n) => config(n.key) === undefined);
  const args = argsOf(k, entry, {
    named: (ref, s) => {
      const text = config(ref.secret) ?? (s.each ? "{}" : "");
      return s.each ? secretValue(text) : text;
    },
  });
  const parsed = k.args.safeParse(args);
  const refused = new Set(parsed.success ? [] : parsed.error.issues.map((i) => String(i.path[0] ?? "")));
  try {
    k.fill(args);
    return [];
  } catch (e) {
    if (!(e instanceof CheckRefusal)) {
      // A value of the wrong shape may trip fill: the schema names it.
      if (!parsed.success) return [];
      throw e;
    }
    if (refused.has(e.property) || refused.has("")) return [];
    if (unset.length && named.some((n) => n.arg[0] === e.property)) return [];
    const path = fieldOf(k, e.property);
    const secret = named.find((n) => n.arg.length === 1 && n.arg[0] === e.property);
    const lead = `${e.property}: `;
    return [
      {
        path,
        ...(secret ? { source: `config ${project}:${secret.key}` } : {}),
        message: e.message.startsWith(lead) ? e.message.slice(lead.length) : e.message,
      },
    ];
  }
}

/** Every entry's fill problems (entryFillProblems), at their places in the file. */
export function fillProblems(
  env: Json,
  config: (key: string) => string | undefined,
  project: string,
): Problem[] {
  return FILE_KINDS.filter((k) => k.fill).flatMap((k) =>
    entriesOf(env, k).flatMap((at) =>
      entryFillProblems(k, at.entry, config, project).map((p) => ({ ...p, path: [...at.path, ...p.path] })),
    ),
  );
}

// The environment file's problems in one format (issue 43): `file:line:column: path: rule (did you mean "x"?)`,
// each a person can act on. Zod's issues become problems here: an unknown field names the one meant, a field
// left out "is required", a wrong type says what it must be; one mistake is one problem (a field's typo is
// not also the field it meant missing; a union says the problems of the alternative the value was meant as).
import type { z } from "zod";
import { near } from "../contract/closest";
import { defOf } from "../contract/zod-def";
import type { FilePath } from "../engine/kind";
import { FILE_KINDS } from "./graph";
import type { Locate } from "./locate";

export interface Problem {
  path: FilePath;
  /** The rule, in a person's words, with "(did you mean …?)" where a name is near one meant. */
  message: string;
  /** Said after the path in parentheses: where a value came from (a secret's config key). */
  source?: string;
  /** For an unknown field: the field it stands for (the checks across entries say nothing of that one). */
  meant?: string;
  /** Other places the problem is about (a contradiction's other side), said after the rule. */
  also?: readonly FilePath[];
}

/** "users[1].uid" from ["users", 1, "uid"]. */
export function formatPath(path: readonly PropertyKey[]): string {
  return path.reduce<string>(
    (s, p) => (typeof p === "number" ? `${s}[${p}]` : s ? `${s}.${String(p)}` : String(p)),
    "",
  );
}

/** `message` with "(did you mean "x"?)" when one of `candidates` is near `value`. */
export function withMeant(message: string, value: string, candidates: readonly string[]): string {
  const meant = near(
    value,
    candidates.filter((c) => c !== value),
  );
  return meant === undefined ? message : `${message} (did you mean "${meant}"?)`;
}

/**
 * The problems as lines, in the order of their places in the file (those with none after, as found):
 * `name:line:column: path (source): rule`, or `name: path: rule` where nothing places them (an object).
 */
export function problemLines(name: string, problems: readonly Problem[], locate?: Locate): string[] {
  const placed = problems.map((p, i) => ({ p, i, at: locate?.(p.path) }));
  placed.sort((a, b) =>
    a.at && b.at
      ? a.at.line - b.at.line || a.at.column - b.at.column || a.i - b.i
      : a.at
        ? -1
        : b.at
          ? 1
          : a.i - b.i,
  );
  const whereOf = (path: FilePath) => {
    const at = locate?.(path);
    return at ? `${name}:${at.line}:${at.column}` : name;
  };
  return placed.map(({ p }) => {
    const path = formatPath(p.path) || "(top level)";
    const also = (p.also ?? []).map((a) => ` (see ${whereOf(a)}: ${formatPath(a)})`).join("");
    return `${whereOf(p.path)}: ${path}${p.source ? ` (${p.source})` : ""}: ${p.message}${also}`;
  });
}

type Json = Record<string, unknown>;

/** The value at `path` of `value`; undefined where the path ends early. */
export function valueAt(value: unknown, path: readonly PropertyKey[]): unknown {
  let at = value;
  for (const p of path) {
    if (at === null || typeof at !== "object") return undefined;
    at = (at as Json)[p as string];
  }
  return at;
}

const WRAPPERS = new Set(["optional", "nullable", "default", "prefault", "readonly", "catch", "nonoptional"]);

/** The schemas a value at `path` of `schema` is checked by (several under a union). */
export function schemasAt(schema: z.ZodType, path: readonly PropertyKey[]): z.ZodType[] {
  const def = defOf(schema);
  if (WRAPPERS.has(def.type) && def.innerType) return schemasAt(def.innerType, path);
  if (def.type === "pipe" && def.in) return schemasAt(def.in, path);
  if (def.type === "lazy" && def.getter) return schemasAt(def.getter(), path);
  if (def.type === "union") return (def.options ?? []).flatMap((o) => schemasAt(o, path));
  if (def.type === "intersection") return [def.left, def.right].flatMap((s) => (s ? schemasAt(s, path) : []));
  if (path.length === 0) return [schema];
  const [head, ...rest] = path;
  if (def.type === "object") {
    const field = def.shape?.[String(head)];
    return field ? schemasAt(field, rest) : [];
  }
  if (def.type === "array" && def.element) return schemasAt(def.element, rest);
  if (def.type === "record" && def.valueType) return schemasAt(def.valueType, rest);
  return [];
}

/** The fields an object at `path` of `schema` may hold. */
export function fieldsAt(schema: z.ZodType, path: readonly PropertyKey[]): string[] {
  return [
    ...new Set(
      schemasAt(schema, path).flatMap((s) => {
        const def = defOf(s);
        return def.type === "object" ? Object.keys(def.shape ?? {}) : [];
      }),
    ),
  ];
}

/** What a value is, in a person's words. */
function kindOfValue(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "a list";
  if (typeof value === "object") return "an object";
  if (typeof value === "string") return `the text "${value.length > 40 ? `${value.slice(0, 40)}…` : value}"`;
  return `${typeof value === "boolean" ? "" : `${typeof value} `}${String(value)}`.trim();
}

const EXPECTED: Record<string, string> = {
  array: "a list",
  object: "an object",
  string: "a string",
  number: "a number",
  int: "a whole number",
  boolean: "true or false",
  record: "an object",
};

/** Zod's own wording, which says nothing the file's words would not say better. */
const isZodDefault = (message: string) =>
  /^(Invalid input|Invalid option|Unrecognized key|Expected )/.test(message);

/**
 * A kind's own message in the file's words: the path it restates is said once (the line already names it),
 * and its closest valid name is offered as the other problems offer theirs.
 */
function inFileWords(path: FilePath, message: string): string {
  let text = renamedLeading(path, message);
  // A field's own name ("uid may contain …") reads well; a path restated after the line's path does not.
  for (let n = 0; n < path.length - 1; n++) {
    const tail = `${formatPath(path.slice(n))} `;
    if (text.startsWith(tail)) {
      text = text.slice(tail.length);
      break;
    }
  }
  return text.replace(/ \(closest valid: "([^"]*)"(?:; ([^)]*))?\)/, (_, near: string, all?: string) =>
    all ? ` (did you mean "${near}"? ${all})` : ` (did you mean "${near}"?)`,
  );
}

/**
 * `message` with the argument it starts with named as the file names it: a kind's rule says `webhookURL`, the
 * file's field at `path` is `url` (the kind's `renames`).
 */
function renamedLeading(path: FilePath, message: string): string {
  const leaf = String(path[path.length - 1]);
  const [first = ""] = message.split(" ", 1);
  if (first === leaf) return message;
  for (const k of FILE_KINDS) {
    const to = k.file.renames?.[first];
    if (to !== undefined && to.split(".").at(-1) === leaf && path.includes(k.file.at[0] ?? ""))
      return `${leaf}${message.slice(first.length)}`;
  }
  return message;
}

/** Unknown-field problems of the object at `at` (its fields `known`), and the fields they stand for. */
function unknownKeys(
  value: unknown,
  at: FilePath,
  keys: readonly string[],
  known: readonly string[],
): { problems: Problem[]; meant: Set<string> } {
  const object = valueAt(value, at) as Json | undefined;
  // A typo is most likely a field left out: those are offered first.
  const missing = known.filter((k) => object?.[k] === undefined);
  const meant = new Set<string>();
  const problems = keys.map((key): Problem => {
    const candidate = near(key, missing) ?? near(key, known);
    if (candidate !== undefined && object?.[candidate] === undefined) meant.add(candidate);
    const rule = at.length === 0 ? "no such section" : "no such field";
    return {
      path: [...at, key],
      message: candidate === undefined ? rule : `${rule} (did you mean "${candidate}"?)`,
      ...(candidate === undefined ? {} : { meant: candidate }),
    };
  });
  return { problems, meant };
}

/**
 * Zod's issues of `value` against `schema` as problems: one per mistake, in the file's words. `base` is
 * where `schema` sits in the file (issues' paths are relative to it).
 */
export function issueProblems(
  schema: z.ZodType,
  value: unknown,
  issues: readonly z.core.$ZodIssue[],
  base: FilePath = [],
): Problem[] {
  const out: Problem[] = [];
  /** The fields a typo stands for, by the object's path: their "is required" is the typo's knock-on. */
  const meant = new Map<string, Set<string>>();
  const rel = (path: readonly PropertyKey[]) => path as FilePath;
  for (const issue of issues) {
    if (issue.code !== "unrecognized_keys") continue;
    const at = rel(issue.path);
    const found = unknownKeys(value, at, issue.keys, fieldsAt(schema, at));
    out.push(...found.problems);
    meant.set(formatPath(at), found.meant);
  }
  /**
   * Whether an issue is the knock-on of a typo in its object: about the field meant (left out, so "required"
   * in the kind's words too), or a rule of the object naming it ("… needs sourcePath").
   */
  const knockOn = (issue: z.core.$ZodIssue): boolean => {
    const path = rel(issue.path);
    for (let n = path.length - 1; n >= 0; n--) {
      const fields = meant.get(formatPath(path.slice(0, n)));
      if (!fields?.size) continue;
      if (fields.has(String(path[n]))) return true;
      if (issue.code === "custom" && [...fields].some((f) => new RegExp(`\\b${f}\\b`).test(issue.message)))
        return true;
    }
    return false;
  };
  for (const issue of issues) {
    const path = rel(issue.path);
    const here = valueAt(value, path);
    if (issue.code === "unrecognized_keys" || knockOn(issue)) continue;
    if (issue.code === "invalid_union" && here !== null && typeof here === "object" && !Array.isArray(here)) {
      out.push(...unionProblems(schema, value, path, issue.errors, issue.message));
      continue;
    }
    if (here === undefined && (issue.code === "invalid_type" || issue.code === "invalid_union")) {
      const field = path[path.length - 1];
      // A rule of the field's own ("app must be …") says what it takes, its name said once.
      const rule = issue.message.startsWith(`${String(field)} `)
        ? issue.message.slice(String(field).length + 1)
        : issue.message;
      out.push({ path, message: isZodDefault(issue.message) ? "is required" : `is required: ${rule}` });
      continue;
    }
    if (issue.code === "invalid_type" && isZodDefault(issue.message)) {
      const expected = EXPECTED[issue.expected] ?? issue.expected;
      out.push({ path, message: `must be ${expected}, not ${kindOfValue(here)}` });
      continue;
    }
    out.push({ path, message: inFileWords(path, issue.message) });
  }
  return out.map((p) => ({ ...p, path: [...base, ...p.path] }));
}

/**
 * An object no alternative of a union takes: the problems of the alternative whose fields it uses (the
 * `create` of `app: { create: … }`), else its unknown fields with the field meant, else the union's rule.
 */
function unionProblems(
  schema: z.ZodType,
  value: unknown,
  path: FilePath,
  errors: readonly (readonly z.core.$ZodIssue[])[],
  message: string,
): Problem[] {
  const options = schemasAt(schema, path);
  const keys = Object.keys(valueAt(value, path) as Json);
  const fieldsOf = (s: z.ZodType) => fieldsAt(s, []);
  const used = options.map((o) => keys.filter((k) => fieldsOf(o).includes(k)).length);
  const best = Math.max(0, ...used);
  const chosen = used.flatMap((n, i) => (n === best && best > 0 ? [i] : []));
  const [one] = chosen;
  if (chosen.length === 1 && one !== undefined && options[one] && errors[one])
    return issueProblems(options[one], valueAt(value, path), errors[one], path);
  const all = [...new Set(options.flatMap(fieldsOf))];
  const unknown = keys.filter((k) => !all.includes(k));
  if (unknown.length > 0) return unknownKeys(value, path, unknown, all).problems;
  return [{ path, message }];
}

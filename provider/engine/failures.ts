// Check failures as the engine shows them (decision 0065). The engine prints `property <p> value <v> has a
// problem` for a failure on a named top-level property, value included, secret or not: the dynamic provider
// is sent inputs with their secrets unwrapped (acceptSecrets false), so it cannot tell which values the
// program marked secret. Every failure therefore goes out with an empty property and a reason that names
// the path; and no reason may carry any part of a secret value, whoever wrote the message.
import type { z } from "zod";
import { closest, secretPaths, stringsIn, valuesAt } from "../contract";
import type { CheckFailure } from "./kind";

/** The property of a failure of a rule over several fields (zod's issue at the root). */
export const WHOLE_RESOURCE = "(resource)";

/** Shorter runs are ordinary words; the e2e test holds every reason to this bound. */
export const SECRET_WINDOW = 8;
const REDACTED = "[secret]";

/**
 * The secret strings of `value`: every string under the `whole` top-level fields, and the fields `schema`
 * marks secret (provider/contract/secret.ts).
 */
export function secretsOf(schema: z.ZodType, value: unknown, whole: readonly string[] = []): string[] {
  if (value === null || typeof value !== "object") return [];
  const top = whole.map((k) => (value as Record<string, unknown>)[k]);
  return [...top, ...secretPaths(schema).flatMap((p) => valuesAt(value, p))].flatMap(stringsIn);
}

/** `text` with every run that shares SECRET_WINDOW characters (all of a shorter one) with a secret blanked. */
export function withoutSecrets(text: string, secrets: readonly string[]): string {
  const windows = new Set<string>();
  for (const s of secrets) {
    if (s.length < 4) continue; // too short to tell from ordinary text
    const w = Math.min(SECRET_WINDOW, s.length);
    for (let i = 0; i + w <= s.length; i++) windows.add(s.slice(i, i + w));
  }
  if (windows.size === 0) return text;
  const lengths = [...new Set([...windows].map((w) => w.length))];
  const hidden = new Array<boolean>(text.length).fill(false);
  for (let i = 0; i < text.length; i++)
    for (const n of lengths)
      if (windows.has(text.slice(i, i + n))) for (let j = i; j < i + n; j++) hidden[j] = true;
  let out = "";
  for (let i = 0; i < text.length; i++) {
    if (!hidden[i]) out += text[i];
    else if (i === 0 || !hidden[i - 1]) out += REDACTED;
  }
  return out;
}

/** "a.b: rule", unless the reason already starts with the path. */
function naming(path: string, reason: string): string {
  if (!path) return reason;
  return reason.startsWith(`${path} `) || reason.startsWith(`${path}:`) ? reason : `${path}: ${reason}`;
}

/** The failures as the engine may print them: no property (so no value printed), no secret in the reason. */
export function forEngine(failures: readonly CheckFailure[], secrets: readonly string[]): CheckFailure[] {
  const seen = new Set<string>();
  const out: CheckFailure[] = [];
  for (const f of failures) {
    const path = f.property === WHOLE_RESOURCE ? "" : f.property;
    const reason = withoutSecrets(naming(path, f.reason), secrets);
    if (seen.has(reason)) continue; // one error per mistake
    seen.add(reason);
    out.push({ property: "", reason });
  }
  return out;
}

/**
 * A union whose branches all failed: the issues of the one branch that took the value's type (e.g. the
 * object form of credentials given an object), else the union's own message. zod reports "Invalid input".
 */
function flatten(issue: z.core.$ZodIssue): z.core.$ZodIssue[] {
  if (issue.code !== "invalid_union" || issue.errors.length === 0) return [issue];
  const typed = issue.errors.filter(
    (branch) => !branch.every((i) => i.code === "invalid_type" && i.path.length === 0),
  );
  const [only] = typed;
  if (typed.length !== 1 || !only) return [issue];
  return only.flatMap((i) => flatten({ ...i, path: [...issue.path, ...i.path] } as z.core.$ZodIssue));
}

/** The field names of the object schema at `path` inside `schema` (through wrappers, pipes and unions). */
function keysAt(schema: z.ZodType, path: readonly PropertyKey[]): string[] {
  const def = schema._zod.def as {
    type: string;
    shape?: Record<string, z.ZodType>;
    innerType?: z.ZodType;
    in?: z.ZodType;
    options?: readonly z.ZodType[];
    element?: z.ZodType;
  };
  const [head, ...rest] = path;
  if (def.type === "object" && def.shape)
    return head === undefined
      ? Object.keys(def.shape)
      : def.shape[String(head)]
        ? keysAt(def.shape[String(head)] as z.ZodType, rest)
        : [];
  if (def.type === "array" && def.element && typeof head === "number") return keysAt(def.element, rest);
  if (def.type === "union") return (def.options ?? []).flatMap((o) => keysAt(o, path));
  const inner = def.innerType ?? def.in;
  return inner ? keysAt(inner, path) : [];
}

/**
 * zod's issues as failures named by path. An unknown key zod reports in its own words becomes one failure
 * per key, naming the closest valid field of `schema` (schemas with their own message keep it).
 */
export function issueFailures(
  issues: readonly z.core.$ZodIssue[],
  schema?: z.ZodType,
  /** Names also valid at the top (the provider options beside a kind's arguments). */
  alsoValid: readonly string[] = [],
): CheckFailure[] {
  return issues.flatMap(flatten).flatMap((i) => {
    const at = i.path.map(String).join(".");
    if (i.code === "unrecognized_keys" && schema && i.message.startsWith("Unrecognized key")) {
      const valid = [...keysAt(schema, i.path), ...(at ? [] : alsoValid)];
      return i.keys.map((k) => {
        const full = at ? `${at}.${k}` : k;
        return {
          property: full,
          reason: unknownKey(k, at ? `a field of ${at}` : "an argument", valid, full),
        };
      });
    }
    return [{ property: at || WHOLE_RESOURCE, reason: i.message }];
  });
}

/** The message of an unknown key, naming the closest valid one. */
export const unknownKey = (key: string, what: string, valid: readonly string[], shown = key): string => {
  const near = closest(key, valid);
  return `${shown} is not ${what}${near ? ` (closest valid: "${near}")` : ""}`;
};

/**
 * A per-parse error map: a missing field names itself and the rule ("keyId is required") rather than zod's
 * "Invalid input: expected string, received undefined"; schema-level messages still win.
 */
export const readableErrors: z.core.$ZodErrorMap = (iss) => {
  if (iss.code !== "invalid_type") return undefined;
  const path = (iss.path ?? []).map(String).join(".");
  const what = path || "the value";
  if (iss.input === undefined) return `${what} is required (${iss.expected})`;
  return `${what} must be ${EXPECTED[iss.expected] ?? `a ${iss.expected}`}`;
};

/** zod's names of the types it expected, in words (the rest read as "a <type>"). */
const EXPECTED: Readonly<Record<string, string>> = { object: "an object", int: "a whole number" };

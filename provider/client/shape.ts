// Zod failures as the client reports them: a request that does not validate (prepare.ts) and an answer that
// does not match its route's response schema (transport.ts, recovery/).
import type { z } from "zod";
import { ResponseShapeError } from "./errors";
import type { Prepared } from "./prepare";

/** Messages by field path ("(root)" for the whole value). */
export function zodDetails(error: z.ZodError): Record<string, string[]> {
  const details: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const field = issue.path.map(String).join(".") || "(root)";
    details[field] = [...(details[field] ?? []), issue.message];
  }
  return details;
}

// "message at field" (not "field: message"): the redactor blanks the word after "password:" or "key:".
export const describeDetails = (details: Record<string, string[]>) =>
  Object.entries(details)
    .map(([field, msgs]) => `${msgs.join(", ")} at ${field}`)
    .join("; ");

/** The JSON type of a value: what a shape report may say of it. */
export function jsonType(value: unknown): string {
  if (value === undefined) return "absent";
  if (value === null) return "null";
  if (Array.isArray(value)) return "array";
  if (typeof value === "number") return Number.isInteger(value) ? "integer" : "number";
  return typeof value;
}

// A word of a closed set (an enum's value) may be shown; nothing longer or freer than this ever is.
const VOCABULARY_WORD = /^[A-Za-z][A-Za-z0-9_.-]{0,39}$/;

/**
 * What arrived at each failing field of `value` (the field's path as zodDetails names it): its JSON type, or,
 * where an enum refused a vocabulary word, that word JSON-quoted (`"away"`) so the fix can be checked.
 */
export function receivedTypes(error: z.ZodError, value: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of error.issues) {
    let at: unknown = value;
    for (const key of issue.path)
      at = at !== null && typeof at === "object" ? (at as Record<PropertyKey, unknown>)[key] : undefined;
    const word = issue.code === "invalid_value" && typeof at === "string" && VOCABULARY_WORD.test(at);
    out[issue.path.map(String).join(".") || "(root)"] = word ? JSON.stringify(at) : jsonType(at);
  }
  return out;
}

export function shapeError(
  p: Prepared,
  status: number,
  attempt: number,
  details: Record<string, string[]>,
  received?: Record<string, string>,
): ResponseShapeError {
  return new ResponseShapeError({
    code: "ERR_RESPONSE_SHAPE",
    status,
    message: `ERR_RESPONSE_SHAPE: the response of ${p.name} (${p.info.method} ${p.info.path}) does not match its schema: ${describeDetails(details)}`,
    details,
    received,
    request: p.info,
    attempts: attempt,
    redactor: p.redactor,
  });
}

/** Parses `value` with `schema`, or throws the ResponseShapeError of `p`'s answer. */
export function parseAnswer(p: Prepared, schema: z.ZodType, value: unknown, status: number, attempt: number) {
  const r = schema.safeParse(value);
  if (!r.success) throw shapeError(p, status, attempt, zodDetails(r.error), receivedTypes(r.error, value));
  return r.data;
}

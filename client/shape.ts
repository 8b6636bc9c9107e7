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

export function shapeError(
  p: Prepared,
  status: number,
  attempt: number,
  details: Record<string, string[]>,
): ResponseShapeError {
  return new ResponseShapeError({
    code: "ERR_RESPONSE_SHAPE",
    status,
    message: `ERR_RESPONSE_SHAPE: the response of ${p.name} (${p.info.method} ${p.info.path}) does not match its schema: ${describeDetails(details)}`,
    details,
    request: p.info,
    attempts: attempt,
    redactor: p.redactor,
  });
}

/** Parses `value` with `schema`, or throws the ResponseShapeError of `p`'s answer. */
export function parseAnswer(p: Prepared, schema: z.ZodType, value: unknown, status: number, attempt: number) {
  const r = schema.safeParse(value);
  if (!r.success) throw shapeError(p, status, attempt, zodDetails(r.error));
  return r.data;
}

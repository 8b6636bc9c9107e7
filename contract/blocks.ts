// The hand-written building blocks of the generated schemas: what the document names with `x-zod` because
// zod says it and OpenAPI cannot (a refinement, a transform, a union read one way). Keep them few and small;
// everything else is generated from contract/openapi/chat-service.yaml (contract/generated/schemas.ts).
import { z } from "zod";
import { LIMITS } from "./generated/limits";

/** Edit distance between two strings (for "the closest valid value" in error messages). */
function distance(a: string, b: string): number {
  let row = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const next = [i];
    for (let j = 1; j <= b.length; j++)
      next[j] = Math.min(
        (row[j] ?? 0) + 1,
        (next[j - 1] ?? 0) + 1,
        (row[j - 1] ?? 0) + (a[i - 1] === b[j - 1] ? 0 : 1),
      );
    row = next;
  }
  return row[b.length] ?? 0;
}

/** The candidate nearest to `value` (case-insensitive edit distance; the first of equals). */
export function closest(value: string, candidates: readonly string[]): string | undefined {
  let best: string | undefined;
  let bestDistance = Number.POSITIVE_INFINITY;
  for (const c of candidates) {
    const d = distance(value.toLowerCase(), c.toLowerCase());
    if (d < bestDistance) [best, bestDistance] = [c, d];
  }
  return best;
}

/** An enum whose error names the value given and the closest valid one (and all of them, if few). */
export const oneOf = <const T extends readonly [string, ...string[]]>(values: T, what: string) =>
  z.enum(values, {
    error: (iss) => {
      if (typeof iss.input !== "string") return `${what} must be a string`;
      const all = values.length <= 6 ? `; one of ${values.join(", ")}` : "";
      return `${what} "${iss.input}" is not valid (closest valid: "${closest(iss.input, values)}"${all})`;
    },
  });

/** Free-form JSON object whose serialized form stays under the metadata limit. */
export const Metadata = z
  .record(z.string(), z.unknown())
  .refine((m) => Buffer.byteLength(JSON.stringify(m)) <= LIMITS.metadataBytes, {
    message: `metadata must be at most ${LIMITS.metadataBytes} bytes as JSON`,
  });
export type Metadata = z.infer<typeof Metadata>;

/** Comma-separated list in a query string (`style: form, explode: false`). */
export const CsvList = z
  .union([z.string(), z.array(z.string())])
  .transform((v) => (Array.isArray(v) ? v : v.split(",")).map((s) => s.trim()).filter((s) => s.length > 0));

/** Query booleans arrive as strings. */
export const QueryBool = z
  .union([z.boolean(), z.enum(["true", "false", "1", "0"])])
  .transform((v) => v === true || v === "true" || v === "1");

/** A comma-separated list whose items are `item`s (a list of enum values). */
export const csvListOf = <T extends z.ZodType<unknown, string>>(item: T) => CsvList.pipe(z.array(item));

// The API's error envelope and every error code this project produces or recognises, with its HTTP status
// (docs/service/errors-and-limits.md; the codes and statuses stand in the contract's document and are generated).
// The emulator answers with these; the client maps them to its error classes.
import { z } from "zod";
import { CONFLICT_CODES, ERROR_STATUS } from "./generated/errors";

export const ErrorBody = z.looseObject({
  error: z.looseObject({
    code: z.string(),
    message: z.string().optional(),
    devMessage: z.string().nullable().optional(),
    source: z.string().optional(),
    details: z.record(z.string(), z.array(z.string())).optional(),
  }),
});
export type ErrorBody = z.infer<typeof ErrorBody>;

/**
 * Codes that say the object a create or add names already exists: the document's (components.schemas.ErrorCode,
 * x-conflicts). The client makes them ConflictErrors; no other code is one, whatever its name.
 */
const CONFLICTS: ReadonlySet<string> = new Set<ErrorCode>(CONFLICT_CODES);

/**
 * Status per code: the document's (components.schemas.ErrorCode, x-status). Codes the sources give no
 * status for use the closest documented class there.
 */
export { ERROR_STATUS };

export type ErrorCode = keyof typeof ERROR_STATUS;

/** Whether a code says that the object already exists (see CONFLICTS). */
export const isConflictCode = (code: string): boolean => CONFLICTS.has(code);

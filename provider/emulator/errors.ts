// The service's error envelope (docs/service/errors-and-limits.md) and the one way the emulator fails a request.
// Status codes come from ERROR_STATUS, never from the handlers.
import type { z } from "zod";
import { ERROR_STATUS, type ErrorBody, type ErrorCode } from "../contract";

export type Details = Record<string, string[]>;

export class ApiError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details?: Details,
    /** Only for injected faults, whose status the caller chooses. */
    status?: number,
  ) {
    super(message);
    this.status = status ?? ERROR_STATUS[code];
  }

  body(): ErrorBody {
    return {
      error: {
        code: this.code,
        message: this.message,
        devMessage: null,
        source: "chat-api",
        ...(this.details ? { details: this.details } : {}),
      },
    };
  }
}

export const badRequest = (
  details: Details,
  message = "Failed to validate the data sent with the request.",
) => new ApiError("ERR_BAD_REQUEST", message, details);

const isErrorCode = (c: unknown): c is ErrorCode => typeof c === "string" && Object.hasOwn(ERROR_STATUS, c);

/**
 * Zod issues as the service reports them: `details: {<field path>: [messages]}` ("The uid field is required."
 * for a missing field, as in the captured bodies). A refinement may name the service's own code through
 * `params.code` (e.g. ERR_EMPTY_GROUP_PASS); otherwise the error is ERR_BAD_REQUEST.
 */
export function validationError(issues: readonly z.core.$ZodIssue[], root: string): ApiError {
  const details: Details = {};
  const add = (key: string, msg: string) => {
    const list = details[key];
    if (list) list.push(msg);
    else details[key] = [msg];
  };
  let code: ErrorCode = "ERR_BAD_REQUEST";
  for (const issue of issues) {
    const field = issue.path.length > 0 ? issue.path.map(String).join(".") : root;
    if (issue.code === "unrecognized_keys") {
      for (const k of issue.keys)
        add(issue.path.length > 0 ? `${field}.${k}` : k, `The ${k} field is not allowed.`);
      continue;
    }
    if (issue.code === "custom" && isErrorCode(issue.params?.code)) code = issue.params.code;
    const missing = issue.code === "invalid_type" && issue.input === undefined;
    add(field, missing ? `The ${field} field is required.` : issue.message);
  }
  return code === "ERR_BAD_REQUEST"
    ? badRequest(details)
    : new ApiError(code, Object.values(details).flat()[0] ?? "Invalid request.", details);
}

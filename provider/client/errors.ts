// One error hierarchy, built by one factory from the API's envelope (stripe-node's pattern). The API's own
// `code` is kept. Every text is redacted at construction, and no error holds request headers or the
// transport's error object (got's errors carry the request options, credentials included).
import { inspect } from "node:util";
import { ErrorBody, isConflictCode } from "../contract";
import { defaultRedactor, type Redactor } from "./redact";

/** What an error tells about the request that failed: never headers, and secret path parameters redacted. */
export interface RequestInfo {
  /** Route name from the route table, e.g. "getUser". */
  readonly route?: string;
  readonly method: string;
  /** Path relative to the base URL, secret parameters replaced by `[REDACTED]`. */
  readonly path: string;
}

export interface ChatApiErrorInit {
  message: string;
  code: string;
  status?: number | undefined;
  devMessage?: string | null | undefined;
  details?: Readonly<Record<string, readonly string[]>> | undefined;
  source?: string | undefined;
  request?: RequestInfo | undefined;
  attempts?: number | undefined;
  redactor?: Redactor | undefined;
  /** The response's headers (rate limits, request id, …), when a response arrived. */
  headers?: Readonly<Record<string, string>> | undefined;
}

// A Symbol.for brand survives a second copy of this module in the same process (the Pulumi provider
// process may load the package twice), where `instanceof` does not.
const BRAND = Symbol.for("pulumi-chat.ChatApiError");

type ErrorClass = { readonly kind: string };

function kindsOf(ctor: unknown): string[] {
  const kinds: string[] = [];
  for (let c = ctor; typeof c === "function" && c !== Error; c = Object.getPrototypeOf(c)) {
    const kind = (c as Partial<ErrorClass>).kind;
    if (typeof kind === "string" && !kinds.includes(kind)) kinds.push(kind);
  }
  return kinds;
}

export class ChatApiError extends Error {
  static readonly kind: string = "ChatApiError";

  /** The class name (stable across copies of the package; `instanceof` is not). */
  readonly type: string;
  /** HTTP status; undefined when no response arrived. */
  readonly status: number | undefined;
  /** The API's error code (e.g. `ERR_UID_NOT_FOUND`), or a client code (`ECONNRESET`, `ERR_RESPONSE_SHAPE`). */
  readonly code: string;
  readonly devMessage: string | undefined;
  /** Validation details: field name to messages. */
  readonly details: Record<string, string[]> | undefined;
  readonly source: string | undefined;
  readonly request: RequestInfo | undefined;
  /** How many HTTP attempts were made before giving up. */
  attempts: number;
  /** The response's headers, when a response arrived (no request header is ever kept). */
  readonly headers: Readonly<Record<string, string>> | undefined;
  /** The service's id for the request, from its response headers: quote it to the vendor's support. */
  readonly requestId: string | undefined;
  declare readonly [BRAND]: readonly string[];

  constructor(init: ChatApiErrorInit) {
    const r = init.redactor ?? defaultRedactor;
    super(r.string(init.message));
    const kinds = kindsOf(new.target);
    Object.defineProperty(this, BRAND, { value: kinds, enumerable: false });
    this.name = kinds[0] ?? "ChatApiError";
    this.type = this.name;
    this.status = init.status;
    this.code = init.code;
    this.devMessage = r.optional(init.devMessage);
    this.details = r.details(init.details);
    this.source = init.source;
    this.request = init.request && { ...init.request, path: r.string(init.request.path) };
    this.attempts = init.attempts ?? 1;
    this.headers =
      init.headers && Object.fromEntries(Object.entries(init.headers).map(([k, v]) => [k, r.string(v)]));
    this.requestId = REQUEST_ID_HEADERS.map((h) => this.headers?.[h]).find((v) => v);
  }

  /**
   * True when `e` is an error of this class or a subclass, from any copy of this package.
   * `NotFoundError.isInstance(e)` narrows to NotFoundError.
   */
  static isInstance<T extends abstract new (...args: never[]) => ChatApiError>(
    this: T & ErrorClass,
    e: unknown,
  ): e is InstanceType<T> {
    if (typeof e !== "object" || e === null) return false;
    const kinds = (e as { [BRAND]?: unknown })[BRAND];
    // biome-ignore lint/complexity/noThisInStatic: inherited by each subclass, which checks its own kind
    return Array.isArray(kinds) && kinds.includes(this.kind);
  }

  toJSON(): Record<string, unknown> {
    return {
      name: this.name,
      type: this.type,
      message: this.message,
      status: this.status,
      code: this.code,
      devMessage: this.devMessage,
      details: this.details,
      source: this.source,
      request: this.request,
      attempts: this.attempts,
      requestId: this.requestId,
      headers: this.headers,
    };
  }

  // Only redacted fields are shown (and the stack, whose first line is the redacted message).
  [inspect.custom](_depth: number, options: object): string {
    return `${this.stack ?? `${this.name}: ${this.message}`} ${inspect(this.toJSON(), options)}`;
  }
}

/** 400: the request was refused as invalid (details name the fields). */
export class ValidationError extends ChatApiError {
  static override readonly kind: string = "ValidationError";
}
/** The client refused to send a request that does not match the route's schema (no HTTP call was made). */
export class RequestValidationError extends ValidationError {
  static override readonly kind: string = "RequestValidationError";
}
/** 401: missing or unknown credential. */
export class AuthenticationError extends ChatApiError {
  static override readonly kind: string = "AuthenticationError";
}
/** 403: the credential's scope does not allow the operation. */
export class PermissionError extends ChatApiError {
  static override readonly kind: string = "PermissionError";
}
/** 404 */
export class NotFoundError extends ChatApiError {
  static override readonly kind: string = "NotFoundError";
}
/** The object already exists: 409, or a code the error table lists as a conflict (provider/contract/errors.ts). */
export class ConflictError extends ChatApiError {
  static override readonly kind: string = "ConflictError";
}
/** 429 */
export class RateLimitError extends ChatApiError {
  static override readonly kind: string = "RateLimitError";
  /** What the server asked to wait (Retry-After or X-RateLimit-Reset), if it said. */
  retryAfterMs: number | undefined;
}
/** 5xx */
export class ServerError extends ChatApiError {
  static override readonly kind: string = "ServerError";
}
/** No response: connection refused or reset, DNS failure. */
export class ConnectionError extends ChatApiError {
  static override readonly kind: string = "ConnectionError";
}
/** No response within the per-attempt timeout. */
export class TimeoutError extends ConnectionError {
  static override readonly kind: string = "TimeoutError";
}
/** A success response whose body does not match the route's schema (a required field is missing, …). */
export interface ResponseShapeInit extends ChatApiErrorInit {
  received?: Readonly<Record<string, string>> | undefined;
}

export class ResponseShapeError extends ChatApiError {
  static override readonly kind: string = "ResponseShapeError";
  /**
   * What arrived at each failing field, as a JSON type ("string", "null", "absent", …): a shape, never a
   * value, so that `chat-doctor` can report it and the contract test can tell when the schema admits it.
   */
  readonly received: Readonly<Record<string, string>>;

  constructor(init: ResponseShapeInit) {
    super(init);
    this.received = init.received ?? {};
  }
}

export const isNotFound = (e: unknown): e is NotFoundError => NotFoundError.isInstance(e);
export const isConflict = (e: unknown): e is ConflictError => ConflictError.isInstance(e);
export const isRateLimited = (e: unknown): e is RateLimitError => RateLimitError.isInstance(e);

/** Milliseconds to wait, from `Retry-After` (seconds or HTTP date) or else `X-RateLimit-Reset` (unix time). */
export function retryAfterMs(
  headers: Readonly<Record<string, string | string[] | undefined>> | undefined,
  now: number = Date.now(),
): number | undefined {
  const header = (name: string) => {
    const v = headers?.[name];
    return Array.isArray(v) ? v[0] : v;
  };
  const retryAfter = header("retry-after")?.trim();
  if (retryAfter) {
    const seconds = Number(retryAfter);
    if (Number.isFinite(seconds)) return Math.max(0, Math.round(seconds * 1000));
    const date = Date.parse(retryAfter);
    if (Number.isFinite(date)) return Math.max(0, date - now);
  }
  const reset = Number(header("x-ratelimit-reset"));
  if (Number.isFinite(reset) && reset > 0) {
    // Documented as a unix timestamp in seconds; tolerate milliseconds and (small) relative seconds.
    if (reset > 1e12) return Math.max(0, reset - now);
    if (reset > 1e9) return Math.max(0, reset * 1000 - now);
    return reset * 1000;
  }
  return undefined;
}

export interface ErrorContext {
  headers?: Readonly<Record<string, string | string[] | undefined>>;
  redactor?: Redactor;
  attempts?: number;
}

/** Where services put their id of a request (the vendor's header is not documented: the common names). */
const REQUEST_ID_HEADERS = ["x-request-id", "request-id", "x-amzn-requestid", "x-correlation-id"];

/** Response headers as single strings (lowercase names, as Node gives them). */
function flatHeaders(
  headers: Readonly<Record<string, string | string[] | undefined>> | undefined,
): Record<string, string> | undefined {
  if (!headers) return undefined;
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(headers))
    if (v !== undefined) out[k] = Array.isArray(v) ? v.join(", ") : v;
  return out;
}

/**
 * The one factory: an HTTP error response (status and parsed JSON body, or raw text) to the matching class.
 * A body that is not the API's envelope gets the code `ERR_BAD_ERROR_RESPONSE`.
 */
export function errorFromResponse(
  status: number,
  body: unknown,
  request?: RequestInfo,
  ctx: ErrorContext = {},
): ChatApiError {
  const parsed = ErrorBody.safeParse(body);
  const e = parsed.success ? parsed.data.error : undefined;
  const code = e?.code ?? "ERR_BAD_ERROR_RESPONSE";
  const text = e?.message ?? `HTTP ${status} without the API's error envelope`;
  const detailText = e?.details
    ? ` (${Object.entries(e.details)
        .map(([field, msgs]) => `${field}: ${msgs.join(" ")}`)
        .join("; ")})`
    : "";
  const where = request
    ? ` [${request.method} ${request.path}${request.route ? `, ${request.route}` : ""}]`
    : "";
  const headers = flatHeaders(ctx.headers);
  const requestId = REQUEST_ID_HEADERS.map((h) => headers?.[h]).find((v) => v);
  const init: ChatApiErrorInit = {
    message: `${code}: ${text}${detailText} (HTTP ${status}${requestId ? `, request ${requestId}` : ""})${where}`,
    code,
    status,
    headers,
    devMessage: e?.devMessage,
    details: e?.details,
    source: e?.source,
    request,
    attempts: ctx.attempts,
    redactor: ctx.redactor,
  };
  if (status === 409 || isConflictCode(code)) return new ConflictError(init);
  if (status === 429) {
    const err = new RateLimitError(init);
    err.retryAfterMs = retryAfterMs(ctx.headers);
    return err;
  }
  if (status >= 500) return new ServerError(init);
  switch (status) {
    case 400:
    case 413:
    case 422:
      return new ValidationError(init);
    case 401:
      // A 401 with a non-auth code (e.g. ERR_GROUP_NOT_JOINED) is about the acting user, not the credential.
      return parsed.success && !code.startsWith("AUTH_ERR")
        ? new PermissionError(init)
        : new AuthenticationError(init);
    case 403:
      return new PermissionError(init);
    case 404:
      return new NotFoundError(init);
    default:
      return new ChatApiError(init);
  }
}

/** Network failure codes that mean the request never reached the server: safe to send again, even a POST. */
const NOT_SENT_CODES: ReadonlySet<string> = new Set([
  "ECONNREFUSED",
  "ENOTFOUND",
  "EAI_AGAIN",
  "EHOSTUNREACH",
]);

/** Whether a connection error is known to have happened before the request was sent. */
export const neverSent = (e: ChatApiError): boolean =>
  ConnectionError.isInstance(e) && NOT_SENT_CODES.has(e.code);

/** A transport failure (no HTTP response) as a ConnectionError or TimeoutError; the cause is not kept. */
export function errorFromTransport(
  cause: unknown,
  request: RequestInfo,
  ctx: { redactor?: Redactor; attempts?: number; timeoutMs?: number } = {},
): ConnectionError {
  const c = (typeof cause === "object" && cause !== null ? cause : {}) as { code?: unknown; name?: unknown };
  const code = typeof c.code === "string" ? c.code : "ERR_CONNECTION";
  const where = `[${request.method} ${request.path}${request.route ? `, ${request.route}` : ""}]`;
  const init: ChatApiErrorInit = {
    code,
    request,
    attempts: ctx.attempts,
    redactor: ctx.redactor,
    message: "",
  };
  if (c.name === "TimeoutError" || code === "ETIMEDOUT") {
    return new TimeoutError({
      ...init,
      code: "ETIMEDOUT",
      message: `ETIMEDOUT: no response within ${ctx.timeoutMs !== undefined ? `${ctx.timeoutMs} ms` : "the timeout"} ${where}`,
    });
  }
  // Only the cause's code is reported: its message may quote the URL or the request options.
  return new ConnectionError({
    ...init,
    message: `${code}: ${TRANSPORT_WORDS[code] ?? "the connection failed before a response"} ${where}`,
  });
}

/** What a transport failure means to the person reading it, and what to look at. */
const TRANSPORT_WORDS: Readonly<Record<string, string>> = {
  ECONNREFUSED:
    "nothing answers at the service's address (connection refused): check the endpoint setting, and that the service (or chat-emulator) is running there",
  ENOTFOUND: "the service's host name does not resolve: check the host, region or endpoint setting",
  EAI_AGAIN:
    "the service's host name could not be resolved now (DNS did not answer): try again, or check the network",
  EHOSTUNREACH:
    "the service's host cannot be reached from this machine: check the network and the endpoint setting",
  ECONNRESET: "the connection was closed before a response",
};

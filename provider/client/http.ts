// The engine under both clients: builds each request from the route table, validates it with the route's zod
// schemas, sends it with got inside the shared budget, parses the answer with the route's response schema,
// and retries what is safe to retry.
//
// got does the transport and the per-attempt timeout; the retry loop is ours (got's `retry` is off): every
// attempt must take a slot of the shared budget and give it back while it waits, a 429 must hold back the
// whole app's budget, and a lost create must be read back rather than posted again
// (docs/decisions/0021-retries-and-lost-creates.md).
import { setTimeout as sleep } from "node:timers/promises";
import type { Got } from "got" with { "resolution-mode": "import" };
import type { z } from "zod";
import { type Api, bodySchemaOf, fillPath, type RouteSpec, routes, toFormData } from "../api";
import { assertEngineAlive } from "../lifeline";
import type { RequestBudget } from "./budget";
import {
  ChatApiError,
  ConflictError,
  ConnectionError,
  errorFromResponse,
  errorFromTransport,
  NotFoundError,
  neverSent,
  RateLimitError,
  type RequestInfo,
  RequestValidationError,
  ResponseShapeError,
  ServerError,
} from "./errors";
import { resendable } from "./recovery";
import { REDACTED, type Redactor, SECRET_PATH_PARAMS } from "./redact";
import type { AnyRequest, ClientLogger } from "./types";

// got 14 is ESM-only; Node 24 loads ES modules with require() (docs/decisions/0001-commonjs-on-node-24.md).
type GotModule = typeof import("got", { with: { "resolution-mode": "import" }});
const gotModule = require("got") as GotModule;

// Redirects are refused: got would forward the custom `apikey`/`key`/`secret` headers to the new host.
const http: Got = gotModule.default.extend({
  retry: { limit: 0 },
  throwHttpErrors: false,
  followRedirect: false,
  http2: false,
});

export interface RetryOptions {
  /** Attempts after the first (default 8: with one answer in six failing, a request still fails once in 10^7). */
  retries: number;
  /** First backoff step; it doubles each attempt, with jitter (default 300 ms). */
  baseDelayMs: number;
  /** Longest backoff between attempts (default 10 s). */
  maxDelayMs: number;
  /** A 429 asking to wait longer than this fails at once instead (default 60 s). */
  maxRetryAfterMs: number;
}
export const DEFAULT_RETRY: Readonly<RetryOptions> = {
  retries: 8,
  baseDelayMs: 300,
  maxDelayMs: 10_000,
  maxRetryAfterMs: 60_000,
};
export const DEFAULT_TIMEOUT_MS = 30_000;

/** Where and how one client sends: its base URL, credential headers and shared budget. */
export interface Target {
  api: Api;
  baseUrl: string;
  /** Credential headers; they go on the wire and nowhere else. */
  headers: Readonly<Record<string, string>>;
  redactor: Redactor;
  budget: RequestBudget;
  timeoutMs: number;
  retry: RetryOptions;
  logger: ClientLogger | undefined;
  userAgent: string;
}

/** A validated request, ready to send as many times as the retry policy allows. */
export interface Prepared {
  name: string;
  route: RouteSpec;
  /** The schema the answer is parsed with (a read-back uses the create route's). */
  response: z.ZodType;
  url: string;
  body: unknown;
  searchParams: Record<string, string> | undefined;
  headers: Record<string, string>;
  info: RequestInfo;
  redactor: Redactor;
}

function zodDetails(error: z.ZodError): Record<string, string[]> {
  const details: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const field = issue.path.map(String).join(".") || "(root)";
    details[field] = [...(details[field] ?? []), issue.message];
  }
  return details;
}

// "message at field" (not "field: message"): the redactor blanks the word after "password:" or "key:".
const describeDetails = (details: Record<string, string[]>) =>
  Object.entries(details)
    .map(([field, msgs]) => `${msgs.join(", ")} at ${field}`)
    .join("; ");

function queryString(value: unknown): Record<string, string> | undefined {
  if (value === undefined || value === null || typeof value !== "object") return undefined;
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(value)) {
    if (v === undefined || v === null) continue;
    // Array filters are comma-separated (`style: form, explode: false`, docs/service/auth-and-addressing.md).
    out[k] = Array.isArray(v) ? v.map(String).join(",") : String(v);
  }
  return Object.keys(out).length > 0 ? out : undefined;
}

function parseJson(text: string): { ok: true; value: unknown } | { ok: false } {
  if (text.trim() === "") return { ok: true, value: undefined };
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false };
  }
}

export class Core {
  readonly #t: Target;
  /** The service's clock minus ours, from the last Date header (1 s resolution). */
  #clockOffsetMs: number | undefined;

  constructor(target: Target) {
    this.#t = target;
  }

  get target(): Readonly<Omit<Target, "headers" | "redactor">> {
    const { headers: _h, redactor: _r, ...rest } = this.#t;
    return rest;
  }

  /** Validates a request against its route and builds the URL; throws RequestValidationError. */
  prepare(name: string, req: AnyRequest, response?: z.ZodType): Prepared {
    const route: RouteSpec | undefined = Object.hasOwn(routes, name)
      ? (routes as Record<string, RouteSpec>)[name]
      : undefined;
    const fail = (message: string, details?: Record<string, string[]>, info?: RequestInfo): never => {
      throw new RequestValidationError({
        code: "ERR_CLIENT_VALIDATION",
        message: `${name}: ${message}`,
        details,
        request: info,
        attempts: 0,
        redactor: this.#t.redactor,
      });
    };
    if (!route) return fail(`no such route`);
    if (route.api !== this.#t.api) return fail(`is a ${route.api} route, not a ${this.#t.api} one`);

    const params = req.params ?? {};
    const secretValues: string[] = [];
    for (const [k, v] of Object.entries(params)) {
      if (typeof v !== "string" || v === "") fail(`path parameter "${k}" must be a non-empty string`);
      if (SECRET_PATH_PARAMS.has(k)) secretValues.push(v);
    }
    let path: string;
    let shownPath: string;
    try {
      path = fillPath(route.path, params);
      const shown = Object.fromEntries(
        Object.entries(params).map(([k, v]) => [k, SECRET_PATH_PARAMS.has(k) ? REDACTED : v]),
      );
      shownPath = fillPath(route.path, shown).replaceAll(encodeURIComponent(REDACTED), REDACTED);
    } catch (e) {
      return fail(e instanceof Error ? e.message : String(e));
    }
    const redactor = this.#t.redactor.with(secretValues);
    const info: RequestInfo = { route: name, method: route.method, path: redactor.string(shownPath) };

    let body: unknown;
    const bodySchema = bodySchemaOf(route, params);
    if (bodySchema) {
      const r = bodySchema.safeParse(req.body);
      if (!r.success) {
        const details = zodDetails(r.error);
        fail(`invalid body: ${describeDetails(details)}`, details, info);
      } else body = r.data;
    } else if (req.body !== undefined) {
      fail("takes no body", undefined, info);
    }

    let searchParams: Record<string, string> | undefined;
    if (route.query) {
      const r = route.query.safeParse(req.query ?? {});
      if (!r.success) {
        const details = zodDetails(r.error);
        fail(`invalid query: ${describeDetails(details)}`, details, info);
      } else searchParams = queryString(r.data);
    } else if (req.query !== undefined) {
      fail("takes no query", undefined, info);
    }

    const headers: Record<string, string> = {
      accept: "application/json",
      "user-agent": this.#t.userAgent,
      ...this.#t.headers,
    };
    if (req.onBehalfOf !== undefined) {
      if (this.#t.api !== "chat") fail("onBehalfOf is a chat API header", undefined, info);
      if (typeof req.onBehalfOf !== "string" || req.onBehalfOf === "") {
        fail("onBehalfOf must be a non-empty uid", undefined, info);
      }
      headers.onBehalfOf = req.onBehalfOf;
    } else if (route.onBehalfOf === "required") {
      fail("requires onBehalfOf (the uid to act as)", undefined, info);
    }

    return {
      name,
      route,
      response: response ?? route.response,
      url: this.#t.baseUrl + path,
      body,
      searchParams,
      headers,
      info,
      redactor,
    };
  }

  /**
   * Sends with retries: 429 always (the server refused before doing anything), connection failures that
   * happened before sending always, and 5xx, timeouts and resets only when `retryLost` (routes that are safe
   * to send again as they are: provider/client/recovery.ts).
   */
  async send(p: Prepared, retryLost: boolean = resendable(p.name, p.route.method)): Promise<unknown> {
    for (let attempt = 1; ; attempt++) {
      let err: ChatApiError;
      try {
        return await this.#attempt(p, attempt);
      } catch (e) {
        if (!ChatApiError.isInstance(e)) throw e;
        err = e;
      }
      const delay = this.#retryDelay(err, attempt, retryLost);
      if (delay === undefined) throw err;
      await sleep(delay);
    }
  }

  /**
   * A create with a caller-chosen id (bug class 4, docs/bug-classes.md). When its answer is lost (5xx, timeout, reset)
   * the object is read back with `readBack`; if it exists and was created no earlier than this create was
   * first sent, that is the create's result. One that existed before is not taken over: that is a
   * ConflictError. Only when there is none is the POST sent again, and an "already exists" answer after a lost
   * one is read back too. `pick` makes the create's answer from a read that answers with more (a list).
   */
  async createOnce(p: Prepared, readBack: Prepared, pick?: (read: unknown) => unknown): Promise<unknown> {
    const sentAt = Date.now();
    let lost = false;
    for (let round = 1; ; round++) {
      let err: ChatApiError;
      try {
        return await this.send(p, false);
      } catch (e) {
        if (!ChatApiError.isInstance(e)) throw e;
        err = e;
      }
      if (isLost(err)) lost = true;
      else if (!(lost && ConflictError.isInstance(err))) throw err;
      this.#log(p, undefined, err.code, 0, round, "lost create, reading back");
      let found: unknown;
      try {
        found = await this.send(readBack, true);
      } catch (e) {
        if (!NotFoundError.isInstance(e)) throw e;
      }
      if (pick && found !== undefined) {
        found = pick(found);
        if (found !== undefined) {
          const r = p.response.safeParse(found);
          if (!r.success) throw this.#shapeError(p, 200, round, zodDetails(r.error));
          found = r.data;
        }
      }
      if (found !== undefined) {
        const createdAt = (found as { data?: { createdAt?: unknown } }).data?.createdAt;
        // Ours was created after it was sent, and the estimate of the service's clock is never late (Date
        // headers are truncated to the second): an older object existed before.
        if (typeof createdAt === "number" && createdAt < this.#serverSeconds(sentAt))
          throw this.#existedBefore(p, createdAt);
        return found;
      }
      if (ConflictError.isInstance(err) || round > this.#t.retry.retries) throw err;
      await sleep(this.#backoff(round));
    }
  }

  /**
   * A create with a server-chosen id (API keys, auth tokens, apps). The candidates `list` returns are taken
   * before sending; after a lost answer a candidate that was not there before is the create's result, and
   * only when there is none is the POST sent again. Creates with the same candidate list are serialised in
   * this process, so a new candidate is this create's own (recovery.ts).
   */
  async createReconciled(
    p: Prepared,
    list: () => Promise<Array<Record<string, unknown>>>,
    identity: (item: Record<string, unknown>) => string,
    lockKey: string,
  ): Promise<unknown> {
    return serialised(`${this.#t.baseUrl} ${lockKey}`, async () => {
      const before = new Set((await list()).map(identity));
      for (let round = 1; ; round++) {
        try {
          return await this.send(p, false);
        } catch (e) {
          if (!ChatApiError.isInstance(e) || !isLost(e)) throw e;
          this.#log(p, undefined, e.code, 0, round, "lost create, reconciling");
          const made = (await list()).find((item) => !before.has(identity(item)));
          if (made) {
            const r = p.response.safeParse({ data: made });
            if (!r.success) throw this.#shapeError(p, 200, round, zodDetails(r.error));
            return r.data;
          }
          if (round > this.#t.retry.retries) throw e;
          await sleep(this.#backoff(round));
        }
      }
    });
  }

  /** The service's clock (from its Date headers) at local time `localMs`, in Unix seconds. */
  #serverSeconds(localMs: number): number {
    return Math.floor((localMs + (this.#clockOffsetMs ?? 0)) / 1000);
  }

  #existedBefore(p: Prepared, createdAt: number): ConflictError {
    return new ConflictError({
      code: "ERR_ALREADY_EXISTS",
      message: `${p.name}: the answer was lost and the object found in its place already existed before this create (created at ${createdAt}); it is not taken over`,
      request: p.info,
      redactor: p.redactor,
    });
  }

  #backoff(attempt: number): number {
    const cap = Math.min(this.#t.retry.maxDelayMs, this.#t.retry.baseDelayMs * 2 ** (attempt - 1));
    // Equal jitter: at least half the step, so clients that failed together do not retry together.
    return Math.round(cap / 2 + (Math.random() * cap) / 2);
  }

  #retryDelay(err: ChatApiError, attempt: number, retryLost: boolean): number | undefined {
    if (attempt > this.#t.retry.retries) return undefined;
    if (RateLimitError.isInstance(err)) {
      const asked = err.retryAfterMs;
      if (asked !== undefined && asked > this.#t.retry.maxRetryAfterMs) return undefined;
      const wait = asked ?? this.#backoff(attempt);
      // Every request of this app waits, not only this one: the limit is the app's.
      this.#t.budget.pauseUntil(Date.now() + wait);
      return wait + Math.round(Math.random() * Math.min(1000, wait * 0.1));
    }
    if (neverSent(err)) return this.#backoff(attempt);
    if (retryLost && (ServerError.isInstance(err) || ConnectionError.isInstance(err)))
      return this.#backoff(attempt);
    return undefined;
  }

  async #attempt(p: Prepared, attempt: number): Promise<unknown> {
    const release = await this.#t.budget.acquire();
    // The last moment before a request goes out: a dead engine's provider sends nothing more.
    assertEngineAlive();
    const started = performance.now();
    let status: number | undefined;
    let code: string | undefined;
    try {
      let res: { statusCode: number; body: string; headers: Record<string, string | string[] | undefined> };
      try {
        res = await http(p.url, {
          method: p.route.method,
          headers: p.headers,
          // A fresh form per attempt: a sent FormData stream cannot be read twice.
          ...(p.body === undefined
            ? {}
            : p.route.encoding === "multipart"
              ? { body: toFormData(p.body as Record<string, unknown>) }
              : { json: p.body }),
          ...(p.searchParams ? { searchParams: p.searchParams } : {}),
          timeout: { request: this.#t.timeoutMs },
          responseType: "text",
        });
      } catch (e) {
        throw errorFromTransport(e, p.info, {
          redactor: p.redactor,
          attempts: attempt,
          timeoutMs: this.#t.timeoutMs,
        });
      }
      status = res.statusCode;
      const limit = Number(res.headers["x-ratelimit-limit"]);
      if (limit > 0) this.#t.budget.learn(limit);
      const date = Date.parse(String(res.headers.date ?? ""));
      if (Number.isFinite(date)) this.#clockOffsetMs = date - Date.now();
      const parsed = parseJson(res.body);
      if (status < 200 || status >= 300) {
        throw errorFromResponse(status, parsed.ok ? parsed.value : res.body, p.info, {
          headers: res.headers,
          redactor: p.redactor,
          attempts: attempt,
        });
      }
      if (!parsed.ok) throw this.#shapeError(p, status, attempt, { "(root)": ["the body is not JSON"] });
      const r = p.response.safeParse(parsed.value);
      if (!r.success) throw this.#shapeError(p, status, attempt, zodDetails(r.error));
      return r.data;
    } catch (e) {
      code = ChatApiError.isInstance(e) ? e.code : "ERR_UNEXPECTED";
      throw e;
    } finally {
      release();
      this.#log(p, status, code, performance.now() - started, attempt);
    }
  }

  #shapeError(
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

  #log(
    p: Prepared,
    status: number | undefined,
    code: string | undefined,
    ms: number,
    attempt: number,
    note?: string,
  ) {
    const logger = this.#t.logger;
    if (!logger) return;
    const outcome = status !== undefined ? String(status) : (code ?? "-");
    const line = p.redactor.string(
      `${this.#t.api} ${p.info.method} ${p.info.path} -> ${outcome}${code && status !== undefined ? ` ${code}` : ""} in ${Math.round(ms)} ms (attempt ${attempt})${note ? `: ${note}` : ""}`,
    );
    try {
      logger.debug(line, {
        api: this.#t.api,
        route: p.name,
        method: p.info.method,
        path: p.info.path,
        status,
        code,
        ms: Math.round(ms),
        attempt,
      });
    } catch {
      // A failing logger must not fail the request.
    }
  }
}

/** The answer was lost: the request may or may not have taken effect. */
const isLost = (e: ChatApiError): boolean => ServerError.isInstance(e) || ConnectionError.isInstance(e);

// Creates of the same candidates run one at a time in this process (recovery.ts, "reconcile").
const queues = new Map<string, Promise<unknown>>();
async function serialised<T>(key: string, run: () => Promise<T>): Promise<T> {
  const before = queues.get(key) ?? Promise.resolve();
  const mine = before.catch(() => undefined).then(run);
  const tail = mine.catch(() => undefined);
  queues.set(key, tail);
  try {
    return await mine;
  } finally {
    if (queues.get(key) === tail) queues.delete(key);
  }
}

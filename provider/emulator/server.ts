// The HTTP server: one fastify route per entry of the route table, each answered by the same pipeline
// (latency and faults, app, rate limit, credentials, onBehalfOf, schema validation, handler), so that
// every route behaves alike on everything that is not its own business.
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { z } from "zod";
import { bodySchemaOf, fromFormData, LIMITS, type RouteName, type RouteSpec, routes } from "../contract";
import { type AdminActions, registerAdmin } from "./admin";
import { chatActor, chatApp, chatKey, checkManagement } from "./auth";
import { type EmulatorClock, pause } from "./clock";
import { ApiError, badRequest, validationError } from "./errors";
import { loadFastify } from "./fastify";
import type { FaultDecision, Faults } from "./faults";
import { handlers } from "./handlers";
import type { Env } from "./handlers/types";
import { type RateLimiter, rateHeaders } from "./rate-limit";
import type { LoggedRequest, RequestLog } from "./request-log";
import { CHAT_PREFIX, MANAGEMENT_PREFIX, parseQueryString, rewriteUrl } from "./routing";
import type { Credentials, EmulatorState } from "./state";
import { registerStorage } from "./storage";

export interface ServerDeps {
  /** Reset swaps the state object, so routes read it through this holder. */
  holder: { state: EmulatorState };
  credentials: Credentials;
  env: Env;
  /** The time of every answer: its Date header, a logged request's, a rate window's, a latency's. */
  clock: EmulatorClock;
  faults: Faults;
  limiter: RateLimiter;
  /** The data-import routes' own budget (60 a minute at the service), taken beside the shared one. */
  importLimiter: RateLimiter;
  log: RequestLog;
  /** Added to every API request. */
  latencyMs: number;
  /** Called after each request that may have changed the state. */
  onChange(): void;
  admin: AdminActions;
  /** Serve the /__admin endpoints over HTTP. */
  adminApi: boolean;
}

/** Any handler, seen from the generic pipeline (each one is typed against its own route in handlers/). */
type LooseHandler = (ctx: Record<string, unknown>) => unknown;

function parse(schema: z.ZodType, value: unknown, root: string): unknown {
  const r = schema.safeParse(value, { reportInput: true });
  if (!r.success) throw validationError(r.error.issues, root);
  return r.data;
}

function sendError(reply: FastifyReply, e: ApiError): FastifyReply {
  return reply.code(e.status).send(e.body());
}

/** The service's own codes for an injected 5xx. */
function faultError(status: number): ApiError {
  const code = status === 503 ? "ERR_MISSION_FAILED" : "ERR_OPERATION_FAILED";
  return new ApiError(code, "The operation failed. Please try again later.", undefined, status);
}

function tooManyRequests(reply: FastifyReply, limit: number, retryAfter: number, reset: number): ApiError {
  reply.headers({ ...rateHeaders({ limit, remaining: 0, reset }), "retry-after": String(retryAfter) });
  return new ApiError("ERR_TOO_MANY_REQUESTS", "Too many requests. Please retry after some time.");
}

const IMPORT_PREFIX = "/data_import/";

/** Path and query apart, without decoding. */
function pathOf(url: string): string {
  const q = url.indexOf("?");
  return q < 0 ? url : url.slice(0, q);
}

/** "/chat/<app>/<region>/v3/users" → "/v3/users"; "/management/apps" → "/apps". */
function apiPathOf(url: string): { api: LoggedRequest["api"]; path: string } {
  const path = pathOf(url);
  if (path.startsWith(`${MANAGEMENT_PREFIX}/`))
    return { api: "management", path: path.slice(MANAGEMENT_PREFIX.length) };
  if (path.startsWith(`${CHAT_PREFIX}/`))
    return { api: "chat", path: `/${path.split("/").slice(4).join("/")}` };
  return { api: "chat", path };
}

/** Marks a multipart body's fields. */
const FORM = Symbol("form");

/** The body as its route takes it: JSON, or the fields of a multipart form. */
function bodyFor(spec: RouteSpec, raw: unknown): unknown {
  const form =
    typeof raw === "object" && raw !== null && FORM in raw ? (raw as { [FORM]: unknown })[FORM] : undefined;
  if (spec.encoding === "multipart") {
    if (raw !== undefined && form === undefined) {
      throw badRequest({ body: ["The request body must be multipart/form-data."] });
    }
    return form;
  }
  if (form !== undefined) {
    throw badRequest({ body: ["The request body must be JSON (Content-Type: application/json)."] });
  }
  return raw;
}

/** Drops `__proto__` keys, which JSON.parse would keep as own properties. */
const dropProto = (k: string, v: unknown) => (k === "__proto__" ? undefined : v);

export function buildServer(deps: ServerDeps): FastifyInstance {
  const server = loadFastify()({
    logger: false,
    bodyLimit: LIMITS.bodyBytes,
    forceCloseConnections: true,
    rewriteUrl: (req) => rewriteUrl(req.headers.host, req.url ?? "/"),
    routerOptions: { maxParamLength: 2048, querystringParser: parseQueryString },
    // Malformed URLs and the like: the service's envelope, not fastify's.
    frameworkErrors: (err, _req, reply) => {
      sendError(reply, badRequest({ url: [err.message] }));
    },
  });

  server.removeAllContentTypeParsers();
  server.addContentTypeParser("application/json", { parseAs: "string" }, (_req, body, done) => {
    const text = typeof body === "string" ? body : body.toString("utf8");
    if (text.trim().length === 0) return done(null, undefined);
    try {
      done(null, JSON.parse(text, text.includes('"__proto__"') ? dropProto : undefined));
    } catch {
      done(badRequest({ body: ["The request body is not valid JSON."] }), undefined);
    }
  });
  // Decoded into the object the body schemas validate (provider/contract/multipart.ts); marked, so that a route
  // can tell a form from JSON.
  server.addContentTypeParser(
    "multipart/form-data",
    { parseAs: "buffer" },
    async (req: FastifyRequest, body: Buffer) => {
      try {
        const form = await new Response(new Uint8Array(body), {
          headers: { "content-type": String(req.headers["content-type"]) },
        }).formData();
        return { [FORM]: await fromFormData(form) };
      } catch {
        throw badRequest({ body: ["The request body is not valid multipart/form-data."] });
      }
    },
  );
  server.addContentTypeParser("*", (_req, _payload, done) => {
    done(
      badRequest({ body: ["The request body must be JSON (Content-Type: application/json)."] }),
      undefined,
    );
  });

  const log = (req: FastifyRequest, status: number, extra: Partial<LoggedRequest> = {}) => {
    deps.log.add({
      method: req.method,
      ...apiPathOf(req.url),
      status,
      at: deps.clock.now(),
      ...extra,
    });
  };

  server.setErrorHandler((err: unknown, req, reply) => {
    let e: ApiError;
    if (err instanceof ApiError) e = err;
    else {
      const code = (err as { code?: unknown }).code;
      const statusCode = (err as { statusCode?: unknown }).statusCode;
      if (code === "FST_ERR_CTP_BODY_TOO_LARGE") {
        e = badRequest({ body: [`The request body must be at most ${LIMITS.bodyBytes} bytes.`] });
      } else if (typeof statusCode === "number" && statusCode >= 400 && statusCode < 500) {
        e = badRequest({ body: [err instanceof Error ? err.message : "Bad request."] });
      } else {
        e = new ApiError("ERR_EXCEPTION", "Something went wrong on the emulator.");
      }
    }
    log(req, e.status);
    return sendError(reply, e);
  });

  server.setNotFoundHandler((req, reply) => {
    log(req, 404);
    const { path } = apiPathOf(req.url);
    return sendError(
      reply,
      new ApiError("ERR_API_NOT_FOUND", `The API ${req.method} ${path} does not exist.`),
    );
  });

  // Every answer is dated by the emulator's clock, which a client learns the service's time from.
  server.addHook("onSend", async (_req, reply, payload) => {
    reply.header("date", new Date(deps.clock.now()).toUTCString());
    return payload;
  });

  const busy = { requests: 0 };
  for (const name of Object.keys(routes) as RouteName[]) {
    const spec: RouteSpec = routes[name];
    const handler = handlers[name] as unknown as LooseHandler;
    const url =
      spec.api === "chat"
        ? `${CHAT_PREFIX}/:appId/:region/v3${spec.path}`
        : `${MANAGEMENT_PREFIX}${spec.path}`;
    server.route({
      method: spec.method,
      url,
      handler: async (req, reply) => {
        busy.requests++;
        try {
          return await answer(deps, spec, handler, req, reply, busy.requests);
        } finally {
          busy.requests--;
        }
      },
    });
  }

  registerStorage(server, deps.holder, deps.onChange);
  if (deps.adminApi) registerAdmin(server, deps.credentials, deps.admin);
  return server;
}

/** The webhook system a request names: the header's 1 or 2 on the routes that take it; another value is refused. */
function webhookVersionOf(spec: RouteSpec, header: string | string[] | undefined): 1 | 2 | undefined {
  if (spec.webhookVersion !== "optional" || header === undefined) return undefined;
  if (header === "1" || header === "2") return Number(header) as 1 | 2;
  throw badRequest({ "X-Webhook-Version": ["The X-Webhook-Version header must be the integer 1 or 2."] });
}

async function answer(
  deps: ServerDeps,
  spec: RouteSpec,
  handler: LooseHandler,
  req: FastifyRequest,
  reply: FastifyReply,
  concurrent: number,
): Promise<FastifyReply> {
  const { api, path } = apiPathOf(req.url);
  // Every answer names its request, as services do for support (the vendor's header name is a GUESS).
  reply.header("x-request-id", String(req.id));
  const entry: LoggedRequest = {
    method: req.method,
    path,
    api,
    status: 200,
    at: deps.clock.now(),
    concurrent,
  };
  let decision: FaultDecision = { latencyMs: 0 };
  try {
    const params = req.params as Record<string, string>;
    const state = deps.holder.state;
    const app = spec.api === "chat" ? chatApp(state, params.appId ?? "", params.region ?? "") : undefined;
    if (app) entry.appId = app.id;

    decision = deps.faults.decide(req.method, path);
    const delay = deps.latencyMs + decision.latencyMs;
    if (delay > 0) await pause(deps.clock, delay);
    const fault = decision.outcome;
    if (fault?.kind === "error") throw faultError(fault.status ?? 500);
    if (fault?.kind === "rateLimit") {
      const retryAfter = fault.retryAfterSeconds ?? 1;
      throw tooManyRequests(
        reply,
        deps.limiter.limit,
        retryAfter,
        Math.ceil(deps.clock.now() / 1000) + retryAfter,
      );
    }

    let ctx: Record<string, unknown>;
    if (app) {
      if (deps.limiter.enabled) {
        const rate = deps.limiter.take(app.id, deps.clock.now());
        if (!rate.allowed) throw tooManyRequests(reply, rate.limit, rate.retryAfter, rate.reset);
        reply.headers(rateHeaders(rate));
      }
      if (deps.importLimiter.enabled && spec.path.startsWith(IMPORT_PREFIX)) {
        // Its headers only on a refusal: on a success the shared budget's stand, which clients size theirs by.
        const rate = deps.importLimiter.take(app.id, deps.clock.now());
        if (!rate.allowed) throw tooManyRequests(reply, rate.limit, rate.retryAfter, rate.reset);
      }
      const key = chatKey(app, req.headers.apikey, spec);
      const actor = chatActor(app, req.headers.onbehalfof, spec);
      ctx = { app, key, actor };
    } else {
      checkManagement(req.headers.key, req.headers.secret, deps.credentials);
      ctx = { state };
    }
    ctx.params = params;
    ctx.query = spec.query ? parse(spec.query, req.query, "query") : undefined;
    const bodySchema = bodySchemaOf(spec, params);
    ctx.body = bodySchema ? parse(bodySchema, bodyFor(spec, req.body), "body") : undefined;
    ctx.env = deps.env;
    ctx.webhookVersion = webhookVersionOf(spec, req.headers["x-webhook-version"]);

    const result = handler(ctx);
    if (spec.method !== "GET") deps.onChange();

    if (fault?.kind === "dropAfterApply") {
      // The change is made; the client never hears about it.
      entry.fault = "dropAfterApply";
      deps.log.add(entry);
      reply.hijack();
      req.raw.socket.destroy();
      return reply;
    }
    deps.log.add(entry);
    return reply.code(200).send(result);
  } catch (err) {
    if (!(err instanceof ApiError)) throw err;
    entry.status = err.status;
    if (decision.outcome && decision.outcome.kind !== "dropAfterApply") entry.fault = decision.outcome.kind;
    deps.log.add(entry);
    return sendError(reply, err);
  }
}

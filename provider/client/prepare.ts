// A request built from the typed route table: its path filled, body and query validated with the route's zod
// schemas, headers set, and the redaction it needs (secret path parameters, the values at the body's fields the
// document marks secret) worked out once, before anything
// is sent. A request that does not validate throws RequestValidationError and never reaches the wire.
import type { z } from "zod";
import { bodySchemaOf, fillPath, type RouteName, type RouteSpec, routes, secretValues } from "../contract";
import { type RequestInfo, RequestValidationError } from "./errors";
import type { Target } from "./options";
import { REDACTED, type Redactor, SECRET_PATH_PARAMS } from "./redact";
import { describeDetails, zodDetails } from "./shape";
import type { AnyRequest } from "./types";

/** A validated request, ready to send as many times as the retry policy allows. */
export interface Prepared {
  name: RouteName;
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

type Fail = (message: string, details?: Record<string, string[]>) => never;

/** Validates a request against its route and builds the URL; throws RequestValidationError. */
export function prepare(t: Target, name: RouteName, req: AnyRequest, response?: z.ZodType): Prepared {
  const failWith =
    (info?: RequestInfo, redactor: Redactor = t.redactor): Fail =>
    (message, details) => {
      throw new RequestValidationError({
        code: "ERR_CLIENT_VALIDATION",
        message: `${name}: ${message}`,
        details,
        request: info,
        attempts: 0,
        redactor,
      });
    };
  const route = routeOf(t, name, failWith());
  const params = req.params ?? {};
  const { path, shownPath, secrets } = fillPaths(route, params, failWith());
  const schema = bodySchemaOf(route, params);
  // The body's secrets are known before it is checked: a refused body's messages are redacted too.
  const redactor = t.redactor.with([...secrets, ...(schema ? secretValues(schema, req.body) : [])]);
  const info: RequestInfo = { route: name, method: route.method, path: redactor.string(shownPath) };
  const fail = failWith(info, redactor);
  const body = validBody(schema, req.body, fail);
  const searchParams = validQuery(route, req.query, fail);
  const headers = {
    ...headersFor(t, route, req.onBehalfOf, fail),
    ...webhookVersionHeader(route, req.webhookVersion, fail),
  };
  return {
    name,
    route,
    response: response ?? route.response,
    url: t.baseUrl + path,
    body,
    searchParams,
    headers,
    info,
    redactor,
  };
}

// The name is typed, but a JavaScript caller can still pass any string.
function routeOf(t: Target, name: RouteName, fail: Fail): RouteSpec {
  const route: RouteSpec | undefined = Object.hasOwn(routes, name)
    ? (routes as Record<string, RouteSpec>)[name]
    : undefined;
  if (!route) return fail(`no such route`);
  if (route.api !== t.api) return fail(`is a ${route.api} route, not a ${t.api} one`);
  return route;
}

/** The path sent, the path shown (secret parameters redacted) and the secret values to redact elsewhere. */
function fillPaths(route: RouteSpec, params: Readonly<Record<string, string>>, fail: Fail) {
  const secrets: string[] = [];
  for (const [k, v] of Object.entries(params)) {
    if (typeof v !== "string" || v === "") fail(`path parameter "${k}" must be a non-empty string`);
    if (SECRET_PATH_PARAMS.has(k)) secrets.push(v);
  }
  try {
    const path = fillPath(route.path, params);
    const shown = Object.fromEntries(
      Object.entries(params).map(([k, v]) => [k, SECRET_PATH_PARAMS.has(k) ? REDACTED : v]),
    );
    const shownPath = fillPath(route.path, shown).replaceAll(encodeURIComponent(REDACTED), REDACTED);
    return { path, shownPath, secrets };
  } catch (e) {
    return fail(e instanceof Error ? e.message : String(e));
  }
}

function validBody(schema: z.ZodType | undefined, body: unknown, fail: Fail): unknown {
  if (!schema) return body === undefined ? undefined : fail("takes no body");
  const r = schema.safeParse(body);
  if (r.success) return r.data;
  const details = zodDetails(r.error);
  return fail(`invalid body: ${describeDetails(details)}`, details);
}

function validQuery(route: RouteSpec, query: unknown, fail: Fail): Record<string, string> | undefined {
  if (!route.query) return query === undefined ? undefined : fail("takes no query");
  const r = route.query.safeParse(query ?? {});
  if (r.success) return queryString(r.data);
  const details = zodDetails(r.error);
  return fail(`invalid query: ${describeDetails(details)}`, details);
}

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

/**
 * `X-Webhook-Version` on the routes that take it: sent for version 2 only, since the service reads an absent
 * header as the legacy system (version 1), which is what every call made before the header was known sent.
 */
function webhookVersionHeader(route: RouteSpec, version: unknown, fail: Fail): Record<string, string> {
  if (version === undefined) return {};
  if (route.webhookVersion !== "optional") fail("webhookVersion is a header of the webhook routes only");
  if (version !== 1 && version !== 2) fail("webhookVersion must be 1 or 2");
  return version === 2 ? { "X-Webhook-Version": "2" } : {};
}

/** Accept, user-agent and the credentials; on the chat API, the uid to act as. */
function headersFor(t: Target, route: RouteSpec, onBehalfOf: unknown, fail: Fail): Record<string, string> {
  const headers: Record<string, string> = {
    accept: "application/json",
    "user-agent": t.userAgent,
    ...t.headers,
  };
  if (onBehalfOf === undefined) {
    if (route.onBehalfOf === "required") fail("requires onBehalfOf (the uid to act as)");
    return headers;
  }
  if (t.api !== "chat") fail("onBehalfOf is a chat API header");
  if (typeof onBehalfOf !== "string" || onBehalfOf === "") fail("onBehalfOf must be a non-empty uid");
  headers.onBehalfOf = onBehalfOf;
  return headers;
}

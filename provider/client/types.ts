// Request and response types derived from the route table: a call's params, body, query and result are
// checked at compile time against the same zod schemas that validate them at run time.
import type { z } from "zod";
import type { Api, PathParams, ResponseOf, RouteName, RouteSpec, Routes } from "../contract";

/** Route names of one API ("chat" or "management"). */
export type RouteNameOf<A extends Api> = {
  [K in RouteName]: Routes[K]["api"] extends A ? K : never;
}[RouteName];
export type ChatRouteName = RouteNameOf<"chat">;
export type ManagementRouteName = RouteNameOf<"management">;

/** `{uid: string}` for "/users/:uid"; nothing for a path without parameters. */
export type ParamsOf<R extends RouteSpec> = Readonly<Record<PathParams<R["path"]>, string>>;

type ParamsPart<R extends RouteSpec> = [PathParams<R["path"]>] extends [never]
  ? { params?: undefined }
  : { params: ParamsOf<R> };
type BodyPart<R extends RouteSpec> = R["body"] extends z.ZodType
  ? undefined extends z.input<R["body"]>
    ? { body?: z.input<R["body"]> }
    : { body: z.input<R["body"]> }
  : { body?: undefined };
type QueryPart<R extends RouteSpec> = R["query"] extends z.ZodType
  ? { query?: z.input<R["query"]> }
  : { query?: undefined };
type OnBehalfOfPart<R extends RouteSpec> = R["api"] extends "management"
  ? { onBehalfOf?: undefined }
  : R["onBehalfOf"] extends "required"
    ? { onBehalfOf: string }
    : { onBehalfOf?: string };

/** The webhook system a webhook route is called in: 1 (legacy, the header left out) or 2. */
type WebhookVersionPart<R extends RouteSpec> = R["webhookVersion"] extends "optional"
  ? { webhookVersion?: 1 | 2 }
  : { webhookVersion?: undefined };

/** What one call takes: path params, body, query, (chat) the uid to act as, (webhooks) the system's version. */
export type RequestOf<R extends RouteSpec> = ParamsPart<R> &
  BodyPart<R> &
  QueryPart<R> &
  OnBehalfOfPart<R> &
  WebhookVersionPart<R>;

/** The request argument, optional when nothing in it is required. */
export type RequestArgs<R extends RouteSpec> =
  Partial<RequestOf<R>> extends RequestOf<R> ? [req?: RequestOf<R>] : [req: RequestOf<R>];

/** One item of a page-based list (`{data: T[], meta: {pagination}}`). */
export type PageItemOf<R extends RouteSpec> =
  ResponseOf<R> extends { data: Array<infer T>; meta: { pagination: unknown } } ? T : never;

/** Names of the page-based list routes of one API. */
export type PagedRouteNameOf<A extends Api> = {
  [K in RouteNameOf<A>]: [PageItemOf<Routes[K]>] extends [never] ? never : K;
}[RouteNameOf<A>];
export type PagedChatRouteName = PagedRouteNameOf<"chat">;
export type PagedManagementRouteName = PagedRouteNameOf<"management">;

/** The untyped form every request takes inside the client. */
export interface AnyRequest {
  params?: Readonly<Record<string, string>> | undefined;
  body?: unknown;
  query?: unknown;
  onBehalfOf?: string | undefined;
  webhookVersion?: 1 | 2 | undefined;
}

/** One debug line per HTTP attempt. Credentials are never in it; secret path parameters are redacted. */
export interface RequestLogFields {
  api: Api;
  route: string;
  method: string;
  /** Path relative to the base URL, secret path parameters redacted. */
  path: string;
  /** HTTP status; undefined when no response arrived. */
  status: number | undefined;
  /** The error code when the attempt failed. */
  code: string | undefined;
  ms: number;
  attempt: number;
}

export interface ClientLogger {
  debug(line: string, fields: RequestLogFields): void;
}

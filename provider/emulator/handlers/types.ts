// What a handler receives and returns. Handlers are keyed by route name, typed from the route table: a
// handler's body/query are the route's parsed schemas and its return value must fit the route's response.
import type { z } from "zod";
import type { PathParams, RouteSpec, Routes } from "../../contract";
import type { Random } from "../rng";
import type { ApiKeyRecord, AppRecord, EmulatorState, UserRecord } from "../state";

type Parsed<S> = S extends z.ZodType ? z.output<S> : undefined;

export interface Env {
  /** Unix seconds. */
  now(): number;
  ids: Random;
  /** The emulator's own address (`http://host:port`), for the URLs it hands out (presigned uploads). */
  origin?: () => string;
}

interface BaseCtx<R extends RouteSpec> {
  readonly params: { readonly [K in PathParams<R["path"]>]: string };
  readonly body: Parsed<R["body"]>;
  readonly query: Parsed<R["query"]>;
  readonly env: Env;
  /** The X-Webhook-Version header on the routes that take it (checked to be 1 or 2), else undefined. */
  readonly webhookVersion: 1 | 2 | undefined;
}

export interface ChatCtx<R extends RouteSpec> extends BaseCtx<R> {
  readonly app: AppRecord;
  /** The key the call was made with. */
  readonly key: ApiKeyRecord;
  /** The `onBehalfOf` user, already checked to exist. */
  readonly actor: UserRecord | undefined;
}

export interface ManagementCtx<R extends RouteSpec> extends BaseCtx<R> {
  readonly state: EmulatorState;
}

export type Reply<R extends RouteSpec> = z.input<R["response"]>;

/** The routes of one API, by name. */
type RoutesOf<A extends RouteSpec["api"]> = {
  readonly [N in keyof Routes as Routes[N]["api"] extends A ? N : never]: Routes[N];
};

/**
 * Handlers of some routes of the chat API: a handler file's object `satisfies` it (its handlers are typed
 * from their routes, a misspelt name or another API's route refused); handlers/index.ts checks that every
 * route of the table has one.
 */
export type ChatHandlers = {
  readonly [N in keyof RoutesOf<"chat">]?: (ctx: ChatCtx<RoutesOf<"chat">[N]>) => Reply<RoutesOf<"chat">[N]>;
};
/** Handlers of some routes of the management API (see ChatHandlers). */
export type ManagementHandlers = {
  readonly [N in keyof RoutesOf<"management">]?: (
    ctx: ManagementCtx<RoutesOf<"management">[N]>,
  ) => Reply<RoutesOf<"management">[N]>;
};

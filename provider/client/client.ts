// The methods both clients share, typed from the route table of their API.
import { inspect } from "node:util";
import {
  type ResponseOf,
  type RouteFamily,
  type RouteName,
  type RouteSpec,
  type Routes,
  routes,
} from "../contract";
import type { BudgetStats } from "./budget";
import type { Core } from "./core";
import { type PagedRouteName, type RouteCall, sendRecovering } from "./recovery";
import type { AnyRequest, PageItemOf, RequestArgs } from "./types";

interface PageResponse {
  data: unknown[];
  meta: {
    pagination: { current_page: number; total_pages: number };
    /** A cursor list's next page (common.ts `cursorPageOf`). */
    next?: Record<string, unknown>;
  };
}

/**
 * Names: the routes of this client's API; Paged: its page-based lists.
 * Concrete unions (not a generic API parameter) keep `Routes[N]` resolvable inside the generic methods.
 */
export abstract class ApiClient<Names extends RouteName, Paged extends Names> {
  readonly #core: Core;
  #writes = 0;
  /** The base URL every path of this client's routes is relative to. */
  readonly baseUrl: string;

  /** Writes (any call but a GET) started through this client: what was read before one may be stale. */
  get writes(): number {
    return this.#writes;
  }

  protected constructor(core: Core) {
    this.#core = core;
    this.baseUrl = core.target.baseUrl;
  }

  /**
   * Calls one route. The request is validated with the route's schemas (RequestValidationError, nothing sent),
   * the answer parsed with its response schema (ResponseShapeError). Every route is retried on 429; after a
   * lost answer (5xx, timeout, reset) a write is repeated only in the way recovery/table.ts gives for it: sent
   * again, read back (caller-chosen ids), or reconciled with a listing (server-chosen ids).
   */
  async call<N extends Names>(name: N, ...args: RequestArgs<Routes[N]>): Promise<ResponseOf<Routes[N]>> {
    const req: AnyRequest = args[0] ?? {};
    const p = this.#core.prepare(name, req);
    if (p.route.method !== "GET") this.#writes++;
    // The recovery table names a page-based list of the create's own API (a unit test checks): this client's.
    const listAll = (list: RouteCall<PagedRouteName>) =>
      this.listAll(list.name as Paged, ...([list.req] as RequestArgs<Routes[Paged]>));
    return sendRecovering(this.#core, p, req, listAll) as Promise<ResponseOf<Routes[N]>>;
  }

  /**
   * Every item of a list, fetching page after page as it goes: by page number (from `query.page`, default 1),
   * or, for a cursor list, from the cursor each page gives (each item once: a cursor may repeat its edge).
   */
  async *paginate<N extends Paged>(
    name: N,
    ...args: RequestArgs<Routes[N]>
  ): AsyncGenerator<PageItemOf<Routes[N]>, void, undefined> {
    const req: AnyRequest = args[0] ?? {};
    const query = (typeof req.query === "object" && req.query !== null ? req.query : {}) as Record<
      string,
      unknown
    >;
    let page: Record<string, unknown> =
      "page" in query || !this.#cursor(name) ? { page: Number(query.page ?? 1) } : {};
    const seen = new Set<string>();
    for (;;) {
      const p = this.#core.prepare(name, { ...req, query: { ...query, ...page } });
      const res = (await this.#core.send(p)) as PageResponse;
      // A page that comes back empty also ends the walk, whatever the counters say.
      if (res.data.length === 0) return;
      const { next } = res.meta;
      if (next) {
        let fresh = 0;
        for (const item of res.data) {
          const key = JSON.stringify(item);
          if (seen.has(key)) continue;
          seen.add(key);
          fresh++;
          yield item as PageItemOf<Routes[N]>;
        }
        // The service gives a cursor on the last page too: a page with nothing new is the end.
        if (fresh === 0) return;
        page = next;
        continue;
      }
      for (const item of res.data) yield item as PageItemOf<Routes[N]>;
      const { current_page, total_pages } = res.meta.pagination;
      if (current_page >= total_pages) return;
      page = { page: current_page + 1 };
    }
  }

  /** Whether `name` is a cursor list (its query has no page number to send). */
  #cursor(name: Names): boolean {
    const q = ((routes[name] as RouteSpec).query as { shape?: Record<string, unknown> } | undefined)?.shape;
    return q !== undefined && !("page" in q);
  }

  /** All items of a page-based list. */
  async listAll<N extends Paged>(
    name: N,
    ...args: RequestArgs<Routes[N]>
  ): Promise<Array<PageItemOf<Routes[N]>>> {
    const out: Array<PageItemOf<Routes[N]>> = [];
    for await (const item of this.paginate(name, ...args)) out.push(item as PageItemOf<Routes[N]>);
    return out;
  }

  /**
   * The shared request budget of this client's app, or of one of its route families (Data Import): in flight,
   * queued, started in the window. Undefined for a family this client's API has none of.
   */
  budgetStats(): BudgetStats;
  budgetStats(family: RouteFamily): BudgetStats | undefined;
  budgetStats(family?: RouteFamily): BudgetStats | undefined {
    const t = this.#core.target;
    return family === undefined ? t.budget.stats() : t.families[family]?.stats();
  }

  protected describe(): string {
    return `${this.constructor.name} ${this.baseUrl}`;
  }

  // Credentials live in private fields; these keep them out of JSON and inspect output all the same.
  toJSON(): Record<string, unknown> {
    return { client: this.constructor.name, baseUrl: this.baseUrl };
  }
  [inspect.custom](): string {
    return `${this.describe()} { credentials: [REDACTED] }`;
  }
}

// Options common to both clients, and how they become a Target.
import { type Api, ROUTE_FAMILIES, type RouteFamily, routes } from "../contract";
import { type BudgetOptions, findBudget, type RequestBudget, sharedBudget } from "./budget";
import { type LocalClock, SYSTEM_CLOCK } from "./clock";
import { ConfigurationError } from "./endpoints";
import { Redactor } from "./redact";
import { DEFAULT_RETRY, type RetryOptions } from "./retry";
import { DEFAULT_TIMEOUT_MS } from "./transport";
import type { ClientLogger } from "./types";

/** Where and how one client sends: its base URL, credential headers and shared budgets. */
export interface Target {
  api: Api;
  baseUrl: string;
  /** Credential headers; they go on the wire and nowhere else. */
  headers: Readonly<Record<string, string>>;
  redactor: Redactor;
  budget: RequestBudget;
  /** The budgets of the route families of this API that the service counts apart (Data Import). */
  families: Readonly<Partial<Record<RouteFamily, RequestBudget>>>;
  timeoutMs: number;
  retry: RetryOptions;
  /** The time every wait is measured and spent on: the budget's window, a 429's pause, a backoff. */
  clock: LocalClock;
  logger: ClientLogger | undefined;
  userAgent: string;
}

export interface ClientOptions {
  /** Per-attempt timeout (default 30 000 ms). */
  timeoutMs?: number;
  /** Retry policy (default: 4 retries, 300 ms doubling to 10 s with jitter, Retry-After up to 60 s). */
  retry?: Partial<RetryOptions>;
  /**
   * Limits of the request budget this client shares with every client of the same app in the process
   * (default 450 requests per minute, 10 in flight). Given here, they reconfigure the shared budget.
   */
  budget?: Partial<BudgetOptions>;
  /**
   * Requests a minute of each route family the service counts apart, shared like the budget (default: the
   * contract's, Data Import's 60). A request of a family takes a slot of both budgets.
   */
  families?: Partial<Record<RouteFamily, number>>;
  /**
   * The clock the client reads and waits on (default the system's). Given here, it is the shared budgets'
   * too. For tests and simulations: one moved by hand makes every wait happen when the caller says.
   */
  clock?: LocalClock;
  /** Receives one debug line per HTTP attempt (method, path, status, ms, attempt); never credentials. */
  logger?: ClientLogger;
  /** Sent as the user-agent header. */
  userAgent?: string;
}

export const DEFAULT_USER_AGENT = "pulumi-chat";

export function makeTarget(
  api: Api,
  baseUrl: string,
  budgetKey: string,
  headers: Record<string, string>,
  opts: ClientOptions,
): Target {
  const timeoutMs = opts.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  if (!Number.isFinite(timeoutMs) || timeoutMs <= 0) {
    throw new ConfigurationError("timeoutMs", `must be a positive number of ms (got ${timeoutMs})`);
  }
  const retry: RetryOptions = { ...DEFAULT_RETRY, ...opts.retry };
  for (const [k, v] of Object.entries(retry)) {
    if (!Number.isFinite(v) || v < 0)
      throw new ConfigurationError(`retry.${k}`, `must be a number >= 0 (got ${v})`);
  }
  let budget: Target["budget"];
  try {
    budget = sharedBudget(budgetKey, opts.budget, opts.clock);
  } catch (e) {
    throw new ConfigurationError("budget", e instanceof Error ? e.message : String(e));
  }
  const families: Partial<Record<RouteFamily, RequestBudget>> = {};
  for (const [family, { routes: names, perMinute }] of Object.entries(ROUTE_FAMILIES) as [
    RouteFamily,
    (typeof ROUTE_FAMILIES)[RouteFamily],
  ][]) {
    if (!names.some((n) => routes[n].api === api)) continue;
    // Keyed under the app's budget: every client of the app shares its families' budgets too; a limit
    // given here reconfigures the family's budget, the contract's only starts it.
    const key = `${budgetKey} ${family}`;
    const given = opts.families?.[family];
    try {
      families[family] =
        given !== undefined
          ? sharedBudget(key, { requestsPerMinute: given }, opts.clock)
          : sharedBudget(key, findBudget(key) ? undefined : { requestsPerMinute: perMinute }, opts.clock);
    } catch (e) {
      throw new ConfigurationError(`families.${family}`, e instanceof Error ? e.message : String(e));
    }
  }
  return {
    api,
    baseUrl,
    headers,
    redactor: new Redactor(Object.values(headers)),
    budget,
    families,
    timeoutMs,
    retry,
    clock: opts.clock ?? SYSTEM_CLOCK,
    logger: opts.logger,
    userAgent: opts.userAgent ?? DEFAULT_USER_AGENT,
  };
}

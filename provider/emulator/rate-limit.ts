// A per-app request budget per minute (docs/service/errors-and-limits.md), reported with the service's headers. The window
// opens with an app's first request and lasts 60 s: a fixed clock-minute window would make small budgets
// in tests depend on when the minute turns.
import { ROUTE_FAMILIES } from "../contract";

export interface RateState {
  limit: number;
  remaining: number;
  /** Unix seconds when the window closes. */
  reset: number;
  allowed: boolean;
  /** Seconds until the window closes (at least 1). */
  retryAfter: number;
}

const WINDOW_MS = 60_000;

/** The service's budget for standard operations (docs/service/errors-and-limits.md); core operations (10,000) are not split out. */
export const DEFAULT_RATE_LIMIT_PER_MINUTE = 20_000;

/** The data-import routes' budget (docs/service/data-import.md), counted apart from the shared one. */
export const DEFAULT_IMPORT_RATE_LIMIT_PER_MINUTE = ROUTE_FAMILIES.dataImport.perMinute;

export class RateLimiter {
  private readonly windows = new Map<string, { start: number; used: number }>();

  /** `perMinute` 0 turns limiting off. */
  constructor(private readonly perMinute: number) {}

  get enabled(): boolean {
    return this.perMinute > 0;
  }

  get limit(): number {
    return this.perMinute;
  }

  take(appId: string, nowMs: number = Date.now()): RateState {
    let w = this.windows.get(appId);
    if (!w || nowMs - w.start >= WINDOW_MS) {
      w = { start: nowMs, used: 0 };
      this.windows.set(appId, w);
    }
    const allowed = w.used < this.perMinute;
    if (allowed) w.used++;
    const closesAt = w.start + WINDOW_MS;
    return {
      limit: this.perMinute,
      remaining: this.perMinute - w.used,
      reset: Math.ceil(closesAt / 1000),
      allowed,
      retryAfter: Math.max(1, Math.ceil((closesAt - nowMs) / 1000)),
    };
  }

  clear(): void {
    this.windows.clear();
  }
}

export function rateHeaders(s: Pick<RateState, "limit" | "remaining" | "reset">): Record<string, string> {
  return {
    "x-ratelimit-limit": String(s.limit),
    "x-ratelimit-remaining": String(s.remaining),
    "x-ratelimit-reset": String(s.reset),
  };
}

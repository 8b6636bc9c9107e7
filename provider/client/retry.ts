// The retry policy: which failed attempts are sent again and after how long. Every attempt takes its own slot
// of the shared budget (transport.ts) and gives it back while it waits here; a 429 holds back the whole app's
// budget; a write whose answer was lost is sent again only when that is safe (recovery/,
// docs/decisions/0021-retries-and-lost-creates.md).
import { pause } from "./clock";
import { ChatApiError, ConnectionError, neverSent, RateLimitError, ServerError } from "./errors";
import type { Target } from "./options";

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

/** The wait before attempt `attempt + 1`. */
export function backoff(retry: RetryOptions, attempt: number): number {
  const cap = Math.min(retry.maxDelayMs, retry.baseDelayMs * 2 ** (attempt - 1));
  // Equal jitter: at least half the step, so clients that failed together do not retry together.
  return Math.round(cap / 2 + (Math.random() * cap) / 2);
}

/** The answer was lost: the request may or may not have taken effect. */
export const isLost = (e: ChatApiError): boolean =>
  ServerError.isInstance(e) || ConnectionError.isInstance(e);

/** How long to wait before sending again after `err`, or undefined to give up. */
function retryDelay(t: Target, err: ChatApiError, attempt: number, retryLost: boolean): number | undefined {
  if (attempt > t.retry.retries) return undefined;
  if (RateLimitError.isInstance(err)) {
    const asked = err.retryAfterMs;
    if (asked !== undefined && asked > t.retry.maxRetryAfterMs) return undefined;
    const wait = asked ?? backoff(t.retry, attempt);
    // Every request of this app waits, not only this one: the limit is the app's.
    t.budget.pauseUntil(t.clock.now() + wait);
    return wait + Math.round(Math.random() * Math.min(1000, wait * 0.1));
  }
  if (neverSent(err)) return backoff(t.retry, attempt);
  if (retryLost && isLost(err)) return backoff(t.retry, attempt);
  return undefined;
}

/**
 * Runs `once` (one attempt) with retries: 429 always (the server refused before doing anything), connection
 * failures that happened before sending always, and 5xx, timeouts and resets only when `retryLost` (routes
 * that are safe to send again as they are: recovery/table.ts).
 */
export async function withRetries(
  t: Target,
  retryLost: boolean,
  once: (attempt: number) => Promise<unknown>,
): Promise<unknown> {
  for (let attempt = 1; ; attempt++) {
    let err: ChatApiError;
    try {
      return await once(attempt);
    } catch (e) {
      if (!ChatApiError.isInstance(e)) throw e;
      err = e;
    }
    const delay = retryDelay(t, err, attempt, retryLost);
    if (delay === undefined) throw err;
    await pause(t.clock, delay);
  }
}

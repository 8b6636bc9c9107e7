// The client-side request budget (bug class 3, docs/bug-classes.md): a cap on requests started per window and on
// requests in flight, shared by every client of one app in the process, so that a large `pulumi up` with many
// resources in parallel stays under the service's rate limit instead of collecting 429s.
//
// The window is a sliding log, not a refilling token bucket: a bucket of capacity N refilled at N per minute
// can start 2N requests within one minute, a sliding log never starts more than N in any window
// (docs/decisions/0020-request-budget.md). A request is logged from the moment it starts until one window
// after its answer: the service counts it when it arrives, somewhere between the two, so a first request
// slowed by its connection cannot open the service's window after ours and let the window's N+1st arrive
// inside it (decision 0121). Its time is a LocalClock (clock.ts): the system's, or a test's.
import { type LocalClock, SYSTEM_CLOCK } from "./clock";
import { type OthersInWindow, SharedLog, sharedBudgetDir } from "./shared-log";

export interface BudgetOptions {
  /**
   * Requests started per window (default 450: under the Build plan's 500 per minute, docs/service/errors-and-limits.md, until
   * the service's X-RateLimit-Limit header tells the app's own limit; given explicitly, it is kept).
   */
  requestsPerMinute: number;
  /** Requests in flight at once (default 10). */
  concurrency: number;
  /** The window's length in ms (default 60 000; shorter windows are for tests and proxies with other quotas). */
  windowMs: number;
}

export const DEFAULT_BUDGET: Readonly<BudgetOptions> = {
  requestsPerMinute: 450,
  concurrency: 10,
  windowMs: 60_000,
};

export interface BudgetStats {
  inFlight: number;
  queued: number;
  /** Requests in flight, and answered within the current window. */
  inWindow: number;
  /** Most requests ever in flight at once. */
  peakInFlight: number;
  /** Requests started since creation. */
  started: number;
  limits: Readonly<BudgetOptions>;
}

/** Ends the hold on one concurrency slot; calling it twice is harmless. */
export type Release = () => void;

function checkOptions(o: BudgetOptions): BudgetOptions {
  for (const [name, v] of Object.entries(o)) {
    if (!Number.isInteger(v) || v < 1)
      throw new RangeError(`budget.${name} must be a positive integer (got ${v})`);
  }
  return o;
}

/** How soon a budget held back by other processes' requests in flight looks again (their answers are not heard). */
const SHARED_POLL_MS = 100;

/** Two logs of answer times, oldest first, as one. */
function merge(a: readonly number[], b: readonly number[]): number[] {
  if (b.length === 0) return a as number[];
  return [...a, ...b].sort((x, y) => x - y);
}

export class RequestBudget {
  #limits: BudgetOptions;
  #clock: LocalClock;
  /** When the requests answered within the window were answered, oldest first (those in flight count too). */
  #answered: number[] = [];
  #inFlight = 0;
  #peak = 0;
  #started = 0;
  #pausedUntil = 0;
  /** Limits set by the user: the service's headers do not change them. */
  #pinned = false;
  #queue: Array<(release: Release) => void> = [];
  /** Cancels the pending wake-up. */
  #timer: (() => void) | undefined;
  #timerAt = 0;
  /** The app's log shared with the other processes of this machine (shared-log.ts), when there is one. */
  #shared: SharedLog | undefined;

  /**
   * `shared`: the app's log in a file, shared with other processes (and other budgets) that read the same
   * clock; each start then also takes a slot of it.
   */
  constructor(limits: Partial<BudgetOptions> = {}, clock: LocalClock = SYSTEM_CLOCK, shared?: SharedLog) {
    this.#limits = checkOptions({ ...DEFAULT_BUDGET, ...limits });
    this.#pinned = limits.requestsPerMinute !== undefined;
    this.#clock = clock;
    this.#shared = shared;
  }

  /**
   * Measures time on `clock` from now on (a client given its own clock: tests). Starts and a pause read on
   * the former clock mean nothing on this one: they are forgotten, and waiting requests re-examined.
   */
  useClock(clock: LocalClock): void {
    if (clock === this.#clock) return;
    this.#timer?.();
    this.#timer = undefined;
    this.#clock = clock;
    // The shared file holds the system's time: a test's clock would read it wrong.
    this.#shared = undefined;
    this.#answered = [];
    this.#pausedUntil = 0;
    this.#pump();
  }

  get limits(): Readonly<BudgetOptions> {
    return this.#limits;
  }

  /** Changes the limits of this shared budget; waiting requests are re-examined at once. */
  configure(limits: Partial<BudgetOptions>): void {
    this.#limits = checkOptions({ ...this.#limits, ...limits });
    if (limits.requestsPerMinute !== undefined) this.#pinned = true;
    this.#pump();
  }

  /**
   * The service's own limit for the app (its X-RateLimit-Limit header): the budget follows it, unless the
   * user pinned one. Plans differ by 40× (500 to 20,000 a minute): assuming the smallest would make every
   * large operation on a paid plan wait for nothing, assuming more would collect 429s on a free one.
   */
  learn(perMinute: number): void {
    if (this.#pinned || !Number.isInteger(perMinute) || perMinute < 1) return;
    if (perMinute === this.#limits.requestsPerMinute || this.#limits.windowMs !== DEFAULT_BUDGET.windowMs)
      return;
    this.#limits = { ...this.#limits, requestsPerMinute: perMinute };
    this.#pump();
  }

  /** Waits for a slot in both the window and the concurrency cap; the start is counted when it resolves. */
  acquire(): Promise<Release> {
    return new Promise((resolve) => {
      this.#queue.push(resolve);
      this.#pump();
    });
  }

  /** Holds every new start until `untilMs` (epoch ms): the server said the app is over its limit (429). */
  pauseUntil(untilMs: number): void {
    if (untilMs > this.#pausedUntil) this.#pausedUntil = untilMs;
    this.#pump();
  }

  stats(): BudgetStats {
    this.#prune(this.#clock.now());
    return {
      inFlight: this.#inFlight,
      queued: this.#queue.length,
      inWindow: this.#inFlight + this.#answered.length,
      peakInFlight: this.#peak,
      started: this.#started,
      limits: this.#limits,
    };
  }

  #prune(now: number): void {
    const from = now - this.#limits.windowMs;
    let i = 0;
    while (i < this.#answered.length && (this.#answered[i] ?? 0) <= from) i++;
    if (i > 0) this.#answered.splice(0, i);
  }

  #pump(): void {
    while (this.#queue.length > 0) {
      if (this.#inFlight >= this.#limits.concurrency) return; // a release pumps again
      const now = this.#clock.now();
      this.#prune(now);
      let wakeAt: number | undefined;
      let granted = false;
      // With a shared log, the others' part is read and the slot taken under one lock: two processes
      // cannot both take the last slot.
      this.#withShared(now, (others) => {
        wakeAt = this.#waitUntil(now, others);
        granted = wakeAt !== undefined && wakeAt <= now;
        if (granted) this.#inFlight++;
      });
      if (!granted) {
        if (wakeAt !== undefined) this.#wakeAt(wakeAt);
        return; // else a release pumps again
      }
      const resolve = this.#queue.shift();
      if (!resolve) {
        this.#inFlight--;
        return;
      }
      this.#started++;
      this.#peak = Math.max(this.#peak, this.#inFlight);
      resolve(this.#releaser());
    }
  }

  /**
   * When the next start may happen (`now` or earlier: at once); undefined: when one of this budget's
   * requests in flight is answered (its release pumps again).
   */
  #waitUntil(now: number, others: OthersInWindow | undefined): number | undefined {
    let wakeAt = Math.max(this.#pausedUntil, now);
    const answered = merge(this.#answered, others?.answered ?? []);
    const inWindow = this.#inFlight + (others?.inFlight ?? 0) + answered.length;
    if (inWindow >= this.#limits.requestsPerMinute) {
      // The answer that leaves the window first frees the next slot; with too many in flight for that,
      // an answer's release pumps again (another process's is not heard: look again shortly).
      const leaving = answered[inWindow - this.#limits.requestsPerMinute];
      if (leaving === undefined) return others && others.inFlight > 0 ? now + SHARED_POLL_MS : undefined;
      wakeAt = Math.max(wakeAt, leaving + this.#limits.windowMs + 1);
    }
    return wakeAt;
  }

  /**
   * Runs `step` with the other processes' part of the window and publishes this budget's log after it, under
   * the shared file's lock; without a shared log (or once it failed: a folder not writable), `step` alone.
   */
  #withShared(now: number, step: (others: OthersInWindow | undefined) => void): void {
    const shared = this.#shared;
    let stepped = false;
    if (shared) {
      try {
        shared.transact(now, this.#limits.windowMs, (others) => {
          step(others);
          stepped = true;
          return { pid: process.pid, inFlight: this.#inFlight, answered: [...this.#answered] };
        });
        return;
      } catch {
        // Sharing is a courtesy to other processes: this one's budget still holds without it.
        this.#shared = undefined;
      }
    }
    if (!stepped) step(undefined);
  }

  /** Stops sharing: this budget's log leaves the shared file, and what it still has in flight is not published. */
  forget(): void {
    this.#shared?.leave();
    this.#shared = undefined;
  }

  #releaser(): Release {
    let done = false;
    return () => {
      if (done) return;
      done = true;
      this.#inFlight--;
      const now = this.#clock.now();
      this.#answered.push(now);
      if (this.#shared) {
        this.#prune(now);
        this.#withShared(now, () => {});
      }
      this.#pump();
    };
  }

  #wakeAt(at: number): void {
    if (this.#timer && this.#timerAt <= at) return;
    this.#timer?.();
    this.#timerAt = at;
    this.#timer = this.#clock.later(at - this.#clock.now(), () => {
      this.#timer = undefined;
      this.#pump();
    });
  }
}

// One budget per app (its id and base URL) in the whole process: every client of that app shares it.
const registry = new Map<string, RequestBudget>();

/**
 * The shared budget for `key`. Explicit `limits` reconfigure it (the last client built with explicit limits
 * sets them for all clients of the app), and so does an explicit `clock`; without them an existing budget is
 * reused as is.
 */
export function sharedBudget(
  key: string,
  limits?: Partial<BudgetOptions>,
  clock?: LocalClock,
): RequestBudget {
  let b = registry.get(key);
  if (!b) {
    b = new RequestBudget(limits, clock, clock && clock !== SYSTEM_CLOCK ? undefined : sharedLog(key));
    registry.set(key, b);
    return b;
  }
  if (limits && Object.keys(limits).length > 0) b.configure(limits);
  if (clock) b.useClock(clock);
  return b;
}

/** The app's log shared with other processes, in the folder CHAT_BUDGET_DIR names (unless "off"). */
function sharedLog(key: string): SharedLog | undefined {
  const dir = sharedBudgetDir();
  if (dir === undefined) return undefined;
  try {
    return new SharedLog(dir, key);
  } catch {
    return undefined; // a folder that cannot be made: each process keeps its own budget
  }
}

/** The budget registered for `key`, if any (for stats). */
export const findBudget = (key: string): RequestBudget | undefined => registry.get(key);

/** Forgets every shared budget (tests; a process that switches apps does not need it). */
export function resetBudgets(): void {
  // Their logs leave the shared file too: a fresh budget of this process starts from an empty window.
  for (const b of registry.values()) b.forget();
  registry.clear();
}

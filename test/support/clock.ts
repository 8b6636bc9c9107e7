// Time for tests that must not depend on how fast the machine runs: a clock moved by hand, given to the client
// (ClientOptions.clock) and to the emulator (EmulatorOptions.clock), and waits for EVENTS (a file appearing,
// a request logged, nothing left in flight), each with a generous overall limit only as a hang guard.

/** A clock that stands still until told to move; its timers run in time order as it passes them. */
export class ManualClock {
  #now: number;
  #timers: { at: number; seq: number; fn: () => void }[] = [];
  #seq = 0;

  constructor(start = 1_700_000_000_000) {
    this.#now = start;
  }

  now(): number {
    return this.#now;
  }

  later(ms: number, fn: () => void): () => void {
    const timer = { at: this.#now + Math.max(0, ms), seq: this.#seq++, fn };
    this.#timers.push(timer);
    return () => {
      this.#timers = this.#timers.filter((t) => t !== timer);
    };
  }

  /** Timers waiting for the clock. */
  get pending(): number {
    return this.#timers.length;
  }

  /** When the next timer is due, if any. */
  get nextAt(): number | undefined {
    return this.#timers.reduce<number | undefined>(
      (a, t) => (a === undefined || t.at < a ? t.at : a),
      undefined,
    );
  }

  /** Moves the clock by `ms`, running every timer it passes, in time order (a timer set meanwhile too). */
  advance(ms: number): void {
    this.advanceTo(this.#now + ms);
  }

  advanceTo(at: number): void {
    for (;;) {
      const due = this.#timers.filter((t) => t.at <= at).sort((a, b) => a.at - b.at || a.seq - b.seq)[0];
      if (!due) break;
      this.#timers = this.#timers.filter((t) => t !== due);
      this.#now = Math.max(this.#now, due.at);
      due.fn();
    }
    this.#now = Math.max(this.#now, at);
  }
}

/**
 * The system's clock, which a test moves forward at once (`jump`) instead of sleeping: an object made "before"
 * another is a jump older, whatever the machine's speed. Its timers are the system's.
 */
export class JumpingClock {
  #ahead = 0;

  now(): number {
    return Date.now() + this.#ahead;
  }

  later(ms: number, fn: () => void): () => void {
    const timer = setTimeout(fn, Math.max(0, ms));
    return () => clearTimeout(timer);
  }

  jump(ms: number): void {
    this.#ahead += ms;
  }
}

/** Lets every callback already queued run (promise reactions, I/O that is ready). */
export const settle = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Waits for `check` to hold: an event, polled. `what` names it in the error thrown when `guardMs` pass first
 * (a hang guard, far beyond what the event takes on any machine).
 */
export async function until(
  check: () => boolean | Promise<boolean>,
  what: string,
  guardMs = 30_000,
): Promise<void> {
  const end = Date.now() + guardMs;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`gave up waiting for ${what} after ${guardMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

/** What a promise came to, read without waiting. */
export function tracked<T>(p: Promise<T>): { readonly done: boolean; readonly promise: Promise<T> } {
  const state = { done: false, promise: p };
  p.then(
    () => {
      state.done = true;
    },
    () => {
      state.done = true;
    },
  );
  return state;
}

/**
 * Runs `work` to its end on `clock`: whenever it is `idle` (nothing in flight: it waits on the clock alone),
 * `observe` is called and the clock moves to its next timer. Returns the work's result.
 */
export async function drive<T>(
  clock: ManualClock,
  work: Promise<T>,
  idle: () => boolean,
  observe: () => void = () => undefined,
): Promise<T> {
  const w = tracked(work);
  for (;;) {
    await until(() => w.done || (idle() && clock.pending > 0), "the work to end or wait on the clock");
    await settle();
    if (w.done) break;
    if (!idle() || clock.pending === 0) continue;
    observe();
    clock.advanceTo(clock.nextAt ?? clock.now());
  }
  observe();
  return w.promise;
}

/**
 * `p`'s result, failing if it waits on `clock` instead (a timer set beside those already waiting): what "at
 * once" means without a stopwatch.
 */
export async function withoutWaiting<T>(clock: ManualClock, p: Promise<T>): Promise<T> {
  const before = clock.pending;
  const w = tracked(p);
  await until(() => w.done || clock.pending > before, "the call to end");
  await settle();
  if (!w.done) throw new Error(`it waits on the clock (${clock.pending - before} timer(s) set)`);
  return w.promise;
}

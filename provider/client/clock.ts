// The two clocks the client reads. Our own (LocalClock): the time every wait of the client is measured and
// spent on (the budget's window, a 429's pause, a retry's backoff), the system's unless a client is given
// another (a test's, moved by hand, so that no test depends on how fast the machine runs). And the service's
// as its Date headers tell it: a lost create's read-back compares the found object's createdAt (the
// service's clock) with the moment the create was sent (ours): the two clocks need not agree.

/** Our own time, read and waited on by the client. */
export interface LocalClock {
  /** Epoch milliseconds. */
  now(): number;
  /**
   * Runs `fn` once `ms` have passed; the result cancels it. A waiting request is work the process still has
   * to do: the system clock's timer holds the process open.
   */
  later(ms: number, fn: () => void): () => void;
}

export const SYSTEM_CLOCK: LocalClock = {
  now: () => Date.now(),
  later(ms, fn) {
    const timer = setTimeout(fn, Math.max(0, ms));
    return () => clearTimeout(timer);
  },
};

/** Resolves once `ms` have passed on `clock`. */
export const pause = (clock: LocalClock, ms: number): Promise<void> =>
  new Promise((resolve) => {
    clock.later(ms, resolve);
  });

export class ServiceClock {
  /** The service's clock minus ours, from the last Date header (1 s resolution). */
  #offsetMs: number | undefined;

  constructor(private readonly local: LocalClock = SYSTEM_CLOCK) {}

  /** Takes the offset from an answer's Date header, when it has one that parses. */
  learn(date: unknown): void {
    const ms = Date.parse(String(date ?? ""));
    if (Number.isFinite(ms)) this.#offsetMs = ms - this.local.now();
  }

  /** The service's clock at local time `localMs`, in Unix seconds. */
  seconds(localMs: number): number {
    return Math.floor((localMs + (this.#offsetMs ?? 0)) / 1000);
  }
}

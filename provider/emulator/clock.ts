// The emulator's time: the system's, or one a test moves by hand (EmulatorOptions.clock), so that a test of
// times (an object made "before", a rate-limit window, a request held by latency) waits for no real second.
// The same shape as the client's LocalClock (provider/client/clock.ts), which the emulator may not import
// (it stands on the contract alone): one test clock drives both.

export interface EmulatorClock {
  /** Epoch milliseconds. */
  now(): number;
  /** Runs `fn` once `ms` have passed; the result cancels it. */
  later(ms: number, fn: () => void): () => void;
}

export const SYSTEM_CLOCK: EmulatorClock = {
  now: () => Date.now(),
  later(ms, fn) {
    const timer = setTimeout(fn, Math.max(0, ms));
    return () => clearTimeout(timer);
  },
};

/** Resolves once `ms` have passed on `clock`. */
export const pause = (clock: EmulatorClock, ms: number): Promise<void> =>
  new Promise((resolve) => {
    clock.later(ms, resolve);
  });

import { findBudget, RequestBudget, resetBudgets } from "../../../provider/client";
import { sharedBudget } from "../../../provider/client/budget";
import { settle as flush, ManualClock } from "../../support/clock";

/** A clock moved by hand: the budget reads its time and waits on its timers. */
const clock = () => new ManualClock(1_000_000);

describe("RequestBudget", () => {
  it("never starts more than N requests in any window", async () => {
    const c = clock();
    const b = new RequestBudget({ requestsPerMinute: 3, concurrency: 100, windowMs: 1000 }, c);
    const startedAt: number[] = [];
    for (let i = 0; i < 7; i++) {
      void b.acquire().then((release) => {
        startedAt.push(c.now());
        release();
      });
    }
    await flush();
    expect(startedAt).toHaveLength(3);
    expect(b.stats()).toMatchObject({ queued: 4, inWindow: 3 });

    c.advance(999);
    await flush();
    expect(startedAt).toHaveLength(3); // the first three are still inside the window

    c.advance(2);
    await flush();
    expect(startedAt).toHaveLength(6);

    c.advance(1001);
    await flush();
    expect(startedAt).toHaveLength(7);
    // Sliding check: no window of 1000 ms holds more than 3 starts.
    for (const t of startedAt)
      expect(startedAt.filter((s) => s > t - 1000 && s <= t).length).toBeLessThanOrEqual(3);
  });

  it("counts a request from its start until one window after its answer (the service counts its arrival)", async () => {
    const c = clock();
    const b = new RequestBudget({ requestsPerMinute: 1, concurrency: 10, windowMs: 1000 }, c);
    const release = await b.acquire();
    let started = 0;
    void b.acquire().then(() => started++);
    c.advance(500); // answered half a window after it started
    release();
    c.advance(500);
    await flush();
    expect(started).toBe(0); // a window after the start: the service may have seen it arrive later
    c.advance(501);
    await flush();
    expect(started).toBe(1);
  });

  it("caps requests in flight and hands a released slot to the next in line", async () => {
    const b = new RequestBudget({ requestsPerMinute: 1000, concurrency: 2 });
    const order: number[] = [];
    const releases: Array<() => void> = [];
    for (let i = 0; i < 4; i++) {
      void b.acquire().then((release) => {
        order.push(i);
        releases.push(release);
      });
    }
    await flush();
    expect(order).toEqual([0, 1]);
    expect(b.stats()).toMatchObject({ inFlight: 2, queued: 2 });
    releases[0]!();
    releases[0]!(); // a second release of the same slot changes nothing
    await flush();
    expect(order).toEqual([0, 1, 2]);
    expect(b.stats()).toMatchObject({ inFlight: 2, queued: 1, peakInFlight: 2 });
    releases[1]!();
    releases[2]!();
    await flush();
    expect(order).toEqual([0, 1, 2, 3]);
  });

  it("holds every start while paused by a 429", async () => {
    const c = clock();
    const b = new RequestBudget({ requestsPerMinute: 100, concurrency: 10 }, c);
    b.pauseUntil(c.now() + 500);
    let started = 0;
    void b.acquire().then(() => started++);
    await flush();
    expect(started).toBe(0);
    c.advance(501);
    await flush();
    expect(started).toBe(1);
  });

  it("re-examines waiting requests when reconfigured", async () => {
    const b = new RequestBudget({ requestsPerMinute: 1000, concurrency: 1 });
    let started = 0;
    for (let i = 0; i < 3; i++) void b.acquire().then(() => started++);
    await flush();
    expect(started).toBe(1);
    b.configure({ concurrency: 3 });
    await flush();
    expect(started).toBe(3);
  });

  it("refuses limits that are not positive integers", () => {
    expect(() => new RequestBudget({ concurrency: 0 })).toThrow(
      /budget.concurrency must be a positive integer/,
    );
    expect(() => new RequestBudget({ requestsPerMinute: 1.5 })).toThrow(/requestsPerMinute/);
  });
});

describe("shared budgets", () => {
  afterEach(() => resetBudgets());

  it("gives every client of one app the same budget, and explicit limits reconfigure it", () => {
    const a = sharedBudget("chat app1 https://x", { concurrency: 2 });
    const b = sharedBudget("chat app1 https://x");
    expect(b).toBe(a);
    expect(b.limits.concurrency).toBe(2);
    sharedBudget("chat app1 https://x", { concurrency: 5 });
    expect(a.limits.concurrency).toBe(5);
    expect(sharedBudget("chat app2 https://x")).not.toBe(a);
    expect(findBudget("chat app1 https://x")).toBe(a);
    resetBudgets();
    expect(findBudget("chat app1 https://x")).toBeUndefined();
  });

  it("measures time on the clock a client gives, from then on", async () => {
    const b = sharedBudget("chat app6 https://x", { requestsPerMinute: 1, windowMs: 1000 });
    (await b.acquire())();
    const c = clock();
    expect(sharedBudget("chat app6 https://x", undefined, c)).toBe(b);
    let started = 0;
    const releases: Array<() => void> = [];
    for (let i = 0; i < 2; i++)
      void b.acquire().then((release) => {
        started++;
        releases.push(release);
      });
    await flush();
    expect(started).toBe(1);
    releases[0]?.();
    await flush();
    expect(c.pending).toBe(1); // the next start waits on the given clock, not the system's
    c.advance(1001);
    await flush();
    expect(started).toBe(2);
  });

  it("follows the limit the service announces, unless the user pinned one", () => {
    const learned = sharedBudget("chat app3 https://x");
    expect(learned.limits.requestsPerMinute).toBe(450);
    learned.learn(20_000);
    expect(learned.limits.requestsPerMinute).toBe(20_000);
    learned.learn(500);
    expect(learned.limits.requestsPerMinute).toBe(500);
    learned.learn(Number.NaN);
    expect(learned.limits.requestsPerMinute).toBe(500);

    const pinned = sharedBudget("chat app4 https://x", { requestsPerMinute: 100 });
    pinned.learn(20_000);
    expect(pinned.limits.requestsPerMinute).toBe(100);
    const configured = sharedBudget("chat app5 https://x");
    configured.configure({ requestsPerMinute: 50 });
    configured.learn(20_000);
    expect(configured.limits.requestsPerMinute).toBe(50);
  });
});

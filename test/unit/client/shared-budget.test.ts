// The request budget shared by the processes of one machine (decision 0125, issue 47 item 2): two budgets
// with one folder stand for two processes of one app; one hand-moved clock stands for the machine's.
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { RequestBudget } from "../../../provider/client";
import { SharedLog, sharedBudgetDir } from "../../../provider/client/shared-log";
import { settle as flush, ManualClock } from "../../support/clock";

const LIMIT = { requestsPerMinute: 3, concurrency: 100, windowMs: 1000 };
const KEY = "chat app1 http://127.0.0.1:9/v3";

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "shared-budget-"));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** Two budgets ("processes") each queue `n` requests answered at once; returns every start's time. */
async function run(shared: boolean, n: number, steps: number): Promise<number[]> {
  const c = new ManualClock(1_000_000);
  const log = () => (shared ? new SharedLog(dir, KEY) : undefined);
  const budgets = [new RequestBudget(LIMIT, c, log()), new RequestBudget(LIMIT, c, log())];
  const starts: number[] = [];
  for (const b of budgets)
    for (let i = 0; i < n; i++)
      void b.acquire().then((release) => {
        starts.push(c.now());
        release();
      });
  await flush();
  for (let i = 0; i < steps; i++) {
    c.advance(250);
    await flush();
  }
  return starts;
}

/** The most starts in any window of 1000 ms. */
const busiest = (starts: number[]) =>
  Math.max(...starts.map((t) => starts.filter((s) => s > t - 1000 && s <= t).length));

describe("a budget shared by processes on one machine", () => {
  it("keeps two processes of one app within the app's limit in every window, together", async () => {
    const starts = await run(true, 5, 20);
    expect(starts).toHaveLength(10); // every request went, in time
    expect(busiest(starts)).toBe(3);
  });

  it("without sharing, the two would start twice the limit in one window (what the test above guards)", async () => {
    const starts = await run(false, 5, 20);
    expect(busiest(starts)).toBe(6);
  });

  it("a forgotten budget (resetBudgets) leaves the file: a fresh budget of the app is not held back by it", async () => {
    const c = new ManualClock(1_000_000);
    const old = new RequestBudget({ ...LIMIT, requestsPerMinute: 2 }, c, new SharedLog(dir, KEY));
    (await old.acquire())();
    (await old.acquire())();
    old.forget();
    const fresh = new RequestBudget({ ...LIMIT, requestsPerMinute: 2 }, c, new SharedLog(dir, KEY));
    let started = 0;
    void fresh.acquire().then((release) => {
      started++;
      release();
    });
    await flush();
    expect(started).toBe(1); // without forget(), the old budget's two answers fill the window
  });

  it("counts another process's requests in flight, and starts once they are answered and out of the window", async () => {
    const c = new ManualClock(1_000_000);
    const a = new RequestBudget({ ...LIMIT, requestsPerMinute: 2 }, c, new SharedLog(dir, KEY));
    const b = new RequestBudget({ ...LIMIT, requestsPerMinute: 2 }, c, new SharedLog(dir, KEY));
    const held = [await a.acquire(), await a.acquire()];
    let started = 0;
    void b.acquire().then(() => started++);
    c.advance(500);
    await flush();
    expect(started).toBe(0); // a's two are in flight: b looks again, and waits
    for (const release of held) release(); // answered at +500: they leave the window at +1500
    c.advance(999);
    await flush();
    expect(started).toBe(0);
    c.advance(200);
    await flush();
    expect(started).toBe(1);
  });

  it("keeps the answers of a process that is gone until they leave the window, and drops its requests in flight", async () => {
    const c = new ManualClock(1_000_000);
    const lim = { ...LIMIT, requestsPerMinute: 2 };
    const a = new RequestBudget(lim, c, new SharedLog(dir, KEY));
    (await a.acquire())(); // answered at 1_000_000
    await a.acquire(); // in flight when its process dies
    const [file] = readdirSync(dir).filter((f) => f.endsWith(".json"));
    if (!file) throw new Error("no shared file");
    const logs = JSON.parse(readFileSync(join(dir, file), "utf8")) as Record<string, { pid: number }>;
    // The same log, as left by a process that has exited (no pid is that large).
    const dead = Object.fromEntries(Object.values(logs).map((v) => ["gone", { ...v, pid: 2 ** 22 + 7 }]));
    writeFileSync(join(dir, file), JSON.stringify(dead));
    const b = new RequestBudget(lim, c, new SharedLog(dir, KEY));
    let started = 0;
    void b.acquire().then(() => started++);
    void b.acquire().then(() => started++);
    await flush();
    expect(started).toBe(1); // the dead one's answer still counts; its request in flight does not
    c.advance(1001);
    await flush();
    expect(started).toBe(2);
  });

  it("keeps its own budget when the shared file cannot be written, counting each start once", async () => {
    const c = new ManualClock(1_000_000);
    const log = new SharedLog(dir, KEY);
    log.transact(c.now(), 1000, () => ({ pid: process.pid, inFlight: 1, answered: [] }));
    const [file] = readdirSync(dir);
    if (!file) throw new Error("no shared file");
    rmSync(join(dir, file));
    mkdirSync(join(dir, file)); // read and write now fail, after the slot is decided
    const b = new RequestBudget(LIMIT, c, new SharedLog(dir, KEY));
    await b.acquire();
    expect(b.stats()).toMatchObject({ inFlight: 1, started: 1 });
    await b.acquire();
    await b.acquire();
    let fourth = false;
    void b.acquire().then(() => {
      fourth = true;
    });
    await flush();
    expect(fourth).toBe(false); // its own limit of 3 still holds
  });

  it("names the app's file by a hash of its key, never by the key itself, and is off when told", () => {
    new SharedLog(dir, KEY).transact(1, 1000, () => ({ pid: process.pid, inFlight: 1, answered: [] }));
    const names = readdirSync(dir);
    expect(names).toEqual([expect.stringMatching(/^[0-9a-f]{32}\.json$/)]);
    expect(names.join()).not.toContain("app1");
    expect(sharedBudgetDir({ CHAT_BUDGET_DIR: "off" })).toBeUndefined();
    expect(sharedBudgetDir({ CHAT_BUDGET_DIR: dir })).toBe(dir);
    expect(sharedBudgetDir({})).toBe(join(tmpdir(), "pulumi-chat-budgets"));
  });
});

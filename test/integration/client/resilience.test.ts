// Retries, lost creates and the request budget under faults injected into the emulator, with every claim
// checked on the emulator's side: what reached it, how often, and when. "When" is read on a clock the test
// moves by hand (test/support/clock.ts), never on the machine's: no claim here depends on its speed.

import { ChatClient, ConnectionError, resetBudgets, ServerError } from "../../../provider/client";
import { drive, ManualClock, settle, tracked, until, withoutWaiting } from "../../support/clock";
import { FAST, startEmulated, unique, useEmulated } from "../../support/emulator";
import { received, recordingLogger, rejectionOf } from "./helpers";

const emulator = useEmulated({ clientOptions: FAST });
const owner = unique("owner");

beforeAll(async () => {
  await emulator()
    .chatClient()
    .call("createUser", { body: { uid: owner, name: "Owner" } });
});
beforeEach(() => {
  emulator().admin.clearFaults();
  emulator().admin.clearRequests();
});
afterEach(() => resetBudgets());

/** Nothing of the app's budget in flight: whatever is left waits on the clock alone. */
const idle = (chat: ChatClient) => () => chat.budgetStats().inFlight === 0;

/**
 * Runs `work` on `clock` (drive) and records, at each moment the clock stood, how many of `count`'s requests
 * had reached the emulator: [ms since the start, requests].
 */
async function timeline<T>(
  clock: ManualClock,
  chat: ChatClient,
  work: Promise<T>,
  count: () => number,
): Promise<{ result: T; seen: [number, number][] }> {
  const start = clock.now();
  const seen: [number, number][] = [];
  const result = await drive(clock, work, idle(chat), () => seen.push([clock.now() - start, count()]));
  return { result, seen };
}

/** Most requests sent within any `windowMs` (half-open, ending at a moment seen). */
function mostInWindow(seen: readonly [number, number][], windowMs: number): number {
  let most = 0;
  for (const [at, n] of seen) {
    const before = seen.filter(([t]) => t <= at - windowMs).reduce((a, [, m]) => Math.max(a, m), 0);
    most = Math.max(most, n - before);
  }
  return most;
}

describe("retries", () => {
  it("retries an idempotent GET through 5xx answers and logs each attempt", async () => {
    emulator().admin.setFaults([{ kind: "error", method: "GET", path: "/v3/users/*", times: 2 }]);
    const log = recordingLogger();
    const r = await emulator()
      .chatClient({ logger: log.logger })
      .call("getUser", {
        params: { uid: owner },
      });
    expect(r.data.uid).toBe(owner);
    expect(received(emulator(), "GET", `/v3/users/${owner}`).map((x) => x.status)).toEqual([500, 500, 200]);
    expect(log.fields.map((f) => [f.attempt, f.status])).toEqual([
      [1, 500],
      [2, 500],
      [3, 200],
    ]);
  });

  it("retries an idempotent PUT whose answer was lost", async () => {
    emulator().admin.setFaults([{ kind: "dropAfterApply", method: "PUT", path: "/v3/users/*", times: 1 }]);
    const r = await emulator()
      .chatClient()
      .call("updateUser", {
        params: { uid: owner },
        body: { name: "Renamed" },
      });
    expect(r.data.name).toBe("Renamed");
    expect(received(emulator(), "PUT", `/v3/users/${owner}`)).toHaveLength(2);
  });

  it("retries an idempotent GET after a timeout", async () => {
    emulator().admin.setFaults([
      { kind: "latency", method: "GET", path: "/v3/roles", latencyMs: 1000, times: 1 },
    ]);
    const r = await emulator().chatClient({ timeoutMs: 200 }).call("listRoles");
    expect(r.data.length).toBeGreaterThan(0);
    // The emulator logs a request when it answers: wait for the slow one's (unheard) answer.
    await until(() => received(emulator(), "GET", "/v3/roles").length >= 2, "the slow answer");
    expect(received(emulator(), "GET", "/v3/roles").map((x) => x.status)).toEqual([200, 200]);
  });

  it("never repeats a POST without a caller-chosen id after a 5xx or a lost answer", async () => {
    emulator().admin.setFaults([{ kind: "error", method: "POST", path: "/v3/messages", times: 1 }]);
    const send = () =>
      emulator()
        .chatClient()
        .call("sendMessage", {
          body: { receiver: owner, receiverType: "user", data: { text: "once" } },
        });
    expect(await rejectionOf(send())).toBeInstanceOf(ServerError);
    expect(received(emulator(), "POST", "/v3/messages")).toHaveLength(1);

    emulator().admin.setFaults([{ kind: "dropAfterApply", method: "POST", path: "/v3/messages", times: 1 }]);
    expect(await rejectionOf(send())).toBeInstanceOf(ConnectionError);
    expect(received(emulator(), "POST", "/v3/messages")).toHaveLength(2);
  });

  it("retries any route after a 429, once the Retry-After has passed, POSTs included", async () => {
    emulator().admin.setFaults([
      { kind: "rateLimit", method: "POST", path: "/v3/apikeys", retryAfterSeconds: 1, times: 1 },
    ]);
    const name = unique("key");
    const clock = new ManualClock();
    const chat = emulator().chatClient({ clock });
    const posts = () => received(emulator(), "POST", "/v3/apikeys");
    const { result: k, seen } = await timeline(
      clock,
      chat,
      chat.call("createApiKey", { body: { name } }),
      () => posts().length,
    );
    expect(k.data.name).toBe(name);
    expect(posts().map((p) => p.status)).toEqual([429, 200]);
    // Sent again only once the clock had passed the second the 429 asked for.
    expect(seen[0]).toEqual([0, 1]);
    expect(seen.find(([, n]) => n === 2)?.[0]).toBeGreaterThanOrEqual(1000);
    const keys = await emulator()
      .chatClient()
      .listAll("listApiKeys", { query: { searchKey: name } });
    expect(keys.filter((x) => x.name === name)).toHaveLength(1);
  });

  it("holds back the whole app's budget after a 429, not only the request that got it", async () => {
    emulator().admin.setFaults([{ kind: "rateLimit", path: "/v3/roles", retryAfterSeconds: 1, times: 1 }]);
    const clock = new ManualClock();
    const a = emulator().chatClient({ clock });
    const b = emulator().chatClient(); // another client of the same app: the same budget, on a's clock
    const first = tracked(a.call("listRoles"));
    // Once the client has seen the 429 (not merely the server sent it), the whole budget waits.
    await until(
      () => received(emulator(), "GET", "/v3/roles").length === 1 && idle(a)() && clock.pending > 0,
      "the 429 to be heard",
    );
    const users = () => received(emulator(), "GET", "/v3/users").length;
    const { seen } = await timeline(clock, a, Promise.all([first.promise, b.call("listUsers")]), users);
    expect(seen[0]).toEqual([0, 0]);
    expect(seen.find(([, n]) => n === 1)?.[0]).toBeGreaterThanOrEqual(1000);
  });
});

describe("creates with caller-chosen ids", () => {
  const chatCases = [
    { name: "createUser", path: "/v3/users", body: (id: string) => ({ uid: id, name: "U" }) },
    {
      name: "createGroup",
      path: "/v3/groups",
      body: (id: string) => ({ guid: id, type: "public", name: "G" }),
    },
    { name: "createRole", path: "/v3/roles", body: (id: string) => ({ role: id, name: "R" }) },
  ] as const;

  it.each(chatCases)(
    "$name: a lost answer is read back, never posted twice",
    async ({ name, path, body }) => {
      emulator().admin.setFaults([{ kind: "dropAfterApply", method: "POST", path, times: 1 }]);
      const id = unique("lost");
      const chat = emulator().chatClient();
      const r = await chat.call(name, { body: body(id) } as never);
      expect(JSON.stringify(r)).toContain(id);
      expect(received(emulator(), "POST", path)).toHaveLength(1);
      expect(received(emulator(), "GET", `${path}/${id}`).map((x) => x.status)).toEqual([200]);
    },
  );

  it.each(chatCases)(
    "$name: a 5xx before the change is read back, then posted again",
    async ({ name, path, body }) => {
      emulator().admin.setFaults([{ kind: "error", method: "POST", path, times: 1 }]);
      const id = unique("failed");
      const r = await emulator()
        .chatClient()
        .call(name, { body: body(id) } as never);
      expect(JSON.stringify(r)).toContain(id);
      expect(received(emulator(), "POST", path).map((x) => x.status)).toEqual([500, 200]);
      expect(received(emulator(), "GET", `${path}/${id}`).map((x) => x.status)).toEqual([404]);
    },
  );

  it("createWebhook: a lost answer is read back, never posted twice", async () => {
    const appId = emulator().app.appId;
    const path = `/apps/${appId}/webhooks`;
    emulator().admin.setFaults([{ kind: "dropAfterApply", method: "POST", path, times: 1 }]);
    const id = unique("hook");
    const mgmt = emulator().managementClient();
    const w = await mgmt.call("createWebhook", {
      params: { appId },
      body: { id, name: "w", webhookURL: "https://example.com/h" },
    });
    expect(w.data.id).toBe(id);
    expect(received(emulator(), "POST", path)).toHaveLength(1);
    expect(received(emulator(), "GET", `${path}/${id}`).map((x) => x.status)).toEqual([200]);
  });

  it("an 'already exists' answer after a lost one is read back (the lost POST did land)", async () => {
    // One clock for the emulator and the client. The emulator holds the first POST until the clock moves;
    // the client gives up on it (its timeout), reads back (404) and waits its backoff (at least 3 s: equal
    // jitter on 6 s); then the held POST lands (1.5 s), and the POST sent again finds the user there.
    const clock = new ManualClock(Date.now());
    const emu = await startEmulated({
      clientOptions: FAST,
      clock,
      faults: [{ kind: "latency", method: "POST", path: "/v3/users", latencyMs: 1500, times: 1 }],
    });
    try {
      const uid = unique("race");
      const chat = emu.chatClient({
        clock,
        timeoutMs: 1000,
        retry: { baseDelayMs: 6000, maxDelayMs: 6000 },
      });
      const call = tracked(chat.call("createUser", { body: { uid, name: "Race" } }));
      const reads = () => received(emu, "GET", `/v3/users/${uid}`).map((x) => x.status);
      await until(
        () => reads().length === 1 && idle(chat)() && clock.pending === 2,
        "the read-back, with the POST held and the backoff waiting",
      );
      expect(reads()).toEqual([404]);
      expect(received(emu, "POST", "/v3/users")).toEqual([]);
      clock.advance(1500);
      await until(() => received(emu, "POST", "/v3/users").length === 1, "the held POST to land");
      expect(call.done).toBe(false);
      const r = await drive(clock, call.promise, idle(chat));
      expect(r.data.uid).toBe(uid);
      expect(received(emu, "POST", "/v3/users").map((p) => p.status)).toEqual([200, 400]);
      expect(reads()).toEqual([404, 200]);
      const users = await emu.chatClient().listAll("listUsers", { query: { searchKey: uid } });
      expect(users.filter((u) => u.uid === uid)).toHaveLength(1);
    } finally {
      await emu.close();
    }
  });

  it("gives up with the original error when the object never appears", async () => {
    emulator().admin.setFaults([{ kind: "error", method: "POST", path: "/v3/roles" }]);
    const role = unique("never");
    const e = await rejectionOf(
      emulator()
        .chatClient({ retry: { retries: 2 } })
        .call("createRole", { body: { role, name: "R" } }),
    );
    expect(e).toBeInstanceOf(ServerError);
    expect(received(emulator(), "POST", "/v3/roles")).toHaveLength(3);
    expect(received(emulator(), "GET", `/v3/roles/${role}`)).toHaveLength(3);
  });
});

describe("the request budget", () => {
  it("never lets more requests reach the server per window than the budget allows", async () => {
    const clock = new ManualClock();
    const chat = emulator().chatClient({
      clock,
      budget: { requestsPerMinute: 5, windowMs: 1000, concurrency: 50 },
    });
    const roles = () => received(emulator(), "GET", "/v3/roles").length;
    const { seen } = await timeline(
      clock,
      chat,
      Promise.all(Array.from({ length: 15 }, () => chat.call("listRoles"))),
      roles,
    );
    expect(roles()).toBe(15);
    expect(mostInWindow(seen, 1000)).toBe(5);
    expect(seen.at(-1)?.[0]).toBeGreaterThan(2000); // 15 requests at 5 a window: three windows
  });

  it("caps requests in flight", async () => {
    // The emulator holds every request that reaches it until the clock moves: what the client has in flight
    // at once is there to count.
    const clock = new ManualClock(Date.now());
    const emu = await startEmulated({
      clientOptions: FAST,
      clock,
      faults: [{ kind: "latency", path: "/v3/roles", latencyMs: 1000 }],
    });
    try {
      const chat = emu.chatClient({ clock, budget: { concurrency: 3, requestsPerMinute: 1000 } });
      const calls = tracked(Promise.all(Array.from({ length: 9 }, () => chat.call("listRoles"))));
      const held: number[] = [];
      while (!calls.done) {
        await until(
          () =>
            calls.done || (chat.budgetStats().inFlight > 0 && clock.pending === chat.budgetStats().inFlight),
          "the requests in flight to reach the emulator",
        );
        if (calls.done) break;
        held.push(clock.pending);
        clock.advance(1000);
        await settle();
      }
      await calls.promise;
      expect(held).toEqual([3, 3, 3]);
      expect(chat.budgetStats().peakInFlight).toBe(3);
      const roles = received(emu, "GET", "/v3/roles");
      expect(roles).toHaveLength(9);
      expect(Math.max(...roles.map((r) => r.concurrent ?? 0))).toBe(3);
    } finally {
      await emu.close();
    }
  });

  it("is shared by every client of the app, and counts retries", async () => {
    emulator().admin.setFaults([{ kind: "error", method: "GET", path: "/v3/users/*", times: 4 }]);
    const clock = new ManualClock();
    const a = emulator().chatClient({
      clock,
      budget: { requestsPerMinute: 4, windowMs: 1000, concurrency: 50 },
    });
    const b = emulator().chatClient({ clock }); // no limits of its own: it joins a's budget
    const users = () => received(emulator(), "GET", `/v3/users/${owner}`).length;
    const { seen } = await timeline(
      clock,
      a,
      Promise.all([
        ...Array.from({ length: 4 }, () => a.call("getUser", { params: { uid: owner } })),
        ...Array.from({ length: 4 }, () => b.call("getUser", { params: { uid: owner } })),
      ]),
      users,
    );
    expect(users()).toBe(12); // 8 calls, 4 of their attempts failed and were retried
    expect(mostInWindow(seen, 1000)).toBe(4);
    expect(a.budgetStats()).toEqual(b.budgetStats());
    expect(a.budgetStats().started).toBe(12);
  });

  it("keeps apps apart", async () => {
    const mgmt = emulator().managementClient();
    const other = await mgmt.call("createApp", { body: { name: "Other" } });
    const key = Object.values(other.data.apiKeys ?? {}).find((k) => k.scope === "fullAccess")?.apiKey ?? "";
    const clock = new ManualClock();
    const slow = emulator().chatClient({ clock, budget: { requestsPerMinute: 1, windowMs: 60_000 } });
    const fast = new ChatClient(
      { appId: other.data.id, apiKey: key, endpoint: emulator().chatEndpoint },
      { clock },
    );
    await slow.call("listRoles");
    // The first app's budget is spent: its next call waits on the clock; another app's does not.
    const held = tracked(slow.call("listRoles"));
    await until(() => clock.pending === 1, "the first app's call to wait");
    await withoutWaiting(clock, fast.call("listRoles"));
    expect(held.done).toBe(false);
    clock.advance(60_001);
    await held.promise;
  });
});

describe("the budget learns the app's limit", () => {
  it("from the service's X-RateLimit-Limit header, and keeps a limit the user set", async () => {
    const learned = emulator().chatClient();
    await learned.call("listRoles");
    expect(learned.budgetStats().limits.requestsPerMinute).toBe(20_000); // the emulator's default
    resetBudgets();
    const pinned = emulator().chatClient({ budget: { requestsPerMinute: 300 } });
    await pinned.call("listRoles");
    expect(pinned.budgetStats().limits.requestsPerMinute).toBe(300);
  });
});

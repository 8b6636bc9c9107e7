// Retries, lost creates and the request budget under faults injected into the emulator, with every claim
// checked on the emulator's side: what reached it, how often, and when.

import { ChatClient, ConnectionError, resetBudgets, ServerError } from "../../../provider/client";
import type { LoggedRequest } from "../../../provider/emulator";
import { FAST, unique, useEmulated } from "../../support/emulator";
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

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
async function until(check: () => boolean, ms = 3000): Promise<void> {
  for (const end = Date.now() + ms; !check() && Date.now() < end; ) await sleep(10);
}

/**
 * The budget counts a request when it starts; the emulator logs it when it arrives, later by a connection
 * set-up or a busy event loop (tens of ms on a loaded machine). Windows checked on the server's side are
 * shortened by this much: a budget that let one request too many through, or a window too short by more than
 * this, still fails.
 */
const DRIFT_MS = 100;

/** Most requests in any window of `ms` (half-open), by arrival time at the emulator. */
function maxInWindow(reqs: readonly LoggedRequest[], ms: number): number {
  const at = reqs.map((r) => r.at).sort((a, b) => a - b);
  let most = 0;
  for (let i = 0, j = 0; i < at.length; i++) {
    while ((at[i] ?? 0) - (at[j] ?? 0) >= ms) j++;
    most = Math.max(most, i - j + 1);
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
    await until(() => received(emulator(), "GET", "/v3/roles").length >= 2);
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
    const k = await emulator().chatClient().call("createApiKey", { body: { name } });
    expect(k.data.name).toBe(name);
    const posts = received(emulator(), "POST", "/v3/apikeys");
    expect(posts.map((p) => p.status)).toEqual([429, 200]);
    expect((posts[1]?.at ?? 0) - (posts[0]?.at ?? 0)).toBeGreaterThanOrEqual(1000);
    const keys = await emulator()
      .chatClient()
      .listAll("listApiKeys", { query: { searchKey: name } });
    expect(keys.filter((x) => x.name === name)).toHaveLength(1);
  });

  it("holds back the whole app's budget after a 429, not only the request that got it", async () => {
    emulator().admin.setFaults([{ kind: "rateLimit", path: "/v3/roles", retryAfterSeconds: 1, times: 1 }]);
    const log = recordingLogger();
    const a = emulator().chatClient({ logger: log.logger });
    const b = emulator().chatClient(); // another client of the same app: the same budget
    const first = a.call("listRoles");
    // Once the client has seen the 429 (not merely the server sent it), the whole budget waits.
    while (!log.fields.some((f) => f.status === 429)) await new Promise((r) => setTimeout(r, 5));
    await b.call("listUsers");
    await first;
    const limited = emulator()
      .admin.requests()
      .find((r) => r.status === 429);
    const other = received(emulator(), "GET", "/v3/users")[0];
    expect((other?.at ?? 0) - (limited?.at ?? 0)).toBeGreaterThanOrEqual(1000);
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
    // The first POST is slow: the client gives up at 100 ms and reads back before the server applies it
    // (at 1.5 s); the second POST, after a backoff of at least 3 s (equal jitter on 6 s), finds the user
    // already there. The margins (1.4 s for the read-back, 1.6 s after the apply) keep the order on a loaded
    // machine.
    emulator().admin.setFaults([
      { kind: "latency", method: "POST", path: "/v3/users", latencyMs: 1500, times: 1 },
    ]);
    const uid = unique("race");
    const chat = emulator().chatClient({ timeoutMs: 100, retry: { baseDelayMs: 6000, maxDelayMs: 6000 } });
    const r = await chat.call("createUser", { body: { uid, name: "Race" } });
    expect(r.data.uid).toBe(uid);
    const posts = received(emulator(), "POST", "/v3/users");
    expect(posts.map((p) => p.status)).toEqual([200, 400]);
    expect(received(emulator(), "GET", `/v3/users/${uid}`).map((x) => x.status)).toEqual([404, 200]);
    const users = await emulator()
      .chatClient()
      .listAll("listUsers", { query: { searchKey: uid } });
    expect(users.filter((u) => u.uid === uid)).toHaveLength(1);
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
    const chat = emulator().chatClient({
      budget: { requestsPerMinute: 5, windowMs: 1000, concurrency: 50 },
    });
    const started = Date.now();
    await Promise.all(Array.from({ length: 15 }, () => chat.call("listRoles")));
    const reqs = received(emulator(), "GET", "/v3/roles");
    expect(reqs).toHaveLength(15);
    expect(Date.now() - started).toBeGreaterThanOrEqual(2000); // 15 requests at 5 per second: 3 windows
    expect(maxInWindow(reqs, 1000 - DRIFT_MS)).toBeLessThanOrEqual(5);
  });

  it("caps requests in flight", async () => {
    emulator().admin.setFaults([{ kind: "latency", path: "/v3/roles", latencyMs: 500 }]);
    const chat = emulator().chatClient({ budget: { concurrency: 3, requestsPerMinute: 1000 } });
    await Promise.all(Array.from({ length: 9 }, () => chat.call("listRoles")));
    expect(chat.budgetStats().peakInFlight).toBe(3);
    // Server side: a fourth request starts only after one of three in flight was answered, at least 500 ms
    // after it arrived, so no 350 ms holds four arrivals; without the cap all nine arrive within a few ms.
    // The 150 ms between the two leaves room for a loaded machine's late timers and logging.
    expect(maxInWindow(received(emulator(), "GET", "/v3/roles"), 350)).toBeLessThanOrEqual(3);
  });

  it("is shared by every client of the app, and counts retries", async () => {
    emulator().admin.setFaults([{ kind: "error", method: "GET", path: "/v3/users/*", times: 4 }]);
    const a = emulator().chatClient({ budget: { requestsPerMinute: 4, windowMs: 1000, concurrency: 50 } });
    const b = emulator().chatClient(); // no limits of its own: it joins a's budget
    await Promise.all([
      ...Array.from({ length: 4 }, () => a.call("getUser", { params: { uid: owner } })),
      ...Array.from({ length: 4 }, () => b.call("getUser", { params: { uid: owner } })),
    ]);
    const reqs = received(emulator(), "GET", `/v3/users/${owner}`);
    expect(reqs).toHaveLength(12); // 8 calls, 4 of their attempts failed and were retried
    expect(maxInWindow(reqs, 1000 - DRIFT_MS)).toBeLessThanOrEqual(4);
    expect(a.budgetStats()).toEqual(b.budgetStats());
    expect(a.budgetStats().started).toBe(12);
  });

  it("keeps apps apart", async () => {
    const mgmt = emulator().managementClient();
    const other = await mgmt.call("createApp", { body: { name: "Other" } });
    const key = Object.values(other.data.apiKeys ?? {}).find((k) => k.scope === "fullAccess")?.apiKey ?? "";
    const slow = emulator().chatClient({ budget: { requestsPerMinute: 1, windowMs: 60_000 } });
    const fast = new ChatClient({ appId: other.data.id, apiKey: key, endpoint: emulator().chatEndpoint });
    await slow.call("listRoles");
    const t = Date.now();
    await fast.call("listRoles"); // a different app: not held by the first app's exhausted budget
    expect(Date.now() - t).toBeLessThan(1000);
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

// Rate limits (docs/service/errors-and-limits.md) and injected faults: latency, 5xx with a probability, 429 bursts and
// "applied but the response was lost", limited by method and path, reproducible with a seed.

import { ManualClock, settle, tracked, until } from "../../support/clock";
import { unique } from "../../support/emulator";
import { at, expectError, Harness, type Res } from "./harness";

describe("rate limit", () => {
  let h: Harness;
  // The emulator's clock stands still (on a whole second): every window is read exactly.
  const clock = new ManualClock();
  beforeAll(async () => {
    h = await Harness.start({ rateLimitPerMinute: 5, clock });
  });
  afterAll(() => h.close());

  const header = (r: Res, name: string) => Number(r.headers.get(name));

  it("counts down a per-app budget per minute, then answers 429 ERR_TOO_MANY_REQUESTS with Retry-After", async () => {
    const now = clock.now() / 1000;
    const remaining: number[] = [];
    for (let i = 0; i < 5; i++) {
      const r = await h.call("listUsers");
      expect(r.status).toBe(200);
      expect(header(r, "x-ratelimit-limit")).toBe(5);
      remaining.push(header(r, "x-ratelimit-remaining"));
      expect(header(r, "x-ratelimit-reset")).toBe(now + 60);
      expect(Date.parse(String(r.headers.get("date")))).toBe(clock.now());
    }
    expect(remaining).toEqual([4, 3, 2, 1, 0]);
    const limited = await h.call("getUser", { params: { uid: "anyone" } });
    expectError(limited, 429, "ERR_TOO_MANY_REQUESTS");
    expect(header(limited, "x-ratelimit-remaining")).toBe(0);
    expect(header(limited, "x-ratelimit-limit")).toBe(5);
    expect(header(limited, "retry-after")).toBe(60);
    // Writes are refused too, and nothing is applied.
    expectError(
      await h.call("createUser", { body: { uid: "late", name: "Late" } }),
      429,
      "ERR_TOO_MANY_REQUESTS",
    );
    // Half a minute on, half the wait is left; once the minute is over, a new window opens.
    clock.advance(30_000);
    expect(header(await h.call("listUsers"), "retry-after")).toBe(30);
    clock.advance(30_000);
    expect(header(await h.call("listUsers"), "x-ratelimit-remaining")).toBe(4);
  });

  it("is per app: another app has its own budget; the management API is not limited", async () => {
    const other = await h.ok("createApp", { body: { name: "Other" } });
    const key = Object.values(other.data.apiKeys ?? {}).find((k) => k.scope === "fullAccess")
      ?.apiKey as string;
    const r = await h.call("listUsers", { app: { appId: other.data.id, region: "us" }, key });
    expect(r.status).toBe(200);
    expect(header(r, "x-ratelimit-remaining")).toBe(4);
    for (let i = 0; i < 10; i++) expect((await h.call("listApps")).status).toBe(200);
  });

  it("an admin reset starts the windows again", async () => {
    h.emu.admin.reset();
    const r = await h.call("listUsers");
    expect(r.status).toBe(200);
    expect(header(r, "x-ratelimit-remaining")).toBe(4);
  });

  it("0 turns limiting off: no budget, no headers", async () => {
    const free = await Harness.start({ rateLimitPerMinute: 0 });
    try {
      for (let i = 0; i < 20; i++) {
        const r = await free.call("listUsers");
        expect(r.status).toBe(200);
        expect(r.headers.get("x-ratelimit-limit")).toBeNull();
      }
    } finally {
      await free.close();
    }
  });
});

describe("faults", () => {
  let h: Harness;
  beforeAll(async () => {
    h = await Harness.start();
  });
  afterAll(() => h.close());
  afterEach(() => h.emu.admin.clearFaults());

  it("error: a 5xx before anything is applied (503 → ERR_MISSION_FAILED, default 500 → ERR_OPERATION_FAILED)", async () => {
    h.emu.admin.setFaults([{ kind: "error", method: "POST", path: "/v3/users", status: 503, times: 1 }]);
    const uid = unique("f");
    expectError(await h.call("createUser", { body: { uid, name: "x" } }), 503, "ERR_MISSION_FAILED");
    await h.fails("getUser", { params: { uid } }, 404, "ERR_UID_NOT_FOUND");
    await h.ok("createUser", { body: { uid, name: "x" } });
    h.emu.admin.setFaults([{ kind: "error" }]);
    expectError(await h.call("listUsers"), 500, "ERR_OPERATION_FAILED");
    expectError(await h.call("listApps"), 500, "ERR_OPERATION_FAILED");
  });

  it("is limited to a method and a path glob (* within a segment, ** across)", async () => {
    const uid = unique("glob");
    await h.ok("createUser", { body: { uid, name: "x" } });
    h.emu.admin.setFaults([{ kind: "error", method: "GET", path: "/v3/users/*" }]);
    expect((await h.call("getUser", { params: { uid } })).status).toBe(500);
    expect((await h.call("listUsers")).status).toBe(200);
    expect((await h.call("listAuthTokens", { params: { uid } })).status).toBe(200);
    expect((await h.call("updateUser", { params: { uid }, body: { name: "y" } })).status).toBe(200);
    h.emu.admin.setFaults([{ kind: "error", path: "/v3/users/**" }]);
    expect((await h.call("listAuthTokens", { params: { uid } })).status).toBe(500);
    expect((await h.call("listUsers")).status).toBe(200);
    h.emu.admin.setFaults([{ kind: "error", path: "/apps/*/webhooks" }]);
    expect((await h.call("listWebhooks", { params: { appId: h.app.appId } })).status).toBe(500);
    expect((await h.call("listApps")).status).toBe(200);
  });

  it("rateLimit: a burst of 429s with Retry-After, then normal answers", async () => {
    h.emu.admin.setFaults([{ kind: "rateLimit", path: "/v3/groups", times: 3, retryAfterSeconds: 7 }]);
    for (let i = 0; i < 3; i++) {
      const r = await h.call("listGroups");
      expectError(r, 429, "ERR_TOO_MANY_REQUESTS");
      expect(r.headers.get("retry-after")).toBe("7");
      expect(r.headers.get("x-ratelimit-remaining")).toBe("0");
    }
    expect((await h.call("listGroups")).status).toBe(200);
  });

  it("dropAfterApply: the change is made, the connection drops without an answer", async () => {
    h.emu.admin.clearRequests();
    h.emu.admin.setFaults([{ kind: "dropAfterApply", method: "POST", path: "/v3/users", times: 1 }]);
    const uid = unique("lost");
    await expect(h.call("createUser", { body: { uid, name: "Lost" } })).rejects.toThrow();
    expect((await h.ok("getUser", { params: { uid } })).data.name).toBe("Lost");
    await h.fails("createUser", { body: { uid, name: "Lost" } }, 400, "ERR_UID_ALREADY_EXISTS");
    const log = h.emu.admin.requests();
    expect(log[0]).toMatchObject({
      method: "POST",
      path: "/v3/users",
      api: "chat",
      appId: h.app.appId,
      fault: "dropAfterApply",
    });
  });

  it("latency: added to the matching requests only, on the emulator's clock", async () => {
    const clock = new ManualClock();
    const held = await Harness.start({
      clock,
      faults: [{ kind: "latency", path: "/v3/roles", latencyMs: 2000 }],
    });
    try {
      const roles = tracked(held.ok("listRoles"));
      await until(() => clock.pending === 1, "the roles request to be held");
      await held.ok("listUsers"); // answered while the other waits
      clock.advance(1999);
      await settle();
      expect(roles.done).toBe(false);
      clock.advance(1);
      await roles.promise;
    } finally {
      await held.close();
    }
  });

  it("latency for every request from the options", async () => {
    const clock = new ManualClock();
    const slow = await Harness.start({ clock, latencyMs: 200 });
    try {
      const users = tracked(slow.ok("listUsers"));
      await until(() => clock.pending === 1, "the request to be held");
      clock.advance(199);
      await settle();
      expect(users.done).toBe(false);
      clock.advance(1);
      await users.promise;
    } finally {
      await slow.close();
    }
  });

  it("probability with a seed: the same seed gives the same faults, another seed others", async () => {
    const rule = [{ kind: "error" as const, path: "/v3/users", probability: 0.5 }];
    const run = async (seed: number) => {
      const e = await Harness.start({ seed, faults: rule });
      try {
        const statuses: number[] = [];
        for (let i = 0; i < 24; i++) statuses.push((await e.call("listUsers")).status);
        return statuses;
      } finally {
        await e.close();
      }
    };
    const a = await run(7);
    const b = await run(7);
    const c = await run(8);
    expect(a).toEqual(b);
    expect(a).not.toEqual(c);
    const failures = a.filter((s) => s === 500).length;
    expect(failures).toBeGreaterThan(3);
    expect(failures).toBeLessThan(21);
  });

  it("set, listed and cleared at run time through the admin endpoint", async () => {
    const put = await h.admin("PUT", "/faults", {
      rules: [{ kind: "error", path: "/v3/roles", status: 502, times: 2 }],
    });
    expect(put.status).toBe(200);
    expectError(await h.call("listRoles"), 502, "ERR_OPERATION_FAILED");
    const listed = await h.admin("GET", "/faults");
    expect(at(listed.json, "data", 0)).toMatchObject({ kind: "error", status: 502, remaining: 1 });
    expect((await h.admin("DELETE", "/faults")).status).toBe(200);
    expect((await h.call("listRoles")).status).toBe(200);
    const bad = await h.admin("PUT", "/faults", [{ kind: "explode", probability: 2 }]);
    expectError(bad, 400, "ERR_BAD_REQUEST");
  });

  it("records every request in the request log", async () => {
    h.emu.admin.clearRequests();
    await h.call("listUsers");
    await h.call("getUser", { params: { uid: "nobody" } });
    await h.call("listApps");
    const log = h.emu.admin.requests();
    expect(log.map((r) => [r.method, r.path, r.status, r.api])).toEqual([
      ["GET", "/v3/users", 200, "chat"],
      ["GET", "/v3/users/nobody", 404, "chat"],
      ["GET", "/apps", 200, "management"],
    ]);
    const viaHttp = await h.admin("GET", "/requests");
    expect(Array.isArray(at(viaHttp.json, "data"))).toBe(true);
    expect((await h.admin("DELETE", "/requests")).status).toBe(200);
    expect(h.emu.admin.requests()).toEqual([]);
  });
});

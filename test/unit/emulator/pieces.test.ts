// The emulator's pure pieces: fault rules, the rate window, URL rewriting, query parsing, validation details,
// saving and reloading the state, pagination.
import { z } from "zod";
import { routes } from "../../../provider/contract";
import { validationError } from "../../../provider/emulator/errors";
import { Faults, globToRegExp, parseFaultRule } from "../../../provider/emulator/faults";
import { RateLimiter } from "../../../provider/emulator/rate-limit";
import { RequestLog } from "../../../provider/emulator/request-log";
import { seededRandom } from "../../../provider/emulator/rng";
import { parseQueryString, rewriteUrl } from "../../../provider/emulator/routing";
import {
  deserializeState,
  dumpState,
  emptyState,
  newApp,
  serializeState,
} from "../../../provider/emulator/state";
import { paginate, userConversationId } from "../../../provider/emulator/views";

describe("fault rules", () => {
  it("globs: * stays within a segment, ** crosses them, other characters are literal", () => {
    expect(globToRegExp("/v3/users/*").test("/v3/users/alice")).toBe(true);
    expect(globToRegExp("/v3/users/*").test("/v3/users/alice/auth_tokens")).toBe(false);
    expect(globToRegExp("/v3/users/*").test("/v3/users")).toBe(false);
    expect(globToRegExp("/v3/**").test("/v3/users/alice/auth_tokens")).toBe(true);
    expect(globToRegExp("/apps/*/webhooks").test("/apps/abc/webhooks")).toBe(true);
    expect(globToRegExp("/v3/users.x").test("/v3/usersXx")).toBe(false);
  });

  it("decide: method and path filters, times, latency adds up, the first outcome wins", () => {
    const f = new Faults(seededRandom(1));
    f.set([
      { kind: "latency", latencyMs: 10 },
      { kind: "latency", path: "/v3/users", latencyMs: 5 },
      { kind: "error", method: "post", path: "/v3/users", times: 1, status: 502 },
      { kind: "rateLimit", path: "/v3/users" },
    ]);
    const first = f.decide("POST", "/v3/users");
    expect(first.latencyMs).toBe(15);
    expect(first.outcome).toMatchObject({ kind: "error", status: 502 });
    expect(f.decide("POST", "/v3/users").outcome?.kind).toBe("rateLimit");
    expect(f.decide("GET", "/v3/groups")).toEqual({ latencyMs: 10 });
    expect(f.list()[2]).toMatchObject({ kind: "error", remaining: 0 });
    f.clear();
    expect(f.decide("POST", "/v3/users")).toEqual({ latencyMs: 0 });
  });

  it("probability rolls come from the seed", () => {
    const roll = (seed: number) => {
      const f = new Faults(seededRandom(seed));
      f.set([{ kind: "error", probability: 0.3 }]);
      return Array.from({ length: 40 }, () => (f.decide("GET", "/x").outcome ? 1 : 0));
    };
    expect(roll(5)).toEqual(roll(5));
    expect(roll(5)).not.toEqual(roll(6));
    const hits = roll(5).reduce<number>((a, b) => a + b, 0);
    expect(hits).toBeGreaterThan(2);
    expect(hits).toBeLessThan(25);
  });

  it("refuses invalid rules", () => {
    const f = new Faults(seededRandom(1));
    expect(() => f.set([{ kind: "error", status: 404 }])).toThrow();
    expect(() => f.set([{ kind: "error", probability: 1.5 }])).toThrow();
  });

  it("parses command-line rules in both forms", () => {
    expect(parseFaultRule("kind=error,method=POST,path=/v3/users,probability=0.5,status=503")).toEqual({
      kind: "error",
      method: "POST",
      path: "/v3/users",
      probability: 0.5,
      status: 503,
    });
    expect(parseFaultRule('{"kind":"latency","latencyMs":50}')).toEqual({ kind: "latency", latencyMs: 50 });
    expect(() => parseFaultRule("kind=explode")).toThrow(/kind/);
    expect(() => parseFaultRule("error")).toThrow(/key=value/);
    expect(() => parseFaultRule("kind=error,times=soon")).toThrow(/times/);
  });
});

describe("rate limiter", () => {
  it("opens a 60 s window at the first request and counts down", () => {
    const r = new RateLimiter(2);
    const t0 = 1_000_000_000_000;
    expect(r.take("a", t0)).toMatchObject({ allowed: true, remaining: 1, reset: t0 / 1000 + 60 });
    expect(r.take("a", t0 + 1000)).toMatchObject({ allowed: true, remaining: 0 });
    expect(r.take("a", t0 + 30_000)).toMatchObject({ allowed: false, remaining: 0, retryAfter: 30 });
    expect(r.take("b", t0 + 30_000)).toMatchObject({ allowed: true, remaining: 1 });
    expect(r.take("a", t0 + 60_000)).toMatchObject({ allowed: true, remaining: 1, reset: t0 / 1000 + 120 });
  });
});

describe("routing", () => {
  it("maps the host form to the path form, and leaves the rest alone", () => {
    expect(rewriteUrl("ABC123.api-eu.cometchat.io", "/v3/users?x=1")).toBe("/chat/ABC123/eu/v3/users?x=1");
    expect(rewriteUrl("apimgmt.cometchat.io", "/apps")).toBe("/management/apps");
    expect(rewriteUrl("127.0.0.1:8080", "/chat/a/us/v3/users")).toBe("/chat/a/us/v3/users");
    expect(rewriteUrl("abc.api-us.localhost", "/__admin/state")).toBe("/__admin/state");
    expect(rewriteUrl(undefined, "/v3/users")).toBe("/v3/users");
  });

  it("parses repeated and bracketed query keys", () => {
    expect(parseQueryString("roles[]=a&roles[]=b&perPage=5")).toEqual({ roles: ["a", "b"], perPage: "5" });
    expect(parseQueryString("scopes=admin&scopes[]=participant")).toEqual({
      scopes: ["admin", "participant"],
    });
  });
});

describe("validation errors", () => {
  it("map zod issues to per-field details with the service's wording", () => {
    const r = routes.createUser.body.safeParse({ name: "", extra: 1 }, { reportInput: true });
    if (r.success) throw new Error("expected a failure");
    const e = validationError(r.error.issues, "body");
    expect(e.code).toBe("ERR_BAD_REQUEST");
    expect(e.status).toBe(400);
    expect(e.details).toEqual({
      uid: ["The uid field is required."],
      name: ["name must not be empty"],
      extra: ["The extra field is not allowed."],
    });
  });

  it("use the service's own code when a refinement names it", () => {
    const r = routes.createGroup.body.safeParse(
      { guid: "g", name: "G", type: "password" },
      { reportInput: true },
    );
    if (r.success) throw new Error("expected a failure");
    const e = validationError(r.error.issues, "body");
    expect([e.code, e.status]).toEqual(["ERR_EMPTY_GROUP_PASS", 400]);
  });

  it("name the root when the whole value is wrong", () => {
    const schema = z.object({ a: z.string() });
    const missing = schema.safeParse(undefined, { reportInput: true });
    const wrong = schema.safeParse(null, { reportInput: true });
    if (missing.success || wrong.success) throw new Error("expected failures");
    expect(validationError(missing.error.issues, "body").details).toEqual({
      body: ["The body field is required."],
    });
    expect(validationError(wrong.error.issues, "body").details).toEqual({
      body: ["Invalid input: expected object, received null"],
    });
  });
});

describe("state", () => {
  it("survives serialize and deserialize exactly, including a __proto__ uid", () => {
    const state = emptyState();
    const app = newApp({ name: "A", region: "eu" }, seededRandom(3), 1_700_000_000);
    app.users.set("__proto__", {
      uid: "__proto__",
      name: "P",
      role: "default",
      tags: [],
      createdAt: 1,
      updatedAt: 1,
    });
    state.apps.set(app.id, app);
    state.bootstrapAppId = app.id;
    const creds = { managementKey: "k", managementSecret: "s", adminToken: "t" };
    const back = deserializeState(serializeState(state, creds));
    expect(back.credentials).toEqual(creds);
    expect(back.state).toEqual(state);
    expect(back.state.apps.get(app.id)?.users.get("__proto__")?.name).toBe("P");
    expect(dumpState(back.state)).toMatchObject({
      apps: { [app.id]: { region: "eu", users: { __proto__: { name: "P" } } } },
    });
  });

  it("reads the bots of a file saved before as the vendor spells their group settings", () => {
    const state = emptyState();
    const app = newApp({ name: "A", region: "eu" }, seededRandom(3), 1_700_000_000);
    const bot = (uid: string, groupChatSetting: string) => ({
      uid,
      webhookURL: `https://bots.example.com/${uid}`,
      enabled: true,
      groupChatSetting,
      useBasicAuth: false,
      createdAt: 1,
    });
    // Release 0.1.0's emulator saved "all" and "mentions" (test/fixtures/upgrade/emulator-state.json).
    for (const [uid, setting] of [
      ["a", "all"],
      ["m", "mentions"],
      ["n", "none"],
    ] as const)
      app.bots.set(uid, bot(uid, setting) as never);
    state.apps.set(app.id, app);
    const creds = { managementKey: "k", managementSecret: "s", adminToken: "t" };
    const back = deserializeState(serializeState(state, creds)).state.apps.get(app.id);
    expect([...(back?.bots.values() ?? [])].map((b) => b.groupChatSetting)).toEqual([
      "allMessages",
      "mentionedMessages",
      "none",
    ]);
  });

  it("a new app has the two system keys and the default role", () => {
    const app = newApp({ name: "A", region: "us" }, seededRandom(1), 100);
    expect([...app.apiKeys.values()].map((k) => [k.name, k.scope])).toEqual([
      ["Rest API Key", "fullAccess"],
      ["Auth Key", "authOnly"],
    ]);
    expect([...app.roles.keys()]).toEqual(["default"]);
    expect(app.id).toMatch(/^[0-9a-f]{16}$/);
  });
});

describe("views", () => {
  it("paginates in one pass with the service's meta", () => {
    const keep = (n: number) => n !== 2;
    const page = paginate([1, 2, 3, 4, 5, 6, 7], { perPage: 4, page: 2 }, keep, (n) => n * 10);
    expect(page).toEqual({
      data: [60, 70],
      meta: { pagination: { total: 6, count: 2, per_page: 4, current_page: 2, total_pages: 2 } },
    });
    expect(paginate([1, 2], { page: 5 }, keep, String).meta.pagination).toEqual({
      total: 1,
      count: 0,
      per_page: 100,
      current_page: 5,
      total_pages: 1,
    });
  });

  it("orders the uids of a conversation id", () => {
    expect(userConversationId("bob", "alice")).toBe("alice_user_bob");
    expect(userConversationId("alice", "bob")).toBe("alice_user_bob");
  });
});

describe("request log", () => {
  it("keeps the last requests but counts every one since the last clear, per area of paths", () => {
    const log = new RequestLog();
    const req = (path: string) => ({ method: "POST", path, api: "chat" as const, status: 200, at: 0 });
    for (let i = 0; i < 12_000; i++) log.add(req(`/v3/messages/${i}`));
    log.add(req("/v3/data_import/users"));
    expect(log.list().length).toBeLessThan(10_001);
    expect(log.counts()).toEqual({ "/v3/messages": 12_000, "/v3/data_import": 1 });
    log.clear();
    expect(log.counts()).toEqual({});
  });
});

// Every write is safe to repeat (provider/client/recovery/): after a 5xx or a lost answer the client finds out
// whether the first attempt took effect, then finishes or sends again, and never makes a second object. Each
// claim is checked on the emulator's side.
import { ConflictError, resetBudgets } from "../../../provider/client";
import { CAMPAIGN_PAGE } from "../../../provider/contract";
import { JumpingClock } from "../../support/clock";
import { FAST, unique, useEmulated } from "../../support/emulator";
import { received, rejectionOf } from "./helpers";

const clock = new JumpingClock(); // the service's, moved on instead of waited for
const emulator = useEmulated({ clientOptions: FAST, clock });
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

const lost = (method: string, path: string, times = 1) =>
  emulator().admin.setFaults([{ kind: "dropAfterApply", method, path, times }]);
const failing = (method: string, path: string, times = 1) =>
  emulator().admin.setFaults([{ kind: "error", status: 503, method, path, times }]);

describe("server-chosen ids are reconciled, never doubled", () => {
  it("an API key whose create answer was lost is found by its name, not made twice", async () => {
    lost("POST", "/v3/apikeys");
    const name = unique("key");
    const chat = emulator().chatClient();
    const r = await chat.call("createApiKey", { body: { name, scope: "fullAccess" } });
    const keys = (await chat.listAll("listApiKeys", { query: { searchKey: name } })).filter(
      (k) => k.name === name,
    );
    expect(keys.map((k) => k.apiKey)).toEqual([r.data.apiKey]);
    expect(received(emulator(), "POST", "/v3/apikeys")).toHaveLength(1);
  });

  it("a key that had the same name before the create is never taken for the new one", async () => {
    const name = unique("dup");
    const chat = emulator().chatClient();
    const old = await chat.call("createApiKey", { body: { name, scope: "authOnly" } });
    emulator().admin.clearRequests();
    failing("POST", "/v3/apikeys"); // refused before applying: the retry makes the key
    const r = await chat.call("createApiKey", { body: { name, scope: "authOnly" } });
    expect(r.data.apiKey).not.toBe(old.data.apiKey);
    const keys = (await chat.listAll("listApiKeys", { query: { searchKey: name } })).filter(
      (k) => k.name === name,
    );
    expect(keys).toHaveLength(2);
    expect(received(emulator(), "POST", "/v3/apikeys").map((x) => x.status)).toEqual([503, 200]);
  });

  it("concurrent creates of keys with one name each get their own key", async () => {
    emulator().admin.setFaults([{ kind: "dropAfterApply", method: "POST", path: "/v3/apikeys", times: 2 }]);
    const name = unique("pair");
    const chat = emulator().chatClient();
    const [a, b] = await Promise.all([
      chat.call("createApiKey", { body: { name } }),
      chat.call("createApiKey", { body: { name } }),
    ]);
    expect(a.data.apiKey).not.toBe(b.data.apiKey);
    const keys = (await chat.listAll("listApiKeys", { query: { searchKey: name } })).filter(
      (k) => k.name === name,
    );
    expect(keys.map((k) => k.apiKey).sort()).toEqual([a.data.apiKey, b.data.apiKey].sort());
  });

  it("an auth token whose create answer was lost is found in the user's token list", async () => {
    lost("POST", `/v3/users/${owner}/auth_tokens`);
    const chat = emulator().chatClient();
    const before = await chat.listAll("listAuthTokens", { params: { uid: owner } });
    const r = await chat.call("createAuthToken", { params: { uid: owner }, body: { force: true } });
    const after = await chat.listAll("listAuthTokens", { params: { uid: owner } });
    expect(after).toHaveLength(before.length + 1);
    expect(after.map((t) => t.authToken)).toContain(r.data.authToken);
    expect(received(emulator(), "POST", `/v3/users/${owner}/auth_tokens`)).toHaveLength(1);
  });

  it("an app whose create answer was lost is made again: the one found by its name has no keys and goes", async () => {
    lost("POST", "/apps");
    const name = unique("app");
    const mgmt = emulator().managementClient();
    const r = await mgmt.call("createApp", { body: { name } });
    expect(Object.values(r.data.apiKeys ?? {}).length).toBeGreaterThan(0);
    const apps = (await mgmt.listAll("listApps", { query: { searchKey: name } })).filter(
      (a) => a.name === name,
    );
    // The lost one is archived, which the listing leaves out.
    expect(apps.map((a) => a.id)).toEqual([r.data.id]);
    expect(received(emulator(), "POST", "/apps")).toHaveLength(2);
    const deletes = emulator()
      .admin.requests()
      .filter((x) => x.method === "DELETE" && x.path.startsWith("/apps/"));
    expect(deletes).toHaveLength(1);
  });
});

describe("caller-chosen ids are read back, and never taken over", () => {
  it("a user that existed before a create whose answer was lost is a conflict, not ours", async () => {
    const uid = unique("before");
    const chat = emulator().chatClient();
    await chat.call("createUser", { body: { uid, name: "Earlier" } });
    // The clock has one-second steps: the earlier user must be clearly older than the create.
    clock.jump(3000);
    failing("POST", "/v3/users");
    const e = await rejectionOf(chat.call("createUser", { body: { uid, name: "Later" } }));
    expect(ConflictError.isInstance(e)).toBe(true);
    expect((e as Error).message).toMatch(/already existed before this create/);
    expect((await chat.call("getUser", { params: { uid } })).data.name).toBe("Earlier");
  });

  it("a user made by the lost create itself is the answer", async () => {
    lost("POST", "/v3/users");
    const uid = unique("mine");
    const r = await emulator()
      .chatClient()
      .call("createUser", { body: { uid, name: "Mine" } });
    expect(r.data.uid).toBe(uid);
    expect(received(emulator(), "POST", "/v3/users")).toHaveLength(1);
  });
});

describe("a create found again in a listing is looked for on every page", () => {
  it("a campaign category whose create answer was lost is found past the first page, not made twice", async () => {
    const chat = emulator().chatClient();
    // More categories than a page holds before it: the lost one is the newest, on the second page.
    const prefix = unique("cat");
    for (let i = 0; i <= CAMPAIGN_PAGE; i++)
      await chat.call("createCampaignCategory", { body: { name: `${prefix}-${i}` } });
    const name = `${prefix}-lost`;
    // Listed in (updatedAt, id) order: made a few seconds later, it comes after the others.
    clock.jump(5_000);
    emulator().admin.clearRequests();
    lost("POST", "/v3/campaigns/templates/categories");
    const made = await chat.call("createCampaignCategory", { body: { name } });
    expect(made.data.name).toBe(name);
    expect(received(emulator(), "POST", "/v3/campaigns/templates/categories")).toHaveLength(1);
    expect(received(emulator(), "GET", "/v3/campaigns/templates/categories")).toHaveLength(2);
  });
});

describe("set-like writes are sent again", () => {
  it("an add of members through a 503 is retried", async () => {
    const chat = emulator().chatClient();
    const guid = unique("g");
    await chat.call("createGroup", { body: { guid, name: "G", type: "public", owner } });
    const uid = unique("m");
    await chat.call("createUser", { body: { uid, name: "M" } });
    failing("POST", `/v3/groups/${guid}/members`, 2);
    const r = await chat.call("addMembers", { params: { guid }, body: { participants: [uid] } });
    expect(r.data.participants?.[uid]?.success).toBe(true);
    expect(received(emulator(), "POST", `/v3/groups/${guid}/members`).map((x) => x.status)).toEqual([
      503, 503, 200,
    ]);
  });

  it("an add whose answer was lost is sent again and reports the member as already joined", async () => {
    const chat = emulator().chatClient();
    const guid = unique("g");
    await chat.call("createGroup", { body: { guid, name: "G", type: "public", owner } });
    const uid = unique("m");
    await chat.call("createUser", { body: { uid, name: "M" } });
    lost("POST", `/v3/groups/${guid}/members`);
    const r = await chat.call("addMembers", { params: { guid }, body: { admins: [uid] } });
    expect(r.data.admins?.[uid]?.error?.code).toBe("ERR_ALREADY_JOINED");
    const members = await chat.listAll("listMembers", { params: { guid } });
    expect(members.find((m) => m.uid === uid)?.scope).toBe("admin");
  });

  it("a trigger add whose answer was lost is sent again", async () => {
    const mgmt = emulator().managementClient();
    const appId = emulator().credentials.app?.appId ?? "";
    const webhookId = unique("hook");
    await mgmt.call("createWebhook", {
      params: { appId },
      body: { id: webhookId, name: "H", webhookURL: "https://example.com/h" },
    });
    lost("POST", `/apps/${appId}/webhooks/${webhookId}/triggers`);
    await mgmt.call("addTriggers", {
      params: { appId, webhookId },
      body: { triggerIds: ["message_sent"] },
    });
    const triggers = await mgmt.listAll("listTriggers", { params: { appId, webhookId } });
    expect(triggers.map((t) => t.id)).toEqual(["message_sent"]);
    expect(received(emulator(), "POST", `/apps/${appId}/webhooks/${webhookId}/triggers`)).toHaveLength(2);
  });
});

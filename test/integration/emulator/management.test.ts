// The management API: apps, settings, webhooks and triggers (docs/service/webhooks-and-triggers.md, docs/service/management-api.md).
import { LIMITS } from "../../../provider/contract";
import { unique } from "../../support/emulator";
import { at, Harness } from "./harness";

let h: Harness;
beforeAll(async () => {
  h = await Harness.start();
});
afterAll(() => h.close());

describe("apps", () => {
  it("creates an app with the two system keys; the new app serves the chat API in its region", async () => {
    const r = await h.ok("createApp", { body: { name: "Staging", region: "eu" } });
    expect(r.data).toMatchObject({
      name: "Staging",
      region: "eu",
      plan: "trial",
      state: "active",
      version: "3",
    });
    expect(r.data.id).toMatch(/^[0-9a-f]{16}$/);
    const keys = Object.values(r.data.apiKeys ?? {});
    expect(keys.map((k) => [k.name, k.scope, k.createdBy]).sort()).toEqual([
      ["Auth Key", "authOnly", "app_system"],
      ["Rest API Key", "fullAccess", "app_system"],
    ]);
    const rest = keys.find((k) => k.scope === "fullAccess")?.apiKey as string;
    const appRef = { appId: r.data.id, region: "eu" };
    await h.ok("createUser", { app: appRef, key: rest, body: { uid: "eu-user", name: "EU" } });
    const u = await h.ok("getUser", { app: appRef, key: rest, params: { uid: "eu-user" } });
    expect(u.data.uid).toBe("eu-user");
    // Another app's data and keys are separate.
    await h.fails("getUser", { params: { uid: "eu-user" } }, 404, "ERR_UID_NOT_FOUND");
  });

  it("defaults the region to us; refuses an unknown region and a missing name", async () => {
    const r = await h.ok("createApp", { body: { name: "Default region" } });
    expect(r.data.region).toBe("us");
    const e = await h.fails("createApp", { body: { region: "mars" } }, 400, "ERR_BAD_REQUEST");
    expect(Object.keys(e.details ?? {}).sort()).toEqual(["name", "region"]);
  });

  it("lists with searchKey (id or name) and pagination (default 25 per page)", async () => {
    const tag = unique("Listed");
    const ids: string[] = [];
    for (let i = 0; i < 3; i++)
      ids.push((await h.ok("createApp", { body: { name: `${tag} ${i}` } })).data.id);
    const byName = await h.ok("listApps", { query: { searchKey: tag } });
    expect(byName.data.map((a) => a.id)).toEqual(ids);
    expect(byName.meta.pagination.per_page).toBe(LIMITS.appsPerPageDefault);
    const byId = await h.ok("listApps", { query: { searchKey: ids[1] as string } });
    expect(byId.data.map((a) => a.id)).toEqual([ids[1]]);
    const page = await h.ok("listApps", { query: { searchKey: tag, perPage: 2, page: 2 } });
    expect(page.meta.pagination).toEqual({
      total: 3,
      count: 1,
      per_page: 2,
      current_page: 2,
      total_pages: 2,
    });
  });

  it("deletes on a schedule: 30 days ahead, no longer listed, no longer served", async () => {
    const r = await h.ok("createApp", { body: { name: unique("Doomed") } });
    const id = r.data.id;
    const rest = Object.values(r.data.apiKeys ?? {}).find((k) => k.scope === "fullAccess")?.apiKey as string;
    // Between the clock read before the call and after it, however long the call took.
    const days30 = 30 * 24 * 3600;
    const before = Math.floor(Date.now() / 1000);
    const d = await h.ok("deleteApp", { params: { appId: id } });
    const after = Math.ceil(Date.now() / 1000);
    expect(d.data.success).toBe(true);
    expect(d.data.scheduledToDeleteAt).toBeGreaterThanOrEqual(before + days30);
    expect(d.data.scheduledToDeleteAt).toBeLessThanOrEqual(after + days30);
    expect((await h.ok("listApps", { query: { searchKey: id } })).data).toEqual([]);
    await h.fails("deleteApp", { params: { appId: id } }, 404, "ERR_APP_ARCHIVED");
    await h.fails("getAppSettings", { params: { appId: id } }, 404, "ERR_APP_ARCHIVED");
    await h.fails("listUsers", { app: { appId: id, region: "us" }, key: rest }, 404, "ERR_APP_ARCHIVED");
    await h.fails("deleteApp", { params: { appId: "0000000000000000" } }, 404, "ERR_APP_NOT_FOUND");
  });
});

describe("app settings", () => {
  it("sets flags (per-key results), reads them back, resets them", async () => {
    const appId = h.app.appId;
    const set = await h.ok("setAppSettings", {
      params: { appId },
      body: {
        settings: {
          "core.conversations.updateOnGroupActions": true,
          "core.notifications.push.enabled": false,
        },
      },
    });
    expect(set.data["core.conversations.updateOnGroupActions"]).toEqual({
      success: true,
      message: "Added setting(s) successfully.",
    });
    const got = await h.ok("getAppSettings", { params: { appId } });
    expect(got.data).toMatchObject({
      "core.conversations.updateOnGroupActions": true,
      "core.notifications.push.enabled": false,
    });
    await h.ok("resetAppSettings", { params: { appId } });
    expect((await h.ok("getAppSettings", { params: { appId } })).data).toEqual({});
    await h.fails(
      "setAppSettings",
      { params: { appId }, body: { settings: { x: "yes" } } },
      400,
      "ERR_BAD_REQUEST",
    );
    await h.fails("getAppSettings", { params: { appId: "nope" } }, 404, "ERR_APP_NOT_FOUND");
  });

  it("takes flags only: a list (such as the read-only advanced.included) is refused by key", async () => {
    const e = await h.fails(
      "setAppSettings",
      {
        params: { appId: h.app.appId },
        body: { settings: { "core.notifications.push.advanced.included": ["templates"] } },
      },
      400,
      "ERR_BAD_REQUEST",
    );
    expect(e.details).toEqual({
      "settings.core.notifications.push.advanced.included": ["a setting's value must be true or false"],
    });
  });
});

describe("webhooks and triggers", () => {
  const appId = () => h.app.appId;
  const hook = (id: string, extra: Record<string, unknown> = {}) =>
    h.ok("createWebhook", {
      params: { appId: appId() },
      body: { id, name: `Hook ${id}`, webhookURL: "https://hooks.example.com/chat", ...extra },
    });

  it("creates (password never echoed), gets, updates, lists and deletes", async () => {
    const id = unique("wh");
    const c = await h.call("createWebhook", {
      params: { appId: appId() },
      body: {
        id,
        name: "Hook",
        webhookURL: "https://hooks.example.com/x",
        useBasicAuth: true,
        username: "user1",
        password: "pass1",
      },
    });
    expect(c.status).toBe(200);
    expect(at(c.json, "data")).toMatchObject({
      id,
      name: "Hook",
      useBasicAuth: true,
      username: "user1",
      enabled: true,
      retryOnFailure: false,
    });
    expect(c.text).not.toContain("pass1");
    await h.fails(
      "createWebhook",
      { params: { appId: appId() }, body: { id, name: "Again", webhookURL: "https://hooks.example.com/x" } },
      400,
      "ERR_WEBHOOK_ALREADY_EXISTS",
    );
    const u = await h.ok("updateWebhook", {
      params: { appId: appId(), webhookId: id },
      body: { name: "Renamed", enabled: false, retryOnFailure: true },
    });
    expect(u.data).toMatchObject({ name: "Renamed", enabled: false, retryOnFailure: true });
    await h.fails(
      "updateWebhook",
      { params: { appId: appId(), webhookId: id }, body: { id: "x" } },
      400,
      "ERR_BAD_REQUEST",
    );
    const g = await h.ok("getWebhook", { params: { appId: appId(), webhookId: id } });
    expect(g.data.name).toBe("Renamed");
    const list = await h.ok("listWebhooks", { params: { appId: appId() }, query: { searchKey: "Renamed" } });
    expect(list.data.map((w) => w.id)).toEqual([id]);
    const d = await h.ok("deleteWebhook", { params: { appId: appId(), webhookId: id } });
    expect(d.data.message).toBe("Deleted Webhook successfully.");
    await h.fails("getWebhook", { params: { appId: appId(), webhookId: id } }, 404, "ERR_WEBHOOK_NOT_FOUND");
    await h.fails(
      "deleteWebhook",
      { params: { appId: appId(), webhookId: id } },
      404,
      "ERR_WEBHOOK_NOT_FOUND",
    );
  });

  it("validates the webhook: https URL, id and credential rules, basic auth needs both", async () => {
    const e = await h.fails(
      "createWebhook",
      {
        params: { appId: appId() },
        body: { id: "has space", name: "x".repeat(51), webhookURL: "http://insecure.example.com" },
      },
      400,
      "ERR_BAD_REQUEST",
    );
    expect(Object.keys(e.details ?? {}).sort()).toEqual(["id", "name", "webhookURL"]);
    const auth = await h.fails(
      "createWebhook",
      {
        params: { appId: appId() },
        body: { id: unique("wa"), name: "A", webhookURL: "https://x.example.com", useBasicAuth: true },
      },
      400,
      "ERR_BAD_REQUEST",
    );
    expect(auth.details).toEqual({
      useBasicAuth: ["username and password are required when useBasicAuth is true"],
    });
  });

  it("adds, lists and removes triggers; removing one not attached → 404 ERR_TRIGGER_NOT_FOUND", async () => {
    const id = unique("wt");
    await hook(id);
    const params = { appId: appId(), webhookId: id };
    const add = await h.ok("addTriggers", {
      params,
      body: { triggerIds: ["message_sent", "group_created"] },
    });
    expect(add.data.message_sent).toEqual({
      success: true,
      message: "Triggers has been added successfully.",
    });
    await h.ok("addTriggers", { params, body: { triggerIds: ["message_sent"] } });
    const list = await h.ok("listTriggers", { params });
    expect(list.data.map((t) => t.id)).toEqual(["message_sent", "group_created"]);
    expect(list.meta.pagination.total).toBe(2);
    await h.fails(
      "removeTriggers",
      { params, body: { triggerIds: ["message_sent", "user_blocked"] } },
      404,
      "ERR_TRIGGER_NOT_FOUND",
    );
    expect((await h.ok("listTriggers", { params })).data).toHaveLength(2);
    const rm = await h.ok("removeTriggers", { params, body: { triggerIds: ["message_sent"] } });
    expect(rm.data.message).toBe("Removed trigger successfully.");
    expect((await h.ok("listTriggers", { params })).data.map((t) => t.id)).toEqual(["group_created"]);
    await h.fails("addTriggers", { params, body: { triggerIds: ["not_a_trigger"] } }, 400, "ERR_BAD_REQUEST");
    await h.fails("addTriggers", { params, body: { triggerIds: [] } }, 400, "ERR_BAD_REQUEST");
    await h.fails(
      "listTriggers",
      { params: { appId: appId(), webhookId: "ghost" } },
      404,
      "ERR_WEBHOOK_NOT_FOUND",
    );
  });

  it("keeps each webhook's system (X-Webhook-Version) and takes the triggers of that system", async () => {
    const v2 = { "X-Webhook-Version": "2" };
    const [legacy, newer] = [unique("wh1"), unique("wh2")];
    await hook(legacy);
    await h.ok("createWebhook", {
      params: { appId: appId() },
      body: { id: newer, name: "Newer", webhookURL: "https://hooks.example.com/chat" },
      headers: v2,
    });
    const at = (webhookId: string) => ({ appId: appId(), webhookId });
    // The legacy system (no header) takes after_message and before_message beside the newer names.
    await h.ok("addTriggers", {
      params: at(legacy),
      body: { triggerIds: ["after_message", "message_sent"] },
    });
    const e = await h.fails(
      "addTriggers",
      { params: at(newer), body: { triggerIds: ["message_sent", "before_message"] }, headers: v2 },
      400,
      "ERR_BAD_REQUEST",
    );
    expect(JSON.stringify(e)).toMatch(/before_message is a trigger of the legacy webhook system/);
    // Refused as a whole: nothing was attached.
    expect((await h.ok("listTriggers", { params: at(newer), headers: v2 })).data).toEqual([]);
    await h.ok("addTriggers", { params: at(newer), body: { triggerIds: ["message_sent"] }, headers: v2 });
    // An update without the header is made in the legacy system: the webhook is of version 1 again.
    await h.ok("updateWebhook", { params: at(newer), body: { name: "Newer" } });
    await h.ok("addTriggers", { params: at(newer), body: { triggerIds: ["after_message"] } });
    // A header that names no system is refused on every webhook route.
    for (const value of ["3", "two", "2.0"])
      await h.fails(
        "getWebhook",
        { params: at(legacy), headers: { "X-Webhook-Version": value } },
        400,
        "ERR_BAD_REQUEST",
      );
  });

  it("allows at most 25 webhooks per app (403 ERR_PLAN_QUOTA_RESTRICTION)", async () => {
    const solo = await Harness.start();
    try {
      const appId = solo.app.appId;
      for (let i = 0; i < LIMITS.webhooksPerApp; i++) {
        await solo.ok("createWebhook", {
          params: { appId },
          body: { id: `w${i}`, name: `W${i}`, webhookURL: "https://x.example.com" },
        });
      }
      await solo.fails(
        "createWebhook",
        { params: { appId }, body: { id: "w25", name: "W25", webhookURL: "https://x.example.com" } },
        403,
        "ERR_PLAN_QUOTA_RESTRICTION",
      );
      const page = await solo.ok("listWebhooks", { params: { appId }, query: { perPage: 10, page: 3 } });
      expect(page.meta.pagination).toEqual({
        total: 25,
        count: 5,
        per_page: 10,
        current_page: 3,
        total_pages: 3,
      });
    } finally {
      await solo.close();
    }
  });
});

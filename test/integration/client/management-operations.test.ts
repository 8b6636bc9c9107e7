// Every management route of the table but the extension ones (configuration-operations.test.ts), called
// through ManagementClient against the emulator; a created app is then reachable with a ChatClient built
// from the keys the management API returned.

import { readFileSync } from "node:fs";
import { ChatClient, type ManagementClient, NotFoundError } from "../../../provider/client";
import { routes } from "../../../provider/contract";
import { FAST, unique, useEmulated } from "../../support/emulator";
import { certificateFile } from "../../support/kinds/push-certificate";
import { isConfigurationRoute } from "./configuration-routes";
import { recordingLogger, rejectionOf } from "./helpers";

const emulator = useEmulated({ clientOptions: FAST });
const log = recordingLogger();
let mgmt: ManagementClient;
let appId = "";
const webhookId = unique("hook");

beforeAll(() => {
  mgmt = emulator().managementClient({ logger: log.logger });
});

describe("apps", () => {
  it("creates an app whose REST key works on the chat API", async () => {
    const created = await mgmt.call("createApp", { body: { name: "Staging", region: "eu" } });
    appId = created.data.id;
    expect(created.data.region).toBe("eu");
    const fullAccess = Object.values(created.data.apiKeys ?? {}).find((k) => k.scope === "fullAccess");
    expect(fullAccess).toBeDefined();
    const chat = new ChatClient(
      { appId, region: "eu", apiKey: fullAccess?.apiKey ?? "", endpoint: emulator().chatEndpoint },
      FAST,
    );
    expect((await chat.call("listRoles")).data.map((r) => r.role)).toContain("default");
  });

  it("lists apps page by page", async () => {
    await mgmt.call("createApp", { body: { name: "Second" } });
    const ids = (await mgmt.listAll("listApps", { query: { perPage: 1 } })).map((a) => a.id);
    expect(ids).toContain(appId);
    expect(ids.length).toBeGreaterThanOrEqual(2);
  });
});

describe("settings", () => {
  it("sets, reads and resets app settings", async () => {
    const set = await mgmt.call("setAppSettings", {
      params: { appId },
      body: { settings: { "core.conversations.updateOnGroupActions": true } },
    });
    expect(set.data["core.conversations.updateOnGroupActions"]?.success).toBe(true);
    const got = await mgmt.call("getAppSettings", { params: { appId } });
    expect(got.data["core.conversations.updateOnGroupActions"]).toBe(true);
    expect((await mgmt.call("resetAppSettings", { params: { appId } })).data.success).toBe(true);
  });
});

describe("collaborators", () => {
  it("adds an admin and a moderator, lists them, changes a role and removes one", async () => {
    const r = await mgmt.call("updateCollaborators", {
      params: { appId },
      body: { admins: ["Ada@Example.com"], moderators: ["max@example.com"] },
    });
    expect(r.data.admins?.["ada@example.com"]?.success).toBe(true);
    expect(r.data.moderators?.["max@example.com"]?.success).toBe(true);
    const roles = async () =>
      (await mgmt.call("listCollaborators", { params: { appId } })).data.map((c) => [c.email, c.role]);
    expect(await roles()).toEqual([
      ["ada@example.com", "admin"],
      ["max@example.com", "moderator"],
    ]);
    const changed = await mgmt.call("updateCollaborators", {
      params: { appId },
      body: { admins: ["max@example.com"], collaboratorsToRemove: ["ada@example.com"] },
    });
    expect(changed.data.collaboratorsToRemove?.["ada@example.com"]?.success).toBe(true);
    expect(await roles()).toEqual([["max@example.com", "admin"]]);
  });
});

describe("chat widgets (decision 0114)", () => {
  it("creates a widget, lists it, updates it, and an unknown widget is refused", async () => {
    const settings = { name: "Site chat", version: "v2", sidebar: { calls: false } };
    const made = await mgmt.call("createChatWidget", { params: { appId }, body: { settings } });
    const widgetId = made.data.body.data.widgetId;
    const listed = async () => (await mgmt.call("listChatWidgets", { params: { appId } })).data.body.data;
    expect((await listed()).map((w) => w.widgetId)).toContain(widgetId);
    await mgmt.call("updateChatWidget", {
      params: { appId },
      body: { settings: { ...settings, name: "Site chat 2", widgetId } },
    });
    expect(JSON.stringify((await listed()).find((w) => w.widgetId === widgetId))).toContain("Site chat 2");
    const unknown = await rejectionOf(
      mgmt.call("updateChatWidget", {
        params: { appId },
        body: { settings: { ...settings, widgetId: "nope" } },
      }),
    );
    expect(unknown).toMatchObject({ code: "ERR_EXTENSION_SETTINGS_NOT_FOUND" });
  });
});

describe("webhooks and triggers", () => {
  it("creates, reads, updates and lists a webhook", async () => {
    const w = await mgmt.call("createWebhook", {
      params: { appId },
      body: {
        id: webhookId,
        name: "ci",
        webhookURL: "https://example.com/hook",
        useBasicAuth: true,
        username: "u",
        password: "p4ss",
      },
    });
    expect(w.data).toMatchObject({ id: webhookId, webhookURL: "https://example.com/hook" });
    expect((await mgmt.call("getWebhook", { params: { appId, webhookId } })).data.name).toBe("ci");
    const u = await mgmt.call("updateWebhook", { params: { appId, webhookId }, body: { enabled: false } });
    expect(u.data.enabled).toBe(false);
    expect((await mgmt.listAll("listWebhooks", { params: { appId } })).map((x) => x.id)).toContain(webhookId);
  });

  it("adds, lists and removes triggers", async () => {
    const added = await mgmt.call("addTriggers", {
      params: { appId, webhookId },
      body: { triggerIds: ["message_sent", "group_created"] },
    });
    expect(added.data.message_sent?.success).toBe(true);
    const ids = (await mgmt.listAll("listTriggers", { params: { appId, webhookId } })).map((t) => t.id);
    expect(ids.sort()).toEqual(["group_created", "message_sent"]);
    await mgmt.call("removeTriggers", {
      params: { appId, webhookId },
      body: { triggerIds: ["group_created"] },
    });
    expect((await mgmt.listAll("listTriggers", { params: { appId, webhookId } })).map((t) => t.id)).toEqual([
      "message_sent",
    ]);
  });

  it("sends X-Webhook-Version for version 2, and leaves it out for 1 (the legacy system)", async () => {
    const made = async (webhookVersion: 1 | 2) => {
      const id = unique(`hook-v${webhookVersion}`);
      await mgmt.call("createWebhook", {
        params: { appId },
        body: { id, name: "versioned", webhookURL: "https://example.com/hook" },
        webhookVersion,
      });
      return { appId, webhookId: id };
    };
    // The emulator keeps the system each webhook was made in; only the legacy one takes after_message.
    const legacy = await made(1);
    await mgmt.call("addTriggers", { params: legacy, body: { triggerIds: ["after_message"] } });
    const newer = await made(2);
    const e = await rejectionOf(
      mgmt.call("addTriggers", { params: newer, body: { triggerIds: ["after_message"] }, webhookVersion: 2 }),
    );
    expect(String((e as Error).message)).toMatch(/after_message is a trigger of the legacy webhook system/);
    for (const params of [legacy, newer]) await mgmt.call("deleteWebhook", { params });
  });

  it("deletes the webhook and the app", async () => {
    expect((await mgmt.call("deleteWebhook", { params: { appId, webhookId } })).data.success).toBe(true);
    expect(await rejectionOf(mgmt.call("getWebhook", { params: { appId, webhookId } }))).toBeInstanceOf(
      NotFoundError,
    );
    expect((await mgmt.call("deleteApp", { params: { appId } })).data.success).toBe(true);
  });
});

describe("push certificates (decision 0136)", () => {
  it("uploads a p12 with its password and a p8, and the query says each is there", async () => {
    const part = (name: string, type: string) => ({
      filename: name,
      content: readFileSync(certificateFile(name)).toString("base64"),
      type,
    });
    // An app of its own: the one above is archived by its describe.
    const appId = (await mgmt.call("createApp", { body: { name: unique("certs") } })).data.id;
    await mgmt.call("uploadPushCertificateP12", {
      params: { appId },
      body: { certificate: part("apns-a.p12", "application/x-pkcs12"), password: "p12PassAlpha7731" },
    });
    await mgmt.call("uploadPushCertificateP8", {
      params: { appId },
      body: { certificate: part("apns-a.p8", "application/pkcs8") },
    });
    const held = (await mgmt.call("queryPushCertificates", { params: { appId } })).data.body;
    expect(held).toMatchObject({ certificate_p12: true, certificate_p8: true });
  });
});

it("called every management route of the table with success", () => {
  const names = Object.entries(routes)
    .filter(([name, r]) => r.api === "management" && !isConfigurationRoute(name))
    .map(([name]) => name);
  const ok = new Set(log.fields.filter((f) => f.status === 200).map((f) => f.route));
  expect(names.filter((name) => !ok.has(name))).toEqual([]);
});

// The app-configuration routes through the clients: extensions (ManagementClient), notifications, moderation
// (keyword lists as multipart through got) and group-scope permissions (ChatClient); per-slug validation
// before anything is sent; and lost create answers recovered without a second object
// (provider/client/recovery/). The last test checks, from the clients' log lines, that each of these routes
// answered a success at least once (chat-operations and management-operations do the same for the other
// routes).

import {
  type ChatClient,
  ConflictError,
  type ManagementClient,
  NotFoundError,
  RequestValidationError,
  resetBudgets,
} from "../../../provider/client";
import { FAST, unique, useEmulated } from "../../support/emulator";
import { CONFIGURATION_ROUTES } from "./configuration-routes";
import { received, recordingLogger, rejectionOf } from "./helpers";

const emulator = useEmulated({ clientOptions: FAST });
const log = recordingLogger();
let mgmt: ManagementClient;
let chat: ChatClient;
let appId: string;

beforeAll(() => {
  mgmt = emulator().managementClient({ logger: log.logger });
  chat = emulator().chatClient({ logger: log.logger });
  appId = emulator().app.appId;
});
beforeEach(() => {
  emulator().admin.clearFaults();
  emulator().admin.clearRequests();
});
afterEach(() => resetBudgets());

const lost = (method: string, path: string) =>
  emulator().admin.setFaults([{ kind: "dropAfterApply", method, path, times: 1 }]);

describe("extensions", () => {
  it("enables, pages through the catalogue, stores and reads settings", async () => {
    await mgmt.call("toggleExtensions", { params: { appId }, body: { enabled: ["gifs-tenor", "polls"] } });
    const all = await mgmt.listAll("listExtensions", { params: { appId }, query: { perPage: 10 } });
    expect(
      all
        .filter((e) => e.isActive)
        .map((e) => e.id)
        .sort(),
    ).toEqual(["gifs-tenor", "polls"]);
    expect(received(emulator(), "GET", `/apps/${appId}/extensions`).length).toBeGreaterThan(1);
    const params = { appId, slug: "gifs-tenor" };
    await mgmt.call("createExtensionSettings", { params, body: { settings: { tenorApiKey: "t1" } } });
    const got = await mgmt.call("getExtensionSettings", { params });
    expect(got.data.body.data?.settings).toEqual({ tenorApiKey: "t1", appId });
    await mgmt.call("deleteExtensionSettings", { params });
    expect(NotFoundError.isInstance(await rejectionOf(mgmt.call("getExtensionSettings", { params })))).toBe(
      true,
    );
  });

  it("validates a body with the slug's schema before sending anything", async () => {
    const e = await rejectionOf(
      mgmt.call("createExtensionSettings", {
        params: { appId, slug: "virus-malware-scanner" },
        body: { settings: { scaniiApiKey: "" } },
      }),
    );
    expect(RequestValidationError.isInstance(e)).toBe(true);
    expect((e as RequestValidationError).details).toEqual({
      "settings.scaniiApiKey": ["scaniiApiKey must not be empty"],
      "settings.scaniiSecretKey": [expect.any(String)],
    });
    expect(
      received(emulator(), "POST", `/apps/${appId}/extensions/virus-malware-scanner/v1/settings`),
    ).toEqual([]);
  });

  it("a store whose answer was lost is read back, not sent twice", async () => {
    await mgmt.call("toggleExtensions", { params: { appId }, body: { enabled: ["rich-media"] } });
    const path = `/apps/${appId}/extensions/rich-media/v1/settings`;
    lost("POST", path);
    const params = { appId, slug: "rich-media" };
    const r = await mgmt.call("createExtensionSettings", {
      params,
      body: { settings: { iframelyApiKey: "if" } },
    });
    expect(r.data.body.data?.settings?.iframelyApiKey).toBe("if");
    expect(received(emulator(), "POST", path)).toHaveLength(1);
  });
});

describe("notifications", () => {
  const creds = {
    project_id: "p",
    client_email: "a@p.example.com",
    private_key: "pk",
    private_key_id: "pkid",
  };

  it("patches and reads the settings", async () => {
    await chat.call("updateNotificationSettings", {
      body: { preferences: { oneOnOne: { reactionsSetting: 3 } } },
    });
    const s = await chat.call("getNotificationSettings");
    expect(s.data.preferences).toMatchObject({ oneOnOne: { reactionsSetting: 3 } });
    await chat.call("resetNotificationSettings");
  });

  it("an FCM add whose answer was lost is found in the list, not added twice", async () => {
    const providerId = unique("fcm");
    lost("POST", "/v3/notifications/push/v1/providers/fcm");
    const r = await chat.call("addFcmProvider", { body: { providerId, serviceAccountCreds: creds } });
    expect(r.data.success).toBe(true);
    expect(received(emulator(), "POST", "/v3/notifications/push/v1/providers/fcm")).toHaveLength(1);
    const listed = (await chat.call("listFcmProviders")).data.pushProviders.filter(
      (p) => p.providerId === providerId,
    );
    expect(listed).toHaveLength(1);
    // A second add of the same id is a conflict, as the service's code says.
    expect(
      ConflictError.isInstance(
        await rejectionOf(chat.call("addFcmProvider", { body: { providerId, serviceAccountCreds: creds } })),
      ),
    ).toBe(true);
  });

  it("a custom push provider whose answer was lost is read back from its (list) read", async () => {
    lost("POST", "/v3/notifications/push/v1/providers/custom");
    const body = {
      isEnabled: true,
      webhookURL: "https://hooks.example.com/p",
      useBasicAuth: false,
      basicAuthUsername: "",
      basicAuthPassword: "",
    };
    const r = await chat.call("createCustomPushProvider", { body });
    expect(r.data.pushProviders).toEqual([body]);
    expect(received(emulator(), "POST", "/v3/notifications/push/v1/providers/custom")).toHaveLength(1);
    await chat.call("deleteCustomPushProvider");
  });

  it("a custom push create refused before it applied is sent again: an empty read is not taken for it", async () => {
    emulator().admin.setFaults([
      {
        kind: "error",
        status: 503,
        method: "POST",
        path: "/v3/notifications/push/v1/providers/custom",
        times: 1,
      },
    ]);
    const body = {
      isEnabled: true,
      webhookURL: "https://hooks.example.com/q",
      useBasicAuth: false,
      basicAuthUsername: "",
      basicAuthPassword: "",
    };
    const r = await chat.call("createCustomPushProvider", { body });
    expect(r.data.pushProviders).toEqual([body]);
    expect((await chat.call("getCustomPushProvider")).data.pushProviders).toEqual([body]);
    const posts = received(emulator(), "POST", "/v3/notifications/push/v1/providers/custom");
    expect(posts.map((x) => x.status)).toEqual([503, 200]);
    await chat.call("deleteCustomPushProvider");
  });

  it("a SendGrid provider whose answer was lost is read back; a second create is a conflict", async () => {
    lost("POST", "/v3/notifications/email/v1/providers/sendgrid");
    const body = {
      sendGridApiKey: "SG.k",
      sendGridTemplateID: "d-1",
      sendGridUnsubscribeGroupID: "7",
      senderName: "S",
      senderEmail: "s@example.com",
      allowEmailReplies: false,
    };
    const r = await chat.call("createSendgridProvider", { body });
    expect(r.data).toMatchObject({ senderName: "S" });
    expect(received(emulator(), "POST", "/v3/notifications/email/v1/providers/sendgrid")).toHaveLength(1);
    expect(ConflictError.isInstance(await rejectionOf(chat.call("createSendgridProvider", { body })))).toBe(
      true,
    );
    await chat.call("deleteSendgridProvider");
  });
});

describe("moderation", () => {
  it("sends keyword lists as multipart, with a CSV file", async () => {
    const id = unique("kw");
    const r = await chat.call("createKeywordList", {
      body: {
        id,
        category: "word",
        searchTerms: "alpha,beta",
        file: { filename: "terms.csv", content: "gamma\ndelta" },
      },
    });
    expect(r.data).toMatchObject({ id, isCSV: true, searchTerms: ["alpha", "beta", "gamma", "delta"] });
    const u = await chat.call("updateKeywordList", {
      params: { keywordId: id },
      body: { category: "sentence-similarity", disallowedSentences: ["one sentence", "another one"] },
    });
    expect(u.data.disallowedSentences).toEqual(["one sentence", "another one"]);
    await chat.call("deleteKeywordList", { params: { keywordId: id } });
  });

  it("a keyword list and a rule whose create answers were lost are read back, not made twice", async () => {
    const list = unique("lost-kw");
    lost("POST", "/v3/moderation/keywords");
    await chat.call("createKeywordList", { body: { id: list, category: "word", searchTerms: "x" } });
    expect(received(emulator(), "POST", "/v3/moderation/keywords")).toHaveLength(1);
    const ruleId = unique("lost-rule");
    lost("POST", "/v3/moderation/rules");
    const r = await chat.call("createRule", {
      body: {
        id: ruleId,
        name: "Lost",
        action: ["dropMessage"],
        conditions: [{ operand: "text", isKeywordReferencePresent: true, value: [list] }],
      },
    });
    expect(r.data.id).toBe(ruleId);
    expect(received(emulator(), "POST", "/v3/moderation/rules")).toHaveLength(1);
  });

  it("a rule that already existed is a conflict, not taken over", async () => {
    const e = await rejectionOf(
      chat.call("createRule", {
        body: {
          id: "email_filter",
          name: "Mine",
          action: ["blockMessage"],
          conditions: [{ operand: "text", value: "x" }],
        },
      }),
    );
    expect(ConflictError.isInstance(e)).toBe(true);
  });
});

describe("group scope permissions", () => {
  it("sets, reads and unsets one scope's permissions", async () => {
    const guid = unique("scoped");
    await chat.call("createGroup", { body: { guid, name: "Scoped", type: "public" } });
    const set = await chat.call("setScopePermissions", {
      params: { guid, scope: "moderator" },
      body: { permissions: { initiateCall: "deny" } },
    });
    expect(set.data.permissions).toEqual({ initiateCall: "deny" });
    const got = await chat.call("getScopePermissions", { params: { guid, scope: "moderator" } });
    expect(got.data.find((p) => p.id === "initiateCall")?.value).toBe("deny");
    const e = await rejectionOf(
      chat.call("setScopePermissions", {
        params: { guid, scope: "moderator" },
        body: { permissions: { initiateCall: "friends" } as never },
      }),
    );
    expect((e as RequestValidationError).details).toEqual({
      "permissions.initiateCall": [
        'initiateCall "friends" is not valid (closest valid: "deny"; one of allow, deny)',
      ],
    });
    await chat.call("unsetScopePermission", {
      params: { guid, scope: "moderator", permission: "initiateCall" },
    });
  });
});

describe("the rest of each family", () => {
  const custom = {
    isEnabled: true,
    webhookURL: "https://hooks.example.com/r",
    useBasicAuth: true,
    basicAuthUsername: "u",
    basicAuthPassword: "p",
  };

  it("updates extension settings", async () => {
    await mgmt.call("toggleExtensions", { params: { appId }, body: { enabled: ["sentiment-analysis"] } });
    const params = { appId, slug: "sentiment-analysis" };
    await mgmt.call("createExtensionSettings", { params, body: { settings: { dropMessage: false } } });
    const r = await mgmt.call("updateExtensionSettings", {
      params,
      body: { settings: { dropMessage: true } },
    });
    expect(r.data.body.data?.settings?.dropMessage).toBe(true);
  });

  it("FCM and APNs: update, make default, delete", async () => {
    const creds = { project_id: "p", client_email: "a@p.example.com", private_key: "k", private_key_id: "i" };
    const fcm = unique("f");
    await chat.call("addFcmProvider", { body: { providerId: fcm, serviceAccountCreds: creds } });
    await chat.call("updateFcmProvider", { body: { providerId: fcm, serviceAccountFilename: "sa.json" } });
    await chat.call("setDefaultFcmProvider", { params: { providerId: fcm } });
    await chat.call("deleteFcmProvider", { params: { providerId: fcm } });
    const apns = unique("a");
    await chat.call("addApnsProvider", {
      body: { providerId: apns, keyId: "K", teamId: "T", bundleId: "com.example", p8Key: "P8" },
    });
    await chat.call("updateApnsProvider", { body: { providerId: apns, productionMode: true } });
    await chat.call("setDefaultApnsProvider", { params: { providerId: apns } });
    const listed = (await chat.call("listApnsProviders")).data.pushProviders.find(
      (p) => p.providerId === apns,
    );
    expect(listed).toMatchObject({ isDefault: true, productionMode: true });
    expect(listed?.p8Key).toBeUndefined();
    await chat.call("deleteApnsProvider", { params: { providerId: apns } });
  });

  it("the one-per-app providers: create, read, update, delete", async () => {
    await chat.call("createCustomPushProvider", { body: custom });
    await chat.call("updateCustomPushProvider", { body: { isEnabled: false } });
    await chat.call("deleteCustomPushProvider");
    await chat.call("createSendgridProvider", {
      body: {
        sendGridApiKey: "SG.x",
        sendGridTemplateID: "d",
        sendGridUnsubscribeGroupID: "1",
        senderName: "n",
        senderEmail: "n@example.com",
        allowEmailReplies: false,
      },
    });
    await chat.call("getSendgridProvider");
    await chat.call("updateSendgridProvider", { body: { isEnabled: false } });
    await chat.call("deleteSendgridProvider");
    await chat.call("createCustomEmailProvider", { body: { ...custom, useStoredEmailID: true } });
    expect((await chat.call("getCustomEmailProvider")).data.useStoredEmailID).toBe(true);
    await chat.call("updateCustomEmailProvider", { body: { useStoredEmailID: false } });
    await chat.call("deleteCustomEmailProvider");
    await chat.call("createTwilioProvider", {
      body: { twilioAccountSID: "AC", twilioAuthToken: "t", twilioSenderPhoneNumber: "+15550001111" },
    });
    await chat.call("getTwilioProvider");
    await chat.call("updateTwilioProvider", { body: { isEnabled: true } });
    await chat.call("deleteTwilioProvider");
    await chat.call("createCustomSmsProvider", { body: { ...custom, useStoredPhNo: true } });
    await chat.call("getCustomSmsProvider");
    const upd = await chat.call("updateCustomSmsProvider", { body: { useStoredPhNo: false } });
    expect(upd.data.useStoredPhNo).toBe(false);
    await chat.call("deleteCustomSmsProvider");
    expect(NotFoundError.isInstance(await rejectionOf(chat.call("getCustomSmsProvider")))).toBe(true);
  });

  it("rules and keyword lists: list, read, replace, delete", async () => {
    const id = unique("r");
    const body = {
      id,
      name: "R",
      action: ["blockMessage" as const],
      conditions: [{ operand: "text" as const, value: "x" }],
    };
    await chat.call("createRule", { body });
    expect((await chat.call("listRules", { query: { limit: 100 } })).data.map((r) => r.id)).toContain(id);
    expect((await chat.call("getRule", { params: { ruleId: id } })).data.name).toBe("R");
    await chat.call("updateRule", { params: { ruleId: id }, body: { ...body, enabled: true } });
    await chat.call("deleteRule", { params: { ruleId: id } });
    expect((await chat.call("listKeywordLists")).data.map((k) => k.id)).toContain("profanity-list");
    expect(
      (await chat.call("getKeywordList", { params: { keywordId: "profanity-list" } })).data.default,
    ).toBe(true);
  });
});

it("called every app-configuration route with success", () => {
  const ok = new Set(log.fields.filter((f) => f.status === 200).map((f) => f.route));
  expect(CONFIGURATION_ROUTES.filter((name) => !ok.has(name))).toEqual([]);
});

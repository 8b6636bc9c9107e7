// One valid call per route of the route table, answered 200 and parsed by the route's response schema. The
// table of calls is typed by route name, so a route added to contract without a case here fails to
// compile: the conformance suite covers every route by construction.
import { readFileSync } from "node:fs";
import { type RouteName, routes } from "../../../provider/contract";
import { unique } from "../../support/emulator";
import { certificateFile } from "../../support/kinds/push-certificate";
import { type CallOptions, Harness } from "./harness";

let h: Harness;
beforeAll(async () => {
  h = await Harness.start();
});
afterAll(() => h.close());

const user = async () => {
  const uid = unique("er-u");
  await h.ok("createUser", { body: { uid, name: uid } });
  return uid;
};
const group = async (members: string[] = []) => {
  const guid = unique("er-g");
  await h.ok("createGroup", {
    body: { guid, type: "public", name: guid, members: { participants: members } },
  });
  return guid;
};
const role = async () => {
  const r = unique("er-r");
  await h.ok("createRole", { body: { role: r, name: r } });
  return r;
};
const message = async (from: string) => {
  const to = await user();
  return (
    await h.ok("sendMessage", {
      body: { receiver: to, receiverType: "user", data: { text: "x" } },
      onBehalfOf: from,
    })
  ).data.id;
};
const token = async (uid: string) => (await h.ok("createAuthToken", { params: { uid } })).data.authToken;
const apiKey = async () => (await h.ok("createApiKey", { body: { name: "k" } })).data.apiKey;
/** A certificate file part of the PushCertificate fixtures (test/support/certificates). */
const certificatePart = (name: string, type: string) => ({
  filename: name,
  content: readFileSync(certificateFile(name)).toString("base64"),
  type,
});
const app = async () => (await h.ok("createApp", { body: { name: unique("er-app") } })).data.id;
const widgetSettings = { name: "W", version: "v2", sidebar: { calls: true } };
const widget = async (appId: string) =>
  (await h.ok("createChatWidget", { params: { appId }, body: { settings: widgetSettings } })).data.body.data
    .widgetId;
const webhook = async (appId: string) => {
  const id = unique("er-w");
  await h.ok("createWebhook", {
    params: { appId },
    body: { id, name: id, webhookURL: "https://x.example.com" },
  });
  return id;
};

/** A new app, to call its chat API: for the providers an app has at most one of. */
const chatApp = async (): Promise<Pick<CallOptions, "app" | "key">> => {
  const a = (await h.ok("createApp", { body: { name: unique("er-chat") } })).data;
  const key = Object.values(a.apiKeys ?? {}).find((k) => k.scope === "fullAccess")?.apiKey ?? "";
  return { app: { appId: a.id, region: a.region }, key };
};
/** An app with the xss-filter extension enabled, and optionally its settings stored. */
const extensionApp = async (stored: boolean) => {
  const appId = await app();
  await h.ok("toggleExtensions", { params: { appId }, body: { enabled: ["xss-filter"] } });
  const params = { appId, slug: "xss-filter" };
  if (stored) await h.ok("createExtensionSettings", { params, body: { settings: { dropMessage: true } } });
  return params;
};
const fcmBody = (providerId: string) => ({
  providerId,
  serviceAccountCreds: {
    project_id: "p",
    client_email: "push@p.example.com",
    private_key: "pk",
    private_key_id: "pkid",
  },
});
const apnsBody = (providerId: string) => ({
  providerId,
  keyId: "K",
  teamId: "T",
  bundleId: "com.example.app",
  p8Key: "p8",
});
const pushProvider = async (route: "addFcmProvider" | "addApnsProvider") => {
  const providerId = unique("er-p");
  await h.ok(route, { body: route === "addFcmProvider" ? fcmBody(providerId) : apnsBody(providerId) });
  return providerId;
};
const custom = {
  isEnabled: true,
  webhookURL: "https://hooks.example.com/n",
  useBasicAuth: false,
  basicAuthUsername: "",
  basicAuthPassword: "",
};
const sendgridBody = {
  sendGridApiKey: "SG.key",
  sendGridTemplateID: "d-1",
  sendGridUnsubscribeGroupID: "1",
  senderName: "App",
  senderEmail: "app@example.com",
  allowEmailReplies: false,
};
const twilioBody = {
  twilioAccountSID: "AC1",
  twilioAuthToken: "tok",
  twilioSenderPhoneNumber: "+15551234567",
};
/** A new app with one singleton provider made; the options then name that app. */
const withSingleton = async (create: RouteName, body: unknown) => {
  const target = await chatApp();
  await h.ok(create, { ...target, body });
  return target;
};
const ruleBody = (id: string) => ({
  id,
  name: "No spam",
  action: ["blockMessage"],
  conditions: [{ operand: "text", operator: "contains", category: "word", value: ["spam"] }],
});
const rule = async () => {
  const id = unique("er-rule");
  await h.ok("createRule", { body: ruleBody(id) });
  return id;
};
const keywordList = async () => {
  const id = unique("er-kw");
  await h.ok("createKeywordList", { body: { id, category: "word", searchTerms: "a,b" } });
  return id;
};

const bot = async () => {
  const uid = await user();
  await h.ok("createBot", { body: { uid, webhookURL: "https://bot.example.com/hook" } });
  return uid;
};
const mcpServer = async () => {
  const slug = unique("er-mcp");
  await h.ok("createMcpServer", { body: { slug, name: slug, url: "https://mcp.example.com" } });
  return slug;
};
const apiTool = async () => {
  const slug = unique("er-tool");
  await h.ok("createApiTool", {
    body: {
      slug,
      name: slug,
      description: "d",
      endpoint: "https://api.example.com",
      method: "GET",
      enableBasicAuth: false,
    },
  });
  return slug;
};
const frontendAction = async () => {
  const triggerFunction = unique("erAction");
  const r = await h.ok("createFrontendAction", { body: { triggerFunction, name: "Open", description: "d" } });
  return { triggerFunction, id: r.data._id };
};
const campaignCategory = async () =>
  (await h.ok("createCampaignCategory", { body: { name: unique("er-category") } })).data.id;
const campaignChannel = async () =>
  (
    await h.ok("createCampaignChannel", {
      body: { channelId: unique("er-ch"), name: "Feed", type: "in_app" },
    })
  ).data.id;
const campaignTemplate = async () =>
  (
    await h.ok("createCampaignTemplate", {
      body: { templateId: unique("er-t"), name: "T", channels: [{ channelType: "in_app" }] },
    })
  ).data.id;
/** A crawled website's uniqueId: the crawl names none, the listing does (by its url). */
const knowledgeWebsite = async () => {
  const url = `https://${unique("er-site")}.example.com/`;
  await h.ok("scrapeKnowledgeWebsite", { body: { url } });
  const all = await h.ok("listKnowledgeSources", { query: { limit: 100 } });
  return all.data.find((r) => r.type === "website" && r.sourceName === url)?.uniqueId as string;
};
const knowledgeText = async () =>
  (await h.ok("createKnowledgeText", { body: { title: unique("er-kb"), text: "Some text." } })).data.uniqueId;
const agentVariable = async () =>
  (
    await h.ok("createAgentVariable", {
      body: { name: unique("er.var").replace(/-/g, "_"), sourceType: "user_metadata", sourcePath: "plan" },
    })
  ).data._id;
const builderAgent = async () =>
  (await h.ok("createBuilderAgent", { body: { name: unique("er-agent") } })).data.uid;
const byoBody = () => ({
  name: unique("er-byo"),
  integrateWith: "mastra" as const,
  integrationType: "agent" as const,
  integrationMeta: { baseUrl: "https://agent.example.com" },
});
const byoAgent = async () => (await h.ok("createByoAgent", { body: byoBody() })).data.uid;
const friendsOf = async () => {
  const uid = await user();
  const other = await user();
  await h.ok("addFriends", { params: { uid }, body: { accepted: [other] } });
  return { uid, other };
};
const blockerOf = async () => {
  const uid = await user();
  const other = await user();
  await h.ok("blockUsers", { params: { uid }, body: { blockedUids: [other] } });
  return { uid, other };
};

const calls: { readonly [N in RouteName]: () => Promise<CallOptions> } = {
  createUser: async () => ({ body: { uid: unique("er-new"), name: "New", withAuthToken: true } }),
  listUsers: async () => ({ query: { perPage: 5, withTags: true } }),
  getUser: async () => ({ params: { uid: await user() } }),
  updateUser: async () => ({ params: { uid: await user() }, body: { name: "Renamed", unset: ["metadata"] } }),
  deleteUser: async () => ({ params: { uid: await user() }, body: { permanent: true } }),
  deactivateUsers: async () => ({ body: { uidsToDeactivate: [await user()] } }),
  reactivateUsers: async () => {
    const uid = await user();
    await h.ok("deleteUser", { params: { uid } });
    return { body: { uidsToActivate: [uid] } };
  },
  createAuthToken: async () => ({ params: { uid: await user() }, body: { force: true } }),
  listAuthTokens: async () => {
    const uid = await user();
    await token(uid);
    return { params: { uid } };
  },
  getAuthToken: async () => {
    const uid = await user();
    return { params: { uid, authToken: await token(uid) } };
  },
  updateAuthToken: async () => {
    const uid = await user();
    return {
      params: { uid, authToken: await token(uid) },
      body: { platform: "ios", userAgent: "ua", appInfo: {} },
    };
  },
  deleteAuthToken: async () => {
    const uid = await user();
    return { params: { uid, authToken: await token(uid) } };
  },
  flushAuthTokens: async () => ({ params: { uid: await user() } }),
  createGroup: async () => ({
    body: { guid: unique("er-ng"), name: "G", type: "private", members: { admins: [await user()] } },
  }),
  listGroups: async () => ({ query: { sortBy: "createdAt", sortOrder: "desc" } }),
  getGroup: async () => ({ params: { guid: await group() } }),
  updateGroup: async () => ({ params: { guid: await group() }, body: { name: "G2", type: "private" } }),
  deleteGroup: async () => ({ params: { guid: await group() } }),
  addMembers: async () => ({ params: { guid: await group() }, body: { moderators: [await user()] } }),
  listMembers: async () => ({
    params: { guid: await group([await user()]) },
    query: { scopes: "participant" },
  }),
  changeMemberScope: async () => {
    const uid = await user();
    return { params: { guid: await group([uid]), uid }, body: { scope: "admin" } };
  },
  kickMember: async () => {
    const uid = await user();
    return { params: { guid: await group([uid]), uid } };
  },
  banUser: async () => ({ params: { guid: await group(), uid: await user() } }),
  unbanUser: async () => {
    const uid = await user();
    const guid = await group();
    await h.ok("banUser", { params: { guid, uid } });
    return { params: { guid, uid } };
  },
  listBannedUsers: async () => {
    const uid = await user();
    const guid = await group();
    await h.ok("banUser", { params: { guid, uid } });
    return { params: { guid } };
  },
  createRole: async () => ({
    body: { role: unique("er-nr"), name: "R", settings: { sendMessagesTo: "friendsOnly" } },
  }),
  listRoles: async () => ({}),
  getRole: async () => ({ params: { role: await role() } }),
  updateRole: async () => ({ params: { role: await role() }, body: { description: "d" } }),
  deleteRole: async () => ({ params: { role: await role() } }),
  restrictFeatures: async () => ({
    params: { role: await role() },
    body: { featuresToRestrict: ["u.listUsers"] },
  }),
  listRestrictedFeatures: async () => ({ params: { role: await role() } }),
  allowFeatures: async () => ({ params: { role: await role() }, body: { allowAll: true } }),
  getPermissions: async () => ({ params: { role: await role() } }),
  setPermissions: async () => ({
    params: { role: await role() },
    body: { permissions: { listUsers: "allow" } },
  }),
  unsetPermission: async () => ({ params: { role: await role(), permission: "listUsers" } }),
  createApiKey: async () => ({ body: { name: "new", scope: "fullAccess" } }),
  listApiKeys: async () => ({ query: { scope: "fullAccess" } }),
  getApiKey: async () => ({ params: { apiKey: await apiKey() } }),
  updateApiKey: async () => ({ params: { apiKey: await apiKey() }, body: { scope: "fullAccess" } }),
  deleteApiKey: async () => ({ params: { apiKey: await apiKey() } }),
  sendMessage: async () => ({
    body: { receiver: await user(), receiverType: "user", type: "text", data: { text: "hi" } },
  }),
  listMessages: async () => ({ query: { limit: 3 } }),
  getMessage: async () => ({ params: { id: await message(await user()) } }),
  editMessage: async () => ({
    params: { id: await message(await user()) },
    body: { data: { text: "edited" } },
  }),
  deleteMessage: async () => ({ params: { id: await message(await user()) } }),
  addReaction: async () => ({
    params: { id: await message(await user()), reaction: "🔥" },
    onBehalfOf: await user(),
  }),
  listReactions: async () => {
    const id = await message(await user());
    await h.ok("addReaction", { params: { id, reaction: "🔥" }, onBehalfOf: await user() });
    return { params: { id } };
  },
  removeReaction: async () => {
    const uid = await user();
    const id = await message(uid);
    await h.ok("addReaction", { params: { id, reaction: "🔥" }, onBehalfOf: uid });
    return { params: { id, reaction: "🔥" }, onBehalfOf: uid };
  },
  createApp: async () => ({ body: { name: "App", region: "in" } }),
  listApps: async () => ({ query: { perPage: 2 } }),
  deleteApp: async () => ({ params: { appId: await app() } }),
  getAppSettings: async () => ({ params: { appId: await app() } }),
  setAppSettings: async () => ({ params: { appId: await app() }, body: { settings: { "core.x": true } } }),
  resetAppSettings: async () => ({ params: { appId: await app() } }),
  createWebhook: async () => ({
    params: { appId: await app() },
    body: { id: "w", name: "W", webhookURL: "https://x.example.com", retryOnFailure: true },
  }),
  listWebhooks: async () => {
    const appId = await app();
    await webhook(appId);
    return { params: { appId } };
  },
  getWebhook: async () => {
    const appId = await app();
    return { params: { appId, webhookId: await webhook(appId) } };
  },
  updateWebhook: async () => {
    const appId = await app();
    return { params: { appId, webhookId: await webhook(appId) }, body: { enabled: false } };
  },
  deleteWebhook: async () => {
    const appId = await app();
    return { params: { appId, webhookId: await webhook(appId) } };
  },
  addTriggers: async () => {
    const appId = await app();
    return { params: { appId, webhookId: await webhook(appId) }, body: { triggerIds: ["message_sent"] } };
  },
  listTriggers: async () => {
    const appId = await app();
    const webhookId = await webhook(appId);
    await h.ok("addTriggers", { params: { appId, webhookId }, body: { triggerIds: ["group_created"] } });
    return { params: { appId, webhookId } };
  },
  removeTriggers: async () => {
    const appId = await app();
    const webhookId = await webhook(appId);
    await h.ok("addTriggers", { params: { appId, webhookId }, body: { triggerIds: ["group_created"] } });
    return { params: { appId, webhookId }, body: { triggerIds: ["group_created"] } };
  },
  listExtensions: async () => ({ params: { appId: await app() }, query: { perPage: 10 } }),
  toggleExtensions: async () => ({
    params: { appId: await app() },
    body: { enabled: ["polls", "profanity-filter"], disabled: ["reactions"] },
  }),
  getExtensionSettings: async () => ({ params: await extensionApp(true) }),
  createExtensionSettings: async () => ({
    params: await extensionApp(false),
    body: { settings: { dropMessage: false } },
  }),
  updateExtensionSettings: async () => ({
    params: await extensionApp(true),
    body: { settings: { dropMessage: false } },
  }),
  deleteExtensionSettings: async () => ({ params: await extensionApp(true) }),
  getNotificationSettings: async () => ({}),
  updateNotificationSettings: async () => ({
    body: { preferences: { group: { messagesSetting: 3 } }, sound: { chat: "ding" } },
  }),
  resetNotificationSettings: async () => ({}),
  listFcmProviders: async () => {
    await pushProvider("addFcmProvider");
    return {};
  },
  addFcmProvider: async () => ({ body: fcmBody(unique("er-fcm")) }),
  updateFcmProvider: async () => ({
    body: { providerId: await pushProvider("addFcmProvider"), serviceAccountFilename: "sa.json" },
  }),
  deleteFcmProvider: async () => ({ params: { providerId: await pushProvider("addFcmProvider") } }),
  setDefaultFcmProvider: async () => ({ params: { providerId: await pushProvider("addFcmProvider") } }),
  listApnsProviders: async () => {
    await pushProvider("addApnsProvider");
    return {};
  },
  addApnsProvider: async () => ({ body: apnsBody(unique("er-apns")) }),
  updateApnsProvider: async () => ({
    body: { providerId: await pushProvider("addApnsProvider"), productionMode: true },
  }),
  deleteApnsProvider: async () => ({ params: { providerId: await pushProvider("addApnsProvider") } }),
  setDefaultApnsProvider: async () => ({ params: { providerId: await pushProvider("addApnsProvider") } }),
  getCustomPushProvider: async () => withSingleton("createCustomPushProvider", custom),
  createCustomPushProvider: async () => ({ ...(await chatApp()), body: custom }),
  updateCustomPushProvider: async () => ({
    ...(await withSingleton("createCustomPushProvider", custom)),
    body: { isEnabled: false },
  }),
  deleteCustomPushProvider: async () => withSingleton("createCustomPushProvider", custom),
  getSendgridProvider: async () => withSingleton("createSendgridProvider", sendgridBody),
  createSendgridProvider: async () => ({ ...(await chatApp()), body: sendgridBody }),
  updateSendgridProvider: async () => ({
    ...(await withSingleton("createSendgridProvider", sendgridBody)),
    body: { senderName: "Other" },
  }),
  deleteSendgridProvider: async () => withSingleton("createSendgridProvider", sendgridBody),
  getCustomEmailProvider: async () =>
    withSingleton("createCustomEmailProvider", { ...custom, useStoredEmailID: true }),
  createCustomEmailProvider: async () => ({
    ...(await chatApp()),
    body: { ...custom, useStoredEmailID: true },
  }),
  updateCustomEmailProvider: async () => ({
    ...(await withSingleton("createCustomEmailProvider", { ...custom, useStoredEmailID: true })),
    body: { useStoredEmailID: false },
  }),
  deleteCustomEmailProvider: async () =>
    withSingleton("createCustomEmailProvider", { ...custom, useStoredEmailID: true }),
  getTwilioProvider: async () => withSingleton("createTwilioProvider", twilioBody),
  createTwilioProvider: async () => ({ ...(await chatApp()), body: { ...twilioBody, isEnabled: true } }),
  updateTwilioProvider: async () => ({
    ...(await withSingleton("createTwilioProvider", twilioBody)),
    body: { isEnabled: false },
  }),
  deleteTwilioProvider: async () => withSingleton("createTwilioProvider", twilioBody),
  getCustomSmsProvider: async () =>
    withSingleton("createCustomSmsProvider", { ...custom, useStoredPhNo: true }),
  createCustomSmsProvider: async () => ({ ...(await chatApp()), body: { ...custom, useStoredPhNo: false } }),
  updateCustomSmsProvider: async () => ({
    ...(await withSingleton("createCustomSmsProvider", { ...custom, useStoredPhNo: true })),
    body: { useStoredPhNo: false },
  }),
  deleteCustomSmsProvider: async () =>
    withSingleton("createCustomSmsProvider", { ...custom, useStoredPhNo: true }),
  createRule: async () => ({ body: ruleBody(unique("er-nrule")) }),
  listRules: async () => ({ query: { limit: 5 } }),
  getRule: async () => ({ params: { ruleId: await rule() } }),
  updateRule: async () => {
    const ruleId = await rule();
    return { params: { ruleId }, body: { ...ruleBody(ruleId), enabled: true } };
  },
  deleteRule: async () => ({ params: { ruleId: await rule() } }),
  createKeywordList: async () => ({
    body: {
      id: unique("er-nkw"),
      name: "Words",
      category: "word",
      searchTerms: "foo,bar",
      file: { filename: "more.csv", content: "baz\nqux" },
    },
  }),
  listKeywordLists: async () => ({}),
  getKeywordList: async () => ({ params: { keywordId: await keywordList() } }),
  updateKeywordList: async () => ({
    params: { keywordId: await keywordList() },
    body: { category: "sentence-similarity", disallowedSentences: ["buy now", "click here"] },
  }),
  deleteKeywordList: async () => ({ params: { keywordId: await keywordList() } }),
  getScopePermissions: async () => ({ params: { guid: await group(), scope: "moderator" } }),
  setScopePermissions: async () => ({
    params: { guid: await group(), scope: "participant" },
    body: { permissions: { sendMessage: "deny", "initiateCall.allowedType": ["audio"] } },
  }),
  unsetScopePermission: async () => ({
    params: { guid: await group(), scope: "admin", permission: "sendMessage" },
  }),
  createBot: async () => ({
    body: {
      uid: await user(),
      webhookURL: "https://bot.example.com/hook",
      groupChatSetting: "allMessages",
      useBasicAuth: true,
      username: "u",
      password: "p",
    },
  }),
  listBots: async () => {
    await bot();
    return { query: { perPage: 5 } };
  },
  getBot: async () => ({ params: { uid: await bot() } }),
  updateBot: async () => ({ params: { uid: await bot() }, body: { enabled: false } }),
  deleteBot: async () => ({ params: { uid: await bot() } }),
  createBuilderAgent: async () => ({
    body: { name: unique("er-nagent"), instruction: "Be brief.", mcpServers: [await mcpServer()] },
  }),
  listBuilderAgents: async () => {
    await builderAgent();
    return { query: { perPage: 5 } };
  },
  getBuilderAgent: async () => ({ params: { uid: await builderAgent() } }),
  updateBuilderAgent: async () => ({ params: { uid: await builderAgent() }, body: { isActive: false } }),
  deleteBuilderAgent: async () => ({ params: { uid: await builderAgent() } }),
  createMcpServer: async () => ({
    body: { slug: unique("er-nmcp"), name: "Docs", url: "https://mcp.example.com", headers: { a: "b" } },
  }),
  listMcpServers: async () => {
    await mcpServer();
    return { query: { limit: 5 } };
  },
  getMcpServer: async () => ({ params: { slug: await mcpServer() } }),
  updateMcpServer: async () => ({ params: { slug: await mcpServer() }, body: { name: "Docs 2" } }),
  deleteMcpServer: async () => ({ params: { slug: await mcpServer() } }),
  addAgentMcpServers: async () => ({
    params: { uid: await builderAgent() },
    body: { mcps: [await mcpServer()] },
  }),
  createApiTool: async () => ({
    body: {
      slug: unique("er-ntool"),
      name: "Orders",
      description: "d",
      endpoint: "https://api.example.com/o",
      method: "POST",
      enableBasicAuth: true,
      basicAuthUsername: "u",
      basicAuthPassword: "p",
      headers: '{"a":"b"}',
      parameters: [{ key: "q", type: "string", description: "the query", required: true }],
    },
  }),
  listApiTools: async () => {
    await apiTool();
    return { query: { limit: 5 } };
  },
  getApiTool: async () => ({ params: { slug: await apiTool() } }),
  updateApiTool: async () => ({ params: { slug: await apiTool() }, body: { name: "Orders 2" } }),
  deleteApiTool: async () => ({ params: { slug: await apiTool() } }),
  addAgentApiTools: async () => ({
    params: { uid: await builderAgent() },
    body: { apiTools: [await apiTool()] },
  }),
  removeAgentApiTools: async () => {
    const slug = await apiTool();
    const uid = (
      await h.ok("createBuilderAgent", { body: { name: unique("er-tool-agent"), apiTools: [slug] } })
    ).data.uid;
    return { params: { uid }, body: { apiTools: [slug] } };
  },
  createFrontendAction: async () => ({
    body: {
      triggerFunction: unique("erNew"),
      name: "Open",
      description: "d",
      icon: "https://cdn.example.com/i",
    },
  }),
  listFrontendActions: async () => {
    await frontendAction();
    return { query: { limit: 5 } };
  },
  getFrontendAction: async () => ({ params: { id: (await frontendAction()).id } }),
  updateFrontendAction: async () => ({
    params: { id: (await frontendAction()).id },
    body: { name: "Open 2" },
  }),
  deleteFrontendAction: async () => ({ params: { id: (await frontendAction()).id } }),
  createCampaignCategory: async () => ({ body: { name: unique("er-new-cat"), description: "d" } }),
  listCampaignCategories: async () => {
    await campaignCategory();
    return { query: { limit: 5 } };
  },
  getCampaignCategory: async () => ({ params: { id: await campaignCategory() } }),
  updateCampaignCategory: async () => ({
    params: { id: await campaignCategory() },
    body: { description: "2" },
  }),
  deleteCampaignCategory: async () => ({ params: { id: await campaignCategory() } }),
  createCampaignChannel: async () => ({
    body: { channelId: unique("er-new-ch"), name: "Feed", type: "in_app", enabled: true },
  }),
  listCampaignChannels: async () => {
    await campaignChannel();
    return { query: { limit: 5 } };
  },
  getCampaignChannel: async () => ({ params: { id: await campaignChannel() } }),
  updateCampaignChannel: async () => ({ params: { id: await campaignChannel() }, body: { enabled: true } }),
  createCampaignTemplate: async () => ({
    body: {
      templateId: unique("er-new-t"),
      name: "T",
      templateCategory: "Alerts",
      channels: [{ channelType: "push", content: { title: "x" }, stopCondition: "clicked", waitMinutes: 5 }],
    },
  }),
  listCampaignTemplates: async () => {
    await campaignTemplate();
    return { query: { limit: 5 } };
  },
  getCampaignTemplate: async () => ({ params: { id: await campaignTemplate() } }),
  updateCampaignTemplate: async () => ({ params: { id: await campaignTemplate() }, body: { label: "L" } }),
  archiveCampaignTemplate: async () => ({ params: { id: await campaignTemplate() } }),
  updateCampaignTemplateChannel: async () => ({
    params: { id: await campaignTemplate(), channelType: "in_app" },
    body: { content: { title: "y" } },
  }),
  addAgentFrontendActions: async () => ({
    params: { uid: await builderAgent() },
    body: { frontendActions: [(await frontendAction()).triggerFunction] },
  }),
  removeAgentFrontendActions: async () => {
    const { triggerFunction } = await frontendAction();
    const uid = await builderAgent();
    await h.ok("addAgentFrontendActions", { params: { uid }, body: { frontendActions: [triggerFunction] } });
    return { params: { uid }, body: { frontendActions: [triggerFunction] } };
  },
  addAgentTools: async () => ({ params: { uid: await builderAgent() }, body: { tools: ["gmail"] } }),
  removeAgentTools: async () => {
    const uid = (await h.ok("createBuilderAgent", { body: { name: unique("er-t-agent"), tools: ["slack"] } }))
      .data.uid;
    return { params: { uid }, body: { tools: ["slack"] } };
  },
  enableAgentToolActions: async () => {
    const uid = (
      await h.ok("createBuilderAgent", { body: { name: unique("er-ta-agent"), tools: ["gmail"] } })
    ).data.uid;
    return {
      params: { uid, slug: "gmail" },
      body: { actions: ["send-email"], authMeta: { emailId: "er@example.com" } },
    };
  },
  disableAgentToolActions: async () => {
    const uid = (
      await h.ok("createBuilderAgent", { body: { name: unique("er-td-agent"), tools: ["gmail"] } })
    ).data.uid;
    await h.ok("enableAgentToolActions", {
      params: { uid, slug: "gmail" },
      body: { actions: ["send-email"] },
    });
    return { params: { uid, slug: "gmail" }, body: { actions: ["send-email"] } };
  },
  listAgentEnabledItems: async () => ({ params: { uid: await builderAgent() } }),
  removeAgentMcpServers: async () => {
    const slug = await mcpServer();
    const uid = (
      await h.ok("createBuilderAgent", { body: { name: unique("er-mcp-agent"), mcpServers: [slug] } })
    ).data.uid;
    return { params: { uid }, body: { mcps: [slug] } };
  },
  createByoAgent: async () => {
    const body = byoBody();
    return {
      body: { ...body, integrationMeta: { ...body.integrationMeta, headers: { Authorization: "Bearer x" } } },
    };
  },
  listByoAgents: async () => {
    await byoAgent();
    return {};
  },
  updateByoAgent: async () => ({ params: { uid: await byoAgent() }, body: { name: unique("er-renamed") } }),
  deleteByoAgent: async () => ({ params: { uid: await byoAgent() } }),
  addFriends: async () => ({ params: { uid: await user() }, body: { accepted: [await user()] } }),
  listFriends: async () => ({ params: { uid: (await friendsOf()).uid } }),
  removeFriends: async () => {
    const { uid, other } = await friendsOf();
    return { params: { uid }, body: { friends: [other] } };
  },
  blockUsers: async () => ({ params: { uid: await user() }, body: { blockedUids: [await user()] } }),
  unblockUsers: async () => {
    const { uid, other } = await blockerOf();
    return { params: { uid }, body: { blockedUids: [other] } };
  },
  listBlockedUsers: async () => ({ params: { uid: (await blockerOf()).uid } }),
  listAppPinnedConversations: async () => ({}),
  replaceAppPinnedConversations: async () => ({
    body: { pinnedConversations: [{ guid: await group() }] },
  }),
  getUsageMetrics: async () => ({ query: { fromDate: 0, toDate: 2_000_000_000 } }),
  getMessageMetrics: async () => ({}),
  listCollaborators: async () => ({ params: { appId: await app() } }),
  updateCollaborators: async () => ({
    params: { appId: await app() },
    body: { admins: ["ada@example.com"], moderators: ["max@example.com"] },
  }),
  importUsers: async () => {
    const uid = unique("er-imp");
    return { body: { users: { [uid]: { uid, name: "Imported", createdAt: 1_600_000_000 } } } };
  },
  importGroups: async () => {
    const guid = unique("er-impg");
    return { body: { groups: { [guid]: { guid, name: "G", type: "public", owner: await user() } } } };
  },
  importMembers: async () => {
    const guid = await group();
    const uid = await user();
    const memberId = `${guid}_member_${uid}`;
    return { body: { members: { [memberId]: { memberId, guid, uid, scope: "moderator" } } } };
  },
  importMessages: async () => {
    const muid = unique("er-muid");
    const message = { muid, sender: await user(), receiverType: "user", receiver: await user(), sentAt: 1 };
    return { body: { messages: { [muid]: { ...message, data: { text: "then" }, readAt: 2 } } } };
  },
  createKnowledgeText: async () => ({ body: { title: "Refunds", text: "Five days." } }),
  getKnowledgeText: async () => ({ params: { uniqueId: await knowledgeText() } }),
  updateKnowledgeText: async () => ({
    params: { uniqueId: await knowledgeText() },
    body: { text: "Three." },
  }),
  deleteKnowledgeText: async () => ({ params: { uniqueId: await knowledgeText() } }),
  initiateKnowledgeUploads: async () => ({
    body: { files: [{ fileName: "faq.md", mimeType: "text/markdown", fileSize: 12 }] },
  }),
  deleteKnowledgeUpload: async () => ({
    params: {
      uniqueId: (
        await h.ok("initiateKnowledgeUploads", {
          body: { files: [{ fileName: "gone.txt", mimeType: "text/plain", fileSize: 3 }] },
        })
      ).data.uploads[0]?.uploadId as string,
    },
  }),
  scrapeKnowledgeWebsite: async () => ({
    body: { url: `https://${unique("er-site")}.example.com/`, maxDepth: 2, fetchSitemap: true },
  }),
  processDiscoveredUrls: async () => ({
    params: { parentUniqueId: await knowledgeWebsite() },
    body: { exclude: [] },
  }),
  deleteKnowledgeWebsite: async () => ({ params: { uniqueId: await knowledgeWebsite() } }),
  listKnowledgeSources: async () => {
    await knowledgeText();
    return { query: { limit: 5 } };
  },
  addAgentKnowledge: async () => ({
    params: { uid: await builderAgent(), sourceType: "text" },
    body: { uniqueIds: [await knowledgeText()] },
  }),
  removeAgentKnowledge: async () => {
    const uniqueId = await knowledgeText();
    const uid = await builderAgent();
    await h.ok("addAgentKnowledge", { params: { uid, sourceType: "text" }, body: { uniqueIds: [uniqueId] } });
    return { params: { uid, sourceType: "text" }, body: { uniqueIds: [uniqueId] } };
  },
  createAgentVariable: async () => ({
    body: { name: unique("er.nvar").replace(/-/g, "_"), sourceType: "constant", constantValue: "x" },
  }),
  listAgentVariables: async () => {
    await agentVariable();
    return {};
  },
  updateAgentVariable: async () => ({
    params: { variableId: await agentVariable() },
    body: { defaultValue: "d" },
  }),
  deleteAgentVariable: async () => ({ params: { variableId: await agentVariable() } }),
  flagMessage: async () => {
    const from = await user();
    return {
      params: { id: await message(from) },
      body: { reasonId: "spam", remark: "ads" },
      onBehalfOf: from,
    };
  },
  listFlaggedMessages: async () => ({ query: { limit: 5 } }),
  reviewFlaggedMessage: async () => {
    const from = await user();
    const id = await message(from);
    await h.ok("flagMessage", { params: { id }, body: { reasonId: "spam" }, onBehalfOf: from });
    return { params: { id }, body: { status: "approved" } };
  },
  listReviewedMessages: async () => ({ query: { limit: 5 } }),
  listBlockedMessages: async () => ({}),
  listChatWidgets: async () => {
    const appId = await app();
    await widget(appId);
    return { params: { appId } };
  },
  createChatWidget: async () => ({ params: { appId: await app() }, body: { settings: widgetSettings } }),
  updateChatWidget: async () => {
    const appId = await app();
    const widgetId = await widget(appId);
    return { params: { appId }, body: { settings: { ...widgetSettings, name: "W 2", widgetId } } };
  },
  uploadPushCertificateP12: async () => ({
    params: { appId: await app() },
    body: { certificate: certificatePart("apns-open.p12", "application/x-pkcs12") },
  }),
  uploadPushCertificateP8: async () => ({
    params: { appId: await app() },
    body: { certificate: certificatePart("apns-a.p8", "application/pkcs8") },
  }),
  queryPushCertificates: async () => ({ params: { appId: await app() } }),
};

const BARE_SUCCESS: RouteName[] = [
  "updateBuilderAgent",
  "updateByoAgent",
  "addAgentKnowledge",
  "removeAgentKnowledge",
  "enableAgentToolActions",
  "disableAgentToolActions",
];

describe("every route of the route table answers 200 with the shape of its response schema", () => {
  it.each(Object.keys(routes) as RouteName[])("%s", async (name) => {
    const opts = await calls[name]();
    const parsed = await h.ok(name, opts);
    // The vendor's agent PATCHes and knowledge attachments answer `{success}` alone; deleting a custom API
    // tool, a frontend action, an MCP server or a variable answers `{success, message}` (S35, S36, S48, S47);
    // every other route answers its object as `data`.
    if (BARE_SUCCESS.includes(name)) expect(parsed).toEqual({ success: true });
    else if (name === "deleteApiTool" || name === "deleteFrontendAction" || name === "deleteMcpServer")
      expect(parsed).toMatchObject({ success: true, message: expect.any(String) });
    else if (name === "deleteAgentVariable" || name === "deleteCampaignCategory")
      expect(parsed).toMatchObject({ success: true });
    else expect(parsed).toHaveProperty("data");
    // A union (an answer the service may give bare or wrapped) has no shape: it is `{data}` once parsed.
    const shape = (routes[name].response as { shape?: object }).shape;
    if (shape && "meta" in shape) expect(parsed).toHaveProperty("meta");
  });
});

// The README's resource table on the real engine (issue 10): for every kind and every argument, set it,
// change it, remove it, each step an `up` followed by a preview that must show no changes; a preview that
// changes every replace-forcing argument must say so for each. The kinds and arguments come from the
// registry (scripts/readme-table.ts, which also writes the README's table), so an argument added to a kind
// without coverage here fails the test. Then the configured app moves:
// the preview shows replacements, refresh keeps everything, and destroy acts on the app recorded in state.
// Chat resources take their app from stack config (the emulator's bootstrap app), as most programs do.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { EngineEvent, PreviewResult } from "@pulumi/pulumi/automation";
import { kinds } from "../../provider/resources";
import { canonical } from "../../provider/resources/normalize";
import { resourceRows } from "../../scripts/readme-table";
import { type EmulatedStack, emulatedStack } from "./support/emulated";

type Args = Record<string, unknown>;
type KindName = keyof typeof kinds;
type Step = "set" | "change" | "remove" | "replace";

/** One declared resource through the steps; `replace` is merged onto `remove` (preview only). */
interface Case {
  kind: KindName;
  name: string;
  set: Args;
  change: Args;
  remove: Args;
  replace?: Args;
  dependsOn?: string[];
}

/** A resource the others need, the same in every step. */
const steady = (kind: KindName, name: string, args: Args, dependsOn?: string[]): Case => ({
  kind,
  name,
  set: args,
  change: args,
  remove: args,
  ...(dependsOn ? { dependsOn } : {}),
});

function cases(appId: string): Case[] {
  const url = (n: number) => `https://hooks.example.com/table/${n}`;
  return [
    {
      kind: "App",
      name: "app",
      set: { name: "table-app", region: "eu", version: "3", skipSampleData: true },
      change: { name: "table-app", region: "eu", version: "3", skipSampleData: true },
      remove: { name: "table-app" },
      replace: { name: "table-app-2", region: "in", version: "2", skipSampleData: true },
    },
    {
      kind: "Role",
      name: "role",
      set: {
        role: "T-Role",
        name: "Role",
        description: "first",
        metadata: { a: 1 },
        settings: { listUsers: "all" },
        restrictedFeatures: ["u.listUsers"],
        permissions: { createGroup: "deny" },
      },
      change: {
        role: "t-role",
        name: "Role 2",
        description: "second",
        metadata: { a: 2 },
        settings: { listUsers: "friendsOnly" },
        restrictedFeatures: ["u.deleteGroup"],
        permissions: { createGroup: "allow" },
      },
      remove: { role: "t-role", name: "Role 2" },
      replace: { role: "t-role-2" },
    },
    steady("User", "m1", { uid: "t-m1", name: "M1", permanentDelete: true }),
    steady("User", "m2", { uid: "t-m2", name: "M2", permanentDelete: true }),
    steady("User", "m3", { uid: "t-m3", name: "M3", permanentDelete: true }),
    {
      kind: "User",
      name: "user",
      dependsOn: ["role"],
      set: {
        uid: "T-User",
        name: "User",
        avatar: "https://x.example.com/a1.png",
        link: "https://x.example.com/1",
        role: "t-role",
        statusMessage: "here",
        metadata: { a: 1 },
        tags: ["x", "y"],
        permanentDelete: true,
      },
      change: {
        uid: "t-user",
        name: "User 2",
        avatar: "https://x.example.com/a2.png",
        link: "https://x.example.com/2",
        role: "default",
        statusMessage: "away",
        metadata: { a: 2 },
        tags: ["z"],
        permanentDelete: false,
      },
      remove: { uid: "t-user", name: "User 2" },
      replace: { uid: "t-user-2" },
    },
    {
      kind: "Group",
      name: "group",
      dependsOn: ["user", "m1"],
      set: {
        guid: "T-Group",
        name: "Group",
        type: "private",
        icon: "https://x.example.com/i1.png",
        description: "first",
        metadata: { a: 1 },
        owner: "t-user",
        tags: ["x"],
      },
      change: {
        guid: "t-group",
        name: "Group 2",
        type: "public",
        icon: "https://x.example.com/i2.png",
        description: "second",
        metadata: { a: 2 },
        owner: "t-m1",
        tags: ["y", "z"],
      },
      remove: { guid: "t-group", name: "Group 2" },
      replace: { guid: "t-group-2" },
    },
    {
      kind: "Group",
      name: "locked",
      set: { guid: "t-locked", name: "Locked", type: "password", password: "first1" },
      change: { guid: "t-locked", name: "Locked", type: "password", password: "second2" },
      remove: { guid: "t-locked", name: "Locked" },
    },
    steady("Group", "team", { guid: "t-team", name: "Team", owner: "t-m1" }, ["m1"]),
    {
      kind: "GroupMember",
      name: "member",
      dependsOn: ["group", "m2"],
      set: { guid: "t-group", uid: "t-m2", scope: "moderator" },
      change: { guid: "t-group", uid: "t-m2", scope: "admin" },
      remove: { guid: "t-group", uid: "t-m2" },
      replace: { guid: "t-locked", uid: "t-m3" },
    },
    {
      kind: "GroupMembers",
      name: "members",
      dependsOn: ["team", "user", "m2", "m3"],
      // The owner (t-m1) among the admins is simply satisfied.
      set: { guid: "t-team", admins: ["t-m1", "T-M2"], moderators: ["t-m3"], participants: ["t-user"] },
      change: { guid: "t-team", admins: ["t-m1", "t-m3"], moderators: ["t-user"], participants: ["t-m2"] },
      remove: { guid: "t-team" },
      replace: { guid: "t-locked" },
    },
    steady("Group", "banning", { guid: "t-banning", name: "Banning" }),
    {
      kind: "GroupBans",
      name: "bans",
      dependsOn: ["banning", "m2", "m3"],
      set: { guid: "t-banning", uids: ["T-M3"] },
      change: { guid: "t-banning", uids: ["t-m3", "t-m2"] },
      remove: { guid: "t-banning", uids: [] },
      replace: { guid: "t-locked" },
    },
    {
      kind: "Bot",
      name: "bot",
      dependsOn: ["m3"],
      set: {
        uid: "T-M3",
        webhookURL: url(11),
        enabled: false,
        groupChatSetting: "all",
        useBasicAuth: false,
        username: "bot1",
        password: "botpass1",
      },
      change: {
        uid: "t-m3",
        webhookURL: url(12),
        enabled: true,
        groupChatSetting: "mentions",
        useBasicAuth: true,
        username: "bot2",
        password: "botpass2",
      },
      remove: { uid: "t-m3", webhookURL: url(12) },
      replace: { uid: "t-m2" },
    },
    {
      kind: "PinnedConversations",
      name: "pinned",
      dependsOn: ["group", "team", "m1", "m2"],
      set: { conversations: [{ conversationType: "group", conversationWith: "t-group" }] },
      change: {
        conversations: [
          { conversationType: "user", conversationWith: "t-m2" },
          { conversationType: "group", conversationWith: "t-team" },
        ],
      },
      remove: { conversations: [] },
    },
    {
      kind: "Friends",
      name: "friends",
      dependsOn: ["m1", "m2", "m3"],
      // One side declared: the other side's friends are theirs (mutual, unmanaged here).
      set: { uid: "T-M1", friends: ["t-m2"] },
      change: { uid: "t-m1", friends: ["T-M3"] },
      remove: { uid: "t-m1" },
      replace: { uid: "t-m2" },
    },
    {
      kind: "BlockedUsers",
      name: "blocked",
      dependsOn: ["m1", "m2", "m3"],
      set: { uid: "t-m2", blockedUids: ["t-m1", "t-m3"] },
      change: { uid: "t-m2", blockedUids: ["t-m3"] },
      remove: { uid: "t-m2" },
      replace: { uid: "t-m3" },
    },
    {
      kind: "ApiKey",
      name: "key",
      set: { name: "table key", scope: "authOnly" },
      change: { name: "table key 2", scope: "fullAccess" },
      remove: { name: "table key 2" },
    },
    {
      kind: "Webhook",
      name: "hook",
      set: {
        appId,
        webhookId: "t-hook",
        name: "Hook",
        webhookURL: url(1),
        useBasicAuth: true,
        username: "user1",
        password: "pass1",
        enabled: false,
        retryOnFailure: true,
      },
      change: {
        appId,
        webhookId: "t-hook",
        name: "Hook 2",
        webhookURL: url(2),
        useBasicAuth: true,
        username: "user2",
        password: "pass2",
        enabled: true,
        retryOnFailure: false,
      },
      // appId removed: it defaults to the configured app, the same one, so nothing changes.
      remove: { webhookId: "t-hook", name: "Hook 2", webhookURL: url(2) },
      replace: { webhookId: "t-hook-2" },
    },
    {
      kind: "Webhook",
      name: "hook-b",
      set: { webhookId: "t-hook-b", name: "Hook B", webhookURL: url(3), useBasicAuth: false },
      change: {
        webhookId: "t-hook-b",
        name: "Hook B",
        webhookURL: url(3),
        useBasicAuth: true,
        username: "user3",
        password: "pass3",
      },
      remove: { webhookId: "t-hook-b", name: "Hook B", webhookURL: url(3) },
      replace: { appId: "another-app" },
    },
    {
      kind: "WebhookTriggers",
      name: "triggers",
      dependsOn: ["hook"],
      set: { appId, webhookId: "t-hook", triggers: ["message_sent"] },
      change: { appId, webhookId: "t-hook", triggers: ["group_created", "message_edited"] },
      remove: { webhookId: "t-hook", triggers: ["group_created", "message_edited"] },
      replace: { appId: "another-app", webhookId: "t-hook-2" },
    },
    {
      kind: "AuthToken",
      name: "token",
      dependsOn: ["m1", "m2"],
      set: { uid: "t-m1", platform: "web", userAgent: "agent/1", appInfo: { v: 1 } },
      change: { uid: "t-m1", platform: "ios", userAgent: "agent/2", appInfo: { v: 2 } },
      remove: { uid: "t-m1" },
      replace: { uid: "t-m2" },
    },
    // ---- issue 12 part B: extensions, app settings, group-scope RBAC ----
    {
      kind: "Extension",
      name: "ext-giphy",
      set: { appId, extension: "gifs-giphy", secrets: { giphyApiKey: "table-key-1" } },
      change: { appId, extension: "gifs-giphy", secrets: { giphyApiKey: "table-key-2" } },
      remove: { extension: "gifs-giphy" },
      replace: { extension: "gifs-tenor" },
    },
    {
      kind: "Extension",
      name: "ext-xss",
      set: { extension: "xss-filter", settings: { dropMessage: true } },
      change: { extension: "xss-filter", settings: { dropMessage: false } },
      remove: { extension: "xss-filter" },
      replace: { appId: "another-app" },
    },
    {
      kind: "Extension",
      name: "ext-polls",
      set: { extension: "polls", enabled: false },
      change: { extension: "polls", enabled: true },
      remove: { extension: "polls" },
    },
    {
      kind: "AppSettings",
      name: "app-settings",
      set: { appId, settings: { "core.conversations.updateOnCallActivity": false } },
      change: {
        appId,
        settings: { "core.conversations.updateOnCallActivity": true, "core.advanced.search.enabled": false },
      },
      remove: { settings: { "core.advanced.search.enabled": false } },
      replace: { appId: "another-app" },
    },
    {
      kind: "Collaborators",
      name: "collaborators",
      set: { appId, admins: ["Ada@Table.example.com"], moderators: ["mo@table.example.com"] },
      change: { appId, admins: ["mo@table.example.com"], moderators: ["bo@table.example.com"] },
      remove: {},
      replace: { appId: "another-app" },
    },
    {
      kind: "GroupScopePermissions",
      name: "scope-perms",
      dependsOn: ["team"],
      set: { guid: "t-team", scope: "participant", permissions: { sendMessage: "deny" } },
      change: {
        guid: "t-team",
        scope: "participant",
        permissions: { sendMessage: "allow", "initiateCall.allowedType": ["audio"] },
      },
      remove: { guid: "t-team", scope: "participant", permissions: { sendMessage: "allow" } },
      replace: { guid: "t-locked", scope: "moderator" },
    },
    // ---- end of issue 12 part B ----
    ...notificationAndModerationCases(),
  ];
}

// ---- issue 12 part B: notifications and moderation (issue-12c) ----
function notificationAndModerationCases(): Case[] {
  const sa = (n: number) => ({
    project_id: `project-${n}`,
    client_email: `push${n}@project-${n}.iam.gserviceaccount.com`,
    private_key: `private-key-${n}`,
    private_key_id: `private-key-id-${n}`,
  });
  const listCondition = {
    operand: "text",
    category: "word",
    isListReferencePresent: true,
    value: ["t-list"],
  };
  const patternCondition = { entity: "message", operand: "text", category: "pattern", value: ["x+"] };
  return [
    {
      kind: "NotificationSettings",
      name: "notifications",
      set: {
        preferences: { group: { messagesSetting: 3 } },
        sound: { chat: "a.wav" },
        templates: { usePrivacyTemplate: 2 },
      },
      change: {
        preferences: { group: { messagesSetting: 2 }, oneOnOne: { reactionsSetting: 3 } },
        sound: { chat: "b.wav" },
        templates: { usePrivacyTemplate: 3 },
      },
      remove: {},
    },
    {
      kind: "FcmPushProvider",
      name: "fcm",
      set: {
        providerId: "t-fcm",
        serviceAccountFilename: "a.json",
        notificationInPayload: { ios: { chat: true } },
        isDefault: true,
        credentials: sa(1),
      },
      change: {
        providerId: "t-fcm",
        serviceAccountFilename: "b.json",
        notificationInPayload: { android: { call: true } },
        isDefault: false,
        credentials: sa(2),
      },
      remove: { providerId: "t-fcm", credentials: sa(2) },
      replace: { providerId: "t-fcm-2" },
    },
    {
      kind: "ApnsPushProvider",
      name: "apns",
      set: {
        providerId: "t-apns",
        keyId: "KEY1",
        teamId: "TEAM1",
        bundleId: "com.example.one",
        p8KeyFilename: "one.p8",
        includeContentAvailable: true,
        includeMutableContent: true,
        productionMode: true,
        isDefault: true,
        credentials: { p8Key: "p8-key-1" },
      },
      change: {
        providerId: "t-apns",
        keyId: "KEY2",
        teamId: "TEAM2",
        bundleId: "com.example.two",
        p8KeyFilename: "two.p8",
        includeContentAvailable: false,
        includeMutableContent: false,
        productionMode: false,
        isDefault: false,
        credentials: { p8Key: "p8-key-2" },
      },
      remove: {
        providerId: "t-apns",
        keyId: "KEY2",
        teamId: "TEAM2",
        bundleId: "com.example.two",
        credentials: { p8Key: "p8-key-2" },
      },
      replace: { providerId: "t-apns-2" },
    },
    {
      kind: "ModerationKeywordList",
      name: "list",
      set: {
        listId: "t-list",
        name: "List",
        description: "first",
        category: "word",
        searchTerms: ["a", "b"],
      },
      change: {
        listId: "t-list",
        name: "List 2",
        description: "second",
        category: "pattern",
        searchTerms: ["c+"],
      },
      remove: { listId: "t-list", category: "sentence-similarity", disallowedSentences: ["x y"] },
      replace: { listId: "t-list-2" },
    },
    {
      kind: "ModerationKeywordList",
      name: "sentences",
      set: { listId: "t-sentences", category: "sentence-similarity", disallowedSentences: ["p q"] },
      change: { listId: "t-sentences", category: "sentence-similarity", disallowedSentences: ["r s", "t u"] },
      remove: { listId: "t-sentences", category: "word", searchTerms: ["z"] },
    },
    {
      kind: "ModerationRule",
      name: "rule",
      dependsOn: ["list"],
      set: {
        ruleId: "t-rule",
        name: "Rule",
        description: "first",
        enabled: true,
        action: ["blockMessage"],
        conditions: [listCondition],
        filters: [{ entity: "user", operand: "role", operator: "equals", value: "default", type: "sender" }],
      },
      change: {
        ruleId: "t-rule",
        name: "Rule 2",
        description: "second",
        enabled: false,
        action: ["dropMessage", "blockMessage"],
        conditions: [patternCondition],
        filters: [
          { entity: "group", operand: "type", operator: "equals", value: "public", type: "receiver" },
        ],
      },
      remove: { ruleId: "t-rule", name: "Rule 2", action: ["blockMessage"], conditions: [patternCondition] },
      replace: { ruleId: "t-rule-2" },
    },
    // The API can only create MCP servers (decision 0090): the server stays as declared (EXEMPT below).
    steady("McpServer", "mcp", {
      slug: "t-mcp",
      name: "MCP",
      url: "https://mcp.example.com",
      description: "tools",
      headers: { Authorization: "Bearer 1" },
    }),
    {
      kind: "McpServer",
      name: "mcp-replaced",
      set: { slug: "t-mcp-r", name: "MCP", url: "https://mcp.example.com" },
      change: { slug: "t-mcp-r", name: "MCP", url: "https://mcp.example.com" },
      remove: { slug: "t-mcp-r", name: "MCP", url: "https://mcp.example.com" },
      replace: { slug: "t-mcp-r2" },
    },
    {
      kind: "AiAgent",
      name: "ai",
      dependsOn: ["mcp"],
      set: {
        name: "table ai",
        description: "first",
        icon: "https://cdn.example.com/1.png",
        greetingMessage: "hello",
        introductoryMessage: "I help",
        suggestedMessages: ["a"],
        isActive: false,
        instructions: "Be brief.",
        model: "m1",
        temperature: 0.5,
        mcpServers: ["t-mcp"],
      },
      change: {
        name: "table ai 2",
        description: "second",
        icon: "https://cdn.example.com/2.png",
        greetingMessage: "hi",
        introductoryMessage: "I help more",
        suggestedMessages: ["b", "c"],
        isActive: true,
        instructions: "Be kind.",
        model: "m2",
        temperature: 1,
        mcpServers: ["t-mcp"],
      },
      remove: { name: "table ai 2" },
      replace: { mcpServers: ["t-mcp"] },
    },
    {
      kind: "ExternalAgent",
      name: "byo",
      set: {
        name: "table byo",
        provider: "langgraph",
        deploymentUrl: "https://agents.example.com/1",
        agentId: "g1",
        headers: { Authorization: "Bearer 1" },
        description: "first",
        icon: "https://cdn.example.com/1.png",
        greetingMessage: "hello",
        introductoryMessage: "I help",
        suggestedMessages: ["a"],
        isActive: false,
      },
      change: {
        name: "table byo 2",
        provider: "mastra",
        deploymentUrl: "https://agents.example.com/2",
        agentId: "g2",
        headers: { Authorization: "Bearer 2" },
        description: "second",
        icon: "https://cdn.example.com/2.png",
        greetingMessage: "hi",
        introductoryMessage: "I help more",
        suggestedMessages: ["b"],
        isActive: true,
      },
      remove: { name: "table byo 2", provider: "mastra", deploymentUrl: "https://agents.example.com/2" },
    },
    ...singletonProviderCases(),
  ];
}

/** Arguments that cannot be changed or removed in place, and why: none of them is replace-forcing either. */
const EXEMPT: Partial<Record<KindName, string>> = {
  McpServer: "the API can only create MCP servers: a change fails the update, with what to do instead",
};

function singletonProviderCases(): Case[] {
  const hook = (n: number) => `https://hooks.example.com/notify/${n}`;
  const custom = (kind: KindName, name: string, extra: string): Case => ({
    kind,
    name,
    set: {
      isEnabled: false,
      webhookURL: hook(1),
      useBasicAuth: true,
      basicAuthUsername: "user1",
      credentials: { basicAuthPassword: "pass1" },
      [extra]: true,
    },
    change: {
      isEnabled: true,
      webhookURL: hook(2),
      useBasicAuth: false,
      basicAuthUsername: "user2",
      credentials: { basicAuthPassword: "pass2" },
      [extra]: false,
    },
    remove: { webhookURL: hook(2) },
  });
  return [
    custom("CustomPushProvider", "custom-push", "isEnabled"),
    custom("CustomEmailProvider", "custom-email", "useStoredEmailID"),
    custom("CustomSmsProvider", "custom-sms", "useStoredPhNo"),
    {
      kind: "SendGridEmailProvider",
      name: "sendgrid",
      set: {
        sendGridTemplateID: "d-1",
        sendGridUnsubscribeGroupID: "1",
        senderName: "One",
        senderEmail: "one@example.com",
        allowEmailReplies: true,
        senderEmailForReplies: "replies1@example.com",
        isEnabled: false,
        credentials: { sendGridApiKey: "SG.key1" },
      },
      change: {
        sendGridTemplateID: "d-2",
        sendGridUnsubscribeGroupID: "2",
        senderName: "Two",
        senderEmail: "two@example.com",
        allowEmailReplies: false,
        senderEmailForReplies: "replies2@example.com",
        isEnabled: true,
        credentials: { sendGridApiKey: "SG.key2" },
      },
      remove: {
        sendGridTemplateID: "d-2",
        sendGridUnsubscribeGroupID: "2",
        senderName: "Two",
        senderEmail: "two@example.com",
        credentials: { sendGridApiKey: "SG.key2" },
      },
    },
    {
      kind: "TwilioSmsProvider",
      name: "twilio",
      set: {
        twilioAccountSID: "AC1",
        twilioSenderPhoneNumber: "+15550000001",
        isEnabled: false,
        credentials: { twilioAuthToken: "token1" },
      },
      change: {
        twilioAccountSID: "AC2",
        twilioSenderPhoneNumber: "+15550000002",
        isEnabled: true,
        credentials: { twilioAuthToken: "token2" },
      },
      remove: {
        twilioAccountSID: "AC2",
        twilioSenderPhoneNumber: "+15550000002",
        credentials: { twilioAuthToken: "token2" },
      },
    },
  ];
}

const argsAt = (c: Case, step: Step): Args => (step === "replace" ? { ...c.remove, ...c.replace } : c[step]);
const differs = (a: unknown, b: unknown) => canonical(a) !== canonical(b);
const optional = (kind: KindName, arg: string) =>
  (kinds[kind].args.shape as unknown as Record<string, { safeParse(v: unknown): { success: boolean } }>)[
    arg
  ]?.safeParse(undefined).success === true;
const nameOf = (urn: string) => urn.split("::").pop() ?? "";

interface Dump {
  apps: Record<
    string,
    {
      users: Record<string, { deactivatedAt?: number }>;
      groups: Record<string, unknown>;
      roles: Record<string, unknown>;
      apiKeys: Record<string, unknown>;
      webhooks: Record<string, unknown>;
    }
  >;
}

describe("the README's resource table on the real engine", () => {
  let t: EmulatedStack;
  let appId: string;
  let all: Case[];
  const declare = (step: Step) =>
    t.stack.setConfig("e2e:resources", {
      value: JSON.stringify(
        all.map((c) => ({ kind: c.kind, name: c.name, args: argsAt(c, step), dependsOn: c.dependsOn })),
      ),
    });
  const preview = async (): Promise<{
    result: PreviewResult;
    steps: Map<string, { ops: string[]; keys: string[] }>;
  }> => {
    const steps = new Map<string, { ops: string[]; keys: string[] }>();
    const onEvent = (e: EngineEvent) => {
      const m = e.resourcePreEvent?.metadata;
      if (!m) return;
      const s = steps.get(nameOf(m.urn)) ?? { ops: [], keys: [] };
      s.ops.push(m.op);
      s.keys.push(...(m.keys ?? []));
      steps.set(nameOf(m.urn), s);
    };
    return { result: await t.stack.preview({ onEvent }), steps };
  };
  const upThenNoChanges = async (step: Step) => {
    await declare(step);
    const up = await t.stack.up();
    expect(up.summary.result).toBe("succeeded");
    const { result } = await preview();
    expect(result.changeSummary).toEqual({ same: all.length + 1 }); // + the stack itself
  };

  beforeAll(async () => {
    t = await emulatedStack(join(__dirname, "programs", "table"), "table", {
      "e2e:resources": { value: "[]" },
    });
    appId = t.emu.credentials.app?.appId ?? "";
    all = cases(appId);
  });
  afterAll(async () => t?.dispose());

  it("covers every kind and every argument of the registry (the README's table), and nothing else", () => {
    const table = resourceRows();
    expect(table.map((r) => r.kind).sort()).toEqual(Object.keys(kinds).sort());
    const missing: string[] = [];
    for (const row of table) {
      const kind = row.kind as KindName;
      const mine = all.filter((c) => c.kind === kind);
      const used = new Set(
        mine.flatMap((c) =>
          (["set", "change", "remove", "replace"] as const).flatMap((s) => Object.keys(argsAt(c, s))),
        ),
      );
      for (const arg of used)
        if (!row.inPlace.includes(arg) && !row.replace.includes(arg))
          missing.push(`${kind}.${arg}: not an argument of the kind`);
      for (const arg of [...row.inPlace, ...row.replace]) {
        if (!mine.some((c) => arg in c.set)) missing.push(`${kind}.${arg}: never set`);
        if (EXEMPT[kind] && row.inPlace.includes(arg)) continue;
        const changed = row.inPlace.includes(arg)
          ? mine.some((c) => arg in c.set && arg in c.change && differs(c.set[arg], c.change[arg]))
          : mine.some((c) => differs(c.remove[arg], argsAt(c, "replace")[arg]));
        if (!changed) missing.push(`${kind}.${arg}: never changed`);
        if (optional(kind, arg) && !mine.some((c) => arg in c.set && !(arg in c.remove)))
          missing.push(`${kind}.${arg}: never removed`);
      }
    }
    expect(missing).toEqual([]);
  });

  it("sets every argument: up, then a preview without changes", async () => {
    await upThenNoChanges("set");
  });

  it("changes every argument: up, then a preview without changes", async () => {
    await upThenNoChanges("change");
  });

  it("removes every optional argument: up, then a preview without changes", async () => {
    await upThenNoChanges("remove");
  });

  it("previews a replacement for every replace-forcing argument, naming it", async () => {
    await declare("replace");
    const { steps } = await preview();
    const wrong: string[] = [];
    for (const c of all) {
      const forced = (kinds[c.kind].replaceOn as readonly string[]).filter((k) =>
        differs(c.remove[k], argsAt(c, "replace")[k]),
      );
      const s = steps.get(c.name);
      for (const k of forced)
        if (!s?.keys.includes(k)) wrong.push(`${c.name}: ${k} not reported (${JSON.stringify(s)})`);
      if (forced.length && !s?.ops.includes("replace")) wrong.push(`${c.name}: not replaced`);
    }
    expect(wrong).toEqual([]);
    await declare("remove");
  });

  it("moves with chat:appId: the preview replaces, refresh keeps, destroy acts on the recorded app", async () => {
    const mgmt = t.emu.mgmt;
    const other = (await mgmt.call("createApp", { body: { name: "elsewhere", region: "us" } })).data;
    const otherKey = Object.values(other.apiKeys ?? {}).find((k) => k.scope === "fullAccess")?.apiKey ?? "";
    await t.stack.setAllConfig({
      "chat:appId": { value: other.id },
      "chat:region": { value: "us" },
      "chat:apiKey": { value: otherKey, secret: true },
    });
    const { steps } = await preview();
    for (const c of all) {
      const s = steps.get(c.name);
      const expected =
        kinds[c.kind].api === "chat" ? "connection" : "appId" in c.remove ? undefined : "appId";
      if (c.kind === "App")
        expect({ name: c.name, ops: s?.ops ?? [] }).toEqual({ name: c.name, ops: ["same"] });
      else
        expect({ name: c.name, keys: s?.keys.includes(expected ?? "") }).toEqual({
          name: c.name,
          keys: true,
        });
    }

    const refresh = await t.stack.refresh();
    expect(refresh.summary.resourceChanges?.delete).toBeUndefined(); // nothing dropped (no 404 in the new app)

    // Credentials are in state only as secrets: the recorded connections are encrypted.
    const state = readFileSync(join(t.backendDir, ".pulumi", "stacks", "table-e2e", "table.json"), "utf8");
    for (const secret of [t.emu.credentials.app?.apiKey, otherKey, t.emu.credentials.managementSecret])
      expect(state.includes(secret ?? "")).toBe(false);

    const destroyed = await t.stack.destroy();
    expect(destroyed.summary.result).toBe("succeeded");
    const dump = t.emu.admin.dump() as Dump;
    const first = dump.apps[appId];
    expect(Object.values(first?.users ?? {}).filter((u) => u.deactivatedAt === undefined)).toEqual([]);
    expect(Object.keys(first?.groups ?? {})).toEqual([]);
    expect(Object.keys(first?.roles ?? {})).toEqual(["default"]);
    expect(Object.keys(first?.webhooks ?? {})).toEqual([]);
    expect(Object.keys(dump.apps[other.id]?.users ?? {})).toEqual([]);
  });
});

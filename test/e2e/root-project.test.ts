// The main job: the root Pulumi project provisions the declared environment (chat-environment.yaml),
// previews with no changes, refuses a bad file by name and path, and is destroyed without leftovers.
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ChatClient } from "../../provider/client";
import { DEMO_PROJECT, DEMO_SECRETS } from "../../scripts/demo-secrets";
import { type EmulatedStack, emulatedStack } from "./support/emulated";
import { repoRoot } from "./support/stack";

interface AppDump {
  name: string;
  region: string;
  state: string;
  users: Record<string, { role: string; deactivatedAt?: number }>;
  groups: Record<string, { type: string; members: Record<string, { scope: string }> }>;
  roles: Record<string, unknown>;
  apiKeys: Record<string, { name: string; scope: string }>;
  webhooks: Record<string, { useBasicAuth: boolean; triggers: string[] }>;
}

describe("the root project", () => {
  let s: EmulatedStack;
  let appId: string;
  const app = () => (s.emu.admin.dump() as { apps: Record<string, AppDump> }).apps[appId] as AppDump;

  beforeAll(async () => {
    s = await emulatedStack(repoRoot, "root-e2e", DEMO_SECRETS);
  });
  afterAll(async () => s?.dispose());

  it("provisions the declared environment", async () => {
    const up = await s.up();
    expect(up.summary.result).toBe("succeeded");
    appId = up.outputs.appId?.value as string;
    expect(up.outputs.appApiKey?.secret).toBe(true);
    expect(up.outputs.apiKeyValues?.secret).toBe(true);
    expect(up.outputs.webhookBasicAuthPasswords?.secret).toBe(true);

    const a = app();
    expect(a.name).toMatch(/^staging-[a-z0-9]{6}$/);
    expect(a.region).toBe("eu");
    // The declared users and the seeded ones (seed/users.csv), with the seeded groups and members.
    expect(Object.keys(a.users).sort()).toEqual([
      "alice",
      "bob",
      "carol",
      "dave",
      "erin",
      "frank",
      "grace",
      "heidi",
    ]);
    expect(a.users.erin?.role).toBe("support");
    const club = Object.entries(a.groups["book-club"]?.members ?? {}).map(([uid, m]) => `${uid}:${m.scope}`);
    expect(club.sort()).toEqual(["alice:participant", "erin:admin", "frank:moderator", "grace:participant"]);
    expect(a.users.alice?.role).toBe("moderators");
    expect(Object.keys(a.roles).sort()).toEqual(["default", "moderators", "support"]);
    expect(a.groups["support-desk"]?.type).toBe("password");
    const general = Object.entries(a.groups.general?.members ?? {}).map(([uid, m]) => `${uid}:${m.scope}`);
    expect(general.sort()).toEqual([
      "alice:admin",
      "bob:participant",
      "carol:participant",
      "dave:participant",
    ]);
    expect(Object.values(a.apiKeys).map((k) => `${k.name}:${k.scope}`)).toEqual(
      expect.arrayContaining(["ci-auth:authOnly", "backend:fullAccess"]),
    );
    expect(a.webhooks.events?.useBasicAuth).toBe(true);
    expect([...(a.webhooks.events?.triggers ?? [])].sort()).toEqual([
      "group_member_added",
      "group_member_kicked",
      "message_sent",
    ]);
    // App-level configuration.
    const chat = new ChatClient({
      appId,
      region: "eu",
      apiKey: up.outputs.appApiKey?.value as string,
      endpoint: s.emu.chatEndpoint,
    });
    // The seeded history, with its own times (beside the service's own messages of members joining).
    const history = (await chat.call("listMessages", { query: { limit: 100, id: "0", affix: "append" } }))
      .data;
    const seeded = history.filter((m) => m.muid !== undefined).map((m) => [m.muid, m.sentAt]);
    expect(seeded.sort()).toEqual([
      ["demo-1", 1735700400],
      ["demo-2", 1735704000],
      ["demo-3", 1735786800],
    ]);
    const fcm = (await chat.call("listFcmProviders")).data.pushProviders;
    expect(fcm.map((p) => [p.providerId, p.isDefault])).toEqual([["android", true]]);
    expect((await chat.call("getTwilioProvider")).data.twilioSenderPhoneNumber).toBe("+15550100000");
    expect((await chat.call("getNotificationSettings")).data.sound.chat).toBe("chime.wav");
    const rule = (await chat.call("getRule", { params: { ruleId: "no-banned-words" } })).data;
    expect(rule.conditions[0]?.value).toEqual(["banned-words"]);
    const perms = await chat.call("getScopePermissions", {
      params: { guid: "support-desk", scope: "participant" },
    });
    expect(perms.data.filter((e) => e.value !== undefined).map((e) => [e.id, e.value])).toEqual([
      ["sendMessage", "deny"],
      ["initiateCall", "deny"],
    ]);
    const mgmt = s.emu.mgmt;
    const extensions = await mgmt.listAll("listExtensions", { params: { appId } });
    expect(
      extensions
        .filter((e) => e.isActive)
        .map((e) => e.id)
        .sort(),
    ).toEqual(["gifs-giphy", "profanity-filter"]);
    const giphy = await mgmt.call("getExtensionSettings", { params: { appId, slug: "gifs-giphy" } });
    expect(giphy.data.body.data?.settings).toMatchObject({
      giphyApiKey: DEMO_SECRETS[`${DEMO_PROJECT}:giphy-api-key`]?.value,
    });
    const settings = (await mgmt.call("getAppSettings", { params: { appId } })).data;
    expect(settings["core.conversations.updateOnReplies"]).toBe(true);
    // The agent builder: the assistant draws on the knowledge source the file declares by title.
    const texts = await chat.listAll("listKnowledgeSources", {});
    expect(texts.map((t) => t.sourceName)).toEqual(["Refund policy"]);
    const agents = await chat.listAll("listBuilderAgents", {});
    expect(agents.map((a) => [a.name, a.files]).sort()).toEqual([
      ["Order helper", []],
      ["Support assistant", [texts[0]?.uniqueId]],
    ]);
    const variables = (await chat.call("listAgentVariables")).data;
    expect(variables.map((v) => [v.name, v.sourceType, v.sourcePath])).toEqual([
      ["user.plan", "user_metadata", "plan"],
    ]);
  });

  it("previews no changes afterwards, without a single API call", async () => {
    s.emu.admin.clearRequests();
    const p = await s.stack.preview();
    expect(Object.keys(p.changeSummary)).toEqual(["same"]);
    expect(s.emu.admin.requests().map((r) => `${r.method} ${r.path}`)).toEqual([]);
  });

  it("holds the rest of the app the file declares: a bot, mutual friends, the pinned conversations", async () => {
    const a = s.emu.admin.dump() as {
      apps: Record<string, { bots: object; friends: Record<string, object>; pinnedConversations: object[] }>;
    };
    const held = a.apps[appId];
    expect(Object.keys(held?.bots ?? {})).toEqual(["dave"]);
    expect(Object.keys(held?.friends.alice ?? {})).toEqual(["bob"]);
    expect(Object.keys(held?.friends.bob ?? {})).toEqual(["alice"]);
    expect(held?.pinnedConversations).toMatchObject([
      { conversationType: "group", conversationWith: "general" },
    ]);
  });

  it("refuses a bad environment file, naming the file, the path and the rule", async () => {
    const dir = mkdtempSync(join(tmpdir(), "env-"));
    const file = join(dir, "broken.yaml");
    writeFileSync(file, "app: { create: { name: x } }\nusers:\n  - { uid: 'no spaces', name: X }\n");
    await s.stack.setConfig("file", { value: file });
    await expect(s.stack.preview()).rejects.toThrow(
      /broken\.yaml:3:7: users\[0\]\.uid: uid may contain only letters, digits, '-' and '_'/,
    );
    await s.stack.removeConfig("file");
  });

  it("is destroyed without leftovers", async () => {
    await s.stack.destroy();
    const a = app();
    expect(a.state).toBe("archived");
    // Users are deactivated (the default; restorable with their history), holding no role any more.
    expect(Object.values(a.users).map((u) => [u.deactivatedAt !== undefined, u.role])).toEqual(
      Array(4).fill([true, "default"]),
    );
    expect(Object.keys(a.groups)).toEqual([]);
    expect(Object.keys(a.webhooks)).toEqual([]);
    expect(Object.keys(a.roles)).toEqual(["default"]);
  });
});

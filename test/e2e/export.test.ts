// chat-export round trip on the real engine: an app seeded through the emulator's REST API with objects of
// every kind (hundreds of users, a group of more than 25 members, the default role changed) is exported by
// the command, the root project adopts it with the exported file without a single write, a preview after
// shows no changes, and after one change out of band the next export differs in exactly that line.
import { execFile } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { parse, stringify } from "yaml";
import type { ChatClient, ManagementClient } from "../../provider/client";
import { LIMITS } from "../../provider/contract";
import { type Emulated, emulatorConfig, emulatorEnv, startEmulated } from "../support/emulator";
import { cliProject, PLUGIN_DIR } from "./support/cli-project";
import { localStack, repoRoot, type TestStack } from "./support/stack";

const USERS = 200;
const GENERAL_MEMBERS = 40;
const uid = (i: number) => `user-${String(i).padStart(3, "0")}`;
const PASSWORDS = { "support-desk": "DeskPass123", events: "HookPass456" };
// App-level configuration's credentials (never returned by a read, except where the service echoes them).
const CREDENTIALS = {
  giphy: "giphy-key-1",
  twilio: "twilio-token-1",
  customEmail: "MailPass789",
  bot: "BotPass321",
  brand: "BrandKey654",
};

async function seed(chat: ChatClient, mgmt: ManagementClient, appId: string): Promise<void> {
  await chat.call("createRole", {
    body: {
      role: "moderators",
      name: "Moderators",
      description: "Keep it civil",
      metadata: { level: 2, area: "all" },
      settings: { listUsers: "all" },
    },
  });
  await chat.call("restrictFeatures", {
    params: { role: "moderators" },
    body: { featuresToRestrict: ["u.deleteGroup", "u.listUsers"] },
  });
  await chat.call("setPermissions", {
    params: { role: "moderators" },
    body: { permissions: { sendMessage: "allow" } },
  });
  await chat.call("createRole", { body: { role: "support", name: "Support" } });
  // The default role, changed as a dashboard user would.
  await chat.call("restrictFeatures", {
    params: { role: "default" },
    body: { featuresToRestrict: ["u.createGroup"] },
  });
  await chat.call("updateRole", { params: { role: "default" }, body: { description: "Everyone else" } });

  await Promise.all(
    Array.from({ length: USERS }, (_, i) =>
      chat.call("createUser", {
        body: {
          uid: uid(i),
          name: `User ${i}`,
          ...(i % 10 === 0 ? { role: "moderators" } : i % 10 === 1 ? { role: "support" } : {}),
          ...(i % 3 === 0 ? { tags: ["staff", `t${i % 4}`] } : {}),
          ...(i % 7 === 0 ? { metadata: { plan: "pro", seats: i } } : {}),
          ...(i % 11 === 0 ? { avatar: `https://img.example.com/${i}.png`, statusMessage: "around" } : {}),
        },
      }),
    ),
  );

  await chat.call("createGroup", {
    body: {
      guid: "general",
      name: "General",
      type: "public",
      description: "Everyone",
      owner: uid(0),
      tags: ["all"],
    },
  });
  const scopeOf = (i: number) => (i < 3 ? "admins" : i < 8 ? "moderators" : "participants");
  const members = Array.from({ length: GENERAL_MEMBERS }, (_, i) => i + 1);
  for (let i = 0; i < members.length; i += LIMITS.membersPerCall) {
    const body: Record<string, string[]> = {};
    for (const m of members.slice(i, i + LIMITS.membersPerCall))
      body[scopeOf(m)] = [...(body[scopeOf(m)] ?? []), uid(m)];
    await chat.call("addMembers", { params: { guid: "general" }, body });
  }
  await chat.call("createGroup", {
    body: {
      guid: "support-desk",
      name: "Support desk",
      type: "password",
      password: PASSWORDS["support-desk"],
      owner: uid(1),
      members: { moderators: [uid(10)], participants: [uid(11), uid(21)] },
    },
  });
  await chat.call("createGroup", {
    body: {
      guid: "secret-room",
      name: "Secret room",
      type: "private",
      metadata: { b: 1, a: { y: 2, x: 1 } },
    },
  });

  await chat.call("createApiKey", { body: { name: "backend", scope: "fullAccess" } });
  await chat.call("createApiKey", { body: { name: "ci-auth", scope: "authOnly" } });

  await mgmt.call("createWebhook", {
    params: { appId },
    body: {
      id: "events",
      name: "Chat events",
      webhookURL: "https://hooks.example.com/chat",
      useBasicAuth: true,
      username: "chathooks",
      password: PASSWORDS.events,
    },
  });
  await mgmt.call("addTriggers", {
    params: { appId, webhookId: "events" },
    body: { triggerIds: ["message_sent", "group_member_added"] },
  });
  await mgmt.call("createWebhook", {
    params: { appId },
    body: {
      id: "audit",
      name: "Audit",
      webhookURL: "https://audit.example.com/in",
      enabled: false,
      retryOnFailure: true,
    },
  });
  await mgmt.call("addTriggers", {
    params: { appId, webhookId: "audit" },
    body: { triggerIds: ["group_deleted"] },
  });

  // App-level configuration: extensions (one with a credential), an app setting, a group scope's
  // permissions, and providers an app has at most one of.
  await mgmt.call("toggleExtensions", {
    params: { appId },
    body: { enabled: ["gifs-giphy", "profanity-filter", "polls"] },
  });
  await mgmt.call("createExtensionSettings", {
    params: { appId, slug: "gifs-giphy" },
    body: { settings: { giphyApiKey: CREDENTIALS.giphy } },
  });
  await mgmt.call("createExtensionSettings", {
    params: { appId, slug: "profanity-filter" },
    body: { settings: { dropMessage: true, badwords: ["darn", "heck"] } },
  });
  await mgmt.call("setAppSettings", {
    params: { appId },
    body: { settings: { "core.conversations.updateOnReplies": true } },
  });
  await chat.call("setScopePermissions", {
    params: { guid: "general", scope: "participant" },
    body: { permissions: { sendMessage: "deny", "initiateCall.allowedType": ["audio"] } },
  });
  await chat.call("createTwilioProvider", {
    body: {
      twilioAccountSID: "AC00000000000000000000000000000001",
      twilioAuthToken: CREDENTIALS.twilio,
      twilioSenderPhoneNumber: "+15550100001",
    },
  });
  await chat.call("createCustomEmailProvider", {
    body: {
      webhookURL: "https://hooks.example.com/mail",
      useBasicAuth: true,
      basicAuthUsername: "mailer",
      basicAuthPassword: CREDENTIALS.customEmail,
      isEnabled: true,
      useStoredEmailID: false,
    },
  });

  // The rest of the app: a bot, a group's bans, friends, a block, the app's pinned conversations, a
  // collaborator and an agent of each family.
  await chat.call("createBot", {
    body: {
      uid: uid(5),
      webhookURL: "https://bots.example.com/helper",
      useBasicAuth: true,
      username: "botuser",
      password: CREDENTIALS.bot,
    },
  });
  await chat.call("banUser", { params: { guid: "general", uid: uid(150) } });
  await chat.call("addFriends", { params: { uid: uid(10) }, body: { accepted: [uid(11), uid(12)] } });
  await chat.call("blockUsers", { params: { uid: uid(20) }, body: { blockedUids: [uid(21)] } });
  await chat.call("replaceAppPinnedConversations", {
    body: { pinnedConversations: [{ guid: "general" }, { uid: uid(1) }] },
  });
  await mgmt.call("updateCollaborators", { params: { appId }, body: { admins: ["ops@example.com"] } });
  await chat.call("createMcpServer", {
    body: { slug: "docs", name: "Docs", url: "https://mcp.example.com" },
  });
  const helper = await chat.call("createBuilderAgent", {
    body: { name: "helper", description: "Answers questions", mcpServers: ["docs"] },
  });
  // The agent builder's knowledge base (attached to the agent by id, exported by title) and a constant
  // variable (its value a secret).
  const refunds = await chat.call("createKnowledgeText", {
    body: { title: "Refund policy", text: "Refunds take five days." },
  });
  await chat.call("addAgentKnowledge", {
    params: { uid: helper.data.uid, sourceType: "text" },
    body: { uniqueIds: [refunds.data.uniqueId] },
  });
  await chat.call("createAgentVariable", {
    body: { name: "brand", sourceType: "constant", constantValue: CREDENTIALS.brand },
  });
  await chat.call("createByoAgent", {
    body: {
      name: "crew",
      integrateWith: "crewai",
      integrationType: "agent",
      integrationMeta: { baseUrl: "https://agents.example.com/crew" },
    },
  });
}

/** The secret config keys the app's objects hold values for (the others name values its objects do not hold). */
const HELD = {
  "groupPassword-support-desk": PASSWORDS["support-desk"],
  "webhookPassword-events": PASSWORDS.events,
  "extension-gifs-giphy-giphyApiKey": CREDENTIALS.giphy,
  "twilio-twilioAuthToken": CREDENTIALS.twilio,
  "custom-email-basicAuthPassword": CREDENTIALS.customEmail,
  "bot-user-005-password": CREDENTIALS.bot,
  "agent-variable-brand-constantValue": CREDENTIALS.brand,
};
/** The values the service never gives back that the app's objects do not hold (an MCP server's headers). */
const UNHELD = ["mcp-server-docs-headers", "external-agent-crew-headers"];

/**
 * The exported file as a user leaves it before the first up (its header says so): each secret config key the
 * objects hold a value for is set, and the fields naming the others are deleted.
 */
function withoutUnheld(file: string, to: string): void {
  const drop = (v: unknown): unknown => {
    if (Array.isArray(v)) return v.map(drop);
    if (v === null || typeof v !== "object") return v;
    return Object.fromEntries(
      Object.entries(v).flatMap(([k, x]) => {
        const key = (x as { secret?: unknown } | null)?.secret;
        return typeof key === "string" && !(key in HELD) ? [] : [[k, drop(x)]];
      }),
    );
  };
  writeFileSync(to, stringify(drop(parse(readFileSync(file, "utf8")))));
}

describe("chat-export round trip", () => {
  let emu: Emulated;
  let t: TestStack;
  let chat: ChatClient;
  let dir: string;
  let env: NodeJS.ProcessEnv;
  const stackName = "export-e2e";

  /** Runs the command (the compiled bin) and returns the file it wrote and its stderr. */
  async function exportTo(file: string): Promise<{ text: string; stderr: string }> {
    const { stderr } = await promisify(execFile)(
      process.execPath,
      [join(repoRoot, "dist/provider/environment/export/cli.js"), "--out", file],
      { env },
    );
    return { text: readFileSync(file, "utf8"), stderr };
  }

  beforeAll(async () => {
    emu = await startEmulated();
    // Seeding is set-up, not the subject: a generous budget keeps it quick.
    const budget = { budget: { requestsPerMinute: 100_000, concurrency: 10 } };
    chat = emu.chatClient(budget);
    const mgmt = emu.managementClient(budget);
    await seed(chat, mgmt, emu.appId);
    dir = mkdtempSync(join(tmpdir(), "chat-export-"));
    env = {
      ...process.env,
      ...emulatorEnv(emu),
    };
    t = await localStack(repoRoot, stackName);
    await t.stack.setAllConfig(emulatorConfig(emu));
  });

  afterAll(async () => {
    // The emulator is thrown away, so the stack is removed without a destroy (which would take minutes).
    try {
      await t?.stack.workspace.removeStack(stackName, { force: true });
    } finally {
      rmSync(t?.backendDir ?? "", { recursive: true, force: true });
      rmSync(dir ?? "", { recursive: true, force: true });
      await emu?.close();
    }
  });

  let first: string;

  it("exports every kind, reading only, and names the secrets to set", async () => {
    emu.admin.clearRequests();
    const { text, stderr } = await exportTo(join(dir, "first.yaml"));
    first = text;
    expect(new Set(emu.admin.requests().map((r) => r.method))).toEqual(new Set(["GET"]));
    expect(stderr).toMatch(/users: 200/);
    expect(stderr).toContain("pulumi config set --secret groupPassword-support-desk");
    expect(stderr).toContain("pulumi config set --secret webhookPassword-events");
    expect(text).toContain("adopt: true");
    expect(text).toMatch(/- role: default\n\s+name: Default Role\n\s+description: Everyone else/);
    expect(text.match(/^ {2}- \{ uid: user-\d{3},/gm)).toHaveLength(USERS);
    expect(text).toContain("password: { secret: groupPassword-support-desk }");
    // Every value the service never gives back is named, those the objects may hold too (the headers).
    for (const key of [...Object.keys(HELD), ...UNHELD])
      expect(stderr).toContain(`pulumi config set --secret ${key}`);
    expect(text).not.toContain(CREDENTIALS.brand);
    expect(text).toMatch(/knowledgeSources:\n\s+- Refund policy\n/);
    for (const section of ["bots", "groupBans", "friends", "blockedUsers", "pinnedConversations"])
      expect(text).toContain(`\n${section}:`);
    for (const section of [
      "collaborators",
      "mcpServers",
      "aiAgents",
      "externalAgents",
      "agentKnowledge",
      "agentVariables",
    ])
      expect(text).toContain(`\n${section}:`);
    expect(text).toContain("core.conversations.updateOnReplies: true");
  });

  it("the first up with the exported file adopts everything without a write", async () => {
    withoutUnheld(join(dir, "first.yaml"), join(dir, "filled.yaml"));
    await t.stack.setAllConfig({
      file: { value: join(dir, "filled.yaml") },
      ...Object.fromEntries(Object.entries(HELD).map(([k, value]) => [k, { value, secret: true }])),
    });
    emu.admin.clearRequests();
    // The plan shows every object as a create, and says that an adopted one is taken over, not created.
    const preview = await t.stack.preview();
    expect(preview.stdout).toMatch(
      /\d+ object\(s\) are declared with adopt: one the service already holds is taken over as it is, not created/,
    );
    expect(preview.stdout).toContain("protectAdopted: false in the file lets a destroy delete them");
    const up = await t.stack.up();
    expect(up.summary.result).toBe("succeeded");
    const writes = emu.admin.requests().filter((r) => r.method !== "GET");
    expect(writes.map((r) => `${r.method} ${r.path}`)).toEqual([]);
    // Every object became a resource: roles, users, groups, members, keys, webhooks and triggers.
    // App-level configuration too: 3 extensions, the app settings, one group scope's permissions, the
    // notification settings, Twilio and the custom email provider, the built-in keyword list and six rules.
    // The stack itself and the Environment component too.
    // The rest of the app: a bot, the bans, two users' friends (mutual), a block, the pinned list, the
    // collaborators, an MCP server, two agents, a knowledge source and a variable.
    expect(up.summary.resourceChanges?.create).toBe(
      2 + 3 + USERS + 3 + 2 + 3 + 2 + 2 + (3 + 1 + 1 + 3 + 7) + (1 + 1 + 3 + 1 + 1 + 1 + 1 + 2 + 2),
    );
  });

  it("a preview after it shows no changes", async () => {
    const p = await t.stack.preview();
    expect(Object.keys(p.changeSummary)).toEqual(["same"]);
  });

  it("after one change out of band, the next export shows exactly that change", async () => {
    await chat.call("updateUser", { params: { uid: uid(43) }, body: { name: "Renamed 43" } });
    const { text } = await exportTo(join(dir, "second.yaml"));
    const before = first.split("\n");
    const after = text.split("\n");
    expect(after).toHaveLength(before.length);
    const changed = before.flatMap((line, i) => (line === after[i] ? [] : [[line, after[i]]]));
    expect(changed).toEqual([
      ["  - { uid: user-043, name: User 43 }", "  - { uid: user-043, name: Renamed 43 }"],
    ]);
  });

  it("--project --language yaml writes a Pulumi YAML project that adopts the app without a write, then previews clean", async () => {
    const p = await cliProject("export-yaml", "yaml", emulatorConfig(emu));
    try {
      rmSync(join(p.dir, "Pulumi.yaml"));
      const { stderr } = await promisify(execFile)(
        process.execPath,
        [join(repoRoot, "dist/provider/environment/export/cli.js"), "--project", p.dir, "--language", "yaml"],
        { env },
      );
      expect(stderr).toContain(`wrote a yaml project in ${p.dir}`);
      const written = readFileSync(join(p.dir, "Pulumi.yaml"), "utf8");
      expect(written).toMatch(/type: chat:index:Environment\n\s+properties:\n\s+file: chat-environment.yaml/);
      // As the user's project is named, with this clone's plugin (a user installs it: README).
      writeFileSync(
        join(p.dir, "Pulumi.yaml"),
        `${written.replace(/^name: .*$/m, "name: export-yaml")}plugins:\n  providers:\n    - name: chat\n      path: ${PLUGIN_DIR}\n`,
      );
      const secrets = HELD;
      const file = join(p.dir, "chat-environment.yaml");
      withoutUnheld(file, file);
      for (const [key, value] of Object.entries(secrets))
        await p.pulumi(["config", "set", "--secret", key, value]);
      emu.admin.clearRequests();
      await p.pulumi(["up", "--yes"]);
      const writes = emu.admin.requests().filter((r) => r.method !== "GET");
      expect(writes.map((r) => `${r.method} ${r.path}`)).toEqual([]);
      await p.pulumi(["preview", "--expect-no-changes"]);
      const printed = p.printed.join("\n");
      for (const secret of [...Object.values(secrets), emu.connection.apiKey])
        expect(printed).not.toContain(secret);
    } finally {
      // Adopted objects are protected: the stack is dropped, the app stays as it was.
      await p.pulumi(["stack", "rm", "--yes", "--force"], { allowFailure: true });
      rmSync(p.dir, { recursive: true, force: true });
    }
  });
});

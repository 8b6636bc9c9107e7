// Every program in examples/ on the real engine against the emulator: up, a preview with no changes, and
// destroy, each checked against what the emulator then holds (not only that the engine succeeded).
import { execFile } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import type { OutputMap } from "@pulumi/pulumi/automation";
import { type Seeded, seed } from "../../examples/adopt-existing/seed";
import { main as runEphemeralCi } from "../../examples/ephemeral-ci/run";
import { ChatClient } from "../../provider/client";
import { type Emulated, emulatorEnv, startEmulated } from "../support/emulator";
import { type EmulatedStack, emulatedStack } from "./support/emulated";
import { repoRoot } from "./support/stack";

const examples = join(repoRoot, "examples");

interface Dump {
  apps: Record<string, AppDump>;
}
interface AppDump {
  name: string;
  state: string;
  users: Record<string, { name: string; role: string; metadata?: unknown; deactivatedAt?: number }>;
  groups: Record<
    string,
    {
      name: string;
      type: string;
      password?: string;
      description?: string;
      owner?: string;
      members: Record<string, { scope: string }>;
    }
  >;
  roles: Record<
    string,
    { name: string; description?: string; restricted: Record<string, number>; permissions: object }
  >;
  apiKeys: Record<string, { name: string; scope: string }>;
  webhooks: Record<
    string,
    {
      name: string;
      webhookURL: string;
      useBasicAuth: boolean;
      username?: string;
      password?: string;
      triggers: string[];
    }
  >;
  authTokens: Record<string, { authToken: string; platform?: string }[]>;
  messages: Record<string, { sender: string; receiver: string; reactions: unknown[] }>;
}

const appOf = (t: EmulatedStack, appId: string): AppDump => {
  const a = (t.emu.admin.dump() as Dump).apps[appId];
  if (!a) throw new Error(`app ${appId} is not in the emulator`);
  return a;
};
const value = (outputs: OutputMap, key: string): unknown => {
  if (!(key in outputs)) throw new Error(`no output ${key}`);
  return outputs[key]?.value;
};
/** API keys an example created: every key but the app's two system keys. */
const createdKeys = (a: AppDump) =>
  Object.entries(a.apiKeys).filter(([, k]) => k.name !== "Rest API Key" && k.name !== "Auth Key");

describe("examples/quickstart", () => {
  let t: EmulatedStack;
  beforeAll(async () => {
    t = await emulatedStack(join(examples, "quickstart"), "quickstart");
  });
  afterAll(async () => t?.dispose());

  it("creates a role, three users, a group with its members and an API key in the existing app", async () => {
    const up = await t.up();
    expect(up.summary.resourceChanges).toEqual({ create: 8 });
    const a = appOf(t, t.emu.appId);
    expect(a.roles.support).toMatchObject({ name: "Support agents" });
    expect(Object.keys(a.roles.support?.restricted ?? {})).toEqual(["u.listUsers"]);
    expect(Object.fromEntries(Object.entries(a.users).map(([uid, u]) => [uid, u.role]))).toEqual({
      ada: "support",
      grace: "support",
      linus: "default",
    });
    const helpdesk = a.groups.helpdesk;
    expect(helpdesk).toMatchObject({ name: "Help desk", type: "private" });
    const scopes = Object.fromEntries(Object.entries(helpdesk?.members ?? {}).map(([u, m]) => [u, m.scope]));
    expect(scopes).toMatchObject({ ada: "admin", grace: "participant", linus: "participant" });
    const keys = createdKeys(a);
    expect(keys.map(([, k]) => [k.name, k.scope])).toEqual([["quickstart backend", "authOnly"]]);
    expect(up.outputs.backendApiKey).toEqual({ value: keys[0]?.[0], secret: true });
    expect(value(up.outputs, "userIds")).toEqual(["ada", "grace", "linus"]);
    expect(value(up.outputs, "groupId")).toBe("helpdesk");
  });

  it("previews no changes right after", async () => {
    expect((await t.stack.preview()).changeSummary).toEqual({ same: 8 });
  });

  it("destroys what it created and leaves the app", async () => {
    const d = await t.stack.destroy();
    expect(d.summary.resourceChanges).toEqual({ delete: 8 });
    const a = appOf(t, t.emu.appId);
    expect(a.state).toBe("active");
    expect(Object.keys(a.roles)).toEqual(["default"]);
    expect(a.users).toEqual({});
    expect(a.groups).toEqual({});
    expect(createdKeys(a)).toEqual([]);
  });
});

describe("examples/staging-app", () => {
  let t: EmulatedStack;
  let outputs: OutputMap;
  let appId: string;
  beforeAll(async () => {
    t = await emulatedStack(join(examples, "staging-app"), "staging");
  });
  afterAll(async () => t?.dispose());

  it("builds an app from scratch with roles, users, groups, a webhook and a login token", async () => {
    const up = await t.up();
    outputs = up.outputs;
    expect(up.summary.resourceChanges).toEqual({ create: 16 });
    appId = value(outputs, "appId") as string;
    expect(appId).not.toBe(t.emu.appId);
    const a = appOf(t, appId);
    expect(a.name).toMatch(/^staging-staging-[a-z0-9]{6}$/);
    expect(value(outputs, "appName")).toBe(a.name);
    expect(a.state).toBe("active");

    expect(Object.keys(a.roles.tester?.restricted ?? {}).sort()).toEqual(["u.deleteGroup", "u.listUsers"]);
    expect(a.roles.tester?.permissions).toEqual({
      createGroup: "deny",
      "sendMessage.allowedMessageTypes": ["text"],
    });
    expect(a.roles.moderator?.permissions).toEqual({ deleteMessage: "allow", createGroup: "allow" });
    expect(Object.fromEntries(Object.entries(a.users).map(([uid, u]) => [uid, u.role]))).toEqual({
      "qa-lead": "moderator",
      "tester-1": "tester",
      "tester-2": "tester",
    });

    // The random passwords reached the service, and are secret outputs.
    const qa = a.groups.qa;
    expect(qa?.type).toBe("password");
    expect(outputs.qaGroupPassword).toEqual({ value: qa?.password, secret: true });
    expect(Object.fromEntries(Object.entries(qa?.members ?? {}).map(([u, m]) => [u, m.scope]))).toEqual({
      "qa-lead": "admin",
      "tester-1": "participant",
      "tester-2": "participant",
    });
    expect(a.groups.announcements?.owner).toBe("qa-lead");
    const hook = a.webhooks["staging-events"];
    expect(hook).toMatchObject({ useBasicAuth: true, username: "chatstaging" });
    expect(hook?.password).toMatch(/^[A-Za-z0-9]{32}$/);
    expect(outputs.webhookPassword).toEqual({ value: hook?.password, secret: true });
    expect([...(hook?.triggers ?? [])].sort()).toEqual([
      "group_member_added",
      "group_member_joined",
      "message_sent",
    ]);
    const tokens = a.authTokens["qa-lead"] ?? [];
    expect(tokens.map((x) => [x.authToken, x.platform])).toEqual([
      [value(outputs, "qaLeadAuthToken"), "web"],
    ]);
    for (const k of ["apiKey", "authKey", "qaLeadAuthToken"]) expect(outputs[k]?.secret).toBe(true);

    // The exported key is a working key of the new app.
    const client = new ChatClient({
      appId,
      region: "us",
      apiKey: value(outputs, "apiKey") as string,
      endpoint: t.emu.chatEndpoint,
    });
    expect((await client.call("getGroup", { params: { guid: "qa" } })).data.name).toBe("QA");
  });

  it("previews no changes right after", async () => {
    expect((await t.stack.preview()).changeSummary).toEqual({ same: 16 });
  });

  it("destroys everything: the objects, then the app (archived by the service)", async () => {
    const d = await t.stack.destroy();
    expect(d.summary.resourceChanges).toEqual({ delete: 16 });
    const a = appOf(t, appId);
    expect(a.state).toBe("archived");
    expect(a.users).toEqual({});
    expect(a.groups).toEqual({});
    expect(Object.keys(a.roles)).toEqual(["default"]);
    expect(a.webhooks).toEqual({});
    expect(Object.values(a.authTokens).flat()).toEqual([]);
  });
});

describe("examples/ephemeral-ci", () => {
  const dir = join(examples, "ephemeral-ci");
  let emu: Emulated;
  let backendDir: string;
  beforeAll(async () => {
    emu = await startEmulated({ bootstrapApp: false });
    backendDir = mkdtempSync(join(tmpdir(), "pulumi-chat-ci-backend-"));
  });
  afterAll(async () => {
    await emu?.close();
    rmSync(backendDir, { recursive: true, force: true });
  });

  const env = (branch: string) => ({
    ...process.env,
    BRANCH: branch,
    ...emulatorEnv(emu),
    PULUMI_BACKEND_URL: `file://${backendDir}`,
    PULUMI_CONFIG_PASSPHRASE: "e2e-only",
  });
  const stacksLeft = () => {
    const stacks = join(backendDir, ".pulumi", "stacks", "chat-ephemeral-ci");
    return existsSync(stacks) ? readdirSync(stacks).filter((f) => f.endsWith(".json")) : [];
  };

  it("runs as a CI job would: up, converged preview, a message and a reaction, destroy, stack removed", async () => {
    // The runner as a user starts it: its own process, configured only by environment variables.
    const { stdout } = await promisify(execFile)(
      join(repoRoot, "node_modules", ".bin", "node"),
      ["-r", "ts-node/register/transpile-only", join(dir, "run.ts")],
      {
        cwd: repoRoot,
        env: env("Feature/Login-Page#42"),
      },
    );
    const result = JSON.parse(stdout.trim().split("\n").pop() ?? "");
    expect(result).toMatchObject({
      stackName: expect.stringMatching(/^ci-feature-login-page-42-[0-9a-f]{6}$/),
      up: { create: 4 },
      preview: { same: 4 },
      destroy: { delete: 4 },
      reactionCounts: [1, 0],
    });
    expect(result.appName).toBe(result.stackName);

    // What the emulator saw: the message and the reaction calls, then the branch's app archived, its
    // users and their messages deleted for good (permanentDelete).
    const calls = emu.admin
      .requests()
      .filter((r) => r.path.startsWith("/v3/messages"))
      .map((r) => `${r.method} ${r.path.replace(result.messageId, ":id")} ${r.status}`);
    expect(calls).toEqual([
      "POST /v3/messages 200",
      `POST /v3/messages/:id/reactions/${encodeURIComponent("👍")} 200`,
      "GET /v3/messages/:id 200",
      `DELETE /v3/messages/:id/reactions/${encodeURIComponent("👍")} 200`,
      "GET /v3/messages/:id 200",
    ]);
    const a = (emu.admin.dump() as Dump).apps[result.appId];
    expect(a?.name).toBe(result.stackName);
    expect(a?.state).toBe("archived");
    expect(a?.users).toEqual({});
    expect(a?.messages).toEqual({});

    // Nothing left behind: no stack in the backend, no stack config file beside the program.
    expect(stacksLeft()).toEqual([]);
    expect(existsSync(join(dir, `Pulumi.${result.stackName}.yaml`))).toBe(false);
  });

  it("destroys the environment and fails when the exercise fails", async () => {
    emu.admin.clearRequests();
    emu.admin.setFaults([{ kind: "error", method: "POST", path: "/v3/messages/*/reactions/*", status: 503 }]);
    const log: string[] = [];
    try {
      await expect(runEphemeralCi(env("fix/broken"), (line) => log.push(line))).rejects.toThrow(/503/);
    } finally {
      emu.admin.clearFaults();
    }
    expect(log.join("")).toMatch(/==> failed: .*\n==> destroy ci-fix-broken-/);
    const apps = Object.values((emu.admin.dump() as Dump).apps).filter((x) =>
      x.name.startsWith("ci-fix-broken-"),
    );
    expect(apps.map((x) => [x.state, x.users])).toEqual([["archived", {}]]);
    expect(stacksLeft()).toEqual([]);
  });
});

describe("examples/adopt-existing", () => {
  let t: EmulatedStack;
  let seeded: Seeded;
  const app = () => appOf(t, t.emu.appId);
  const scopes = (a: AppDump, guid: string) =>
    Object.fromEntries(Object.entries(a.groups[guid]?.members ?? {}).map(([u, m]) => [u, m.scope]));
  beforeAll(async () => {
    t = await emulatedStack(join(examples, "adopt-existing"), "adopt");
    seeded = await seed(t.emu.connection);
  });
  afterAll(async () => t?.dispose());

  it("takes the existing objects over without failing or duplicating them, applying the declared values", async () => {
    const up = await t.up();
    expect(up.summary.resourceChanges).toEqual({ create: 7 });
    const a = app();
    expect(Object.keys(a.roles).sort()).toEqual(["default", "support"]);
    expect(a.roles.support).toMatchObject({ name: "Support", description: "First-line support" });
    expect(Object.keys(a.roles.support?.restricted ?? {})).toEqual(["u.listUsers"]);
    expect(Object.keys(a.users).sort()).toEqual(["ada", "grace"]);
    expect(a.users.ada).toMatchObject({ name: "Ada Lovelace", role: "support" });
    expect(a.users.ada?.metadata).toBeUndefined(); // undeclared: cleared
    expect(a.users.grace).toMatchObject({ name: "Grace Hopper", role: "default" });
    expect(Object.keys(a.groups)).toEqual(["general"]);
    expect(a.groups.general).toMatchObject({ name: "General", description: "Everyone" });
    expect(scopes(a, "general")).toEqual({ ada: "admin", grace: "participant" });
    // The same key, not a second one of the same name.
    const reporting = createdKeys(a);
    expect(reporting.map(([key, k]) => [key, k.name, k.scope])).toEqual([
      [seeded.reportingKey, "reporting", "authOnly"],
    ]);
    expect(up.outputs.reportingKey).toEqual({ value: seeded.reportingKey, secret: true });
    expect(up.outputs.defaultRoleName?.value).toBe("Default Role"); // read by the lookup getRole
    expect(a.messages[seeded.messageId]).toBeDefined();
  });

  it("previews no changes right after", async () => {
    expect((await t.stack.preview()).changeSummary).toEqual({ same: 7 });
  });

  it("then manages them like any other: a refresh finds no drift, a change is applied in place", async () => {
    const refresh = await t.stack.refresh();
    expect(refresh.summary.resourceChanges).toEqual({ same: 7 });
    await t.stack.setConfig("generalName", { value: "General chat" });
    const up = await t.up();
    expect(up.summary.resourceChanges).toEqual({ same: 6, update: 1 });
    expect(app().groups.general?.name).toBe("General chat");
    expect(app().messages[seeded.messageId]).toBeDefined();
  });

  it("destroys what it adopted, except the group, which has retainOnDelete", async () => {
    const d = await t.stack.destroy();
    expect(d.summary.result).toBe("succeeded");
    const a = app();
    expect(Object.keys(a.groups)).toEqual(["general"]);
    expect(a.groups.general?.name).toBe("General chat");
    expect(a.messages[seeded.messageId]).toBeDefined();
    // Deleted: the role, the API key, the members the member set declared; the users are deactivated.
    expect(Object.keys(a.roles)).toEqual(["default"]);
    expect(createdKeys(a)).toEqual([]);
    expect(scopes(a, "general")).toEqual({});
    expect(a.users.ada?.deactivatedAt).toBeDefined();
    expect(a.users.grace?.deactivatedAt).toBeDefined();
  });
});

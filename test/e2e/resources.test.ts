// Every resource kind on the real engine against the emulator: create, no-change preview, update in place,
// replacement, drift (refresh shows it, up reverts it), out-of-band delete (up recreates it), bad input at
// preview, a secret audit of state and engine output, and destroy leaving nothing behind.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { OutputMap } from "@pulumi/pulumi/automation";
import { ChatClient, type ManagementClient } from "../../provider/client";
import { type Emulated, emulatorConfig, startEmulated } from "../support/emulator";
import { localStack, type TestStack } from "./support/stack";

const GROUP_PASSWORD = "grouppass1234";
const WEBHOOK_PASSWORD = "hookpass98765";

interface Dump {
  apps: Record<string, AppDump>;
}
interface AppDump {
  state: string;
  users: Record<string, unknown>;
  groups: Record<string, { members?: Record<string, unknown> }>;
  roles: Record<string, unknown>;
  apiKeys: Record<string, unknown>;
  webhooks: Record<string, { triggers?: unknown }>;
  authTokens: Record<string, unknown[]>;
}

describe("resources on the real engine", () => {
  let emu: Emulated;
  let t: TestStack;
  let outputs: OutputMap;
  let chat: ChatClient;
  let mgmt: ManagementClient;
  const engineOutput: string[] = [];
  const onOutput = (s: string) => engineOutput.push(s);
  const out = (k: string) => outputs[k]?.value as string;
  const setVersion = (v: number) => t.stack.setConfig("e2e:version", { value: String(v) });
  const app = (): AppDump => {
    const a = (emu.admin.dump() as Dump).apps[out("appId")];
    if (!a) throw new Error("app not in emulator");
    return a;
  };

  beforeAll(async () => {
    emu = await startEmulated({ bootstrapApp: false });
    t = await localStack(join(__dirname, "programs", "resources"), "resources");
    await t.stack.setAllConfig({
      ...emulatorConfig(emu),
      "e2e:groupPassword": { value: GROUP_PASSWORD, secret: true },
      "e2e:webhookPassword": { value: WEBHOOK_PASSWORD, secret: true },
      "e2e:version": { value: "1" },
    });
    mgmt = emu.mgmt;
  });
  afterAll(async () => {
    await t?.dispose();
    await emu?.close();
  });

  it("creates every kind", async () => {
    const up = await t.stack.up({ onOutput });
    outputs = up.outputs;
    expect(up.summary.result).toBe("succeeded");
    expect(up.summary.resourceChanges).toEqual({ create: 14 });
    chat = new ChatClient({
      appId: out("appId"),
      region: "eu",
      apiKey: out("appApiKey"),
      endpoint: emu.chatEndpoint,
    });

    expect(out("aliceUid")).toBe("alice"); // lowercased
    const alice = await chat.call("getUser", { params: { uid: "alice" } });
    expect(alice.data).toMatchObject({
      name: "Alice",
      role: "moderators",
      metadata: { team: "core", level: 2 },
    });
    const listed = await chat.listAll("listUsers", { query: { searchKey: "alice", withTags: true } });
    expect(listed.find((u) => u.uid === "alice")?.tags).toEqual(["staff"]);
    const members = await chat.listAll("listMembers", { params: { guid: "team" } });
    expect(Object.fromEntries(members.map((m) => [m.uid, m.scope]))).toMatchObject({
      alice: "admin",
      bob: "participant",
    });
    const features = await chat.listAll("listRestrictedFeatures", { params: { role: "moderators" } });
    expect(features.map((f) => f.key)).toEqual(["u.listUsers"]);
    const hook = await mgmt.call("getWebhook", { params: { appId: out("appId"), webhookId: "events" } });
    expect(hook.data).toMatchObject({ name: "Events", useBasicAuth: true, username: "chatbot" });
    const triggers = await mgmt.listAll("listTriggers", {
      params: { appId: out("appId"), webhookId: "events" },
    });
    expect(triggers.map((x) => x.id)).toEqual(["message_sent"]);
    const token = await chat.call("getAuthToken", { params: { uid: "alice", authToken: out("aliceToken") } });
    expect(token.data.platform).toBe("web");
    expect((await chat.call("getApiKey", { params: { apiKey: out("ciApiKey") } })).data.name).toBe("ci key");
  });

  it("previews no changes right after", async () => {
    const p = await t.stack.preview({ onOutput });
    expect(p.changeSummary).toEqual({ same: 14 });
  });

  it("updates in place", async () => {
    await setVersion(2);
    const up = await t.stack.up({ onOutput });
    expect(up.summary.resourceChanges).toEqual({ same: 5, update: 9 });
    outputs = up.outputs;
    expect((await chat.call("getUser", { params: { uid: "alice" } })).data.name).toBe("Alice B.");
    expect((await chat.call("getGroup", { params: { guid: "team" } })).data.name).toBe("Team (v2)");
    const members = await chat.listAll("listMembers", { params: { guid: "team" } });
    expect(members.map((m) => m.uid).sort()).toEqual(["alice", "bob", "carol"]);
    const lobby = await chat.listAll("listMembers", { params: { guid: "lobby" } });
    expect(lobby.find((m) => m.uid === "carol")?.scope).toBe("moderator");
    const triggers = await mgmt.listAll("listTriggers", {
      params: { appId: out("appId"), webhookId: "events" },
    });
    expect(triggers.map((x) => x.id).sort()).toEqual(["group_member_added", "message_sent"]);
    expect((await chat.call("getApiKey", { params: { apiKey: out("ciApiKey") } })).data.name).toBe(
      "ci key v2",
    );
    expect((await t.stack.preview()).changeSummary).toEqual({ same: 14 });
  });

  it("replaces when a caller-chosen id changes, deleting the old object", async () => {
    await setVersion(3);
    const up = await t.stack.up({ onOutput });
    outputs = up.outputs;
    expect(up.summary.resourceChanges?.replace).toBeGreaterThanOrEqual(4); // role, alice, team, webhook (+ dependants)
    const a = app();
    expect(Object.keys(a.users).sort()).toEqual(["alice-2", "bob", "carol"]);
    expect(Object.keys(a.groups).sort()).toEqual(["lobby", "team-2"]);
    expect(Object.keys(a.roles).sort()).toEqual(["default", "moderators-2"]);
    expect(Object.keys(a.webhooks)).toEqual(["events-2"]);
    expect((await t.stack.preview()).changeSummary).toEqual({ same: 14 });
  });

  it("shows out-of-band changes on refresh and reverts them on up", async () => {
    await chat.call("updateUser", { params: { uid: "bob" }, body: { name: "Mallory" } });
    await chat.call("kickMember", { params: { guid: "team-2", uid: "carol" } });
    await mgmt.call("updateWebhook", {
      params: { appId: out("appId"), webhookId: "events-2" },
      body: { webhookURL: "https://attacker.example.com/x" },
    });
    const refresh = await t.stack.refresh({ onOutput });
    expect(refresh.summary.resourceChanges?.update).toBe(3);
    const preview = await t.stack.preview();
    expect(preview.changeSummary.update).toBe(3);
    await t.stack.up({ onOutput });
    expect((await chat.call("getUser", { params: { uid: "bob" } })).data.name).toBe("Bob");
    const members = await chat.listAll("listMembers", { params: { guid: "team-2" } });
    expect(members.map((m) => m.uid).sort()).toEqual(["alice-2", "bob", "carol"]);
    const hook = await mgmt.call("getWebhook", { params: { appId: out("appId"), webhookId: "events-2" } });
    expect(hook.data.webhookURL).toBe("https://hooks.example.com/chat");
    expect((await t.stack.preview()).changeSummary).toEqual({ same: 14 });
  });

  it("recreates what was deleted out of band", async () => {
    await chat.call("deleteUser", { params: { uid: "carol" }, body: { permanent: true } });
    await chat.call("deleteApiKey", { params: { apiKey: out("ciApiKey") } });
    await mgmt.call("deleteWebhook", { params: { appId: out("appId"), webhookId: "events-2" } });
    await t.stack.refresh({ onOutput });
    const up = await t.stack.up({ onOutput });
    outputs = up.outputs;
    expect(up.summary.resourceChanges?.create).toBeGreaterThanOrEqual(3);
    expect((await chat.call("getUser", { params: { uid: "carol" } })).data.name).toBe("Carol");
    expect((await chat.call("getApiKey", { params: { apiKey: out("ciApiKey") } })).data.name).toBe(
      "ci key v2",
    );
    const triggers = await mgmt.listAll("listTriggers", {
      params: { appId: out("appId"), webhookId: "events-2" },
    });
    expect(triggers.map((x) => x.id).sort()).toEqual(["group_member_added", "message_sent"]);
    expect((await t.stack.preview()).changeSummary).toEqual({ same: 14 });
  });

  it("fails bad input at preview, naming the field and the rule, before any API call", async () => {
    emu.admin.clearRequests();
    await t.stack.setConfig("e2e:bad", { value: "user" });
    await expect(t.stack.preview()).rejects.toThrow(
      /User resource 'bob' has a problem: name must not be empty/,
    );
    await t.stack.setConfig("e2e:bad", { value: "webhook" });
    await expect(t.stack.preview()).rejects.toThrow(
      /Webhook resource 'events' has a problem: webhookURL must use https/,
    );
    await t.stack.removeConfig("e2e:bad");
    const writes = emu.admin.requests().filter((r) => r.method !== "GET");
    expect(writes).toEqual([]);
  });

  it("keeps every credential and secret out of state and engine output", async () => {
    // The checkpoint as the backend stores it (the Automation API's export shows secrets decrypted).
    const state = readFileSync(
      join(t.backendDir, ".pulumi", "stacks", "resources-e2e", "resources.json"),
      "utf8",
    );
    const secrets = {
      managementSecret: emu.credentials.managementSecret,
      appApiKey: out("appApiKey"),
      ciApiKey: out("ciApiKey"),
      aliceToken: out("aliceToken"),
      groupPassword: GROUP_PASSWORD,
      webhookPassword: WEBHOOK_PASSWORD,
    };
    for (const [name, value] of Object.entries(secrets)) {
      expect(value).toBeTruthy();
      expect({ name, inState: state.includes(value) }).toEqual({ name, inState: false });
      expect({ name, inOutput: engineOutput.join("").includes(value) }).toEqual({ name, inOutput: false });
    }
    expect(state).toContain("ciphertext"); // secrets are there, encrypted
  });

  it("destroys everything, leaving nothing in the emulator", async () => {
    const d = await t.stack.destroy({ onOutput });
    expect(d.summary.result).toBe("succeeded");
    const a = app();
    expect(a.state).toBe("archived");
    expect(Object.keys(a.users)).toEqual([]);
    expect(Object.keys(a.groups)).toEqual([]);
    expect(Object.keys(a.roles)).toEqual(["default"]);
    expect(Object.keys(a.webhooks)).toEqual([]);
    expect(Object.keys(a.apiKeys)).toHaveLength(2); // the app's own two system keys
    expect(Object.values(a.authTokens).flat()).toEqual([]);
  });
});

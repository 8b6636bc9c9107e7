// check and diff of the generic provider, per kind: pure functions of the inputs (no API call: the credential
// check that check and diff make before a write is a stand-in here, which records what it was asked).
import { setStackConfig } from "../../../provider/client/config";
import { CredentialError } from "../../../provider/client/credentials";
import { type Json, jsonOf } from "../../../provider/engine/json-schema";
import { UNKNOWN } from "../../../provider/engine/normalize";
import { closedSetIn } from "../../../provider/hosts/plugin/enums";
import { type CredentialCheck, CrudProvider, kinds } from "../../../provider/kinds";

/** Connections checked (by app id or management key), and the refusal to answer, if any. */
const checked: string[] = [];
let refusal: ((name: (field: string) => string) => string) | undefined;
const standIn: CredentialCheck = {
  chat: async (c, name) => {
    checked.push(c.appId);
    return refusal?.(name);
  },
  management: async (m, name) => {
    checked.push(m.key);
    return refusal?.(name);
  },
};
beforeEach(() => {
  checked.length = 0;
  refusal = undefined;
});

const provider = (k: keyof typeof kinds) => new CrudProvider(kinds[k] as never, standIn);
const user = provider("User");

describe("check", () => {
  it("names the field and the rule, and keeps the inputs as given", async () => {
    const r = await user.check(
      {},
      { uid: "bad uid!", name: "", avatar: "not a url", tags: Array(26).fill("t") },
    );
    expect(r.failures).toEqual(
      expect.arrayContaining([
        { property: "", reason: "uid may contain only letters, digits, '-' and '_'" },
        { property: "", reason: "name must not be empty" },
        { property: "", reason: "avatar must be a URL" },
        { property: "", reason: "tags: at most 25 tags" },
      ]),
    );
  });

  it("refuses a legacy trigger for a version-2 webhook at preview, naming the trigger's place", async () => {
    const triggers = provider("WebhookTriggers");
    const args = { appId: "app-1", webhookId: "w", triggers: ["message_sent", "after_message"] };
    expect((await triggers.check({}, { ...args, version: 2 })).failures).toEqual([
      {
        property: "",
        reason:
          "triggers.1: after_message is a trigger of the legacy webhook system (version 1): a webhook of version 2 does not take it",
      },
    ]);
    expect((await triggers.check({}, args)).failures).toEqual([]);
    expect((await triggers.check({}, { ...args, version: 3 })).failures).toEqual([
      { property: "", reason: "version must be 1 (the legacy webhook system) or 2" },
    ]);
  });

  it("refuses unknown arguments (typos) by name, with the closest known one", async () => {
    const r = await user.check({}, { uid: "a", name: "A", nmae: "x", conection: {} });
    expect(r.failures).toEqual([
      { property: "", reason: 'nmae is not an argument (closest valid: "name")' },
      { property: "", reason: 'conection is not an argument (closest valid: "connection")' },
    ]);
  });

  it("normalises: lowercases caller-chosen ids", async () => {
    const r = await user.check({}, { uid: "Alice", name: "Alice" });
    expect(r.failures).toEqual([]);
    expect(r.inputs.uid).toBe("alice");
  });

  it("tolerates values unknown during preview, but still checks the known ones", async () => {
    const r = await user.check({}, { uid: UNKNOWN, name: "", avatar: UNKNOWN });
    expect(r.failures).toEqual([{ property: "", reason: "name must not be empty" }]);
    const ok = await provider("GroupMembers").check({}, { guid: "g", participants: [UNKNOWN, "bob"] });
    expect(ok.failures).toEqual([]);
  });

  it("checks cross-field rules", async () => {
    const g = await provider("Group").check({}, { guid: "g", name: "G", type: "password" });
    expect(g.failures).toEqual([{ property: "", reason: "password is required when type is 'password'" }]);
    const w = await provider("Webhook").check(
      {},
      { webhookId: "w", name: "W", webhookURL: "http://x.example/h" },
    );
    expect(w.failures).toEqual([{ property: "", reason: "webhookURL must use https" }]);
    const m = await provider("GroupMembers").check({}, { guid: "g", admins: ["a"], participants: ["a"] });
    expect(m.failures[0]?.reason).toMatch(/only one of admins, moderators and participants/);
    // "default" passes check: adopted, it is managed; otherwise create refuses it (integration tests).
    const r = await provider("Role").check({}, { role: "default", name: "D", adopt: true });
    expect(r.failures).toEqual([]);
  });

  it("validates the connection option", async () => {
    const r = await user.check(
      {},
      { uid: "a", name: "A", connection: { appId: "", apiKey: "k", region: "mars" } },
    );
    expect(r.failures.map((f) => f.reason.split(":")[0]).sort()).toEqual([
      "connection.appId",
      "connection.region",
    ]);
  });
});

describe("diff", () => {
  const olds = {
    uid: "alice",
    name: "Alice",
    role: "default",
    tags: ["b", "a"],
    metadata: { x: 1, y: { b: 2, a: 1 } },
    createdAt: 1,
  };

  it("sees no change through server defaults, tag order, metadata key order and empty values", async () => {
    const news = {
      uid: "alice",
      name: "Alice",
      tags: ["a", "b"],
      metadata: { y: { a: 1, b: 2 }, x: 1 },
      avatar: "",
    };
    expect(await user.diff("alice", olds, news)).toEqual({
      changes: false,
      replaces: [],
      deleteBeforeReplace: false,
    });
  });

  it("updates in place what the API can update", async () => {
    const d = await user.diff("alice", olds, { ...olds, name: "Alice B" });
    expect(d).toEqual({ changes: true, replaces: [], deleteBeforeReplace: false });
  });

  it("replaces when a caller-chosen id changes, creating the new object first (no collision)", async () => {
    const d = await user.diff("alice", olds, { ...olds, uid: "alice2" });
    expect(d).toEqual({ changes: true, replaces: ["uid"], deleteBeforeReplace: false });
  });

  it("deletes first when the replacement keeps the identity (same uid in the same app)", async () => {
    const o = { ...olds, connection: { appId: "app1", region: "us", apiKey: "k" } };
    const d = await user.diff("alice", o, { ...o, connection: { appId: "app1", region: "eu", apiKey: "k" } });
    expect(d).toEqual({ changes: true, replaces: ["connection"], deleteBeforeReplace: true });
    const moved = await user.diff("alice", o, {
      ...o,
      connection: { appId: "app2", region: "us", apiKey: "k" },
    });
    expect(moved.deleteBeforeReplace).toBe(false);
  });

  it("replaces when the resource moves to another app, updates when only the key rotates", async () => {
    const conn = { appId: "app1", region: "us", apiKey: "k1" };
    const o = { ...olds, connection: conn };
    expect((await user.diff("alice", o, { ...o, connection: { ...conn, appId: "app2" } })).replaces).toEqual([
      "connection",
    ]);
    expect(await user.diff("alice", o, { ...o, connection: { ...conn, apiKey: "k2" } })).toEqual({
      changes: true,
      replaces: [],
      deleteBeforeReplace: false,
    });
  });

  it("replaces an app on a new name or region (no update API)", async () => {
    const app = provider("App");
    const o = { name: "a", region: "us", apiKey: "secret", appId: "x" };
    expect((await app.diff("x", o, { name: "a", region: "eu" })).replaces).toEqual(["region"]);
    expect(await app.diff("x", o, { name: "a" })).toEqual({
      changes: false,
      replaces: [],
      deleteBeforeReplace: false,
    });
  });

  it("compares member lists as sets and treats unknowns as changes", async () => {
    const m = provider("GroupMembers");
    const o = { guid: "g", participants: ["a", "b"] };
    expect((await m.diff("g", o, { guid: "g", participants: ["b", "a"] })).changes).toBe(false);
    expect((await m.diff("g", o, { guid: "g", participants: ["a", UNKNOWN] })).changes).toBe(true);
  });

  it("does not compare computed outputs as inputs", async () => {
    const k = provider("ApiKey");
    expect(
      (await k.diff("id", { name: "ci", scope: "authOnly", apiKey: "x", createdAt: 5 }, { name: "ci" }))
        .changes,
    ).toBe(false);
  });
});

// Issue 28 item 8: a user filter's negations are notEquals and notIn, as the vendor spells them; the spaced
// spellings of 0.1.0 are still taken, read as the new ones, and a stack that recorded them sees no change.
describe("former spellings (provider/engine/aliases.ts)", () => {
  const rule = provider("ModerationRule");
  const declared = (operator: string, group = "notIn") => ({
    ruleId: "r1",
    name: "No spam",
    action: ["blockMessage"],
    conditions: [
      { entity: "message", operand: "text", operator: "contains", category: "word", value: ["x"] },
    ],
    filters: [
      { entity: "user", operand: "role", operator, value: "admin", type: "sender" },
      { entity: "group", operand: "guid", operator: group, value: "g", type: "sender" },
    ],
  });
  const operators = (inputs: Record<string, unknown>) =>
    (inputs.filters as { operator: string }[]).map((f) => f.operator);

  it("check takes both spellings of a user filter's negations and stores the vendor's", async () => {
    for (const [given, stored] of [
      ["not equals", "notEquals"],
      ["notEquals", "notEquals"],
      ["not in", "notIn"],
      ["notIn", "notIn"],
    ]) {
      const r = await rule.check({}, declared(given as string));
      expect(r.failures).toEqual([]);
      expect(operators(r.inputs)).toEqual([stored, "notIn"]);
    }
    // Only the user filter had the spaced spellings: a group filter never took them.
    const group = await rule.check({}, declared("equals", "not in"));
    expect(group.failures.map((f) => f.reason)).toEqual([
      expect.stringContaining('operator "not in" is not valid'),
    ]);
    const wrong = await rule.check({}, declared("not like"));
    expect(wrong.failures.map((f) => f.reason)).toEqual([
      expect.stringContaining('operator "not like" is not valid'),
    ]);
  });

  it("a stack that recorded the spaced spelling previews no change; another operator is a change", async () => {
    const recorded = { ...declared("not equals"), builtIn: false, createdAt: 1 };
    for (const program of ["not equals", "notEquals"]) {
      const { inputs } = await rule.check(recorded, declared(program));
      expect(await rule.diff("r1", recorded, inputs)).toEqual({
        changes: false,
        replaces: [],
        deleteBeforeReplace: false,
      });
    }
    const { inputs } = await rule.check(recorded, declared("not in"));
    expect((await rule.diff("r1", recorded, inputs)).changes).toBe(true);
  });

  it("offers the former spellings in the SDKs' types, after the current ones", () => {
    const json = jsonOf(kinds.ModerationRule.args, "input") as {
      properties: { filters: { items: { oneOf?: Json[]; anyOf?: Json[] } } };
    };
    const [user] = json.properties.filters.items.oneOf ?? json.properties.filters.items.anyOf ?? [];
    expect(user?.properties?.operator).toMatchObject({
      enum: ["equals", "notEquals", "in", "notIn", "startsWith", "not equals", "not in"],
      "x-aliases": { "not equals": "notEquals", "not in": "notIn" },
    });
    // Where the plugin's schema offers such a set as an enum, a former spelling is named after its value.
    const set = closedSetIn(user?.properties?.operator ?? {});
    expect(set?.values.map((v) => v.name)).toEqual([
      "Equals",
      "NotEquals",
      "In",
      "NotIn",
      "StartsWith",
      "NotEqualsFormer",
      "NotInFormer",
    ]);
    expect(set?.values.at(-1)).toMatchObject({ value: "not in", deprecationMessage: "Use notIn." });
  });
});

// Issue 28 item 8: the notification fields the vendor's file has and the document lacked.
describe("notification settings the vendor's file names", () => {
  const settings = provider("NotificationSettings");
  it("takes one-on-one quoted replies and the poll, reminder and mention templates; a bad choice is named", async () => {
    const declared = {
      preferences: { oneOnOne: { quotedRepliesSetting: 1, quotedRepliesOverride: false } },
      templates: {
        pollMessageTemplateDefault: { body: "Poll", body_fallback: "A poll" },
        reminderMessageTemplatePrivacy: { titleOneOnOne: "Reminder" },
        userMentionTemplateDefault: { bodyOneOnOne: "@you", bodyGroup: "@you", body_fallback: "@" },
        groupMentionTemplatePrivacy: { titleGroup: "Group", body: "@all" },
      },
    };
    expect((await settings.check({}, declared)).failures).toEqual([]);
    const bad = await settings.check({}, { preferences: { oneOnOne: { quotedRepliesSetting: 5 } } });
    expect(bad.failures.map((f) => f.reason)).toEqual([
      expect.stringMatching(/^preferences\.oneOnOne\.quotedRepliesSetting: must be 1 .* or 3 /),
    ]);
  });
});

// Issue 10: declarations users naturally write converge, the first time and every time after.
describe("convergence", () => {
  const conn = (appId: string, apiKey = "k1") => ({ appId, region: "us", apiKey });
  const configured = (values: Record<string, string>) => setStackConfig((k) => values[k]);
  afterEach(() => setStackConfig(() => undefined));

  it("resolves a webhook's default app once, at check, so the stored value compares equal", async () => {
    configured({ "chat:appId": "app1" });
    const hook = { webhookId: "w", name: "W", webhookURL: "https://h.example.com/x" };
    for (const kind of ["Webhook", "WebhookTriggers"] as const) {
      const args = kind === "Webhook" ? hook : { webhookId: "w", triggers: ["message_sent"] };
      const checked = await provider(kind).check({}, args);
      expect(checked).toEqual({ inputs: { ...args, appId: "app1" }, failures: [] });
      // What create stored (the resolved app) against the next run's checked inputs: no change.
      const outs = { ...checked.inputs, createdAt: 1 };
      expect((await provider(kind).diff("app1/w", outs, checked.inputs)).changes).toBe(false);
      // Another configured app is another place: a replacement, created before the old one is deleted.
      configured({ "chat:appId": "app2" });
      const moved = await provider(kind).check({}, args);
      expect(await provider(kind).diff("app1/w", outs, moved.inputs)).toEqual({
        changes: true,
        replaces: ["appId"],
        deleteBeforeReplace: false,
      });
      configured({ "chat:appId": "app1" });
    }
  });

  it("names appId when a webhook has none and no app is configured", async () => {
    const r = await provider("Webhook").check(
      {},
      { webhookId: "w", name: "W", webhookURL: "https://h.example.com/x" },
    );
    expect(r.failures).toEqual([
      {
        property: "",
        reason: "appId is not set and there is no chat:appId (or CHAT_APP_ID) to default to",
      },
    ]);
  });

  it("compares a chat resource's recorded app with the configured one: another app is a replacement", async () => {
    const outs = { uid: "alice", name: "Alice", createdAt: 1, connection: conn("app1") };
    const news = { uid: "alice", name: "Alice" };
    configured({ "chat:appId": "app1", "chat:apiKey": "k1" });
    expect((await user.diff("alice", outs, news)).changes).toBe(false);
    configured({ "chat:appId": "app2", "chat:apiKey": "k2" });
    expect(await user.diff("alice", outs, news)).toEqual({
      changes: true,
      replaces: ["connection"],
      deleteBeforeReplace: false,
    });
    configured({ "chat:appId": "app1", "chat:apiKey": "k1", "chat:region": "eu" });
    expect(await user.diff("alice", outs, news)).toEqual({
      changes: true,
      replaces: ["connection"],
      deleteBeforeReplace: true, // same uid in the same app: the old one must go first
    });
    // A rotated key is recorded by an update, not a replacement.
    configured({ "chat:appId": "app1", "chat:apiKey": "k2" });
    expect(await user.diff("alice", outs, news)).toEqual({
      changes: true,
      replaces: [],
      deleteBeforeReplace: false,
    });
    // State from before locations were recorded lives where the configuration points: no change.
    const { connection: _, ...legacy } = outs;
    expect((await user.diff("alice", legacy, news)).changes).toBe(false);
  });

  it("records the resolved connection in the outputs of an update (credentials only as a secret output)", async () => {
    configured({ "chat:appId": "app1", "chat:apiKey": "k1" });
    const olds = { uid: "alice", name: "Alice", permanentDelete: true, createdAt: 1 };
    const { outs } = await user.update("alice", olds, { uid: "alice", name: "Alice" });
    expect(outs.connection).toEqual(conn("app1"));
  });

  it("converges when an argument only the provider reads is removed (permanentDelete)", async () => {
    configured({ "chat:appId": "app1", "chat:apiKey": "k1" });
    const olds = {
      uid: "alice",
      name: "Alice",
      permanentDelete: true,
      createdAt: 1,
      connection: conn("app1"),
    };
    const news = { uid: "alice", name: "Alice" };
    expect((await user.diff("alice", olds, news)).changes).toBe(true);
    const { outs } = await user.update("alice", olds, news); // no API call: only a local field changed
    expect(outs).not.toHaveProperty("permanentDelete");
    expect(outs.createdAt).toBe(1); // computed outputs stay
    expect((await user.diff("alice", outs, news)).changes).toBe(false);
  });

  it("normalises the known fields even when another input is unknown (preview)", async () => {
    const r = await user.check({}, { uid: "Alice", name: UNKNOWN, tags: ["b", UNKNOWN] });
    expect(r.failures).toEqual([]);
    expect(r.inputs).toMatchObject({ uid: "alice", name: UNKNOWN });
    const d = await user.diff("alice", { uid: "alice", name: "Alice", createdAt: 1 }, r.inputs);
    expect(d.replaces).toEqual([]);
    const m = await provider("GroupMembers").check({}, { guid: "Team", admins: ["Alice", UNKNOWN] });
    expect(m.inputs).toMatchObject({ guid: "team", admins: ["alice", UNKNOWN] });
    const g = await provider("GroupMember").check({}, { guid: UNKNOWN, uid: "Bob" });
    expect(g.inputs).toMatchObject({ guid: UNKNOWN, uid: "bob" });
  });

  it("lets the default role be adopted, and only adopted", async () => {
    const role = provider("Role");
    expect((await role.check({}, { role: "Default", name: "Everyone", adopt: true })).failures).toEqual([]);
    expect((await role.check({}, { role: "default", name: "Everyone" })).failures).toEqual([
      {
        property: "",
        reason:
          'role: the "default" role exists in every app and cannot be deleted: use adopt: true to manage it',
      },
    ]);
  });

  it("refuses plain http to a remote host at preview, naming connection.endpoint and the rule", async () => {
    const r = await user.check(
      {},
      {
        uid: "a",
        name: "A",
        connection: { appId: "app1", apiKey: "k", endpoint: "http://chat.example.com/{appId}/v3" },
      },
    );
    expect(r.failures).toEqual([
      {
        property: "",
        reason: expect.stringMatching(
          /^connection.endpoint: endpoint must use https: plain http is allowed only for loopback hosts/,
        ),
      },
    ]);
    const local = { appId: "app1", apiKey: "k", endpoint: "http://127.0.0.1:7700/chat/{appId}/{region}/v3" };
    expect((await user.check({}, { uid: "a", name: "A", connection: local })).failures).toEqual([]);
    // The same rule for the configured endpoint, named by its key.
    configured({ "chat:appId": "app1", "chat:apiKey": "k", "chat:endpoint": "http://chat.example.com/v3" });
    expect((await user.check({}, { uid: "a", name: "A" })).failures).toEqual([
      { property: "", reason: expect.stringMatching(/^chat:endpoint: endpoint must use https/) },
    ]);
    const mgmt = await provider("App").check(
      {},
      { name: "a", managementConnection: { key: "k", secret: "s", endpoint: "http://mgmt.example.com" } },
    );
    expect(mgmt.failures.map((f) => f.reason)).toEqual([
      expect.stringMatching(/^managementConnection.endpoint: /),
    ]);
    configured({ "chat:managementEndpoint": "http://mgmt.example.com" });
    expect((await provider("App").check({}, { name: "a" })).failures).toEqual([
      {
        property: "",
        reason: expect.stringMatching(/^chat:managementEndpoint: endpoint must use https/),
      },
    ]);
  });

  it("names an unknown webhook trigger and the closest valid one", async () => {
    const r = await provider("WebhookTriggers").check(
      {},
      { appId: "app1", webhookId: "w", triggers: ["message_sent", "mesage_edited"] },
    );
    expect(r.failures).toEqual([
      {
        property: "",
        reason: 'triggers.1: webhook trigger "mesage_edited" is not valid (closest valid: "message_edited")',
      },
    ]);
  });
});

describe("credentials checked before a write", () => {
  const conn = { appId: "app1", region: "us", apiKey: "k1" };
  const refuse = () => {
    refusal = (name) =>
      `${name("apiKey")} is not a valid REST API key of app app1: AUTH_ERR_APIKEY_NOT_FOUND`;
  };

  it("check: a new resource's connection, once; an existing resource's is left to diff", async () => {
    expect((await user.check({}, { uid: "a", name: "A", connection: conn })).failures).toEqual([]);
    expect(checked).toEqual(["app1"]);
    checked.length = 0;
    await user.check({ uid: "a", name: "A", connection: conn }, { uid: "a", name: "B", connection: conn });
    expect(checked).toEqual([]);
    // Unknown during preview: checked when known (at up).
    await user.check({}, { uid: "a", name: "A", connection: { ...conn, apiKey: UNKNOWN } });
    expect(checked).toEqual([]);
  });

  it("check: a refused connection is one failure of the resource, naming the input", async () => {
    refuse();
    const r = await user.check({}, { uid: "a", name: "A", connection: conn });
    expect(r.failures).toEqual([
      {
        property: "",
        reason: "connection.apiKey is not a valid REST API key of app app1: AUTH_ERR_APIKEY_NOT_FOUND",
      },
    ]);
  });

  it("check: a configured connection is named by config key and variable", async () => {
    refuse();
    setStackConfig((k) => ({ "chat:appId": "app1", "chat:apiKey": "k1" })[k]);
    try {
      const r = await user.check({}, { uid: "a", name: "A" });
      expect(r.failures.map((f) => f.reason)).toEqual([
        "chat:apiKey (CHAT_API_KEY) is not a valid REST API key of app app1: AUTH_ERR_APIKEY_NOT_FOUND",
      ]);
    } finally {
      setStackConfig(() => undefined);
    }
  });

  it("diff: no change, no call; a change (a new key included) is checked, and a refusal throws the line", async () => {
    const olds = { uid: "a", name: "A", connection: conn };
    await user.diff("a", olds, olds);
    expect(checked).toEqual([]);
    await user.diff("a", olds, { ...olds, name: "B" });
    expect(checked).toEqual(["app1"]);
    refuse();
    const e = await user.diff("a", olds, { ...olds, connection: { ...conn, apiKey: "k2" } }).catch((x) => x);
    expect(CredentialError.isInstance(e)).toBe(true);
    expect((e as Error).message).toBe(
      "connection.apiKey is not a valid REST API key of app app1: AUTH_ERR_APIKEY_NOT_FOUND",
    );
  });

  it("management resources check their management connection", async () => {
    const m = { key: "mk", secret: "ms" };
    await provider("Webhook").check(
      {},
      {
        appId: "app1",
        webhookId: "w",
        name: "W",
        webhookURL: "https://x.example/h",
        managementConnection: m,
      },
    );
    expect(checked).toEqual(["mk"]);
  });
});

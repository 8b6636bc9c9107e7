// chat-export's document: a snapshot of a live app becomes an environment file that the root project's own
// schema accepts, in the form the provider reads objects back, deterministic whatever order the API used.

import {
  ExportError,
  renderEnvironment,
  type Snapshot,
  toEnvironment,
} from "../../provider/environment/export";
import { parseEnvironment } from "../../provider/environment/load";
import { at as pick } from "../support/json";

const at = 1_700_000_000;

/** An object as its kind lists it. */
const listed = (id: string, args: Record<string, unknown>, state: Record<string, unknown> = {}) => ({
  id,
  args,
  state: { createdAt: at, ...state },
});

function snapshot(): Snapshot {
  return {
    appId: "app1",
    region: "eu",
    listed: {
      Role: [
        listed("mods", {
          role: "mods",
          name: "Mods",
          metadata: { z: 1, a: { d: 1, c: 2 } },
          restrictedFeatures: ["u.listUsers", "u.deleteGroup"],
          permissions: {},
        }),
        listed("default", {
          role: "default",
          name: "Default Role",
          description: "",
          restrictedFeatures: [],
          permissions: { sendMessage: "deny" },
        }),
      ],
      User: [
        listed("bob", { uid: "bob", name: "Bob", role: "mods", tags: ["z", "a"] }),
        listed("alice", { uid: "alice", name: "Alice", role: "default", tags: [], metadata: {} }),
      ],
      ApiKey: [
        listed("1", { name: "Rest API Key", scope: "fullAccess" }, { apiKey: "k1" }),
        listed("2", { name: "twin", scope: "authOnly" }, { apiKey: "k2" }),
        listed("3", { name: "twin", scope: "authOnly" }, { apiKey: "k3" }),
        listed("4", { name: "backend", scope: "fullAccess" }, { apiKey: "k4" }),
      ],
      AppSettings: [listed("app1", { appId: "app1", settings: {} })],
      Group: [
        listed("room", { guid: "room", name: "Room", type: "password", owner: "alice" }),
        listed("lobby", { guid: "lobby", name: "Lobby", type: "public", owner: "app_system" }),
      ],
      // Inside the groups' entries: each group's members, read with it.
      GroupMembers: [
        listed("room", { guid: "room", participants: ["bob"] }),
        listed("lobby", { guid: "lobby", moderators: ["bob"] }),
      ],
      Webhook: [
        listed("app1/quiet", {
          appId: "app1",
          webhookId: "quiet",
          name: "Quiet",
          webhookURL: "https://q.example.com/",
          useBasicAuth: false,
          enabled: false,
          retryOnFailure: false,
        }),
        listed("app1/events", {
          appId: "app1",
          webhookId: "events",
          name: "Events",
          webhookURL: "https://e.example.com/",
          useBasicAuth: true,
          username: "hooks",
          enabled: true,
          retryOnFailure: true,
        }),
      ],
      // Inside the webhooks' entries: their triggers (none for "quiet").
      WebhookTriggers: [
        listed("app1/events", {
          appId: "app1",
          webhookId: "events",
          triggers: ["message_sent", "group_created"],
        }),
      ],
    },
    ownApiKey: "k1",
    extensions: [],
  };
}

describe("chat-export's document", () => {
  it("holds every object as the provider reads it back: defaults and empty values left out", () => {
    const { environment } = toEnvironment(snapshot());
    expect(environment).toMatchObject({ app: { existing: true }, adopt: true });
    expect(pick(environment, "roles")).toEqual([
      { role: "default", name: "Default Role", permissions: { sendMessage: "deny" } },
      {
        role: "mods",
        name: "Mods",
        metadata: { a: { c: 2, d: 1 }, z: 1 },
        restrictedFeatures: ["u.deleteGroup", "u.listUsers"],
      },
    ]);
    expect(pick(environment, "users")).toEqual([
      { uid: "alice", name: "Alice" },
      { uid: "bob", name: "Bob", role: "mods", tags: ["a", "z"] },
    ]);
    expect(environment.webhooks).toEqual([
      {
        id: "events",
        name: "Events",
        url: "https://e.example.com/",
        basicAuth: { username: "hooks", password: { secret: "webhookPassword-events" } },
        retryOnFailure: true,
        triggers: ["group_created", "message_sent"],
      },
      { id: "quiet", name: "Quiet", url: "https://q.example.com/", enabled: false },
    ]);
  });

  it("leaves a group's owner out of its members, and a system owner out altogether", () => {
    const { environment } = toEnvironment(snapshot());
    expect(environment.groups).toEqual([
      { guid: "lobby", name: "Lobby", members: { moderators: ["bob"] } },
      {
        guid: "room",
        name: "Room",
        type: "password",
        owner: "alice",
        password: { secret: "groupPassword-room" },
        members: { participants: ["bob"] },
      },
    ]);
  });

  it("leaves out the key it read with and keys whose name is not unique, saying why", () => {
    const { environment, notes } = toEnvironment(snapshot());
    expect(pick(environment, "apiKeys")).toEqual([{ name: "backend", scope: "fullAccess" }]);
    expect(notes).toEqual([
      'API key "Rest API Key" is left out: this export authenticated with it (the stack does too).',
      'API keys named "twin" are left out: 2 keys share the name, and keys are adopted by a unique name.',
    ]);
  });

  it("names a secret config key for every value the API never returns, and writes how to set them", () => {
    const exported = toEnvironment(snapshot());
    expect(exported.secrets.map((s) => s.key)).toEqual(["groupPassword-room", "webhookPassword-events"]);
    const text = renderEnvironment(exported, { appId: "app1", region: "eu" });
    expect(text).toContain(
      '#   pulumi config set --secret groupPassword-room   # the password of group "room"',
    );
    expect(text).toContain("  - { uid: bob, name: Bob, role: mods, tags: [ a, z ] }\n");
  });

  it("is the same text whatever order the API listed things in, and parses as an environment file", () => {
    const a = renderEnvironment(toEnvironment(snapshot()), { appId: "app1", region: "eu" });
    const shuffled = snapshot();
    shuffled.listed.User?.reverse();
    shuffled.listed.Group?.reverse();
    shuffled.listed.ApiKey?.reverse();
    shuffled.listed.Webhook?.reverse();
    const b = renderEnvironment(toEnvironment(shuffled), { appId: "app1", region: "eu" });
    expect(b).toBe(a);
    const env = parseEnvironment(a, "exported.yaml");
    expect((env.users as { uid: string }[]).map((u) => u.uid)).toEqual(["alice", "bob"]);
    expect(pick(env, "groups", 1, "password")).toEqual({ secret: "groupPassword-room" });
  });

  it("says where webhooks are when they were not read", () => {
    const base = snapshot();
    const { AppSettings: _, Webhook: _w, WebhookTriggers: _t, ...chatOnly } = base.listed;
    const snap = { ...base, listed: chatOnly, extensions: undefined };
    const { environment, notes } = toEnvironment(snap);
    expect(environment.webhooks).toBeUndefined();
    expect(notes).toContainEqual(
      expect.stringMatching(/^Webhooks, extensions and app settings are left out: no management credentials/),
    );
  });

  it("refuses, by path and rule, what the environment file cannot hold", () => {
    const snap = snapshot();
    const events = snap.listed.WebhookTriggers?.[0];
    if (!events) throw new Error("the base snapshot has the triggers of webhook events");
    (events.args.triggers as string[]).push("brand_new_trigger");
    expect(() => toEnvironment(snap)).toThrow(ExportError);
    expect(() => toEnvironment(snap)).toThrow(
      /webhooks\[0\]\.triggers\[0\] \(events\): webhook trigger "brand_new_trigger" is not valid \(did you mean "\w+"\?\)/,
    );
  });
});

describe("chat-export's notifications and moderation", () => {
  const snap = (): Snapshot => ({
    ...snapshot(),
    listed: {
      ...snapshot().listed,
      NotificationSettings: [
        listed("notification-settings", {
          preferences: { group: { messagesSetting: 2 } },
          sound: { chat: "a.wav" },
          templates: {},
        }),
      ],
      FcmPushProvider: [
        listed("web", { providerId: "web", isDefault: false }),
        listed("android", { providerId: "android", isDefault: true, serviceAccountFilename: "sa.json" }),
      ],
      ApnsPushProvider: [
        listed("ios", { providerId: "ios", isDefault: true, keyId: "K", teamId: "T", bundleId: "com.x" }),
      ],
      ModerationKeywordList: [
        listed("banned", { listId: "banned", category: "word", searchTerms: ["z", "a"] }),
      ],
      ModerationRule: [
        listed("r", {
          ruleId: "r",
          name: "R",
          enabled: true,
          action: ["blockMessage"],
          conditions: [
            { operand: "text", isListReferencePresent: true, value: ["banned"] },
            { id: 7, operand: "text", category: "pattern", value: ["x+"] },
          ],
        }),
      ],
    },
  });

  it("writes providers with their keys as secret config, lists and rules sorted, service numbering left out", () => {
    const { environment, secrets } = toEnvironment(snap());
    expect(pick(environment, "notifications", "push", "fcm", 0)).toEqual({
      providerId: "android",
      serviceAccountFilename: "sa.json",
      isDefault: true,
      serviceAccount: { secret: "fcm-android-serviceAccount" },
    });
    expect(secrets.map((s) => s.key)).toEqual(
      expect.arrayContaining(["fcm-android-serviceAccount", "fcm-web-serviceAccount", "apns-ios-p8Key"]),
    );
    expect(pick(environment, "moderation", "keywordLists")).toEqual([
      { listId: "banned", category: "word", searchTerms: ["a", "z"] },
    ]);
    expect(pick(environment, "moderation", "rules", 0, "conditions")).toEqual([
      { isListReferencePresent: true, operand: "text", value: ["banned"] },
      { category: "pattern", id: 7, operand: "text", value: ["x+"] },
    ]);
    expect(() =>
      parseEnvironment(renderEnvironment(toEnvironment(snap()), { appId: "app1", region: "eu" }), "x.yaml"),
    ).not.toThrow();
  });

  it("refuses a rule naming a keyword list the export could not read, by name", () => {
    const s = snap();
    s.listed.ModerationKeywordList = [];
    expect(() => toEnvironment(s)).toThrow(/keyword list "banned" is not declared/);
  });
});

describe("chat-export's extensions, app settings, group-scope permissions and one-per-app providers", () => {
  const snap = (): Snapshot => {
    const base = snapshot();
    return {
      ...base,
      extensions: [
        {
          extension: "profanity-filter",
          settings: { dropMessage: true, badwords: ["b", "a"] },
          credentials: [],
        },
        { extension: "gifs-giphy", settings: {}, credentials: ["giphyApiKey"] },
        { extension: "polls", credentials: [] },
      ],
      listed: {
        ...base.listed,
        GroupScopePermissions: [
          listed("room/participant", {
            guid: "room",
            scope: "participant",
            permissions: { sendMessage: "deny" },
          }),
        ],
        AppSettings: [
          listed("app1", {
            appId: "app1",
            settings: { "core.threads.updateOnMessageActions": false, "core.advanced.search.enabled": true },
          }),
        ],
        TwilioSmsProvider: [
          listed("twilioSmsProvider", {
            twilioAccountSID: "AC1",
            twilioSenderPhoneNumber: "+15550000001",
            isEnabled: true,
          }),
        ],
        CustomEmailProvider: [
          listed("customEmailProvider", {
            webhookURL: "https://h.example.com/mail",
            useBasicAuth: true,
            basicAuthUsername: "u",
          }),
        ],
        CustomSmsProvider: [
          listed("customSmsProvider", { webhookURL: "https://h.example.com/sms", useBasicAuth: false }),
        ],
      },
    };
  };

  it("writes them in the file's form, credentials as secret config keys, and the file accepts them", () => {
    const { environment, secrets } = toEnvironment(snap());
    expect(environment.extensions).toEqual([
      { extension: "gifs-giphy", secrets: { giphyApiKey: { secret: "extension-gifs-giphy-giphyApiKey" } } },
      { extension: "polls" },
      { extension: "profanity-filter", settings: { badwords: ["b", "a"], dropMessage: true } },
    ]);
    expect(pick(environment, "appSettings")).toEqual({
      "core.advanced.search.enabled": true,
      "core.threads.updateOnMessageActions": false,
    });
    expect(
      (pick(environment, "groups") as { guid: string; permissions?: unknown }[]).find(
        (g) => g.guid === "room",
      )?.permissions,
    ).toEqual({
      participants: { sendMessage: "deny" },
    });
    expect(pick(environment, "notifications", "sms", "twilio")).toEqual({
      twilioAccountSID: "AC1",
      twilioSenderPhoneNumber: "+15550000001",
      twilioAuthToken: { secret: "twilio-twilioAuthToken" },
    });
    expect(pick(environment, "notifications", "email", "custom", "basicAuthPassword")).toEqual({
      secret: "custom-email-basicAuthPassword",
    });
    expect(pick(environment, "notifications", "sms", "custom")).not.toHaveProperty("basicAuthPassword");
    expect(secrets.map((s) => s.key)).toEqual(
      expect.arrayContaining([
        "extension-gifs-giphy-giphyApiKey",
        "twilio-twilioAuthToken",
        "custom-email-basicAuthPassword",
      ]),
    );
    const file = renderEnvironment(toEnvironment(snap()), { appId: "app1", region: "eu" });
    const env = parseEnvironment(file, "x.yaml");
    expect((pick(env, "extensions") as { extension: string }[]).map((e) => e.extension)).toEqual([
      "gifs-giphy",
      "polls",
      "profanity-filter",
    ]);
    expect(pick(env, "notifications", "sms", "custom", "webhookURL")).toBe("https://h.example.com/sms");
  });
});

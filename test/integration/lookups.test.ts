// The friendlier lookups (sdk/nodejs/lookups.ts) against the emulator (what get<Kind>/list<Kind> return of every kind
// is checked from the kinds' fixtures, test/integration/functions.test.ts): Outputs of live objects, read through the client with the
// same configuration as the resources; secrets marked secret; a missing object is a clear error.
import * as pulumi from "@pulumi/pulumi";
import * as lookups from "../../sdk/nodejs/lookups";

import { FAST, useEmulated } from "../support/emulator";

const { getApiKeys, getApp, getGroup, getRole, getUser, getUsers } = lookups;
const { getBlockedUsers, getCollaborators, getFriends } = lookups;
const { getAiAgents, getExternalAgents } = lookups;
const { getBot, getGroupBans, getPinnedConversations } = lookups;

/**
 * The value of an Output outside a deployment (its rejection when the lookup fails). A failed Output also
 * rejects its isKnown and isSecret promises, which a deployment handles and a test must too.
 */
function settled<T>(o: pulumi.Output<T>): Promise<T> {
  const inner = o as unknown as {
    promise(): Promise<T>;
    isKnown: Promise<boolean>;
    isSecret: Promise<boolean>;
  };
  for (const p of [inner.isKnown, inner.isSecret]) p.catch(() => undefined);
  return inner.promise();
}

describe("lookups", () => {
  const emu = useEmulated({ clientOptions: FAST });
  let connection: { appId: string; apiKey: string; endpoint: string };
  const saved = { ...process.env };

  beforeAll(async () => {
    const a = emu().app;
    connection = { appId: a.appId, apiKey: a.apiKey, endpoint: emu().chatEndpoint };
    const chat = emu().chatClient();
    await chat.call("createRole", { body: { role: "mods", name: "Mods", description: "Keepers" } });
    await chat.call("restrictFeatures", {
      params: { role: "mods" },
      body: { featuresToRestrict: ["u.listUsers"] },
    });
    await chat.call("createUser", { body: { uid: "ada", name: "Ada", role: "mods", tags: ["staff", "eu"] } });
    await chat.call("createUser", { body: { uid: "adam", name: "Adam", tags: ["eu"] } });
    await chat.call("createUser", { body: { uid: "grace", name: "Grace", role: "mods" } });
    await chat.call("createGroup", {
      body: { guid: "room", name: "Room", type: "private", owner: "ada", tags: ["ops"] },
    });
    await chat.call("createApiKey", { body: { name: "backend", scope: "fullAccess" } });
  });
  afterEach(() => {
    process.env = { ...saved };
  });

  it("getUser: one user with its tags", async () => {
    const u = await settled(getUser({ uid: "ada", connection }));
    expect(u).toMatchObject({ uid: "ada", name: "Ada", role: "mods", tags: ["eu", "staff"] });
  });

  it("getUsers: filtered by role, tags and search, sorted by uid", async () => {
    const uids = async (args: Parameters<typeof getUsers>[0]) =>
      (await settled(getUsers({ ...args, connection }))).map((u) => u.uid);
    expect(await uids({ role: "mods" })).toEqual(["ada", "grace"]);
    expect(await uids({ tags: ["eu"] })).toEqual(["ada", "adam"]);
    expect(await uids({ search: "ada" })).toEqual(["ada", "adam"]);
    expect(await uids({ role: "mods", search: "ada" })).toEqual(["ada"]);
    expect(await uids({})).toEqual(["ada", "adam", "grace"]);
  });

  it("getGroup and getRole: with tags, owner, restricted features", async () => {
    expect(await settled(getGroup({ guid: "room", connection }))).toMatchObject({
      guid: "room",
      type: "private",
      owner: "ada",
      tags: ["ops"],
      membersCount: 1,
    });
    expect(await settled(getRole({ role: "mods", connection }))).toMatchObject({
      role: "mods",
      description: "Keepers",
      restrictedFeatures: ["u.listUsers"],
    });
  });

  it("getBot, getGroupBans, getPinnedConversations: as the kinds read them, the bot's password left out", async () => {
    const chat = emu().chatClient();
    expect(await settled(getPinnedConversations({ connection }))).toEqual([]);
    await chat.call("createBot", {
      body: {
        uid: "grace",
        webhookURL: "https://bots.example.com/grace",
        useBasicAuth: true,
        username: "bot",
        password: "bot-password-1",
      },
    });
    await chat.call("banUser", { params: { guid: "room", uid: "grace" } });
    await chat.call("banUser", { params: { guid: "room", uid: "adam" } });
    await chat.call("replaceAppPinnedConversations", {
      body: { pinnedConversations: [{ guid: "room" }] },
    });
    const bot = getBot({ uid: "grace", connection });
    expect(await settled(bot)).toEqual({
      uid: "grace",
      webhookURL: "https://bots.example.com/grace",
      enabled: false,
      groupChatSetting: "none",
      useBasicAuth: true,
      username: "bot",
      createdAt: expect.any(Number),
    });
    expect(await pulumi.isSecret(bot)).toBe(false);
    expect(await settled(getGroupBans({ guid: "room", connection }))).toEqual(["adam", "grace"]);
    expect(await settled(getPinnedConversations({ connection }))).toEqual([
      { conversationType: "group", conversationWith: "room" },
    ]);
    await expect(settled(getBot({ uid: "ada", connection }))).rejects.toThrow(/getBot: bot "ada" not found/);
    await expect(settled(getGroupBans({ guid: "nope", connection }))).rejects.toThrow(
      /getGroupBans: group "nope" not found/,
    );
    // Left as they were for the tests that follow.
    await chat.call("deleteBot", { params: { uid: "grace" } });
    for (const uid of ["grace", "adam"]) await chat.call("unbanUser", { params: { guid: "room", uid } });
    await chat.call("replaceAppPinnedConversations", { body: { pinnedConversations: [] } });
  });

  it("getApiKeys: values included, so the result is a secret", async () => {
    const keys = getApiKeys({ name: "backend", connection });
    expect(await pulumi.isSecret(keys)).toBe(true);
    const list = await settled(keys);
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ name: "backend", scope: "fullAccess" });
    expect(list[0]?.apiKey).toMatch(/^[0-9a-f]{40}$/);
  });

  it("getAiAgents and getExternalAgents: by exact name, as a whole read sees each, headers left out", async () => {
    const chat = emu().chat;
    await chat.call("createBuilderAgent", { body: { name: "helper", model: "m" } });
    await chat.call("createBuilderAgent", { body: { name: "helper-2" } });
    const ext = await chat.call("createByoAgent", {
      body: {
        name: "crew",
        integrateWith: "crewai",
        integrationType: "agent",
        integrationMeta: { baseUrl: "https://crew.example.com", headers: { Authorization: "t" } },
      },
    });
    const ai = getAiAgents({ name: "helper", connection });
    expect(await pulumi.isSecret(ai)).toBe(false);
    expect(await settled(ai)).toEqual([
      expect.objectContaining({ name: "helper", model: "m", isActive: true, uid: expect.any(String) }),
    ]);
    const all = await settled(getExternalAgents({ connection }));
    expect(all).toEqual([
      {
        name: "crew",
        provider: "crewai",
        deploymentUrl: "https://crew.example.com",
        isActive: true,
        uid: ext.data.uid,
        createdAt: ext.data.createdAt,
      },
    ]);
  });

  it("getFriends, getBlockedUsers, getCollaborators: whole sets, sorted, empty when none", async () => {
    const chat = emu().chatClient();
    await chat.call("addFriends", { params: { uid: "grace" }, body: { accepted: ["adam", "ada"] } });
    await chat.call("blockUsers", { params: { uid: "adam" }, body: { blockedUids: ["grace"] } });
    expect(await settled(getFriends({ uid: "grace", connection }))).toEqual({
      uid: "grace",
      friends: ["ada", "adam"],
    });
    expect(await settled(getFriends({ uid: "ada", connection }))).toEqual({ uid: "ada", friends: ["grace"] });
    expect(await settled(getBlockedUsers({ uid: "adam", connection }))).toEqual({
      uid: "adam",
      blockedUids: ["grace"],
    });
    expect(await settled(getBlockedUsers({ uid: "grace", connection }))).toEqual({
      uid: "grace",
      blockedUids: [],
    });
    await expect(settled(getFriends({ uid: "nobody", connection }))).rejects.toThrow(
      `getFriends: user "nobody" not found in app ${connection.appId}`,
    );

    const { appId } = connection;
    const managementConnection = emu().managementConnection;
    await emu().mgmt.call("updateCollaborators", {
      params: { appId },
      body: { admins: ["Zed@Example.com", "amy@example.com"] },
    });
    expect(await settled(getCollaborators({ appId, managementConnection }))).toEqual({
      appId,
      admins: ["amy@example.com", "zed@example.com"],
      moderators: [],
    });
  });

  it("a missing object is a clear error naming it and the app", async () => {
    await expect(settled(getUser({ uid: "nobody", connection }))).rejects.toThrow(
      `getUser: user "nobody" not found in app ${connection.appId}`,
    );
    await expect(settled(getGroup({ guid: "nowhere", connection }))).rejects.toThrow(
      /getGroup: group "nowhere"/,
    );
    await expect(settled(getRole({ role: "nobody", connection }))).rejects.toThrow(/getRole: role "nobody"/);
  });

  it("without a connection, reads the CHAT_* settings as the resources do", async () => {
    const a = emu().app;
    Object.assign(process.env, {
      CHAT_APP_ID: a.appId,
      CHAT_API_KEY: a.apiKey,
      CHAT_ENDPOINT: emu().chatEndpoint,
      CHAT_MANAGEMENT_KEY: emu().credentials.managementKey,
      CHAT_MANAGEMENT_SECRET: emu().credentials.managementSecret,
      CHAT_MANAGEMENT_ENDPOINT: emu().managementUrl,
    });
    expect((await settled(getUser({ uid: "grace" }))).name).toBe("Grace");
    expect(await settled(getApp())).toMatchObject({ appId: a.appId, region: a.region });
    delete process.env.CHAT_API_KEY;
    await expect(settled(getUser({ uid: "grace" }))).rejects.toThrow(
      /getUser: chat API credentials: no chat:apiKey \(or CHAT_API_KEY\) is set/,
    );
    await expect(settled(getApp({ appId: "nope" }))).rejects.toThrow(/getApp: app "nope" not found/);
  });

  it("a secret connection (an App's output) does not make what is read with it secret", async () => {
    const secretConnection = pulumi.secret(connection);
    const mods = getUsers({ role: "mods", connection: secretConnection });
    expect(await pulumi.isSecret(mods)).toBe(false);
    expect((await settled(mods)).map((u) => u.uid)).toEqual(["ada", "grace"]);
    expect(await pulumi.isSecret(getUser({ uid: "ada", connection: secretConnection }))).toBe(false);
    expect(await pulumi.isSecret(getGroup({ guid: "room", connection: secretConnection }))).toBe(false);
    expect(await pulumi.isSecret(getRole({ role: "mods", connection: secretConnection }))).toBe(false);
    // A field of a connection secret on its own, as an App's connection output holds its key.
    const keyOnly = { ...connection, apiKey: pulumi.secret(connection.apiKey) };
    expect(await pulumi.isSecret(getUser({ uid: "ada", connection: keyOnly }))).toBe(false);
    // What is secret stays so: the API key values, and a result filtered by a secret argument.
    expect(await pulumi.isSecret(getApiKeys({ connection: secretConnection }))).toBe(true);
    expect(await pulumi.isSecret(getUser({ uid: pulumi.secret("ada"), connection }))).toBe(true);
  });

  it("a refused connection is one line naming the setting to fix", async () => {
    const wrongKey = { ...connection, apiKey: "0".repeat(40) };
    const rejected = await settled(getUser({ uid: "ada", connection: wrongKey })).catch((e: Error) => e);
    expect(rejected).toBeInstanceOf(pulumi.RunError);
    expect((rejected as Error).message).toMatch(
      new RegExp(
        `^getUser: connection\\.apiKey is not a valid REST API key of app ${connection.appId}: AUTH_ERR_APIKEY_NOT_FOUND: [^\\n]*$`,
      ),
    );
    expect((rejected as Error).message).not.toContain(wrongKey.apiKey);

    Object.assign(process.env, {
      CHAT_APP_ID: "nosuchapp",
      CHAT_API_KEY: "0".repeat(40),
      CHAT_ENDPOINT: emu().chatEndpoint,
    });
    await expect(settled(getUsers())).rejects.toThrow(
      /^getUsers: chat:appId \(CHAT_APP_ID\) is not a valid app id in region us \(chat:region \(CHAT_REGION\)\): AUTH_ERR_INVALID_APPID: /,
    );
    Object.assign(process.env, {
      CHAT_MANAGEMENT_KEY: emu().credentials.managementKey,
      CHAT_MANAGEMENT_SECRET: "wrong-secret",
      CHAT_MANAGEMENT_ENDPOINT: emu().managementUrl,
    });
    await expect(settled(getApp({ appId: connection.appId }))).rejects.toThrow(
      /^getApp: chat:managementKey \(CHAT_MANAGEMENT_KEY\) and chat:managementSecret \(CHAT_MANAGEMENT_SECRET\) are not a valid management key and secret: AUTH_ERR_APIKEY_NOT_FOUND: /,
    );
  });
});

// Issue 10 against the emulator, through the generic provider as the engine drives it: declarations users
// naturally write converge, and a resource stays tied to the app it was created in.
import { ChatClient } from "../../../provider/client";
import { setStackConfig } from "../../../provider/client/config";
import { type Emulated, startEmulated } from "../../support/emulator";
import { providerOf as provider } from "../../support/provider";

type Props = Record<string, unknown>;
type Conn = { appId: string; region: "us" | "eu" | "in"; apiKey: string; endpoint: string };

describe("convergence against the emulator", () => {
  let emu: Emulated;
  let conn1: Conn;
  let conn2: Conn;
  let chat1: ChatClient;
  let chat2: ChatClient;
  let mgmt: { key: string; secret: string; endpoint: string };
  const configure = (c: Conn) =>
    setStackConfig(
      (k) =>
        ({
          "chat:appId": c.appId,
          "chat:apiKey": c.apiKey,
          "chat:region": c.region,
          "chat:endpoint": c.endpoint,
        })[k],
    );

  beforeAll(async () => {
    emu = await startEmulated();
    conn1 = emu.connection;
    mgmt = emu.managementConnection;
    const created = await emu.mgmt.call("createApp", {
      body: { name: "second", region: "eu" },
    });
    const key = Object.values(created.data.apiKeys ?? {}).find((k) => k.scope === "fullAccess")!.apiKey;
    conn2 = { appId: created.data.id, region: "eu", apiKey: key, endpoint: emu.chatEndpoint };
    chat1 = emu.chat;
    chat2 = new ChatClient(conn2);
  });
  afterAll(async () => emu.close());
  afterEach(() => setStackConfig(() => undefined));

  it("records the configured app: another chat:appId is a replacement; refresh and destroy act on the recorded app", async () => {
    const users = provider("User");
    const args = { uid: "mover", name: "Mover", permanentDelete: true };
    configure(conn1);
    const { id, outs } = await users.create(args);
    expect(outs.connection).toMatchObject({ appId: conn1.appId, region: conn1.region });
    configure(conn2);
    expect((await users.diff(id, outs, args)).replaces).toEqual(["connection"]);
    const refreshed = await users.read(id, outs);
    expect(refreshed.id).toBe("mover"); // found where it lives, not dropped
    await users.delete(id, outs);
    await expect(chat1.call("getUser", { params: { uid: "mover" } })).rejects.toThrow(/ERR_UID_NOT_FOUND/);
    await expect(chat2.call("getUser", { params: { uid: "mover" } })).rejects.toThrow(/ERR_UID_NOT_FOUND/);
  });

  it("after a key rotation, refresh and destroy use the configured key of the same app", async () => {
    const first = (await chat1.call("createApiKey", { body: { name: "rotating", scope: "fullAccess" } })).data
      .apiKey;
    configure({ ...conn1, apiKey: first });
    const users = provider("User");
    const { id, outs } = await users.create({ uid: "rotated", name: "Rotated", permanentDelete: true });
    const second = (await chat1.call("createApiKey", { body: { name: "rotated", scope: "fullAccess" } })).data
      .apiKey;
    await chat1.call("deleteApiKey", { params: { apiKey: first } });
    configure({ ...conn1, apiKey: second });
    const refreshed = await users.read(id, outs);
    expect(refreshed.id).toBe("rotated");
    expect(refreshed.props?.connection).toMatchObject({ appId: conn1.appId, apiKey: second });
    await users.delete(id, outs);
    await expect(chat1.call("getUser", { params: { uid: "rotated" } })).rejects.toThrow(/ERR_UID_NOT_FOUND/);
  });

  it("takes a group's owner among its admins as satisfied, and refuses them among participants by field", async () => {
    for (const uid of ["own", "adm"]) await chat1.call("createUser", { body: { uid, name: uid } });
    configure(conn1);
    await provider("Group").create({ guid: "owned", name: "Owned", owner: "own" });
    const members = provider("GroupMembers");
    const declared = { guid: "owned", admins: ["own", "adm"] };
    const checked = await members.check({}, declared);
    expect(checked.failures).toEqual([]);
    const { id, outs } = await members.create(checked.inputs);
    const read = await members.read(id, outs);
    expect(read.props?.admins).toEqual(["adm", "own"]);
    expect((await members.diff(id, read.props ?? {}, checked.inputs)).changes).toBe(false);
    const refused = await members.check({}, { guid: "owned", participants: ["own"] });
    expect(refused.failures).toEqual([
      {
        property: "",
        reason:
          "participants: own owns group owned and is always one of its admins: list them under admins or not at all",
      },
    ]);
    await members.delete(id, read.props ?? {});
    const left = await chat1.listAll("listMembers", { params: { guid: "owned" } });
    expect(left.map((m) => [m.uid, m.scope])).toEqual([["own", "admin"]]); // the owner stays
  });

  it("keeps every output across an update (a member's joinedAt)", async () => {
    await chat1.call("createUser", { body: { uid: "joiner", name: "Joiner" } });
    await chat1.call("createGroup", { body: { guid: "club", name: "Club", type: "public" } });
    configure(conn1);
    const member = provider("GroupMember");
    const { id, outs } = await member.create({ guid: "club", uid: "joiner", scope: "participant" });
    const read = await member.read(id, outs);
    const joinedAt = read.props?.joinedAt;
    expect(typeof joinedAt).toBe("number");
    const updated = await member.update(id, read.props ?? {}, {
      guid: "club",
      uid: "joiner",
      scope: "moderator",
    });
    expect(updated.outs.joinedAt).toBe(joinedAt);
  });

  it("adopting a group applies its declared tags and owner", async () => {
    for (const uid of ["old-owner", "new-owner"])
      await chat1.call("createUser", { body: { uid, name: uid } });
    await chat1.call("createGroup", {
      body: { guid: "legacy", name: "Legacy", type: "public", owner: "old-owner", tags: ["legacy"] },
    });
    configure(conn1);
    const groups = provider("Group");
    const args = { guid: "legacy", name: "Legacy", owner: "new-owner", tags: ["fresh"], adopt: true };
    const { id, outs } = await groups.create(args);
    const now = (await chat1.call("getGroup", { params: { guid: "legacy" } })).data;
    expect(now).toMatchObject({ owner: "new-owner", tags: ["fresh"] });
    const read = await groups.read(id, outs);
    expect((await groups.diff(id, read.props ?? {}, args)).changes).toBe(false);
  });

  it("adopts the default role: name, restricted features and permissions managed; delete leaves it", async () => {
    configure(conn1);
    const roles = provider("Role");
    const { inputs, failures } = await roles.check(
      {},
      {
        role: "default",
        name: "Everyone",
        restrictedFeatures: ["u.deleteGroup"],
        permissions: { createGroup: "deny" },
        adopt: true,
      },
    );
    expect(failures).toEqual([]);
    const { id, outs } = await roles.create(inputs);
    expect(id).toBe("default");
    expect((await chat1.call("getRole", { params: { role: "default" } })).data.name).toBe("Everyone");
    const features = await chat1.listAll("listRestrictedFeatures", { params: { role: "default" } });
    expect(features.map((f) => f.key)).toEqual(["u.deleteGroup"]);
    const perms = await chat1.call("getPermissions", { params: { role: "default" } });
    expect(perms.data.find((e) => e.id === "createGroup")?.value).toBe("deny");
    const read = await roles.read(id, outs);
    expect((await roles.diff(id, read.props ?? {}, inputs)).changes).toBe(false);
    await roles.delete(id, outs);
    expect((await chat1.call("getRole", { params: { role: "default" } })).data.role).toBe("default");
  });

  it("converges after basic auth is turned off and the webhook's username is no longer declared", async () => {
    configure(conn1);
    const hooks = provider("Webhook");
    const base = {
      webhookId: "quiet",
      name: "Quiet",
      webhookURL: "https://h.example.com/q",
      managementConnection: mgmt,
    };
    const withAuth = (await hooks.check({}, { ...base, useBasicAuth: true, username: "u1", password: "pw1" }))
      .inputs;
    const { id, outs } = await hooks.create(withAuth);
    const without = (await hooks.check({}, base)).inputs;
    const updated = await hooks.update(id, outs, without);
    const read = await hooks.read(id, updated.outs);
    expect((await hooks.diff(id, read.props ?? {}, without)).changes).toBe(false);
  });

  it("follows the vendor's spec: a group without a type is public, a status message and token fields clear", async () => {
    configure(conn1);
    await provider("Group").create({ guid: "plain", name: "Plain" });
    expect((await chat1.call("getGroup", { params: { guid: "plain" } })).data.type).toBe("public");

    const users = provider("User");
    const user = { uid: "status", name: "Status", statusMessage: "away", permanentDelete: true };
    const created = await users.create(user);
    const { statusMessage: _, ...cleared } = user;
    const updated = await users.update("status", created.outs, cleared);
    expect((await chat1.call("getUser", { params: { uid: "status" } })).data.statusMessage ?? "").toBe("");
    const read = await users.read("status", updated.outs);
    expect((await users.diff("status", read.props ?? {}, cleared)).changes).toBe(false);

    const tokens = provider("AuthToken");
    const t = await tokens.create({ uid: "status", platform: "web", userAgent: "curl" });
    const fewer: Props = { uid: "status", userAgent: "curl" };
    await tokens.update(t.id, t.outs, fewer);
    const token = await chat1.call("getAuthToken", {
      params: { uid: "status", authToken: t.outs.authToken as string },
    });
    expect(token.data.platform ?? "").toBe("");
    expect(token.data.userAgent).toBe("curl");
  });
});

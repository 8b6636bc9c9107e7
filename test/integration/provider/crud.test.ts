// The generic provider against the emulator, without the engine: the paths an engine run rarely takes
// (already gone, adoption, deactivated users, per-member failures, lost responses, config fallbacks).
import type { ChatClient } from "../../../provider/client";
import { setStackConfig } from "../../../provider/client/config";
import { type Emulated, useEmulated } from "../../support/emulator";
import { providerOf as provider } from "../../support/provider";

type Props = Record<string, unknown>;

describe("the generic provider against the emulator", () => {
  const emulated = useEmulated({ seed: 7 });
  let emu: Emulated;
  let connection: Emulated["connection"];
  let chat: ChatClient;
  beforeAll(() => {
    emu = emulated();
    ({ connection, chat } = emu);
  });
  afterEach(() => {
    emu.admin.clearFaults();
    setStackConfig(() => undefined);
  });

  it("checks against the service when inputs change, and asks it nothing when they are as recorded", async () => {
    // GroupMembers checks its set against the group's owner, which it reads from the service.
    const members = provider("GroupMembers");
    await chat.call("createUser", { body: { uid: "keeper", name: "Keeper" } });
    await chat.call("createUser", { body: { uid: "guest", name: "Guest" } });
    await chat.call("createGroup", {
      body: { guid: "checked", name: "Checked", type: "public", owner: "keeper" },
    });
    const news = { guid: "checked", participants: ["Guest"], connection };
    const first = await members.check({}, news);
    expect(first.failures).toEqual([]);
    emu.admin.clearRequests();
    // A no-change preview: the recorded (normalised) inputs and the program's same declaration.
    expect((await members.check(first.inputs, news)).failures).toEqual([]);
    expect(emu.admin.requests()).toEqual([]);
    // A change asks again, and the rule holds.
    const changed = await members.check(first.inputs, { ...news, participants: ["guest", "keeper"] });
    expect(emu.admin.requests().length).toBeGreaterThan(0);
    expect(changed.failures.map((f) => f.reason).join()).toMatch(/keeper/);
  });

  it("treats deleting what is already gone as done", async () => {
    const users = provider("User");
    const { outs } = await users.create({ uid: "gone", name: "Gone", permanentDelete: true, connection });
    await chat.call("deleteUser", { params: { uid: "gone" }, body: { permanent: true } });
    await expect(users.delete("gone", outs)).resolves.toBeUndefined();
    await expect(users.read("gone", outs)).resolves.toEqual({ id: "" }); // gone: dropped from state
  });

  it("refuses to take over an existing object unless adopt is set, then adopts it in place", async () => {
    await chat.call("createGroup", { body: { guid: "existing", name: "Old name", type: "public" } });
    const groups = provider("Group");
    await expect(groups.create({ guid: "existing", name: "New name", connection })).rejects.toThrow(
      /^Group guid "existing" already exists: set adopt: true to manage the existing object, or, if a killed run of this stack made it, run chat-recover first \(README "Interrupted runs"\) \(ERR_GUID_ALREADY_EXISTS/,
    );
    const { id } = await groups.create({ guid: "existing", name: "New name", adopt: true, connection });
    expect(id).toBe("existing");
    expect((await chat.call("getGroup", { params: { guid: "existing" } })).data.name).toBe("New name");
    const listed = await chat.listAll("listGroups", { query: { searchKey: "existing" } });
    expect(listed.filter((g) => g.guid === "existing")).toHaveLength(1);
  });

  it("adopting a user removes tags it does not declare (GET has no tags: read through a listing)", async () => {
    await chat.call("createUser", { body: { uid: "tagged", name: "Tagged", tags: ["legacy"] } });
    await provider("User").create({ uid: "tagged", name: "Tagged", adopt: true, connection });
    const listed = await chat.listAll("listUsers", { query: { searchKey: "tagged", withTags: true } });
    expect(listed.find((u) => u.uid === "tagged")?.tags).toEqual([]);
  });

  it("reactivates a deactivated user on create, with the declared arguments", async () => {
    const users = provider("User");
    const { outs } = await users.create({ uid: "dora", name: "Dora", connection });
    await users.delete("dora", outs); // deactivates (the default)
    await expect(chat.call("getUser", { params: { uid: "dora" } })).rejects.toThrow(/ERR_UID_NOT_FOUND/);
    await users.create({ uid: "dora", name: "Dora Again", connection });
    expect((await chat.call("getUser", { params: { uid: "dora" } })).data.name).toBe("Dora Again");
  });

  it("reports every member the service refuses, by uid and code, and records what was added", async () => {
    await chat.call("createGroup", { body: { guid: "crew", type: "public", name: "Crew" } });
    await chat.call("createUser", { body: { uid: "m1", name: "M1" } });
    const members = provider("GroupMembers");
    const err = await members
      .create({ guid: "crew", participants: ["m1", "ghost1", "ghost2"], connection })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(Error);
    expect((err as Error).message).toMatch(
      /could not add ghost1 \(ERR_UID_NOT_FOUND.*ghost2 \(ERR_UID_NOT_FOUND/,
    );
    // A partial create: the engine records the id and what is really there, so the next up finishes.
    expect(err).toMatchObject({ id: "crew", properties: { guid: "crew", participants: ["m1"] } });
  });

  it("adds large member sets in calls of at most 25 uids", async () => {
    await chat.call("createGroup", { body: { guid: "big", type: "public", name: "Big" } });
    const uids = Array.from({ length: 60 }, (_, i) => `u${i}`);
    for (const uid of uids) await chat.call("createUser", { body: { uid, name: uid } });
    emu.admin.clearRequests();
    await provider("GroupMembers").create({ guid: "big", participants: uids, connection });
    const adds = emu.admin
      .requests()
      .filter((r) => r.method === "POST" && r.path.endsWith("/groups/big/members"));
    expect(adds).toHaveLength(3);
    const read = await provider("GroupMembers").read("big", { guid: "big", connection });
    expect(read.props?.participants).toHaveLength(60);
  });

  it("creates once when the create's response is lost (read back, no duplicate)", async () => {
    emu.admin.setFaults([{ kind: "dropAfterApply", method: "POST", path: "/v3/roles", times: 1 }]);
    emu.admin.clearRequests();
    const { id } = await provider("Role").create({ role: "lost-once", name: "Lost once", connection });
    expect(id).toBe("lost-once");
    const log = emu.admin.requests();
    const posts = log.filter((r) => r.method === "POST" && r.path.endsWith("/roles"));
    expect(posts).toHaveLength(1);
    expect(posts[0]?.fault).toBe("dropAfterApply"); // the answer really was lost
    expect(log.some((r) => r.method === "GET" && r.path.endsWith("/roles/lost-once"))).toBe(true);
  });

  it("falls back to stack config, then to CHAT_* environment variables, for credentials", async () => {
    const users = provider("User");
    setStackConfig(
      (k) =>
        ({
          "chat:appId": connection.appId,
          "chat:apiKey": connection.apiKey,
          "chat:region": connection.region,
          "chat:endpoint": emu.chatEndpoint,
        })[k],
    );
    const viaConfig = await users.create({ uid: "cfg", name: "From config", permanentDelete: true });
    expect(viaConfig.id).toBe("cfg");
    setStackConfig(() => undefined);
    const saved = { ...process.env };
    Object.assign(process.env, {
      CHAT_APP_ID: connection.appId,
      CHAT_API_KEY: connection.apiKey,
      CHAT_REGION: connection.region,
      CHAT_ENDPOINT: emu.chatEndpoint,
    });
    try {
      expect((await users.create({ uid: "env", name: "From env", permanentDelete: true })).id).toBe("env");
    } finally {
      process.env = saved;
    }
    await expect(users.create({ uid: "none", name: "No credentials" })).rejects.toThrow(
      /chat API credentials: no chat:appId \(or CHAT_APP_ID\), chat:apiKey \(or CHAT_API_KEY\) is set/,
    );
  });

  it("keeps a secret the API never returns (a webhook's password) across a refresh", async () => {
    const mgmt = {
      key: emu.credentials.managementKey,
      secret: emu.credentials.managementSecret,
      endpoint: emu.managementUrl,
    };
    const hooks = provider("Webhook");
    const args: Props = {
      appId: connection.appId,
      webhookId: "keep",
      name: "Keep",
      webhookURL: "https://h.example.com/k",
      useBasicAuth: true,
      username: "u1",
      password: "pw123456",
      managementConnection: mgmt,
    };
    const { id, outs } = await hooks.create(args);
    const read = await hooks.read(id, outs);
    expect(read.props?.password).toBe("pw123456");
    expect(read.inputs).not.toHaveProperty("password"); // refreshed inputs carry no secrets
    expect((await hooks.diff(id, read.props ?? {}, args)).changes).toBe(false);
  });
});

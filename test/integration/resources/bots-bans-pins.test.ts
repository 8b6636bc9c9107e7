// Bots, a group's banned users and the app's pinned conversations through the generic provider, against the
// emulator: create, read (drift), update, delete; adoption; a write whose answer is lost, sent again; check
// failures naming the field and the rule before any call is made.
import type { ChatClient } from "../../../provider/client";
import { kinds } from "../../../provider/kinds";
import { type Emulated, useEmulated } from "../../support/emulator";
import { providerOf as provider } from "../../support/provider";

describe("Bot, GroupBans and PinnedConversations against the emulator", () => {
  const emulated = useEmulated({ seed: 22 });
  let emu: Emulated;
  let connection: Emulated["connection"];
  let chat: ChatClient;
  const writes = () => emu.admin.requests().filter((r) => r.method !== "GET");

  beforeAll(async () => {
    emu = emulated();
    ({ connection, chat } = emu);
    for (const uid of ["bot-a", "bot-b", "bot-c", "bot-d", "bot-e", "u1", "u2", "u3", "u4"])
      await chat.call("createUser", { body: { uid, name: uid } });
    for (const guid of ["g1", "g2"])
      await chat.call("createGroup", { body: { guid, name: guid, type: "public", owner: "u1" } });
  });
  afterEach(() => emu.admin.setFaults([]));

  describe("Bot", () => {
    const p = () => provider("Bot");
    const url = (n: number) => `https://bots.example.com/${n}`;
    /** A bot's times as the service gives them (updatedAt once it was updated). */
    const times = (b: { createdAt: number; updatedAt?: number }) => ({
      createdAt: b.createdAt,
      ...(b.updatedAt === undefined ? {} : { updatedAt: b.updatedAt }),
    });

    it("creates, reads (the echoed password compared, never an input), updates, deletes the bot only", async () => {
      const args = {
        uid: "Bot-A",
        webhookURL: url(1),
        useBasicAuth: true,
        username: "hook",
        password: "pw-1",
      };
      const { id, outs } = await p().create({ ...(await p().check({}, { ...args, connection })).inputs });
      expect(id).toBe("bot-a");
      const read = await p().read(id, outs);
      const { password: _, ...visible } = args;
      // enabled and groupChatSetting, left out, are at the service's defaults: no drift, not read back.
      expect(read.inputs).toEqual({ ...visible, uid: "bot-a" });
      // The echoed password is compared as an output (a secret one: kinds.Bot.secrets), never an input.
      expect(read.props?.password).toBe("pw-1");
      expect(kinds.Bot.secrets).toEqual(["password"]);

      // Drift: the group setting and the password (the service echoes it).
      await chat.call("updateBot", {
        params: { uid: id },
        body: { groupChatSetting: "allMessages", password: "pw-2" },
      });
      const drifted = await p().read(id, outs);
      expect(drifted.inputs?.groupChatSetting).toBe("allMessages");
      expect(drifted.props?.password).toBe("pw-2");

      // Basic auth and credentials no longer declared: basic auth off, the credentials cleared (turning it off
      // alone keeps them); the group setting declared in 0.1.0's spelling, sent as the vendor's.
      const declared = { uid: id, webhookURL: url(2), groupChatSetting: "all", connection };
      const news = (await p().check(drifted.props ?? {}, declared)).inputs;
      await p().update(id, drifted.props ?? {}, news);
      const bot = (await chat.call("getBot", { params: { uid: id } })).data;
      expect(bot).toEqual({ uid: id, webhookURL: url(2), groupChatSetting: "allMessages", ...times(bot) });
      // A stack that recorded 0.1.0's spelling reads it back as recorded: no drift.
      expect((await p().read(id, { ...declared })).inputs).toEqual({
        uid: id,
        webhookURL: url(2),
        groupChatSetting: "all",
      });

      await p().delete(id, news);
      await expect(chat.call("getBot", { params: { uid: id } })).rejects.toThrow(/ERR_BOT_NOT_FOUND/);
      expect((await chat.call("getUser", { params: { uid: id } })).data.uid).toBe(id);
      expect((await p().read(id, news)).id).toBe("");
      await p().delete(id, news); // already gone: done
    });

    it("makes a bot declared without enabled or a group setting as the service does: off, no group messages", async () => {
      const { id, outs } = await p().create({ uid: "bot-e", webhookURL: url(6), connection });
      const made = (await chat.call("getBot", { params: { uid: id } })).data;
      expect(made).toEqual({ uid: "bot-e", webhookURL: url(6), groupChatSetting: "none", ...times(made) });
      await p().delete(id, outs);
    });

    it("a bot made by release 0.1.0 (enabled, mentions) refreshes with no drift and keeps both through an update", async () => {
      // What 0.1.0 made of a bot declared with uid and webhookURL alone, and what it recorded.
      await chat.call("createBot", {
        body: { uid: "bot-d", webhookURL: url(7), enabled: true, groupChatSetting: "mentionedMessages" },
      });
      const outs = { uid: "bot-d", webhookURL: url(7), connection, createdAt: 1 };
      const refreshed = await p().read("bot-d", outs);
      expect(refreshed.inputs).toEqual({ uid: "bot-d", webhookURL: url(7) });
      expect(refreshed.props).not.toHaveProperty("enabled");
      expect(refreshed.props).not.toHaveProperty("groupChatSetting");

      emu.admin.clearRequests();
      await p().update("bot-d", outs, { uid: "bot-d", webhookURL: url(8), connection });
      expect(writes().map((r) => `${r.method} ${r.path}`)).toEqual(["PUT /v3/bots/bot-d"]);
      const bot = (await chat.call("getBot", { params: { uid: "bot-d" } })).data;
      expect(bot).toMatchObject({ webhookURL: url(8), enabled: true, groupChatSetting: "mentionedMessages" });
      await p().delete("bot-d", outs);
    });

    it("adopts an existing bot: found by uid, brought to the declaration", async () => {
      await chat.call("createBot", {
        body: { uid: "bot-b", webhookURL: url(3), groupChatSetting: "allMessages" },
      });
      await expect(p().create({ uid: "bot-b", webhookURL: url(3), connection })).rejects.toThrow(
        /adopt: true/,
      );
      const { outs } = await p().create({ uid: "bot-b", webhookURL: url(3), adopt: true, connection });
      expect((await chat.call("getBot", { params: { uid: "bot-b" } })).data.groupChatSetting).toBe("none");
      await p().delete("bot-b", outs);
    });

    it("creates once when the create's answer is lost (read back, no second bot)", async () => {
      emu.admin.setFaults([{ kind: "dropAfterApply", method: "POST", path: "/v3/bots", times: 1 }]);
      emu.admin.clearRequests();
      const { id, outs } = await p().create({ uid: "bot-c", webhookURL: url(4), connection });
      expect(id).toBe("bot-c");
      const posts = writes().filter((r) => r.method === "POST");
      expect(posts.map((r) => r.fault)).toEqual(["dropAfterApply"]);
      await p().delete(id, outs);
    });

    it("refuses basic auth without a username at check, naming field and rule, before any call", async () => {
      emu.admin.clearRequests();
      const { failures } = await p().check(
        {},
        { uid: "bot-a", webhookURL: url(5), useBasicAuth: true, password: "s3cret-value-123", connection },
      );
      expect(failures).toEqual([
        {
          property: "",
          reason: "useBasicAuth: username and password are required when useBasicAuth is true",
        },
      ]);
      const long = `pass${"x".repeat(50)}`;
      const tooLong = await p().check({}, { uid: "bot-a", webhookURL: url(5), password: long, connection });
      expect(tooLong.failures).toEqual([{ property: "", reason: "password must be at most 50 characters" }]);
      expect(JSON.stringify(tooLong.failures)).not.toContain("xxxxxxxx");
      expect(emu.admin.requests()).toEqual([]);
    });
  });

  describe("GroupBans", () => {
    const p = () => provider("GroupBans");
    const bannedNow = async (guid: string) =>
      (await chat.listAll("listBannedUsers", { params: { guid } })).map((u) => u.uid).sort();

    it("bans the declared set, shows drift, reconciles from what the service holds, unbans on delete", async () => {
      const { id, outs } = await p().create({ guid: "g1", uids: ["U3", "u2"], connection });
      expect(id).toBe("g1");
      expect(await bannedNow("g1")).toEqual(["u2", "u3"]);
      expect((await p().read(id, outs)).inputs).toEqual({ guid: "g1", uids: ["u2", "u3"] });

      await chat.call("unbanUser", { params: { guid: "g1", uid: "u3" } });
      await chat.call("banUser", { params: { guid: "g1", uid: "u4" } });
      const drifted = await p().read(id, outs);
      expect(drifted.inputs).toEqual({ guid: "g1", uids: ["u2", "u4"] });

      await p().update(id, drifted.props ?? {}, { guid: "g1", uids: ["u3"], connection });
      expect(await bannedNow("g1")).toEqual(["u3"]);

      await p().delete(id, { guid: "g1", uids: ["u3"], connection });
      expect(await bannedNow("g1")).toEqual([]);
    });

    it("adopts the bans a group has, and a repeated ban or unban (lost answer) is harmless", async () => {
      await chat.call("banUser", { params: { guid: "g2", uid: "u2" } });
      emu.admin.setFaults([
        { kind: "dropAfterApply", method: "POST", path: "/v3/groups/g2/bannedusers/*", times: 1 },
        { kind: "dropAfterApply", method: "DELETE", path: "/v3/groups/g2/bannedusers/*", times: 1 },
      ]);
      emu.admin.clearRequests();
      const { outs } = await p().create({ guid: "g2", uids: ["u3"], adopt: true, connection });
      expect(await bannedNow("g2")).toEqual(["u3"]);
      expect(writes().map((r) => [r.method, r.fault])).toEqual([
        ["POST", "dropAfterApply"],
        ["POST", undefined],
        ["DELETE", "dropAfterApply"],
        ["DELETE", undefined],
      ]);
      await p().delete("g2", outs);
      expect(await bannedNow("g2")).toEqual([]);
    });

    it("refuses a malformed uid at check, naming it, before any call", async () => {
      emu.admin.clearRequests();
      const { failures } = await p().check({}, { guid: "g1", uids: ["u1", "bad uid!"], connection });
      expect(failures).toEqual([
        { property: "", reason: "uids.1: uid may contain only letters, digits, '-' and '_'" },
      ]);
      expect(emu.admin.requests()).toEqual([]);
    });
  });

  describe("PinnedConversations", () => {
    const p = () => provider("PinnedConversations");
    const pinnedNow = async () =>
      (await chat.call("listAppPinnedConversations")).data.map((c) => [
        c.conversationType,
        c.conversationWith,
      ]);
    const group = (guid: string) => ({ conversationType: "group" as const, conversationWith: guid });
    const user = (uid: string) => ({ conversationType: "user" as const, conversationWith: uid });

    it("writes the whole list in order, shows drift, reorders, empties it on delete", async () => {
      const declared = [group("g1"), user("U2")];
      const { id, outs } = await p().create({ conversations: declared, connection });
      expect(id).toBe("pinned-conversations");
      expect(await pinnedNow()).toEqual([
        ["group", "g1"],
        ["user", "u2"],
      ]);
      // The service stores the uid lowercase: the declared spelling is not drift.
      expect((await p().read(id, outs)).inputs).toEqual({ conversations: declared });

      await chat.call("replaceAppPinnedConversations", { body: { pinnedConversations: [{ uid: "u3" }] } });
      expect((await p().read(id, outs)).inputs).toEqual({ conversations: [user("u3")] });

      const news = { conversations: [user("u2"), group("g2"), group("g1")], connection };
      await p().update(id, outs, news);
      expect(await pinnedNow()).toEqual([
        ["user", "u2"],
        ["group", "g2"],
        ["group", "g1"],
      ]);
      await p().delete(id, news);
      expect(await pinnedNow()).toEqual([]);
    });

    it("adopts the list there is, and a PUT whose answer is lost is sent again harmlessly", async () => {
      await chat.call("replaceAppPinnedConversations", { body: { pinnedConversations: [{ guid: "g2" }] } });
      emu.admin.setFaults([
        { kind: "dropAfterApply", method: "PUT", path: "/v3/conversations/pinned", times: 1 },
      ]);
      emu.admin.clearRequests();
      const { outs } = await p().create({ conversations: [user("u4")], adopt: true, connection });
      expect(await pinnedNow()).toEqual([["user", "u4"]]);
      expect(writes().map((r) => r.fault)).toEqual(["dropAfterApply", undefined]);
      await p().delete("pinned-conversations", outs);
    });

    it("refuses six conversations at check, naming the field and the rule, before any call", async () => {
      emu.admin.clearRequests();
      const six = ["u1", "u2", "u3", "u4", "bot-a", "bot-b"].map(user);
      const { failures } = await p().check({}, { conversations: six, connection });
      expect(failures).toEqual([
        { property: "", reason: "conversations: at most 5 conversations can be pinned for the app" },
      ]);
      expect(emu.admin.requests()).toEqual([]);
    });
  });
});

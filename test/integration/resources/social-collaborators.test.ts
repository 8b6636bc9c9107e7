// Friends, BlockedUsers and Collaborators against the emulator, through the generic provider as the engine
// drives it: the whole set is reconciled (create, update, delete), a refresh sees drift, adopt takes what is
// there, a write repeated after a lost answer is harmless, and check refuses bad sets by field before any call.
import type { ChatClient, ManagementClient } from "../../../provider/client";
import { FAST, useEmulated } from "../../support/emulator";
import { providerOf } from "../../support/provider";

type Props = Record<string, unknown>;
const friendsKind = providerOf("Friends");
const blocksKind = providerOf("BlockedUsers");
const collaboratorsKind = providerOf("Collaborators");

/** The check failures as "property: reason" lines. */
const problems = (r: { failures: { property: string; reason: string }[] }) =>
  r.failures.map((f) => `${f.property}: ${f.reason}`).join("\n");

describe("relations and collaborators", () => {
  const emulated = useEmulated({ clientOptions: FAST });
  let chat: ChatClient;
  let mgmt: ManagementClient;
  let appId: string;
  let connection: Props;
  let managementConnection: Props;
  const received = (method: string, path: string) =>
    emulated()
      .admin.requests()
      .filter((r) => r.method === method && r.path === path);
  const lost = (method: string, path: string) =>
    emulated().admin.setFaults([{ kind: "dropAfterApply", method, path, times: 1 }]);

  beforeAll(async () => {
    ({ chat, mgmt, appId, connection, managementConnection } = emulated());
    for (const uid of ["ann", "bob", "cat", "dan", "eve"])
      await chat.call("createUser", { body: { uid, name: uid } });
  });
  afterEach(() => emulated().admin.clearFaults());

  const friendsOf = async (uid: string) =>
    (await chat.listAll("listFriends", { params: { uid } })).map((u) => u.uid).sort();
  const blockedBy = async (uid: string) =>
    (await chat.listAll("listBlockedUsers", { params: { uid } })).map((u) => u.uid).sort();
  const collaboratorList = async () =>
    (await mgmt.call("listCollaborators", { params: { appId } })).data
      .map((c) => `${c.email}:${c.role}`)
      .sort();

  describe("Friends", () => {
    it("check names the field and the rule before any call: a uid twice, the user themself", async () => {
      emulated().admin.clearRequests();
      const r = await friendsKind.check({}, { uid: "ann", friends: ["bob", "BOB", "ann"], connection });
      expect(problems(r)).toMatch(/friends\.1.*bob is listed twice/);
      expect(problems(r)).toMatch(/friends\.2.*a user cannot be their own friend/);
      expect(
        emulated()
          .admin.requests()
          .filter((x) => x.method !== "GET"),
      ).toEqual([]);
    });

    it("creates, sees drift, updates, and deletes the whole set (both sides of each friendship)", async () => {
      const { inputs } = await friendsKind.check({}, { uid: "ann", friends: ["Bob", "cat"], connection });
      const { id, outs } = await friendsKind.create(inputs);
      expect(id).toBe("ann");
      expect(await friendsOf("ann")).toEqual(["bob", "cat"]);
      expect(await friendsOf("bob")).toEqual(["ann"]); // mutual

      // Drift: someone removes cat and adds dan behind the resource's back.
      await chat.call("removeFriends", { params: { uid: "cat" }, body: { friends: ["ann"] } });
      await chat.call("addFriends", { params: { uid: "ann" }, body: { accepted: ["dan"] } });
      const refreshed = await friendsKind.read(id, outs);
      expect(refreshed.inputs?.friends).toEqual(["bob", "dan"]);

      const news = (await friendsKind.check(outs, { uid: "ann", friends: ["cat", "eve"], connection }))
        .inputs;
      await friendsKind.update(id, { ...outs, ...refreshed.inputs }, news);
      expect(await friendsOf("ann")).toEqual(["cat", "eve"]);
      expect(await friendsOf("bob")).toEqual([]);

      await friendsKind.delete(id, news);
      expect(await friendsOf("ann")).toEqual([]);
      expect(await friendsOf("eve")).toEqual([]);
    });

    it("a repeated add or removal after a lost answer is harmless", async () => {
      lost("POST", "/v3/users/bob/friends");
      const { inputs } = await friendsKind.check({}, { uid: "bob", friends: ["cat", "dan"], connection });
      const { id, outs } = await friendsKind.create(inputs);
      expect(await friendsOf("bob")).toEqual(["cat", "dan"]);
      expect(received("POST", "/v3/users/bob/friends")).toHaveLength(2);

      lost("DELETE", "/v3/users/bob/friends");
      const news = (await friendsKind.check(outs, { uid: "bob", connection })).inputs;
      await friendsKind.update(id, outs, news);
      expect(await friendsOf("bob")).toEqual([]);
      await friendsKind.delete(id, news);
    });

    it("adopts the friends a user has, and reports a uid the service refuses by uid and code", async () => {
      await chat.call("addFriends", { params: { uid: "cat" }, body: { accepted: ["eve"] } });
      const { inputs } = await friendsKind.check(
        {},
        { uid: "cat", friends: ["eve"], adopt: true, connection },
      );
      const { id, outs } = await friendsKind.create(inputs);
      expect(await friendsKind.read(id, outs)).toMatchObject({ inputs: { uid: "cat", friends: ["eve"] } });

      const bad = (await friendsKind.check(outs, { uid: "cat", friends: ["eve", "nobody"], connection }))
        .inputs;
      await expect(friendsKind.update(id, outs, bad)).rejects.toThrow(/nobody \(ERR_UID_NOT_FOUND/);
      await friendsKind.delete(id, outs);
      expect(await friendsOf("cat")).toEqual([]);
    });
  });

  describe("BlockedUsers", () => {
    it("check names the field and the rule before any call", async () => {
      const r = await blocksKind.check({}, { uid: "ann", blockedUids: ["ann", "bob", "bob"], connection });
      expect(problems(r)).toMatch(/blockedUids\.0.*a user cannot block themselves/);
      expect(problems(r)).toMatch(/blockedUids\.2.*bob is listed twice/);
    });

    it("creates, sees drift, updates, deletes one way; repeats are harmless; adopt takes what is there", async () => {
      lost("POST", "/v3/users/ann/blockedusers");
      const { inputs } = await blocksKind.check({}, { uid: "ann", blockedUids: ["bob", "cat"], connection });
      const { id, outs } = await blocksKind.create(inputs);
      expect(await blockedBy("ann")).toEqual(["bob", "cat"]);
      expect(await blockedBy("bob")).toEqual([]); // one way

      await chat.call("unblockUsers", { params: { uid: "ann" }, body: { blockedUids: ["cat"] } });
      const refreshed = await blocksKind.read(id, outs);
      expect(refreshed.inputs?.blockedUids).toEqual(["bob"]);

      lost("DELETE", "/v3/users/ann/blockedusers");
      const news = (await blocksKind.check(outs, { uid: "ann", blockedUids: ["dan"], connection })).inputs;
      await blocksKind.update(id, outs, news);
      expect(await blockedBy("ann")).toEqual(["dan"]);

      const adopted = await blocksKind.create(
        (await blocksKind.check({}, { uid: "ann", blockedUids: ["dan"], adopt: true, connection })).inputs,
      );
      expect(adopted.id).toBe("ann");
      await blocksKind.delete(id, news);
      expect(await blockedBy("ann")).toEqual([]);
    });
  });

  describe("Collaborators", () => {
    it("check lowercases emails and names the field and the rule: an invalid email, one listed twice, the owner", async () => {
      const r = await collaboratorsKind.check(
        {},
        { admins: ["not-an-email", "A@x.example"], moderators: ["a@X.example"], managementConnection, appId },
      );
      expect(problems(r)).toMatch(/admins\.0.*valid email/);
      expect(problems(r)).toMatch(/moderators\.0.*a@x\.example is listed twice/);
      const owner = await collaboratorsKind.check(
        {},
        { admins: ["Owner@Emulator.invalid"], managementConnection, appId },
      );
      expect(problems(owner)).toMatch(/admins.*owner@emulator\.invalid owns app/);
    });

    it("creates, sees drift, updates (role changes, removals), deletes; a lost answer is harmless", async () => {
      lost("POST", `/apps/${appId}/collaborators`);
      const { inputs, failures } = await collaboratorsKind.check(
        {},
        { admins: ["Ada@Example.com"], moderators: ["mo@example.com"], managementConnection, appId },
      );
      expect(failures).toEqual([]);
      const { id, outs } = await collaboratorsKind.create(inputs);
      expect(id).toBe(appId);
      expect(await collaboratorList()).toEqual(["ada@example.com:admin", "mo@example.com:moderator"]);

      await mgmt.call("updateCollaborators", {
        params: { appId },
        body: { moderators: ["sneaky@example.com"] },
      });
      const refreshed = await collaboratorsKind.read(id, outs);
      expect(refreshed.inputs).toMatchObject({
        admins: ["ada@example.com"],
        moderators: ["mo@example.com", "sneaky@example.com"],
      });

      lost("POST", `/apps/${appId}/collaborators`);
      const news = (
        await collaboratorsKind.check(outs, { admins: ["mo@example.com"], managementConnection, appId })
      ).inputs;
      await collaboratorsKind.update(id, outs, news);
      expect(await collaboratorList()).toEqual(["mo@example.com:admin"]);

      const adopted = await collaboratorsKind.create(
        (
          await collaboratorsKind.check(
            {},
            { admins: ["mo@example.com"], adopt: true, managementConnection, appId },
          )
        ).inputs,
      );
      expect(adopted.id).toBe(appId);
      await collaboratorsKind.delete(id, news);
      expect(await collaboratorList()).toEqual([]);
    });
  });
});

// Friends, blocked users, app-pinned conversations and collaborators (docs/service/bots-agents-and-social.md;
// decision 0090 where the vendor is silent).
import { LIMITS } from "../../../provider/contract";
import { unique } from "../../support/emulator";
import { Harness } from "./harness";

let h: Harness;
beforeAll(async () => {
  h = await Harness.start();
});
afterAll(() => h.close());

const user = async (name?: string) => {
  const uid = unique("so-u");
  await h.ok("createUser", { body: { uid, name: name ?? uid } });
  return uid;
};

describe("friends", () => {
  it("adds per uid (failures in their entry), lists on both sides, searches, removes", async () => {
    const [a, b, c] = [await user(), await user("Zed"), await user()];
    const r = await h.ok("addFriends", { params: { uid: a }, body: { accepted: [b, c, a, "so-nobody", b] } });
    expect(r.data.accepted[b]?.success).toBe(true);
    expect(r.data.accepted[c]?.success).toBe(true);
    expect(r.data.accepted[a]?.error?.code).toBe("ERR_CANNOT_FORM_SELF_RELATION");
    expect(r.data.accepted["so-nobody"]?.error?.code).toBe("ERR_UID_NOT_FOUND");
    const again = await h.ok("addFriends", { params: { uid: a }, body: { accepted: [b] } });
    expect(again.data.accepted[b]?.error?.code).toBe("ERR_ALREADY_FRIEND");
    const mine = await h.ok("listFriends", { params: { uid: a } });
    expect(mine.data.map((u) => u.uid).sort()).toEqual([b, c].sort());
    expect(mine.meta.pagination.total).toBe(2);
    expect((await h.ok("listFriends", { params: { uid: b } })).data.map((u) => u.uid)).toEqual([a]);
    expect(
      (await h.ok("listFriends", { params: { uid: a }, query: { searchKey: "zed" } })).data.map((u) => u.uid),
    ).toEqual([b]);
    // Removal is all or nothing.
    await h.fails(
      "removeFriends",
      { params: { uid: a }, body: { friends: [b, await user()] } },
      404,
      "ERR_NOT_A_FRIEND",
    );
    expect((await h.ok("listFriends", { params: { uid: a } })).data).toHaveLength(2);
    await h.ok("removeFriends", { params: { uid: a }, body: { friends: [b] } });
    expect((await h.ok("listFriends", { params: { uid: b } })).data).toEqual([]);
  });

  it("refuses an unknown path user, an empty list and more than 25 uids per call", async () => {
    await h.fails("listFriends", { params: { uid: "so-nobody" } }, 404, "ERR_UID_NOT_FOUND");
    const a = await user();
    await h.fails("addFriends", { params: { uid: a }, body: { accepted: [] } }, 400, "ERR_BAD_REQUEST");
    const many = Array.from({ length: LIMITS.relationsPerCall + 1 }, (_, i) => `so-m-${i}`);
    await h.fails("addFriends", { params: { uid: a }, body: { accepted: many } }, 400, "ERR_BAD_REQUEST");
  });
});

describe("blocked users", () => {
  it("blocks one way, repeatably; lists with the relation's fields; unblocks", async () => {
    const [a, b] = [await user(), await user()];
    const r = await h.ok("blockUsers", { params: { uid: a }, body: { blockedUids: [b, a] } });
    expect(r.data[b]?.success).toBe(true);
    expect(r.data[a]?.error?.code).toBe("ERR_CANNOT_BLOCK_SELF");
    const first = (await h.ok("listBlockedUsers", { params: { uid: a } })).data;
    expect(first).toHaveLength(1);
    expect(first[0]).toMatchObject({ uid: b, blockedByMe: true });
    await h.ok("blockUsers", { params: { uid: a }, body: { blockedUids: [b] } });
    expect((await h.ok("listBlockedUsers", { params: { uid: a } })).data[0]?.blockedAt).toBe(
      first[0]?.blockedAt,
    );
    expect((await h.ok("listBlockedUsers", { params: { uid: b } })).data).toEqual([]);
    const u = await h.ok("unblockUsers", { params: { uid: a }, body: { blockedUids: [b, "so-nobody"] } });
    expect(u.data[b]?.success).toBe(true);
    expect(u.data["so-nobody"]?.error?.code).toBe("ERR_UID_NOT_FOUND");
    expect((await h.ok("listBlockedUsers", { params: { uid: a } })).data).toEqual([]);
    await h.fails("blockUsers", { params: { uid: a }, body: {} }, 400, "ERR_BAD_REQUEST");
  });
});

describe("conversations pinned by the app", () => {
  it("replaces the whole list in order, keeps pinnedAt of those kept, and drops a deleted group", async () => {
    const guid = unique("so-g");
    await h.ok("createGroup", { body: { guid, name: guid, type: "public" } });
    const uid = await user();
    const r = await h.ok("replaceAppPinnedConversations", {
      // The vendor's body: each conversation by the other side's guid or uid (its replace page).
      body: { pinnedConversations: [{ guid }, { uid }] },
    });
    expect(r.data.map((c) => c.conversationWith)).toEqual([guid, uid]);
    expect(r.data[0]?.conversationId).toBe(`group_${guid}`);
    const listed = await h.ok("listAppPinnedConversations");
    expect(listed.data).toEqual(r.data);
    await h.ok("deleteGroup", { params: { guid } });
    expect((await h.ok("listAppPinnedConversations")).data.map((c) => c.conversationWith)).toEqual([uid]);
    await h.ok("replaceAppPinnedConversations", { body: { pinnedConversations: [] } });
    expect((await h.ok("listAppPinnedConversations")).data).toEqual([]);
  });

  it("refuses more than 5, a repeat, and a user or group that does not exist", async () => {
    const six = await Promise.all(
      Array.from({ length: LIMITS.appPinnedConversations + 1 }, async () => ({ uid: await user() })),
    );
    await h.fails(
      "replaceAppPinnedConversations",
      { body: { pinnedConversations: six } },
      400,
      "ERR_SYSTEM_PINNED_CONVERSATIONS_LIMIT_EXCEEDED",
    );
    const one = six[0] as { uid: string };
    await h.fails(
      "replaceAppPinnedConversations",
      { body: { pinnedConversations: [one, { uid: one.uid.toUpperCase() }] } },
      400,
      "ERR_BAD_REQUEST",
    );
    // Each names a user or a group: not both, not neither; the former body (before the vendor's page was
    // read) is refused by its field's name.
    for (const target of [{ uid: one.uid, guid: "g" }, {}]) {
      const e = await h.fails(
        "replaceAppPinnedConversations",
        { body: { pinnedConversations: [target] } },
        400,
        "ERR_BAD_REQUEST",
      );
      expect(e.details).toEqual({
        "pinnedConversations.0": ["a pinned conversation names either uid (a user) or guid (a group)"],
      });
    }
    const former = await h.fails(
      "replaceAppPinnedConversations",
      { body: { conversations: [{ conversationType: "user", conversationWith: one.uid }] } as never },
      400,
      "ERR_BAD_REQUEST",
    );
    expect(Object.keys(former.details ?? {}).sort()).toEqual(["conversations", "pinnedConversations"]);
    await h.fails(
      "replaceAppPinnedConversations",
      { body: { pinnedConversations: [{ guid: "so-no-group" }] } },
      404,
      "ERR_GUID_NOT_FOUND",
    );
    await h.fails(
      "replaceAppPinnedConversations",
      { body: { pinnedConversations: [{ uid: "so-nobody" }] } },
      404,
      "ERR_UID_NOT_FOUND",
    );
  });
});

describe("collaborators (management API)", () => {
  it("adds admins and moderators by email, changes a role, removes; per-email failures", async () => {
    const appId = (await h.ok("createApp", { body: { name: unique("so-app") } })).data.id;
    const r = await h.ok("updateCollaborators", {
      params: { appId },
      body: { admins: ["Ada@Example.com", "owner@emulator.invalid"], moderators: ["max@example.com"] },
    });
    expect(r.data.admins?.["ada@example.com"]?.success).toBe(true);
    expect(r.data.admins?.["owner@emulator.invalid"]?.error?.code).toBe("ERR_ALREADY_AN_OWNER");
    const listed = await h.ok("listCollaborators", { params: { appId } });
    expect(listed.data.map((c) => [c.email, c.role])).toEqual([
      ["ada@example.com", "admin"],
      ["max@example.com", "moderator"],
    ]);
    // The vendor's list answers a collaborator's id as text ("1"), though it counts (issue 42).
    expect(listed.data.map((c) => c.id)).toEqual([
      expect.stringMatching(/^\d+$/),
      expect.stringMatching(/^\d+$/),
    ]);
    await h.ok("updateCollaborators", { params: { appId }, body: { admins: ["max@example.com"] } });
    const removed = await h.ok("updateCollaborators", {
      params: { appId },
      body: { collaboratorsToRemove: ["ada@example.com", "nobody@example.com", "owner@emulator.invalid"] },
    });
    expect(removed.data.collaboratorsToRemove?.["ada@example.com"]?.success).toBe(true);
    expect(removed.data.collaboratorsToRemove?.["nobody@example.com"]?.error?.code).toBe(
      "ERR_NOT_A_COLLABORATOR",
    );
    expect(removed.data.collaboratorsToRemove?.["owner@emulator.invalid"]?.error?.code).toBe(
      "ERR_SELF_ACTION_DENIED",
    );
    expect(
      (await h.ok("listCollaborators", { params: { appId } })).data.map((c) => [c.email, c.role]),
    ).toEqual([["max@example.com", "admin"]]);
  });

  it("refuses an empty call, a bad email, an email twice, and an unknown app", async () => {
    const appId = (await h.ok("createApp", { body: { name: unique("so-app") } })).data.id;
    await h.fails("updateCollaborators", { params: { appId }, body: {} }, 400, "ERR_BAD_REQUEST");
    await h.fails(
      "updateCollaborators",
      { params: { appId }, body: { admins: ["not-an-email"] } },
      400,
      "ERR_BAD_REQUEST",
    );
    await h.fails(
      "updateCollaborators",
      { params: { appId }, body: { admins: ["a@example.com"], collaboratorsToRemove: ["a@example.com"] } },
      400,
      "ERR_BAD_REQUEST",
    );
    await h.fails("listCollaborators", { params: { appId: "0000000000000000" } }, 404, "ERR_APP_NOT_FOUND");
  });
});

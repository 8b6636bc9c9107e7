// Groups, group members and banned users (docs/service/groups-and-members.md).

import { unique } from "../../support/emulator";
import { at, Harness } from "./harness";

let h: Harness;
beforeAll(async () => {
  h = await Harness.start();
});
afterAll(() => h.close());

/** n fresh users; typed as a 5-tuple so that destructuring needs no checks (n ≤ 5). */
const users = async (n: number, prefix = "gu"): Promise<[string, string, string, string, string]> => {
  const uids: string[] = [];
  for (let i = 0; i < n; i++) {
    const uid = unique(prefix);
    await h.ok("createUser", { body: { uid, name: uid } });
    uids.push(uid);
  }
  return uids as [string, string, string, string, string];
};

describe("groups", () => {
  it("creates a public group by default, with conversationId and no password in the answer", async () => {
    const r = await h.ok("createGroup", {
      body: { guid: "Team-A", type: "public", name: "Team A", tags: ["x"], description: "d" },
    });
    expect(r.data).toMatchObject({
      guid: "team-a",
      name: "Team A",
      type: "public",
      membersCount: 0,
      conversationId: "group_team-a",
      tags: ["x"],
      description: "d",
    });
    await h.fails(
      "createGroup",
      { body: { guid: "TEAM-A", type: "public", name: "again" } },
      400,
      "ERR_GUID_ALREADY_EXISTS",
    );
  });

  it("a password group needs a password (400 ERR_EMPTY_GROUP_PASS) and never shows it", async () => {
    const e = await h.fails(
      "createGroup",
      { body: { guid: unique("pw"), name: "P", type: "password" } },
      400,
      "ERR_EMPTY_GROUP_PASS",
    );
    expect(e.details).toEqual({ password: ["password is required when type is 'password'"] });
    const guid = unique("pw");
    const r = await h.call("createGroup", {
      body: { guid, name: "P", type: "password", password: "s3cret" },
    });
    expect(r.status).toBe(200);
    expect(r.text).not.toContain("s3cret");
    expect(at(r.json, "data", "type")).toBe("password");
    const g = await h.call("getGroup", { params: { guid } });
    expect(g.text).not.toContain("s3cret");
    // Switching to password type later needs one too.
    const pub = unique("pub");
    await h.ok("createGroup", { body: { guid: pub, type: "public", name: "Pub" } });
    await h.fails(
      "updateGroup",
      { params: { guid: pub }, body: { type: "password" } },
      400,
      "ERR_EMPTY_GROUP_PASS",
    );
    const upd = await h.ok("updateGroup", {
      params: { guid: pub },
      body: { type: "password", password: "p" },
    });
    expect(upd.data.type).toBe("password");
  });

  it("refuses an unknown type with per-field details", async () => {
    const e = await h.fails(
      "createGroup",
      { body: { guid: unique("t"), name: "T", type: "secret" } },
      400,
      "ERR_BAD_REQUEST",
    );
    expect(Object.keys(e.details ?? {})).toEqual(["type"]);
  });

  it("requires a type on create, as the vendor's spec does (create-group)", async () => {
    const e = await h.fails(
      "createGroup",
      { body: { guid: unique("nt"), name: "T" } },
      400,
      "ERR_BAD_REQUEST",
    );
    expect(Object.keys(e.details ?? {})).toEqual(["type"]);
  });

  it("adds the owner and the members given on create, with per-member results", async () => {
    const [owner, admin, mod, part, banned] = await users(5);
    const guid = unique("gm");
    const r = await h.call("createGroup", {
      body: {
        guid,
        name: "G",
        type: "public",
        owner,
        members: { admins: [admin], moderators: [mod], participants: [part, "ghost"], usersToBan: [banned] },
      },
    });
    expect(r.status).toBe(200);
    expect(at(r.json, "data", "owner")).toBe(owner);
    expect(at(r.json, "data", "membersCount")).toBe(4);
    expect(at(r.json, "data", "members", "admins", admin, "success")).toBe(true);
    expect(at(r.json, "data", "members", "participants", "ghost")).toEqual({
      success: false,
      error: {
        code: "ERR_UID_NOT_FOUND",
        message: "The UID ghost does not exist, please make sure you have created a user with UID ghost.",
      },
    });
    expect(at(r.json, "data", "members", "usersToBan", banned)).toEqual({ success: true });
    const members = await h.ok("listMembers", { params: { guid } });
    const scopes = Object.fromEntries(members.data.map((m) => [m.uid, m.scope]));
    expect(scopes).toEqual({
      [owner]: "admin",
      [admin]: "admin",
      [mod]: "moderator",
      [part]: "participant",
    });
    const bans = await h.ok("listBannedUsers", { params: { guid } });
    expect(bans.data.map((u) => u.uid)).toEqual([banned]);
  });

  it("an unknown owner fails the create and creates nothing", async () => {
    const guid = unique("own");
    await h.fails(
      "createGroup",
      { body: { guid, type: "public", name: "G", owner: "ghost" } },
      404,
      "ERR_UID_NOT_FOUND",
    );
    await h.fails("getGroup", { params: { guid } }, 404, "ERR_GUID_NOT_FOUND");
  });

  it("the onBehalfOf user becomes owner and admin, and sees its scope", async () => {
    const [me] = await users(1);
    const guid = unique("obo");
    const r = await h.ok("createGroup", { body: { guid, type: "public", name: "G" }, onBehalfOf: me });
    expect(r.data).toMatchObject({ owner: me, hasJoined: true, scope: "admin", membersCount: 1 });
  });

  it("updates, unsets and changes the owner; unknown group → 404 ERR_GUID_NOT_FOUND", async () => {
    const [a, b] = await users(2);
    const guid = unique("upd");
    await h.ok("createGroup", {
      body: { guid, type: "public", name: "G", owner: a, icon: "https://x.test/i.png", metadata: { m: 1 } },
    });
    const r = await h.ok("updateGroup", {
      params: { guid },
      body: { name: "G2", owner: b, unset: ["icon", "metadata"], tags: ["z"] },
    });
    expect(r.data).toMatchObject({ name: "G2", owner: b, tags: ["z"], membersCount: 2 });
    expect(r.data.icon).toBeUndefined();
    expect(r.data.metadata).toBeUndefined();
    await h.fails(
      "updateGroup",
      { params: { guid: "ghost" }, body: { name: "x" } },
      404,
      "ERR_GUID_NOT_FOUND",
    );
    await h.fails("updateGroup", { params: { guid }, body: { guid: "other" } }, 400, "ERR_BAD_REQUEST");
  });

  it("deletes hard: the group and its messages are gone", async () => {
    const [a] = await users(1);
    const guid = unique("del");
    await h.ok("createGroup", { body: { guid, type: "public", name: "G" }, onBehalfOf: a });
    const m = await h.ok("sendMessage", {
      body: { receiver: guid, receiverType: "group", data: { text: "hi" } },
      onBehalfOf: a,
    });
    const d = await h.ok("deleteGroup", { params: { guid } });
    expect(d.data.message).toBe(`Group with guid ${guid} has been deleted successfully.`);
    await h.fails("getGroup", { params: { guid } }, 404, "ERR_GUID_NOT_FOUND");
    await h.fails("getMessage", { params: { id: m.data.id } }, 404, "ERR_MESSAGE_ID_NOT_FOUND");
    await h.fails("deleteGroup", { params: { guid } }, 404, "ERR_GUID_NOT_FOUND");
  });

  it("lists with type, tags, search, sorting and pagination; private groups hidden from non-members", async () => {
    const p = unique("lg");
    const [member, outsider] = await users(2);
    await h.ok("createGroup", { body: { guid: `${p}-c`, name: "Charlie", type: "public", tags: ["t1"] } });
    await h.ok("createGroup", { body: { guid: `${p}-a`, name: "Alpha", type: "private", owner: member } });
    await h.ok("createGroup", { body: { guid: `${p}-b`, name: "Bravo", type: "password", password: "x" } });
    const all = await h.ok("listGroups", { query: { searchKey: p, sortBy: "name" } });
    expect(all.data.map((g) => g.name)).toEqual(["Alpha", "Bravo", "Charlie"]);
    const desc = await h.ok("listGroups", { query: { searchKey: p, sortBy: "guid", sortOrder: "desc" } });
    expect(desc.data.map((g) => g.guid)).toEqual([`${p}-c`, `${p}-b`, `${p}-a`]);
    const priv = await h.ok("listGroups", { query: { searchKey: p, type: "private" } });
    expect(priv.data.map((g) => g.guid)).toEqual([`${p}-a`]);
    // The spec's filter enum says `protected` for password groups (docs/service/groups-and-members.md).
    for (const type of ["protected", "password"] as const) {
      const pw = await h.ok("listGroups", { query: { searchKey: p, type } });
      expect(pw.data.map((g) => g.guid)).toEqual([`${p}-b`]);
    }
    const several = await h.ok("listGroups", {
      query: { searchKey: p, types: "protected,public", sortBy: "guid" },
    });
    expect(several.data.map((g) => g.guid)).toEqual([`${p}-b`, `${p}-c`]);
    await h.fails("listGroups", { query: { type: "secret" as "public" } }, 400, "ERR_BAD_REQUEST");
    const tagged = await h.ok("listGroups", { query: { searchKey: p, tags: "t1", withTags: true } });
    expect(tagged.data.map((g) => [g.guid, g.tags])).toEqual([[`${p}-c`, ["t1"]]]);
    const asOutsider = await h.ok("listGroups", { query: { searchKey: p }, onBehalfOf: outsider });
    expect(asOutsider.data.map((g) => g.guid).sort()).toEqual([`${p}-b`, `${p}-c`]);
    const asMember = await h.ok("listGroups", { query: { searchKey: p }, onBehalfOf: member });
    expect(asMember.data).toHaveLength(3);
    const page = await h.ok("listGroups", { query: { searchKey: p, perPage: 2, page: 2 } });
    expect(page.meta.pagination).toEqual({
      total: 3,
      count: 1,
      per_page: 2,
      current_page: 2,
      total_pages: 2,
    });
  });
});

describe("members", () => {
  let guid: string;
  beforeEach(async () => {
    guid = unique("mg");
    await h.ok("createGroup", { body: { guid, type: "public", name: "Members" } });
  });

  it("adds at most 25 uids per call", async () => {
    const uids = Array.from({ length: 26 }, (_, i) => `u${i}`);
    const e = await h.fails(
      "addMembers",
      { params: { guid }, body: { participants: uids } },
      400,
      "ERR_BAD_REQUEST",
    );
    expect(Object.values(e.details ?? {}).flat()).toContain("at most 25 uids per call");
    const split = await h.call("addMembers", {
      params: { guid },
      body: { admins: uids.slice(0, 10), participants: uids.slice(10, 26) },
    });
    expect(split.status).toBe(400);
  });

  it("reports each member: added, unknown, already joined, banned; the highest scope wins", async () => {
    const [a, b, c, banned] = await users(4);
    await h.ok("banUser", { params: { guid, uid: banned } });
    const first = await h.ok("addMembers", {
      params: { guid },
      body: { participants: [a, b], moderators: [b] },
    });
    expect(first.data.moderators?.[b]?.success).toBe(true);
    expect(first.data.participants?.[a]?.success).toBe(true);
    expect(first.data.participants?.[b]).toBeUndefined();
    const action = first.data.participants?.[a]?.data;
    expect(at(action, "category")).toBe("action");
    expect(at(action, "type")).toBe("groupMember");
    expect(at(action, "data", "action")).toBe("added");
    expect(at(action, "data", "entities", "on", "entity", "uid")).toBe(a);

    const second = await h.ok("addMembers", {
      params: { guid },
      body: { admins: [a, c, "ghost", banned] },
    });
    expect(second.data.admins?.[a]?.error?.code).toBe("ERR_ALREADY_JOINED");
    expect(second.data.admins?.[c]?.success).toBe(true);
    expect(second.data.admins?.ghost?.error?.code).toBe("ERR_UID_NOT_FOUND");
    expect(second.data.admins?.[banned]?.error?.code).toBe("ERR_BANNED_GROUPMEMBER");

    const list = await h.ok("listMembers", { params: { guid } });
    expect(Object.fromEntries(list.data.map((m) => [m.uid, m.scope]))).toEqual({
      [a]: "participant",
      [b]: "moderator",
      [c]: "admin",
    });
    expect((await h.ok("getGroup", { params: { guid } })).data.membersCount).toBe(3);
  });

  it("lists with scopes filter and pagination", async () => {
    const [a, b, c] = await users(3);
    await h.ok("addMembers", { params: { guid }, body: { admins: [a], participants: [b, c] } });
    const parts = await h.ok("listMembers", { params: { guid }, query: { scopes: "participant" } });
    expect(parts.data.map((m) => m.uid).sort()).toEqual([b, c].sort());
    expect(parts.data[0]?.joinedAt).toBeGreaterThan(0);
    const both = await h.ok("listMembers", {
      params: { guid },
      query: { "scopes[]": "admin", perPage: 1, page: 2 },
    });
    expect(both.meta.pagination.total).toBe(1);
    expect(both.data).toEqual([]);
    await h.fails("listMembers", { params: { guid }, query: { scopes: "owner" } }, 400, "ERR_BAD_REQUEST");
    await h.fails("listMembers", { params: { guid: "ghost" } }, 404, "ERR_GUID_NOT_FOUND");
  });

  it("changes scope (ERR_SAME_SCOPE, ERR_NOT_A_MEMBER) and kicks (404 for a non-member)", async () => {
    const [a, b] = await users(2);
    await h.ok("addMembers", { params: { guid }, body: { participants: [a] } });
    const r = await h.ok("changeMemberScope", {
      params: { guid, uid: a },
      body: { scope: "moderator" },
    });
    expect(r.data).toMatchObject({ guid, uid: a, scope: "moderator" });
    await h.fails(
      "changeMemberScope",
      { params: { guid, uid: a }, body: { scope: "moderator" } },
      400,
      "ERR_SAME_SCOPE",
    );
    await h.fails(
      "changeMemberScope",
      { params: { guid, uid: b }, body: { scope: "admin" } },
      404,
      "ERR_NOT_A_MEMBER",
    );
    await h.fails(
      "changeMemberScope",
      { params: { guid, uid: a }, body: { scope: "owner" } },
      400,
      "ERR_BAD_REQUEST",
    );
    const k = await h.ok("kickMember", { params: { guid, uid: a } });
    expect(k.data.message).toBe(`The member with ${a} has been kicked from the Group with ${guid}.`);
    await h.fails("kickMember", { params: { guid, uid: a } }, 404, "ERR_NOT_A_MEMBER");
  });

  it("bans (removing membership), lists bans, unbans", async () => {
    const [a] = await users(1);
    await h.ok("addMembers", { params: { guid }, body: { participants: [a] } });
    const b = await h.ok("banUser", { params: { guid, uid: a } });
    expect(b.data.message).toBe(`The user with uid ${a} has been banned from the Group with ${guid}.`);
    expect((await h.ok("listMembers", { params: { guid } })).data).toEqual([]);
    await h.fails("banUser", { params: { guid, uid: a } }, 400, "ERR_ALREADY_BANNED");
    await h.fails("banUser", { params: { guid, uid: "ghost" } }, 404, "ERR_UID_NOT_FOUND");
    const list = await h.ok("listBannedUsers", { params: { guid } });
    expect(list.data.map((u) => u.uid)).toEqual([a]);
    expect(list.meta.pagination.total).toBe(1);
    await h.ok("unbanUser", { params: { guid, uid: a } });
    await h.fails("unbanUser", { params: { guid, uid: a } }, 404, "ERR_NOT_A_BANNED_USER");
    expect((await h.ok("listBannedUsers", { params: { guid } })).data).toEqual([]);
  });
});

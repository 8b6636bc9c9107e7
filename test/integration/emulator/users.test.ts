// Users and auth tokens (docs/service/users-and-auth-tokens.md).

import { unique } from "../../support/emulator";
import { at, Harness } from "./harness";

let h: Harness;
beforeAll(async () => {
  h = await Harness.start();
});
afterAll(() => h.close());

const createUser = (uid: string, extra: Record<string, unknown> = {}) =>
  h.ok("createUser", { body: { uid, name: `Name ${uid}`, ...extra } });

describe("create", () => {
  it("lowercases the uid, defaults the role and returns the user with its tags", async () => {
    const r = await h.ok("createUser", {
      body: {
        uid: "Mixed-Case_1",
        name: "Mixed",
        tags: ["a", "b"],
        metadata: { k: 1 },
        avatar: "https://x.test/a.png",
      },
    });
    expect(r.data).toMatchObject({
      uid: "mixed-case_1",
      name: "Mixed",
      role: "default",
      status: "offline",
      tags: ["a", "b"],
      metadata: { k: 1 },
      avatar: "https://x.test/a.png",
    });
    expect(r.data.createdAt).toBeGreaterThan(1_600_000_000);
    expect(r.data.createdAt).toBeLessThan(Date.now() / 1000 + 5);
    expect(r.data.authToken).toBeUndefined();
  });

  it("with withAuthToken returns a token of the documented shape", async () => {
    const uid = unique("tok");
    const r = await createUser(uid, { withAuthToken: true });
    expect(r.data.authToken).toMatch(new RegExp(`^${uid}_\\d{10}[0-9a-f]{30}$`));
    const list = await h.ok("listAuthTokens", { params: { uid } });
    expect(list.data.map((t) => t.authToken)).toEqual([r.data.authToken]);
  });

  it("refuses a duplicate uid (any case) with 400 ERR_UID_ALREADY_EXISTS", async () => {
    const uid = unique("dup");
    await createUser(uid);
    await h.fails(
      "createUser",
      { body: { uid: uid.toUpperCase(), name: "x" } },
      400,
      "ERR_UID_ALREADY_EXISTS",
    );
  });

  it("refuses a role that does not exist with 404 ERR_ROLE_NOT_FOUND", async () => {
    await h.fails(
      "createUser",
      { body: { uid: unique("r"), name: "x", role: "nope" } },
      404,
      "ERR_ROLE_NOT_FOUND",
    );
  });

  it("is allowed with the authOnly key", async () => {
    const r = await h.ok("createUser", { key: h.app.authKey, body: { uid: unique("ao"), name: "x" } });
    expect(r.data.role).toBe("default");
  });
});

describe("get and update", () => {
  it("gets a user by uid in any case; unknown → 404 ERR_UID_NOT_FOUND with the service's message", async () => {
    const uid = unique("get");
    await createUser(uid);
    const r = await h.ok("getUser", { params: { uid: uid.toUpperCase() } });
    expect(r.data.uid).toBe(uid);
    const e = await h.fails("getUser", { params: { uid: "ghost" } }, 404, "ERR_UID_NOT_FOUND");
    expect(e.message).toBe(
      "The UID ghost does not exist, please make sure you have created a user with UID ghost.",
    );
  });

  it("adds relationship fields with onBehalfOf", async () => {
    const a = unique("rel-a");
    const b = unique("rel-b");
    await createUser(a);
    await createUser(b);
    const r = await h.ok("getUser", { params: { uid: b }, onBehalfOf: a });
    expect(r.data).toMatchObject({
      conversationId: `${a}_user_${b}`,
      blockedByMe: false,
      hasBlockedMe: false,
    });
    await h.fails("getUser", { params: { uid: b }, onBehalfOf: "ghost" }, 404, "ERR_UID_NOT_FOUND");
  });

  it("updates fields, replaces tags and metadata, clears fields with unset", async () => {
    const uid = unique("upd");
    await createUser(uid, {
      avatar: "https://x.test/a.png",
      link: "https://x.test",
      metadata: { a: 1 },
      tags: ["t"],
    });
    const r = await h.ok("updateUser", {
      params: { uid },
      body: { name: "New", metadata: { b: 2 }, tags: ["u", "v"], unset: ["avatar", "link"] },
    });
    expect(r.data).toMatchObject({ uid, name: "New", metadata: { b: 2 }, tags: ["u", "v"] });
    expect(r.data.avatar).toBeUndefined();
    expect(r.data.link).toBeUndefined();
    const again = await h.ok("getUser", { params: { uid } });
    expect(again.data.name).toBe("New");
    expect(again.data.avatar).toBeUndefined();
  });

  it('unset takes only avatar, link and metadata (the spec\'s enum); a status message is cleared with ""', async () => {
    const uid = unique("stm");
    await createUser(uid, { statusMessage: "away" });
    const e = await h.fails(
      "updateUser",
      { params: { uid }, body: { unset: ["statusMessage"] } },
      400,
      "ERR_BAD_REQUEST",
    );
    expect(Object.keys(e.details ?? {})).toEqual(["unset.0"]);
    await h.ok("updateUser", { params: { uid }, body: { statusMessage: "" } });
    expect((await h.ok("getUser", { params: { uid } })).data.statusMessage ?? "").toBe("");
  });

  it("refuses to change the uid and unknown fields with per-field details", async () => {
    const uid = unique("imm");
    await createUser(uid);
    const e = await h.fails(
      "updateUser",
      { params: { uid }, body: { uid: "other" } },
      400,
      "ERR_BAD_REQUEST",
    );
    expect(e.details).toEqual({ uid: ["The uid field is not allowed."] });
  });

  it("updates the role to an existing role only", async () => {
    const uid = unique("role");
    await createUser(uid);
    await h.fails("updateUser", { params: { uid }, body: { role: "missing" } }, 404, "ERR_ROLE_NOT_FOUND");
    await h.ok("createRole", { body: { role: "Moderators-X", name: "Mods" } });
    const r = await h.ok("updateUser", { params: { uid }, body: { role: "moderators-x" } });
    expect(r.data.role).toBe("moderators-x");
  });

  it("updating an unknown user → 404 ERR_UID_NOT_FOUND", async () => {
    await h.fails("updateUser", { params: { uid: "ghost" }, body: { name: "x" } }, 404, "ERR_UID_NOT_FOUND");
  });
});

describe("delete, deactivate, reactivate", () => {
  it("a delete without permanent deactivates: GET 404, re-create refused, listed with withDeactivated", async () => {
    const uid = unique("soft");
    await createUser(uid);
    const d = await h.ok("deleteUser", { params: { uid } });
    expect(d.data).toEqual({ success: true, message: `User with ${uid} has been deleted successfully.` });
    await h.fails("getUser", { params: { uid } }, 404, "ERR_UID_NOT_FOUND");
    await h.fails("createUser", { body: { uid, name: "again" } }, 400, "ERR_UID_ALREADY_EXISTS");
    await h.fails("deleteUser", { params: { uid } }, 404, "ERR_UID_NOT_FOUND");
    const plain = await h.ok("listUsers", { query: { searchKey: uid } });
    expect(plain.data.map((u) => u.uid)).not.toContain(uid);
    const withD = await h.ok("listUsers", { query: { searchKey: uid, withDeactivated: true } });
    expect(withD.data.map((u) => u.uid)).toContain(uid);
    const only = await h.ok("listUsers", { query: { onlyDeactivated: true } });
    expect(only.data.every((u) => u.deactivatedAt !== undefined)).toBe(true);
    expect(only.data.map((u) => u.uid)).toContain(uid);
  });

  it("reactivates with PUT /users (nonDeactivatedUids) and deactivates in bulk with DELETE /users", async () => {
    const a = unique("bulk");
    const b = unique("bulk");
    await createUser(a);
    await createUser(b);
    const off = await h.ok("deactivateUsers", { body: { uidsToDeactivate: [a, b, "ghost"] } });
    expect(off.data.deactivatedUids).toEqual([a, b]);
    await h.fails("getUser", { params: { uid: a } }, 404, "ERR_UID_NOT_FOUND");
    const on = await h.ok("reactivateUsers", { body: { uidsToActivate: [a, "ghost"] } });
    expect(on.data.nonDeactivatedUids).toEqual([a]);
    expect((await h.ok("getUser", { params: { uid: a } })).data.uid).toBe(a);
    await h.fails("getUser", { params: { uid: b } }, 404, "ERR_UID_NOT_FOUND");
  });

  it("a permanent delete removes the user: the uid can be created again", async () => {
    const uid = unique("perm");
    await createUser(uid, { withAuthToken: true });
    await h.ok("deleteUser", { params: { uid }, body: { permanent: true } });
    await h.fails("getUser", { params: { uid } }, 404, "ERR_UID_NOT_FOUND");
    const again = await h.ok("listUsers", { query: { searchKey: uid, withDeactivated: true } });
    expect(again.data).toEqual([]);
    await createUser(uid);
    const tokens = await h.ok("listAuthTokens", { params: { uid } });
    expect(tokens.data).toEqual([]);
  });

  it("a permanent delete also removes a deactivated user", async () => {
    const uid = unique("perm2");
    await createUser(uid);
    await h.ok("deleteUser", { params: { uid } });
    await h.ok("deleteUser", { params: { uid }, body: { permanent: true } });
    await h.fails("deleteUser", { params: { uid }, body: { permanent: true } }, 404, "ERR_UID_NOT_FOUND");
  });

  it("refuses an empty bulk list", async () => {
    await h.fails("deactivateUsers", { body: { uidsToDeactivate: [] } }, 400, "ERR_BAD_REQUEST");
  });
});

describe("list", () => {
  let prefix: string;
  beforeAll(async () => {
    prefix = unique("lst");
    await h.ok("createRole", { body: { role: `${prefix}-role`, name: "List role" } });
    for (let i = 0; i < 7; i++) {
      await createUser(`${prefix}-${i}`, {
        tags: i % 2 === 0 ? ["even"] : ["odd"],
        ...(i < 2 ? { role: `${prefix}-role` } : {}),
      });
    }
  });

  it("paginates with perPage and page and reports meta.pagination", async () => {
    const p1 = await h.ok("listUsers", { query: { searchKey: prefix, perPage: 3, page: 1 } });
    const p3 = await h.ok("listUsers", { query: { searchKey: prefix, perPage: 3, page: 3 } });
    expect(p1.meta.pagination).toEqual({ total: 7, count: 3, per_page: 3, current_page: 1, total_pages: 3 });
    expect(p3.meta.pagination).toEqual({ total: 7, count: 1, per_page: 3, current_page: 3, total_pages: 3 });
    const p2 = await h.ok("listUsers", { query: { searchKey: prefix, perPage: 3, page: 2 } });
    const all = [...p1.data, ...p2.data, ...p3.data].map((u) => u.uid);
    expect(new Set(all).size).toBe(7);
  });

  it("defaults perPage to 100 and refuses perPage above 1000", async () => {
    const r = await h.ok("listUsers");
    expect(r.meta.pagination.per_page).toBe(100);
    const e = await h.fails("listUsers", { query: { perPage: 1001 } }, 400, "ERR_BAD_REQUEST");
    expect(e.details).toEqual({ perPage: ["perPage must be at most 1000"] });
    await h.fails("listUsers", { query: { page: 0 } }, 400, "ERR_BAD_REQUEST");
  });

  it("filters by role, roles[], tags and searchIn; tags only with withTags", async () => {
    const byRole = await h.ok("listUsers", { query: { role: `${prefix}-role` } });
    expect(byRole.data.map((u) => u.uid).sort()).toEqual([`${prefix}-0`, `${prefix}-1`]);
    const byRoles = await h.ok("listUsers", { query: { "roles[]": `${prefix}-role`, searchKey: prefix } });
    expect(byRoles.data).toHaveLength(2);
    const even = await h.ok("listUsers", { query: { searchKey: prefix, tags: "even", withTags: true } });
    expect(even.data.map((u) => u.uid)).toEqual([`${prefix}-0`, `${prefix}-2`, `${prefix}-4`, `${prefix}-6`]);
    expect(even.data[0]?.tags).toEqual(["even"]);
    const noTags = await h.ok("listUsers", { query: { searchKey: prefix } });
    expect(noTags.data[0]?.tags).toBeUndefined();
    const byName = await h.ok("listUsers", { query: { searchKey: `Name ${prefix}`, searchIn: "name" } });
    expect(byName.data).toHaveLength(7);
    const uidOnly = await h.ok("listUsers", { query: { searchKey: `Name ${prefix}`, searchIn: "uid" } });
    expect(uidOnly.data).toHaveLength(0);
  });

  it("every user is offline: status=available lists nobody", async () => {
    const r = await h.ok("listUsers", { query: { status: "available" } });
    expect(r.data).toEqual([]);
    await h.fails("listUsers", { query: { status: "busy" } }, 400, "ERR_BAD_REQUEST");
  });
});

describe("auth tokens", () => {
  it("creates (reusing without force), gets, updates, lists, deletes and flushes", async () => {
    const uid = unique("at");
    await createUser(uid);
    const t1 = await h.ok("createAuthToken", { params: { uid } });
    const t2 = await h.ok("createAuthToken", { params: { uid } });
    expect(t2.data.authToken).toBe(t1.data.authToken);
    const t3 = await h.ok("createAuthToken", { params: { uid }, body: { force: true } });
    expect(t3.data.authToken).not.toBe(t1.data.authToken);
    expect(t3.data).toEqual({ uid, authToken: t3.data.authToken, createdAt: t3.data.createdAt });

    const got = await h.ok("getAuthToken", { params: { uid, authToken: t1.data.authToken } });
    expect(got.data.uid).toBe(uid);
    const upd = await h.ok("updateAuthToken", {
      params: { uid, authToken: t1.data.authToken },
      body: { platform: "web", userAgent: "jest", appInfo: { version: "1" } },
    });
    expect(upd.data.authToken).toBe(t1.data.authToken);
    const list = await h.ok("listAuthTokens", { params: { uid } });
    expect(list.meta.pagination.total).toBe(2);
    expect(list.data[0]).toMatchObject({ platform: "web", userAgent: "jest", appInfo: { version: "1" } });

    const del = await h.ok("deleteAuthToken", { params: { uid, authToken: t1.data.authToken } });
    expect(del.data.success).toBe(true);
    await h.fails(
      "getAuthToken",
      { params: { uid, authToken: t1.data.authToken } },
      404,
      "ERR_AUTH_TOKEN_NOT_FOUND",
    );
    await h.fails(
      "deleteAuthToken",
      { params: { uid, authToken: t1.data.authToken } },
      404,
      "ERR_AUTH_TOKEN_NOT_FOUND",
    );
    const flush = await h.ok("flushAuthTokens", { params: { uid } });
    expect(flush.data.message).toBe(`Cleared Auth Tokens successfully for uid ${uid}.`);
    expect((await h.ok("listAuthTokens", { params: { uid } })).data).toEqual([]);
  });

  it("update takes each field optionally (a body is required), leaving absent ones as they are", async () => {
    const uid = unique("atv");
    await createUser(uid);
    const t = await h.ok("createAuthToken", { params: { uid } });
    const params = { uid, authToken: t.data.authToken };
    await h.ok("updateAuthToken", { params, body: { platform: "web", appInfo: { v: 1 } } });
    await h.ok("updateAuthToken", { params, body: { userAgent: "curl" } });
    const got = await h.ok("getAuthToken", { params });
    expect(got.data).toMatchObject({ platform: "web", userAgent: "curl", appInfo: { v: 1 } });
    await h.fails("updateAuthToken", { params }, 400, "ERR_BAD_REQUEST");
  });

  it("is refused for an unknown user and allowed with the authOnly key", async () => {
    await h.fails("createAuthToken", { params: { uid: "ghost" } }, 404, "ERR_UID_NOT_FOUND");
    const uid = unique("ato");
    await createUser(uid);
    const r = await h.call("createAuthToken", { params: { uid }, key: h.app.authKey });
    expect(r.status).toBe(200);
    expect(at(r.json, "data", "uid")).toBe(uid);
  });

  it("keeps at most 100 tokens per user, dropping the oldest", async () => {
    const uid = unique("at100");
    await createUser(uid);
    const first = await h.ok("createAuthToken", { params: { uid }, body: { force: true } });
    for (let i = 0; i < 100; i++) await h.ok("createAuthToken", { params: { uid }, body: { force: true } });
    const list = await h.ok("listAuthTokens", { params: { uid }, query: { perPage: 1000 } });
    expect(list.meta.pagination.total).toBe(100);
    expect(list.data.map((t) => t.authToken)).not.toContain(first.data.authToken);
  });
});

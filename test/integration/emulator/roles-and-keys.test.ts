// Roles, restricted features, RBAC permissions (docs/service/roles-and-permissions.md) and API keys (docs/service/api-keys.md).
import { LIMITS, ROLE_PERMISSION_KEYS } from "../../../provider/contract";
import { unique } from "../../support/emulator";
import { Harness } from "./harness";

let h: Harness;
beforeAll(async () => {
  h = await Harness.start();
});
afterAll(() => h.close());

describe("roles", () => {
  it("has the built-in default role", async () => {
    const r = await h.ok("getRole", { params: { role: "default" } });
    expect(r.data).toMatchObject({ role: "default", name: "Default Role" });
  });

  it("creates (lowercased), gets, updates with unset, lists and deletes a role", async () => {
    const c = await h.ok("createRole", {
      body: {
        role: "Editors",
        name: "Editors",
        description: "d",
        metadata: { a: 1 },
        settings: { listUsers: "all" },
      },
    });
    expect(c.data).toMatchObject({ role: "editors", name: "Editors", settings: { listUsers: "all" } });
    await h.fails("createRole", { body: { role: "EDITORS", name: "x" } }, 400, "ERR_ROLE_ALREADY_EXISTS");
    const u = await h.ok("updateRole", {
      params: { role: "editors" },
      body: { name: "Ed", unset: ["description", "metadata"] },
    });
    expect(u.data.name).toBe("Ed");
    expect(u.data.description).toBeUndefined();
    expect(u.data.metadata).toBeUndefined();
    const list = await h.ok("listRoles");
    expect(list.data.map((r) => r.role)).toEqual(expect.arrayContaining(["default", "editors"]));
    const d = await h.ok("deleteRole", { params: { role: "editors" } });
    expect(d.data.message).toBe("Role editors has been deleted successfully.");
    await h.fails("getRole", { params: { role: "editors" } }, 404, "ERR_ROLE_NOT_FOUND");
    await h.fails("deleteRole", { params: { role: "editors" } }, 404, "ERR_ROLE_NOT_FOUND");
  });

  it("refuses bad settings and invalid role ids with details", async () => {
    const e = await h.fails(
      "createRole",
      { body: { role: "bad role", name: "", settings: { listUsers: "some" } } },
      400,
      "ERR_BAD_REQUEST",
    );
    expect(Object.keys(e.details ?? {}).sort()).toEqual(["name", "role", "settings.listUsers"]);
  });

  it("the default role cannot be deleted (403 ERR_ROLE_DELETE_DENIED); a role in use is refused", async () => {
    await h.fails("deleteRole", { params: { role: "default" } }, 403, "ERR_ROLE_DELETE_DENIED");
    const role = unique("used");
    await h.ok("createRole", { body: { role, name: "Used" } });
    const uid = unique("holder");
    await h.ok("createUser", { body: { uid, name: uid, role } });
    await h.fails("deleteRole", { params: { role } }, 400, "ERR_ROLE_DELETE_FAILED");
    await h.ok("deleteUser", { params: { uid }, body: { permanent: true } });
    await h.ok("deleteRole", { params: { role } });
  });

  it("allows at most 25 roles, the default role included (403 ERR_PLAN_QUOTA_RESTRICTION)", async () => {
    const solo = await Harness.start();
    try {
      for (let i = 1; i < LIMITS.rolesPerApp; i++)
        await solo.ok("createRole", { body: { role: `r${i}`, name: `R${i}` } });
      expect((await solo.ok("listRoles")).meta.pagination.total).toBe(25);
      await solo.fails(
        "createRole",
        { body: { role: "r25", name: "R25" } },
        403,
        "ERR_PLAN_QUOTA_RESTRICTION",
      );
    } finally {
      await solo.close();
    }
  });

  it("restricts, lists and allows features", async () => {
    const role = unique("rf");
    await h.ok("createRole", { body: { role, name: "RF" } });
    const r = await h.ok("restrictFeatures", {
      params: { role },
      body: { featuresToRestrict: ["u.listUsers", "u.deleteGroup"] },
    });
    expect(r.data["u.listUsers"]?.success).toBe(true);
    const list = await h.ok("listRestrictedFeatures", { params: { role } });
    expect(list.data.map((f) => f.key)).toEqual(["u.listUsers", "u.deleteGroup"]);
    await h.ok("allowFeatures", { params: { role }, body: { featuresToAllow: ["u.listUsers"] } });
    expect((await h.ok("listRestrictedFeatures", { params: { role } })).data.map((f) => f.key)).toEqual([
      "u.deleteGroup",
    ]);
    await h.ok("allowFeatures", { params: { role }, body: { allowAll: true } });
    expect((await h.ok("listRestrictedFeatures", { params: { role } })).data).toEqual([]);
    await h.fails("allowFeatures", { params: { role }, body: {} }, 400, "ERR_BAD_REQUEST");
    await h.fails(
      "restrictFeatures",
      { params: { role }, body: { featuresToRestrict: ["nodot"] } },
      400,
      "ERR_BAD_REQUEST",
    );
    await h.fails(
      "restrictFeatures",
      { params: { role: "ghost" }, body: { featuresToRestrict: ["u.x"] } },
      404,
      "ERR_ROLE_NOT_FOUND",
    );
  });

  it("lists the role permission catalogue, a page of the spec's 28 entries; a set key shows as `value`", async () => {
    const role = unique("cat");
    await h.ok("createRole", { body: { role, name: "Catalogue" } });
    const before = await h.ok("getPermissions", { params: { role } });
    expect(before.data.map((e) => e.id).sort()).toEqual([...ROLE_PERMISSION_KEYS].sort());
    expect(before.meta.pagination).toEqual({
      total: 28,
      count: 28,
      per_page: 100,
      current_page: 1,
      total_pages: 1,
    });
    // The spec's example entries.
    expect(before.data.find((e) => e.id === "createGroup")).toMatchObject({
      type: "role",
      dataType: "string",
      availableValues: ["allow", "deny"],
      defaultValue: "allow",
    });
    const types = before.data.find((e) => e.id === "sendMessage.allowedMessageTypes");
    expect(types).toMatchObject({ type: "role", dataType: "stringArray", defaultValue: [] });
    expect([...(types?.availableValues ?? [])].sort()).toEqual(["audio", "file", "image", "text", "video"]);
    for (const e of before.data) {
      expect(typeof e.title).toBe("string");
      expect(typeof e.createdAt).toBe("number");
      expect(e.value).toBeUndefined();
    }

    await h.ok("setPermissions", {
      params: { role },
      body: { permissions: { sendMessage: "deny", "createGroup.allowedGroupTypes": ["public"] } },
    });
    const after = await h.ok("getPermissions", { params: { role } });
    expect(
      Object.fromEntries(after.data.filter((e) => e.value !== undefined).map((e) => [e.id, e.value])),
    ).toEqual({ sendMessage: "deny", "createGroup.allowedGroupTypes": ["public"] });
    // Another role's catalogue tells nothing of this one's values.
    const other = await h.ok("getPermissions", { params: { role: "default" } });
    expect(other.data.some((e) => e.value !== undefined)).toBe(false);
  });

  it("sets and unsets RBAC permissions: PUT and DELETE answer the whole map", async () => {
    const role = unique("rbac");
    await h.ok("createRole", { body: { role, name: "RBAC" } });
    const set = await h.ok("setPermissions", {
      params: { role },
      body: { permissions: { sendMessage: "deny", "sendMessage.allowedMessageTypes": ["text"] } },
    });
    expect(set.data.permissions).toEqual({
      sendMessage: "deny",
      "sendMessage.allowedMessageTypes": ["text"],
    });
    expect(set.data.sendMessage).toMatchObject({ success: true });
    const unset = await h.ok("unsetPermission", { params: { role, permission: "sendMessage" } });
    expect(unset.data.permissions).toEqual({ "sendMessage.allowedMessageTypes": ["text"] });
    await h.fails("getPermissions", { params: { role: "ghost" } }, 404, "ERR_ROLE_NOT_FOUND");
  });

  it("refuses unknown keys, values outside a key's list or rule, and an empty set, by field", async () => {
    const role = unique("bad");
    await h.ok("createRole", { body: { role, name: "Bad" } });
    const e = await h.fails(
      "setPermissions",
      {
        params: { role },
        body: {
          permissions: {
            "listUsers.mode": "frends",
            "joinGroup.allowedGroupTypes": ["secret"],
            "sendMessage.allowedMimeTypes": ["png"],
            fly: "allow",
          },
        } as never,
      },
      400,
      "ERR_BAD_REQUEST",
    );
    expect(e.details).toEqual({
      "permissions.listUsers.mode": [
        'listUsers.mode "frends" is not valid (closest valid: "friends"; one of all, friends)',
      ],
      "permissions.joinGroup.allowedGroupTypes": [
        "joinGroup.allowedGroupTypes must be one or more of public, password, private",
      ],
      "permissions.sendMessage.allowedMimeTypes.0": ["a MIME type looks like 'image/png'"],
      "permissions.fly": ["The fly field is not allowed."],
    });
    await h.fails("setPermissions", { params: { role }, body: { permissions: {} } }, 400, "ERR_BAD_REQUEST");
    const p = await h.fails(
      "unsetPermission",
      { params: { role, permission: "fly" } },
      400,
      "ERR_BAD_REQUEST",
    );
    expect(p.details).toEqual({ permission: ["fly is not a role permission"] });
    // Nothing was set by the refused calls.
    const got = await h.ok("getPermissions", { params: { role } });
    expect(got.data.some((x) => x.value !== undefined)).toBe(false);
  });
});

describe("API keys", () => {
  it("lists the two system keys of a new app", async () => {
    const r = await h.ok("listApiKeys");
    const system = r.data.filter((k) => k.createdBy === "app_system");
    expect(system.map((k) => [k.name, k.scope]).sort()).toEqual([
      ["Auth Key", "authOnly"],
      ["Rest API Key", "fullAccess"],
    ]);
    expect(system.map((k) => k.apiKey).sort()).toEqual([h.app.apiKey, h.app.authKey].sort());
  });

  it("creates (authOnly by default, 40 hex), gets, updates, filters and deletes; the new key works", async () => {
    const c = await h.ok("createApiKey", { body: { name: "CI key" } });
    expect(c.data.apiKey).toMatch(/^[0-9a-f]{40}$/);
    expect(c.data.scope).toBe("authOnly");
    const full = await h.ok("createApiKey", { body: { name: "Server", scope: "fullAccess" } });
    await h.ok("listUsers", { key: full.data.apiKey });
    await h.fails("listUsers", { key: c.data.apiKey }, 403, "AUTH_ERR_NO_ACCESS");
    const got = await h.ok("getApiKey", { params: { apiKey: c.data.apiKey } });
    expect(got.data.name).toBe("CI key");
    const upd = await h.ok("updateApiKey", {
      params: { apiKey: c.data.apiKey },
      body: { name: "CI", scope: "fullAccess" },
    });
    expect(upd.data).toMatchObject({ name: "CI", scope: "fullAccess" });
    await h.ok("listUsers", { key: c.data.apiKey });
    const byScope = await h.ok("listApiKeys", { query: { scope: "authOnly" } });
    expect(byScope.data.every((k) => k.scope === "authOnly")).toBe(true);
    const bySearch = await h.ok("listApiKeys", { query: { searchKey: "serv" } });
    expect(bySearch.data.map((k) => k.name)).toEqual(["Server"]);
    await h.ok("deleteApiKey", { params: { apiKey: c.data.apiKey } });
    await h.fails("getApiKey", { params: { apiKey: c.data.apiKey } }, 404, "ERR_APIKEY_NOT_FOUND");
    await h.fails("listUsers", { key: c.data.apiKey }, 401, "AUTH_ERR_APIKEY_NOT_FOUND");
  });

  it("a key cannot update or delete itself (403 ERR_APIKEY_NO_SELF_ACTION)", async () => {
    const self = h.app.apiKey;
    await h.fails(
      "updateApiKey",
      { params: { apiKey: self }, body: { name: "x" } },
      403,
      "ERR_APIKEY_NO_SELF_ACTION",
    );
    await h.fails("deleteApiKey", { params: { apiKey: self } }, 403, "ERR_APIKEY_NO_SELF_ACTION");
    await h.fails("deleteApiKey", { params: { apiKey: "0".repeat(40) } }, 404, "ERR_APIKEY_NOT_FOUND");
  });

  it("refuses a bad scope and an empty name", async () => {
    const e = await h.fails(
      "createApiKey",
      { body: { name: "", scope: "everything" } },
      400,
      "ERR_BAD_REQUEST",
    );
    expect(Object.keys(e.details ?? {}).sort()).toEqual(["name", "scope"]);
  });

  it("allows at most 25 keys per app, the system keys included", async () => {
    const solo = await Harness.start();
    try {
      for (let i = 2; i < LIMITS.apiKeysPerApp; i++)
        await solo.ok("createApiKey", { body: { name: `k${i}` } });
      await solo.fails("createApiKey", { body: { name: "one too many" } }, 403, "ERR_PLAN_QUOTA_RESTRICTION");
    } finally {
      await solo.close();
    }
  });
});

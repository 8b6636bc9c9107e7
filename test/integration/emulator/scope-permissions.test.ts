// RBAC for group scopes: the catalogue of a scope with what the group sets, set and unset, the spec's eleven
// keys and their values only (docs/service/roles-and-permissions.md, decision 0040).
import { SCOPE_PERMISSION_KEYS } from "../../../provider/contract";
import { unique } from "../../support/emulator";
import { Harness } from "./harness";

let h: Harness;
let guid: string;
beforeAll(async () => {
  h = await Harness.start();
  guid = unique("sg");
  await h.ok("createGroup", { body: { guid, name: "Scoped", type: "public" } });
});
afterAll(() => h.close());

describe("group scope permissions", () => {
  it("lists the catalogue; a set value shows as `value`, per group and scope", async () => {
    const before = await h.ok("getScopePermissions", { params: { guid, scope: "participant" } });
    expect(before.data.map((p) => p.id).sort()).toEqual([...SCOPE_PERMISSION_KEYS].sort());
    expect(before.meta.pagination.total).toBe(11);
    expect(before.data.find((p) => p.id === "initiateCall.allowedType")).toMatchObject({
      type: "scope",
      dataType: "stringArray",
      availableValues: ["audio", "video"],
      defaultValue: [],
    });
    expect(before.data.some((p) => p.value !== undefined)).toBe(false);

    const set = await h.ok("setScopePermissions", {
      params: { guid, scope: "participant" },
      body: { permissions: { sendMessage: "deny", "listMembers.allowedScopes": ["admin", "moderator"] } },
    });
    expect(set.data.permissions).toEqual({
      sendMessage: "deny",
      "listMembers.allowedScopes": ["admin", "moderator"],
    });
    expect(set.data.sendMessage).toMatchObject({ success: true });
    const after = await h.ok("getScopePermissions", { params: { guid, scope: "participant" } });
    expect(after.data.find((p) => p.id === "sendMessage")?.value).toBe("deny");
    const admins = await h.ok("getScopePermissions", { params: { guid, scope: "admin" } });
    expect(admins.data.some((p) => p.value !== undefined)).toBe(false);

    const unset = await h.ok("unsetScopePermission", {
      params: { guid, scope: "participant", permission: "sendMessage" },
    });
    expect(unset.data.permissions).toEqual({ "listMembers.allowedScopes": ["admin", "moderator"] });
  });

  it("refuses unknown keys, values outside a key's list and an empty set, by field", async () => {
    const e = await h.fails(
      "setScopePermissions",
      {
        params: { guid, scope: "admin" },
        body: { permissions: { initiateCall: "friends", "initiateCall.allowedType": ["fax"], fly: "allow" } },
      },
      400,
      "ERR_BAD_REQUEST",
    );
    expect(e.details).toEqual({
      "permissions.initiateCall": [
        'initiateCall "friends" is not valid (closest valid: "deny"; one of allow, deny)',
      ],
      "permissions.initiateCall.allowedType": [
        "initiateCall.allowedType must be one or more of audio, video",
      ],
      "permissions.fly": ["The fly field is not allowed."],
    });
    await h.fails(
      "setScopePermissions",
      { params: { guid, scope: "admin" }, body: { permissions: {} } },
      400,
      "ERR_BAD_REQUEST",
    );
  });

  it("a bad scope or permission is refused; an unknown group is not found", async () => {
    const s = await h.fails(
      "getScopePermissions",
      { params: { guid, scope: "owner" } },
      400,
      "ERR_BAD_REQUEST",
    );
    expect(s.details).toEqual({ scope: ["scope must be one of admin, moderator, participant"] });
    const p = await h.fails(
      "unsetScopePermission",
      { params: { guid, scope: "admin", permission: "fly" } },
      400,
      "ERR_BAD_REQUEST",
    );
    expect(Object.keys(p.details ?? {})).toEqual(["permission"]);
    await h.fails(
      "getScopePermissions",
      { params: { guid: "nope", scope: "admin" } },
      404,
      "ERR_GUID_NOT_FOUND",
    );
  });
});

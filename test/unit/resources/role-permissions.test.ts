// Role permissions (decision 0064): the vendor's 28-key catalogue, its values refused by name at preview, and
// how the resources read a catalogue (an entry's `value`, else the fallback) and move to the declared keys.
import { availableValues, ROLE_PERMISSIONS, routes } from "../../../provider/contract";
import { CrudProvider, kinds } from "../../../provider/kinds";
import { managedNow, permissionChanges } from "../../../provider/kinds/permissions";

const role = new CrudProvider(kinds.Role as never);
const failures = async (permissions: unknown) =>
  (await role.check({}, { role: "mods", name: "Mods", permissions })).failures.map((f) => f.reason);

describe("the role permission catalogue", () => {
  it("holds the spec's 28 keys, with the values and defaults its example gives", () => {
    // docs/service/roles-and-permissions.md, the keys of the PUT and DELETE examples.
    expect(Object.keys(ROLE_PERMISSIONS).sort()).toEqual(
      [
        "listUsers",
        "listUsers.mode",
        "listUsers.allowedRoles",
        "getUserDetails.mode",
        "getUserDetails.allowedRoles",
        "sendMessage",
        "sendMessage.mode",
        "sendMessage.allowedReceiverTypes",
        "sendMessage.allowedReceiverRoles",
        "sendMessage.allowedMessageTypes",
        "sendMessage.allowedMessageCategories",
        "sendMessage.allowedCustomTypes",
        "sendMessage.allowedMimeTypes",
        "editMessage",
        "editMessage.denyForScopes",
        "deleteMessage",
        "deleteMessage.denyForScopes",
        "initiateCall",
        "initiateCall.mode",
        "initiateCall.allowedReceiverRoles",
        "createGroup",
        "createGroup.allowedGroupTypes",
        "listGroups",
        "listGroups.allowedGroupTypes",
        "joinGroup",
        "joinGroup.allowedGroupTypes",
        "listMessages.allowedMessageCategories",
        "listMessages.allowedMessageTypes",
      ].sort(),
    );
    expect(ROLE_PERMISSIONS.createGroup).toMatchObject({
      dataType: "string",
      values: ["allow", "deny"],
      defaultValue: "allow",
    });
    expect(ROLE_PERMISSIONS["sendMessage.allowedMessageTypes"]).toMatchObject({
      dataType: "stringArray",
      defaultValue: [],
    });
    expect(availableValues(ROLE_PERMISSIONS["sendMessage.allowedMessageTypes"]).sort()).toEqual([
      "audio",
      "file",
      "image",
      "text",
      "video",
    ]);
  });
});

describe("Role permissions at preview", () => {
  it("takes the spec's example values, one value alone for a list, and lowercases role ids", async () => {
    const r = await role.check(
      {},
      {
        role: "mods",
        name: "Mods",
        permissions: {
          createGroup: "allow",
          "listUsers.mode": "friends",
          "createGroup.allowedGroupTypes": ["public"],
          "sendMessage.allowedReceiverRoles": ["New_Role", "default"],
          "sendMessage.allowedMimeTypes": "image/png",
          "sendMessage.allowedCustomTypes": [],
          "editMessage.denyForScopes": ["participant"],
        },
      },
    );
    expect(r.failures).toEqual([]);
    expect((r.inputs.permissions as Record<string, unknown>)["sendMessage.allowedReceiverRoles"]).toEqual([
      "new_role",
      "default",
    ]);
  });

  it("refuses an unknown key, naming it", async () => {
    expect(await failures({ sendMesage: "deny" })).toEqual([
      'permissions: sendMesage is not a permission (closest valid: "sendMessage")',
    ]);
  });

  it("refuses a value outside a key's list, naming the key and the valid values", async () => {
    expect(await failures({ "listUsers.mode": "frends", createGroup: "no" })).toEqual(
      expect.arrayContaining([
        'permissions.listUsers.mode: listUsers.mode "frends" is not valid (closest valid: "friends"; one of all, friends)',
        'permissions.createGroup: createGroup "no" is not valid (closest valid: "deny"; one of allow, deny)',
      ]),
    );
    expect(await failures({ "joinGroup.allowedGroupTypes": ["public", "secret"] })).toEqual([
      "permissions.joinGroup.allowedGroupTypes: joinGroup.allowedGroupTypes must be one or more of public, password, private",
    ]);
    expect(await failures({ "listMessages.allowedMessageCategories": ["call"] })).toEqual([
      "permissions.listMessages.allowedMessageCategories: listMessages.allowedMessageCategories must be one or more of message, action, custom",
    ]);
  });

  it("refuses open values that break their rule, naming the key and the rule", async () => {
    expect(await failures({ "listUsers.allowedRoles": ["bad role!"] })).toEqual([
      "permissions.listUsers.allowedRoles.0: a role id may contain only letters, digits, '-' and '_'",
    ]);
    expect(await failures({ "sendMessage.allowedMimeTypes": ["png"] })).toEqual([
      "permissions.sendMessage.allowedMimeTypes.0: a MIME type looks like 'image/png'",
    ]);
  });

  it("a PUT must set at least one key", () => {
    const body = routes.setPermissions.body;
    expect(body?.safeParse({ permissions: {} }).success).toBe(false);
    expect(body?.safeParse({ permissions: { listUsers: "deny" } }).success).toBe(true);
  });
});

describe("reading a permission catalogue", () => {
  const entry = (id: string, value?: string | string[]) => ({
    id,
    type: "role",
    dataType: "string",
    availableValues: [],
    ...(value === undefined ? {} : { value }),
  });

  it("takes an entry's value, keeps the fallback where the entry has none, and keeps the declared order", () => {
    const entries = [entry("sendMessage", "allow"), entry("createGroup"), entry("x", ["b", "a"])];
    const managed = { sendMessage: "deny", createGroup: "deny", x: ["a", "b"], gone: "allow" };
    expect(managedNow(entries, managed)).toEqual({
      sendMessage: "allow",
      createGroup: "deny",
      x: ["a", "b"],
      gone: "allow",
    });
    // Adoption: nothing to fall back on, so what the catalogue does not tell is absent.
    expect(managedNow(entries, managed, {})).toEqual({ sendMessage: "allow", x: ["a", "b"] });
  });

  it("sets what differs (lists as sets) and unsets what is no longer declared", () => {
    expect(
      permissionChanges(
        { sendMessage: "deny", x: ["a", "b"], old: "allow" },
        { sendMessage: "allow", x: ["b", "a"], y: "all" },
      ),
    ).toEqual({ set: { sendMessage: "allow", y: "all" }, unset: ["old"] });
    expect(permissionChanges({ x: "a" }, { x: ["a"] })).toEqual({ unset: [] });
  });
});

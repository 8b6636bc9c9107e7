// Role.permissions against the emulator, through the generic provider (decision 0064): the values are read from
// the permission catalogue, refresh sees drift of the declared keys, a key no longer declared is unset, and
// adoption writes what the catalogue does not show.
import type { ChatClient } from "../../../provider/client";
import { type Emulated, useEmulated } from "../../support/emulator";
import { providerOf } from "../../support/provider";

type Props = Record<string, unknown>;
const roleKind = providerOf("Role");

describe("Role permissions", () => {
  const emulated = useEmulated();
  let emu: Emulated;
  let chat: ChatClient;
  let connection: Props;
  beforeAll(() => {
    emu = emulated();
    ({ chat, connection } = emu);
  });

  /** What the service's catalogue says the role sets. */
  const values = async (role: string) =>
    Object.fromEntries(
      (await chat.call("getPermissions", { params: { role } })).data.flatMap((e) =>
        e.value === undefined ? [] : [[e.id, e.value]],
      ),
    );

  it("sets the declared keys, sees drift on refresh, and unsets a key no longer declared", async () => {
    const args: Props = {
      role: "perm-drift",
      name: "Drift",
      permissions: { sendMessage: "deny", "sendMessage.allowedMessageTypes": ["text", "image"] },
      connection,
    };
    const { id, outs } = await roleKind.create((await roleKind.check({}, args)).inputs);
    expect(await values(id)).toEqual({
      sendMessage: "deny",
      "sendMessage.allowedMessageTypes": ["text", "image"],
    });
    const fresh = await roleKind.read(id, outs);
    expect(fresh.inputs?.permissions).toEqual(args.permissions);
    expect((await roleKind.diff(id, fresh.props ?? {}, args)).changes).toBe(false);

    // Out of band: a declared key changes, an undeclared one is set, a list is reordered.
    await chat.call("setPermissions", {
      params: { role: id },
      body: {
        permissions: {
          sendMessage: "allow",
          createGroup: "deny",
          "sendMessage.allowedMessageTypes": ["image", "text"],
        },
      },
    });
    const drift = await roleKind.read(id, outs);
    expect(drift.inputs?.permissions).toEqual({
      sendMessage: "allow",
      "sendMessage.allowedMessageTypes": ["text", "image"],
    });
    const d = await roleKind.diff(id, drift.props ?? {}, args);
    expect(d.changes).toBe(true);
    expect(d.replaces ?? []).toEqual([]);

    // The next up: the drifted key is set back, the removed one unset, the undeclared one left alone.
    const fewer: Props = { ...args, permissions: { sendMessage: "deny" } };
    const up = await roleKind.update(id, drift.props ?? {}, (await roleKind.check({}, fewer)).inputs);
    expect(await values(id)).toEqual({ sendMessage: "deny", createGroup: "deny" });
    const after = await roleKind.read(id, up.outs);
    expect(after.inputs?.permissions).toEqual({ sendMessage: "deny" });
    expect((await roleKind.diff(id, after.props ?? {}, fewer)).changes).toBe(false);

    await roleKind.delete(id, up.outs);
  });

  it("adoption writes the declared keys the catalogue does not show, and only when something differs", async () => {
    await chat.call("createRole", { body: { role: "perm-adopt", name: "Adopt" } });
    await chat.call("setPermissions", {
      params: { role: "perm-adopt" },
      body: { permissions: { listGroups: "deny" } },
    });
    const permissionWrites = () =>
      emu.admin
        .requests()
        .filter((r) => r.method !== "GET" && r.path.includes("/roles/perm-adopt/permissions"))
        .map((r) => r.method);
    const args: Props = {
      role: "perm-adopt",
      name: "Adopt",
      permissions: { listGroups: "deny", "listUsers.mode": "friends" },
      connection,
      adopt: true,
    };
    emu.admin.clearRequests();
    const { id } = await roleKind.create((await roleKind.check({}, args)).inputs);
    expect(id).toBe("perm-adopt");
    expect(await values(id)).toEqual({ listGroups: "deny", "listUsers.mode": "friends" });
    expect(permissionWrites()).toEqual(["PUT"]);

    // Adopted again exactly as it is: nothing is written.
    emu.admin.clearRequests();
    await roleKind.create((await roleKind.check({}, args)).inputs);
    expect(permissionWrites()).toEqual([]);
  });

  it("refuses unknown keys and values at check, naming them", async () => {
    const r = await roleKind.check(
      {},
      { role: "r", name: "R", permissions: { sendMesage: "deny", "initiateCall.mode": "none" }, connection },
    );
    const text = r.failures.map((f) => f.reason).join("\n");
    expect(text).toMatch(/sendMesage is not a permission \(closest valid: "sendMessage"\)/);
    expect(text).toMatch(/permissions.initiateCall.mode: initiateCall.mode "none" is not valid/);
  });
});

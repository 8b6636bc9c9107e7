// AppSettings and GroupScopePermissions against the emulator, through the generic provider: only the
// declared keys are managed, refresh sees drift of them, delete puts back what was there (app settings) or
// unsets (group scopes), and bad keys or values are refused at check by name.
import type { ChatClient, ManagementClient } from "../../../provider/client";
import { type Emulated, useEmulated } from "../../support/emulator";
import { providerOf } from "../../support/provider";

type Props = Record<string, unknown>;
const settingsKind = providerOf("AppSettings");
const scopeKind = providerOf("GroupScopePermissions");

describe("app configuration kinds", () => {
  let emu: Emulated;
  let mgmt: ManagementClient;
  let chat: ChatClient;
  let appId: string;
  let managementConnection: Props;
  let connection: Props;
  const emulated = useEmulated();
  beforeAll(() => {
    emu = emulated();
    ({ mgmt, chat, appId, managementConnection, connection } = emu);
  });

  it("AppSettings: refuses list-valued and read-only keys by name", async () => {
    const r = await settingsKind.check(
      {},
      {
        appId,
        settings: {
          "core.notifications.push.advanced.included": ["x"],
          "core.threads.updateOnReplies": "yes",
        },
      },
    );
    expect(r.failures).toEqual(
      expect.arrayContaining([
        {
          property: "",
          reason:
            "settings.core.notifications.push.advanced.included: a setting's value must be true or false",
        },
        {
          property: "",
          reason: "settings.core.threads.updateOnReplies: a setting's value must be true or false",
        },
      ]),
    );
    const ro = await settingsKind.check(
      {},
      { appId, settings: { "core.notifications.push.advanced.included": true } },
    );
    expect(ro.failures[0]?.reason).toMatch(/read-only/);
  });

  it("AppSettings: manages the declared keys only, shows drift, and restores the previous values on delete", async () => {
    const get = async () => (await mgmt.call("getAppSettings", { params: { appId } })).data;
    await mgmt.call("setAppSettings", {
      params: { appId },
      body: {
        settings: {
          "core.conversations.updateOnGroupActions": true,
          "core.notifications.push.enabled": true,
        },
      },
    });
    const args: Props = {
      appId,
      settings: { "core.notifications.push.enabled": false, "core.advanced.search.enabled": true },
      managementConnection,
    };
    const { id, outs } = await settingsKind.create((await settingsKind.check({}, args)).inputs);
    expect(await get()).toMatchObject({
      "core.conversations.updateOnGroupActions": true,
      "core.notifications.push.enabled": false,
      "core.advanced.search.enabled": true,
    });
    expect(outs.previous).toEqual({ "core.notifications.push.enabled": true });

    await mgmt.call("setAppSettings", {
      params: { appId },
      body: { settings: { "core.notifications.push.enabled": true } },
    });
    const drift = await settingsKind.read(id, outs);
    expect(drift.inputs?.settings).toEqual({
      "core.notifications.push.enabled": true,
      "core.advanced.search.enabled": true,
    });
    const up = await settingsKind.update(id, drift.props ?? {}, args);
    expect(await get()).toMatchObject({ "core.notifications.push.enabled": false });

    await settingsKind.delete(id, up.outs);
    const after = await get();
    expect(after).toMatchObject({
      "core.conversations.updateOnGroupActions": true,
      "core.notifications.push.enabled": true,
      "core.advanced.search.enabled": true,
    });
  });

  it("GroupScopePermissions: unknown keys and values are refused by name", async () => {
    const r = await scopeKind.check(
      {},
      { guid: "g", scope: "participant", permissions: { sendMessage: "friends", fly: "allow" } },
    );
    const text = r.failures.map((f) => f.reason).join("\n");
    expect(text).toMatch(
      /permissions.sendMessage: sendMessage "friends" is not valid \(closest valid: "deny"; one of allow, deny\)/,
    );
    expect(text).toMatch(/fly/);
    const s = await scopeKind.check({}, { guid: "g", scope: "owner", permissions: { sendMessage: "deny" } });
    expect(s.failures[0]?.reason).toMatch(/^scope/);
  });

  it("GroupScopePermissions: sets, refreshes drift, unsets removed keys and on delete", async () => {
    await chat.call("createGroup", { body: { guid: "scoped", name: "Scoped", type: "public" } });
    const value = async (k: string) =>
      (
        await chat.call("getScopePermissions", { params: { guid: "scoped", scope: "participant" } })
      ).data.find((e) => e.id === k)?.value;
    const args: Props = {
      guid: "scoped",
      scope: "participant",
      permissions: { sendMessage: "deny", "initiateCall.allowedType": ["audio"] },
      connection,
    };
    const { id, outs } = await scopeKind.create((await scopeKind.check({}, args)).inputs);
    expect(id).toBe("scoped/participant");
    expect(await value("sendMessage")).toBe("deny");
    expect((await scopeKind.diff(id, (await scopeKind.read(id, outs)).props ?? {}, args)).changes).toBe(
      false,
    );

    await chat.call("setScopePermissions", {
      params: { guid: "scoped", scope: "participant" },
      body: { permissions: { sendMessage: "allow" } },
    });
    const drift = await scopeKind.read(id, outs);
    expect((drift.inputs?.permissions as Props | undefined)?.sendMessage).toBe("allow");
    const fewer: Props = { ...args, permissions: { sendMessage: "deny" } };
    const up = await scopeKind.update(id, drift.props ?? {}, fewer);
    expect(await value("sendMessage")).toBe("deny");
    expect(await value("initiateCall.allowedType")).toBeUndefined();

    await scopeKind.delete(id, up.outs);
    expect(await value("sendMessage")).toBeUndefined();
  });
});

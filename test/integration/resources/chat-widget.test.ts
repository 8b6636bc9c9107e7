// The ChatWidget kind against the emulator, through the generic provider as the engine drives it (decision
// 0114): bad input refused at check naming the field, create/read/update in place, drift shown and reverted,
// destroy leaving the widget (no delete route), adopt and import by id, and a lost create not doubled.
import type { ManagementClient } from "../../../provider/client";
import { resetBudgets } from "../../../provider/client";
import { type Emulated, FAST, unique, useEmulated } from "../../support/emulator";
import { providerOf } from "../../support/provider";

type Props = Record<string, unknown>;
const provider = providerOf("ChatWidget");

/** The `main` flags the vendor gives no default. */
const mainFlags = {
  allow_creating_polls: true,
  allow_message_reactions: true,
  allow_moderator_to_delete_member_messages: false,
  allow_promote_demote_members: false,
  enable_collaborative_document: false,
  enable_collaborative_whiteboard: false,
  enable_message_translation: true,
  send_message_in_private_to_group_member: true,
};

describe("ChatWidget", () => {
  let emu: Emulated;
  let mgmt: ManagementClient;
  let appId: string;
  let managementConnection: Props;
  const emulated = useEmulated({ clientOptions: FAST });
  beforeAll(() => {
    emu = emulated();
    ({ mgmt, appId, managementConnection } = emu);
  });
  afterEach(() => {
    emu.admin.clearFaults();
    resetBudgets();
  });

  const listed = async () => (await mgmt.call("listChatWidgets", { params: { appId } })).data.body.data;
  const checked = async (args: Props) => {
    const r = await provider.check({}, { appId, managementConnection, ...args });
    expect(r.failures).toEqual([]);
    return r.inputs;
  };

  it("check names the field and the rule: an unknown flag, a flag the vendor requires, a wrong type", async () => {
    const r = await provider.check(
      {},
      {
        appId,
        name: "",
        style: { primary_colour: "#fff" },
        sidebar: { users: true },
        main: { ...mainFlags, send_gifs: "yes" },
      },
    );
    const reasons = r.failures.map((f) => f.reason).join("\n");
    expect(reasons).toMatch(/name must not be empty/);
    expect(reasons).toMatch(/style.*primary_colour/);
    expect(reasons).toMatch(/sidebar\.calls/);
    expect(reasons).toMatch(/main\.send_gifs/);
  });

  it("creates with the vendor's defaults filled in, reads without drift, updates in place, shows and reverts drift", async () => {
    const name = unique("widget");
    const inputs = await checked({ name, sidebar: { calls: true }, main: mainFlags });
    const { id, outs } = await provider.create(inputs);
    const widgetId = String(outs.widgetId);
    expect(id).toBe(`${appId}/${widgetId}`);
    const stored = (await listed()).find((w) => w.widgetId === widgetId)?.configuration;
    expect(stored).toMatchObject({ name, version: "v2", appId });
    // Defaults the vendor documents travel with the create (the service wants them).
    expect(stored?.sidebar).toMatchObject({ calls: true, users: true, user_listing: "all_users" });
    expect(stored?.main).toMatchObject({ send_files: true, send_gifs: false });
    const { managementConnection: _, ...declared } = inputs;
    expect((await provider.read(id, outs)).inputs).toEqual(declared);

    // A change is an update of the same widget.
    const changed = await checked({
      name,
      sidebar: { calls: false },
      main: { ...mainFlags, send_gifs: true },
    });
    const diff = await provider.diff(id, outs, changed);
    expect(diff.replaces ?? []).toEqual([]);
    const { outs: after } = await provider.update(id, outs, changed);
    expect(after.widgetId).toBe(widgetId);
    expect((await listed()).filter((w) => w.configuration.name === name)).toHaveLength(1);

    // Someone changes it in the dashboard: the refresh shows it, the next update puts it back.
    const drifted = { name, version: "v2", sidebar: { ...(after.sidebar as Props), calls: true }, widgetId };
    await mgmt.call("updateChatWidget", {
      params: { appId },
      body: { settings: { ...drifted, main: after.main as typeof mainFlags } },
    });
    const refreshed = await provider.read(id, after);
    expect(refreshed.inputs?.sidebar).toMatchObject({ calls: true });
    expect((await provider.diff(id, refreshed.props ?? {}, changed)).changes).toBe(true);
    await provider.update(id, refreshed.props ?? {}, changed);
    const back = (await listed()).find((w) => w.widgetId === widgetId)?.configuration;
    expect(back?.sidebar).toMatchObject({ calls: false });

    // No delete route: destroy leaves the widget in the app.
    await provider.delete(id, after);
    expect((await listed()).some((w) => w.widgetId === widgetId)).toBe(true);
  });

  it("a part left undeclared is not compared; an import reads the whole widget from its id", async () => {
    const name = unique("partial");
    const { id, outs } = await provider.create(await checked({ name, style: { primary_color: "#123456" } }));
    const read = await provider.read(id, outs);
    expect(Object.keys(read.inputs ?? {}).sort()).toEqual(["appId", "name", "style"]);
    const imported = await provider.read(id, { managementConnection }, true);
    expect(imported.inputs).toMatchObject({ appId, name, style: { primary_color: "#123456" } });
    // A widget that is gone reads as gone (the engine then makes it again).
    expect((await provider.read(`${appId}/no-such-widget`, outs)).id).toBe("");
  });

  it("adopts a widget by its name, and refuses a name two widgets share", async () => {
    const name = unique("adopted");
    const made = await mgmt.call("createChatWidget", {
      params: { appId },
      body: { settings: { name, version: "v2" } },
    });
    const widgetId = made.data.body.data.widgetId;
    const inputs = await checked({ name, style: { background_color: "#000000" }, adopt: true });
    const { id } = await provider.create(inputs);
    expect(id).toBe(`${appId}/${widgetId}`);
    const stored = (await listed()).find((w) => w.widgetId === widgetId)?.configuration;
    expect(stored?.style).toMatchObject({ background_color: "#000000" });
    expect((await listed()).filter((w) => w.configuration.name === name)).toHaveLength(1);

    await mgmt.call("createChatWidget", { params: { appId }, body: { settings: { name, version: "v2" } } });
    await expect(provider.create(inputs)).rejects.toThrow(/2 chat widgets are named/);
  });

  it("a create whose answer was lost is found in the listing by its name, not made twice", async () => {
    const name = unique("lost");
    const path = `/apps/${appId}/extensions/widget/v2/settings`;
    emu.admin.clearRequests();
    emu.admin.setFaults([{ kind: "dropAfterApply", method: "POST", path, times: 1 }]);
    const { outs } = await provider.create(await checked({ name }));
    const mine = (await listed()).filter((w) => w.configuration.name === name);
    expect(mine.map((w) => w.widgetId)).toEqual([outs.widgetId]);
    expect(emu.admin.requests().filter((r) => r.method === "POST" && r.path === path)).toHaveLength(1);
  });
});

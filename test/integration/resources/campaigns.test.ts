// The campaigns service's CampaignCategory and CampaignChannel kinds against the emulator, through the generic
// provider as the engine drives it (decision 0131): bad input refused at check, create/read/update in place,
// drift shown and reverted, a category deleted and a channel left (no delete route), adopt by name or
// channelId, listings walked past one page, a lost create found rather than doubled, and the service's rules.
import { ConflictError, resetBudgets } from "../../../provider/client";
import { clientContext } from "../../../provider/kinds";
import { campaignCategory } from "../../../provider/kinds/campaign-category";
import { type Emulated, FAST, unique, useEmulated } from "../../support/emulator";
import { providerOf } from "../../support/provider";

type Props = Record<string, unknown>;
const categories = providerOf("CampaignCategory");
const channels = providerOf("CampaignChannel");
const CATEGORIES = "/v3/campaigns/templates/categories";
const CHANNELS = "/v3/campaigns/channels";

describe("the campaigns service's categories and channels", () => {
  let emu: Emulated;
  let connection: Emulated["connection"];
  const emulated = useEmulated({ clientOptions: FAST });
  beforeAll(() => {
    emu = emulated();
    ({ connection } = emu);
  });
  afterEach(() => {
    emu.admin.clearFaults();
    resetBudgets();
  });

  const checked = async (p: typeof categories, args: Props) => {
    const r = await p.check({}, { connection, ...args });
    expect(r.failures).toEqual([]);
    return r.inputs;
  };
  const allCategories = async () =>
    (await emu.chat.call("listCampaignCategories", { query: { limit: 100 } })).data;
  const channel = async (id: string) => (await emu.chat.call("getCampaignChannel", { params: { id } })).data;

  it("check names the field and the rule before any call", async () => {
    emu.admin.clearRequests();
    const c = await categories.check({}, { connection, name: " ", description: "x".repeat(256) });
    const cr = c.failures.map((f) => f.reason).join("\n");
    expect(cr).toMatch(/name must not be empty/);
    expect(cr).toMatch(/description must be at most 255 characters/);
    const h = await channels.check({}, { connection, name: "Feed", type: "fax", channelId: "a b" });
    const hr = h.failures.map((f) => f.reason).join("\n");
    expect(hr).toMatch(/type/);
    expect(hr).toMatch(/a channelId may contain only letters, digits, '-' and '_'/);
    expect(emu.admin.requests()).toEqual([]);
  });

  it("a category: made, read without drift, its description changed in place, drift reverted, deleted", async () => {
    const name = unique("promos");
    const inputs = await checked(categories, { name, description: "Offers" });
    const { id, outs } = await categories.create(inputs);
    expect((await allCategories()).find((c) => c.id === id)).toMatchObject({ name, description: "Offers" });
    const { connection: _, ...declared } = inputs;
    expect((await categories.read(id, outs)).inputs).toEqual(declared);

    const changed = await checked(categories, { name, description: "Offers and sales" });
    expect((await categories.diff(id, outs, changed)).replaces ?? []).toEqual([]);
    await categories.update(id, outs, changed);
    // Someone edits it in the dashboard: the refresh shows it, the next update puts it back.
    await emu.chat.call("updateCampaignCategory", { params: { id }, body: { description: "edited" } });
    const refreshed = await categories.read(id, outs);
    expect(refreshed.inputs?.description).toBe("edited");
    expect((await categories.diff(id, refreshed.props ?? {}, changed)).changes).toBe(true);
    await categories.update(id, refreshed.props ?? {}, changed);
    expect((await allCategories()).find((c) => c.id === id)?.description).toBe("Offers and sales");

    // A new name is a new category (the name is what the file and adopt name it by).
    const renamed = await checked(categories, { name: `${name}-2` });
    expect((await categories.diff(id, outs, renamed)).replaces).toEqual(["name"]);

    await categories.delete(id, outs);
    expect((await allCategories()).some((c) => c.id === id)).toBe(false);
    expect((await categories.read(id, outs)).id).toBe("");
  });

  it("a category's name is unique in the app: a second create is a conflict; adopt takes the one there", async () => {
    const name = unique("taken");
    const made = await emu.chat.call("createCampaignCategory", { body: { name } });
    await expect(emu.chat.call("createCampaignCategory", { body: { name } })).rejects.toBeInstanceOf(
      ConflictError,
    );
    const { id } = await categories.create(
      await checked(categories, { name, description: "adopted", adopt: true }),
    );
    expect(id).toBe(made.data.id);
    expect((await allCategories()).filter((c) => c.name === name)).toEqual([
      expect.objectContaining({ description: "adopted" }),
    ]);
  });

  it("lists every category, walking the cursor past a full page of 100", async () => {
    const prefix = unique("many");
    for (let i = 0; i < 101; i++)
      await emu.chat.call("createCampaignCategory", { body: { name: `${prefix}-${i}` } });
    const listed = await campaignCategory.list?.(clientContext({ chat: () => emu.chat }), {});
    const mine = (listed ?? []).filter((l) => String(l.args.name).startsWith(prefix));
    expect(mine).toHaveLength(101);
  });

  it("a category create whose answer was lost is found by its name, not made twice", async () => {
    const name = unique("lost");
    emu.admin.clearRequests();
    emu.admin.setFaults([{ kind: "dropAfterApply", method: "POST", path: CATEGORIES, times: 1 }]);
    const { id } = await categories.create(await checked(categories, { name }));
    expect((await allCategories()).filter((c) => c.name === name).map((c) => c.id)).toEqual([id]);
    expect(emu.admin.requests().filter((r) => r.method === "POST" && r.path === CATEGORIES)).toHaveLength(1);
  });

  it("a channel: made disabled by default, renamed and enabled in place, left in the app by destroy", async () => {
    const channelId = unique("feed");
    const inputs = await checked(channels, { channelId, name: "Feed", type: "in_app" });
    expect(inputs.enabled).toBe(false);
    const { id, outs } = await channels.create(inputs);
    expect(await channel(id)).toMatchObject({ channelId, name: "Feed", type: "in_app", enabled: false });
    const { connection: _, ...declared } = inputs;
    expect((await channels.read(id, outs)).inputs).toEqual(declared);

    const changed = await checked(channels, { channelId, name: "Main feed", type: "in_app", enabled: true });
    expect((await channels.diff(id, outs, changed)).replaces ?? []).toEqual([]);
    await channels.update(id, outs, changed);
    expect(await channel(id)).toMatchObject({ name: "Main feed", enabled: true });
    // Its type is fixed for its channelId (the old channel cannot be deleted to make way): refused at check,
    // naming the field; with a new channelId it is a new channel.
    const retyped = await channels.check(changed, { connection, channelId, name: "Main feed", type: "push" });
    expect(retyped.failures.map((f) => f.reason)).toEqual([
      expect.stringMatching(/^type: a channel's type cannot change \(in_app to push\)/),
    ]);
    const moved = await checked(channels, {
      channelId: `${channelId}-push`,
      name: "Main feed",
      type: "push",
    });
    expect((await channels.diff(id, outs, moved)).replaces?.sort()).toEqual(["channelId", "type"]);

    await channels.delete(id, outs);
    expect(await channel(id)).toMatchObject({ channelId });
  });

  it("the service's channel rules: one push channel, restricted types, unique channelIds; adopt by channelId", async () => {
    const push = unique("push");
    await emu.chat.call("createCampaignChannel", { body: { channelId: push, name: "Push", type: "push" } });
    await expect(
      emu.chat.call("createCampaignChannel", {
        body: { channelId: unique("push2"), name: "P2", type: "push" },
      }),
    ).rejects.toThrow(/at most one push channel/);
    await expect(
      emu.chat.call("createCampaignChannel", { body: { channelId: unique("sms"), name: "S", type: "sms" } }),
    ).rejects.toThrow(/not available/);
    await expect(
      emu.chat.call("createCampaignChannel", { body: { channelId: push, name: "again", type: "in_app" } }),
    ).rejects.toBeInstanceOf(ConflictError);

    const { id } = await channels.create(
      await checked(channels, {
        channelId: push,
        name: "Push alerts",
        type: "push",
        enabled: true,
        adopt: true,
      }),
    );
    expect(await channel(id)).toMatchObject({ channelId: push, name: "Push alerts", enabled: true });
  });

  it("a channel create whose answer was lost is found by its channelId, not made twice", async () => {
    const channelId = unique("lostch");
    emu.admin.clearRequests();
    emu.admin.setFaults([{ kind: "dropAfterApply", method: "POST", path: CHANNELS, times: 1 }]);
    const { id } = await channels.create(
      await checked(channels, { channelId, name: "Lost", type: "in_app" }),
    );
    expect(await channel(id)).toMatchObject({ channelId });
    expect(emu.admin.requests().filter((r) => r.method === "POST" && r.path === CHANNELS)).toHaveLength(1);
  });
});

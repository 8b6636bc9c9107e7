// The campaigns service's CampaignCategory, CampaignChannel and CampaignTemplate kinds against the emulator,
// through the generic provider as the engine drives it (decisions 0131, 0134): bad input refused at check,
// create/read/update in place, drift shown and reverted, a category deleted, a channel left (no delete route)
// and a template archived, adopt by name, channelId or templateId, listings walked past one page, a lost
// create found rather than doubled, and the service's rules.
import { ConflictError, resetBudgets } from "../../../provider/client";
import { clientContext } from "../../../provider/kinds";
import { campaignCategory } from "../../../provider/kinds/campaign-category";
import { campaignTemplate } from "../../../provider/kinds/campaign-template";
import { type Emulated, FAST, unique, useEmulated } from "../../support/emulator";
import { providerOf } from "../../support/provider";

type Props = Record<string, unknown>;
const categories = providerOf("CampaignCategory");
const channels = providerOf("CampaignChannel");
const templates = providerOf("CampaignTemplate");
const CATEGORIES = "/v3/campaigns/templates/categories";
const CHANNELS = "/v3/campaigns/channels";
const TEMPLATES = "/v3/campaigns/templates";

describe("the campaigns service's categories, channels and templates", () => {
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
  // Every page (another test makes more than one page of categories): the kind's own listing.
  const allCategories = async () =>
    ((await campaignCategory.list?.(clientContext({ chat: () => emu.chat }), {})) ?? []).map((l) => ({
      id: l.id,
      ...l.args,
    }));
  const channel = async (id: string) => (await emu.chat.call("getCampaignChannel", { params: { id } })).data;
  const template = async (id: string) =>
    (await emu.chat.call("getCampaignTemplate", { params: { id } })).data;

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
  it("check refuses a template's bad input, naming the field and the rule, before any call", async () => {
    emu.admin.clearRequests();
    const r = await templates.check(
      {},
      {
        connection,
        templateId: "a b",
        name: "T",
        templateCategory: "Promotions",
        channels: [
          { channelType: "push", stopCondition: "read", waitMinutes: 7 },
          { channelType: "push", categoryFilterEnabled: true },
        ],
      },
    );
    const reasons = r.failures.map((f) => f.reason).join("\n");
    expect(reasons).toMatch(/a templateId may contain only letters, digits, '-' and '_'/);
    expect(reasons).toMatch(/templateCategory/);
    expect(reasons).toMatch(/a channel type appears once/);
    expect(reasons).toMatch(/push takes delivered, clicked/);
    expect(reasons).toMatch(/waitMinutes must be one of/);
    expect(reasons).toMatch(/for the in_app channel only/);
    const archived = await templates.check(
      {},
      { connection, templateId: "t", name: "T", status: "archived", channels: [{ channelType: "in_app" }] },
    );
    // One failure, its reason naming the field (the engine shows every failure without a property, 0065).
    expect(archived.failures).toEqual([
      { property: "", reason: expect.stringMatching(/^status 'archived' is what destroy does/) },
    ]);
    expect(emu.admin.requests()).toEqual([]);
  });

  it("a template: made, read without drift, its label and a channel's content changed in place, drift reverted, archived by destroy", async () => {
    const templateId = unique("welcome");
    const declared = {
      templateId,
      name: "Welcome",
      templateCategory: "Onboarding",
      tags: ["new"],
      channels: [
        {
          channelType: "in_app",
          dataType: "ui_template",
          categoryFilterEnabled: true,
          content: { title: "Hi" },
        },
        { channelType: "push", sequenceOrder: 2, stopCondition: "clicked", waitMinutes: 30 },
      ],
    };
    const inputs = await checked(templates, declared);
    expect(inputs.status).toBe("draft");
    const { id, outs } = await templates.create(inputs);
    expect(outs.currentVersion).toBe(1);
    expect(await template(id)).toMatchObject({ templateId, name: "Welcome", status: "draft" });
    // The service fills the push channel's content, which the stack does not declare: no drift.
    const { connection: _, ...args } = inputs;
    expect((await templates.read(id, outs)).inputs).toEqual(args);

    const channelsChanged = [
      { ...declared.channels[0], content: { title: "Hello" } },
      declared.channels[1] as Props,
    ];
    const changed = await checked(templates, {
      ...declared,
      label: "Promo",
      status: "approved",
      channels: channelsChanged,
    });
    expect((await templates.diff(id, outs, changed)).replaces ?? []).toEqual([]);
    emu.admin.clearRequests();
    const updated = await templates.update(id, outs, changed);
    expect(emu.admin.requests().map((q) => `${q.method} ${q.path}`)).toEqual([
      `PUT ${TEMPLATES}/${id}`,
      `PUT ${TEMPLATES}/${id}/channels/in_app`,
    ]);
    expect(updated.outs.currentVersion).toBe(3);
    expect(await template(id)).toMatchObject({
      label: "Promo",
      status: "approved",
      channels: [expect.objectContaining({ content: { title: "Hello" } }), expect.anything()],
    });

    // Someone edits the content in the dashboard: the refresh shows it, the next update puts it back.
    await emu.chat.call("updateCampaignTemplateChannel", {
      params: { id, channelType: "in_app" },
      body: { content: { title: "edited" } },
    });
    const refreshed = await templates.read(id, updated.outs);
    expect(((refreshed.inputs?.channels ?? []) as Props[])[0]?.content).toEqual({ title: "edited" });
    const again = await templates.diff(id, refreshed.props ?? {}, changed);
    expect(again).toMatchObject({ changes: true, replaces: [] });
    await templates.update(id, refreshed.props ?? {}, changed);
    expect((await template(id)).channels[0]?.content).toEqual({ title: "Hello" });

    // Another channel setting has no update route: it makes a new template.
    const rewaited = await checked(templates, {
      ...declared,
      channels: [declared.channels[0], { ...declared.channels[1], waitMinutes: 60 }],
    });
    expect((await templates.diff(id, outs, rewaited)).replaces).toEqual(["channels"]);

    // Destroy archives: the service keeps it, the stack reads it as gone, and its templateId is free again.
    await templates.delete(id, outs);
    expect(await template(id)).toMatchObject({ templateId, status: "archived" });
    expect((await templates.read(id, outs)).id).toBe("");
    const { id: next } = await templates.create(await checked(templates, declared));
    expect(next).not.toBe(id);
  });

  it("a template's channelId names an enabled channel of its type; the file orders the channel first", async () => {
    const channelId = unique("tfeed");
    await emu.chat.call("createCampaignChannel", { body: { channelId, name: "Feed", type: "in_app" } });
    const args = {
      templateId: unique("named"),
      name: "Named",
      channels: [{ channelType: "in_app", channelId, content: { title: "x" } }],
    };
    // The channel is disabled (the default): the service refuses to give it to a template.
    await expect(templates.create(await checked(templates, args))).rejects.toThrow(
      /not an enabled in_app channel/,
    );
    const ch = (await emu.chat.call("listCampaignChannels", { query: { limit: 100 } })).data.find(
      (c) => c.channelId === channelId,
    );
    await emu.chat.call("updateCampaignChannel", { params: { id: String(ch?.id) }, body: { enabled: true } });
    const { id } = await templates.create(await checked(templates, args));
    expect((await template(id)).channels).toEqual([expect.objectContaining({ channelId })]);
  });

  it("a live template's templateId is unique: a second create conflicts; adopt takes the one there", async () => {
    const templateId = unique("taken-t");
    const body = { templateId, name: "T", channels: [{ channelType: "in_app" as const }] };
    const made = await emu.chat.call("createCampaignTemplate", { body });
    await expect(emu.chat.call("createCampaignTemplate", { body })).rejects.toBeInstanceOf(ConflictError);
    const { id } = await templates.create(
      await checked(templates, { ...body, label: "adopted", adopt: true }),
    );
    expect(id).toBe(made.data.id);
    expect(await template(id)).toMatchObject({ label: "adopted" });
  });

  it("lists the live templates only, walking the cursor; an archived one is left out", async () => {
    const prefix = unique("tlist");
    const ids: string[] = [];
    for (let i = 0; i < 3; i++)
      ids.push(
        (
          await emu.chat.call("createCampaignTemplate", {
            body: { templateId: `${prefix}-${i}`, name: `T${i}`, channels: [{ channelType: "in_app" }] },
          })
        ).data.id,
      );
    await emu.chat.call("archiveCampaignTemplate", { params: { id: String(ids[0]) } });
    const listed = await campaignTemplate.list?.(clientContext({ chat: () => emu.chat }), {});
    const mine = (listed ?? []).filter((l) => String(l.args.templateId).startsWith(prefix));
    expect(mine.map((l) => l.args.templateId).sort()).toEqual([`${prefix}-1`, `${prefix}-2`]);
  });

  it("a template create whose answer was lost is found by its templateId, not made twice", async () => {
    const templateId = unique("lost-t");
    emu.admin.clearRequests();
    emu.admin.setFaults([{ kind: "dropAfterApply", method: "POST", path: TEMPLATES, times: 1 }]);
    const { id } = await templates.create(
      await checked(templates, { templateId, name: "Lost", channels: [{ channelType: "in_app" }] }),
    );
    expect(await template(id)).toMatchObject({ templateId });
    expect(emu.admin.requests().filter((r) => r.method === "POST" && r.path === TEMPLATES)).toHaveLength(1);
  });
});

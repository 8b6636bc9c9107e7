// CampaignTemplate's rules before any call (decision 0134): the template category one of the create body's seven
// names, archiving left to destroy, one configuration per channel type, each channel's stop condition and wait
// as the vendor's ChannelContentDto allows, the in-app settings on in_app only; and its diff: a channel's content
// changes in place, any other change to the channels replaces. Kind-level, over a stand-in client.
import type { ChatClient } from "../../../provider/client";
import type { Ctx } from "../../../provider/engine/kind";
import { CrudProvider, clientContext, kinds } from "../../../provider/kinds";

const standIn = { chat: async () => undefined, management: async () => undefined };
const templates = new CrudProvider(kinds.CampaignTemplate as never, standIn);

const base = { templateId: "welcome", name: "Welcome", channels: [{ channelType: "in_app" }] };
const reasons = async (args: Record<string, unknown>) =>
  (await templates.check({}, { ...base, ...args })).failures.map((f) => `${f.property}: ${f.reason}`);

describe("CampaignTemplate: check names the field and the rule", () => {
  it("takes a valid template, status draft when left out", async () => {
    const r = await templates.check({}, base);
    expect(r.failures).toEqual([]);
    expect(r.inputs.status).toBe("draft");
  });

  it("a template category is one of the seven names (an app's own category name is not)", async () => {
    const r = (await reasons({ templateCategory: "Marketting" })).join("\n");
    expect(r).toMatch(/templateCategory/);
    expect(r).toMatch(/Marketing/);
    expect(await reasons({ templateCategory: "Product_Showcase" })).toEqual([]);
  });

  it("archiving is destroy's: a declared status archived is refused", async () => {
    expect((await reasons({ status: "archived" })).join("\n")).toMatch(/status.*archived.*destroy/);
  });

  it("at least one channel, one per channel type", async () => {
    expect((await reasons({ channels: [] })).join("\n")).toMatch(/channels must hold at least one channel/);
    const twice = await reasons({ channels: [{ channelType: "push" }, { channelType: "push" }] });
    expect(twice.join("\n")).toMatch(/a channel type appears once/);
  });

  it("a stop condition the channel type takes, a wait of the vendor's values, in-app settings on in_app", async () => {
    const push = (c: Record<string, unknown>) => reasons({ channels: [{ channelType: "push", ...c }] });
    expect((await push({ stopCondition: "read" })).join("\n")).toMatch(
      /stopCondition: .*push takes delivered, clicked/,
    );
    expect(await push({ stopCondition: "clicked" })).toEqual([]);
    expect(
      (await reasons({ channels: [{ channelType: "in_app", stopCondition: "clicked" }] })).join("\n"),
    ).toMatch(/in_app takes delivered, read, engaged/);
    expect((await push({ waitMinutes: 7 })).join("\n")).toMatch(
      /waitMinutes must be one of 5, 10, 30, 60, 240, 1440/,
    );
    expect((await push({ categoryFilterEnabled: true })).join("\n")).toMatch(/for the in_app channel only/);
    expect((await push({ sequenceOrder: 0 })).join("\n")).toMatch(/sequenceOrder must be at least 1/);
    expect((await push({ messageRetentionHours: 0 })).join("\n")).toMatch(
      /messageRetentionHours must be more than 0/,
    );
    expect((await push({ channelType: "fax" })).join("\n")).toMatch(/channelType/);
  });

  it("a templateId is a slug", async () => {
    expect((await reasons({ templateId: "a b" })).join("\n")).toMatch(
      /a templateId may contain only letters, digits, '-' and '_'/,
    );
  });
});

describe("CampaignTemplate: what a change does", () => {
  const recorded = {
    ...base,
    status: "draft",
    channels: [{ channelType: "in_app", content: { title: "a" } }],
  };

  it("a channel's content changes in place; another channel change, or a new templateId, replaces", async () => {
    const content = await templates.diff("id", recorded, {
      ...recorded,
      channels: [{ channelType: "in_app", content: { title: "b" } }],
    });
    expect(content).toMatchObject({ changes: true, replaces: [] });
    const added = await templates.diff("id", recorded, {
      ...recorded,
      channels: [...recorded.channels, { channelType: "push" }],
    });
    expect(added.replaces).toEqual(["channels"]);
    const waited = await templates.diff("id", recorded, {
      ...recorded,
      channels: [{ channelType: "in_app", content: { title: "a" }, waitMinutes: 5 }],
    });
    expect(waited.replaces).toEqual(["channels"]);
    const renamed = await templates.diff("id", recorded, { ...recorded, templateId: "welcome-2" });
    expect(renamed).toMatchObject({ replaces: ["templateId"], deleteBeforeReplace: false });
  });

  it("update sends the changed metadata once and each changed content to its channel's route", async () => {
    const calls: { route: string; req: Record<string, unknown> }[] = [];
    const answer = {
      data: { id: "c1", templateId: "welcome", name: "W", status: "draft", channels: [], currentVersion: 3 },
    };
    const chat = {
      appId: "app",
      call: async (route: string, req: Record<string, unknown>) => {
        calls.push({ route, req });
        return answer;
      },
    } as unknown as ChatClient;
    const ctx: Ctx = clientContext({ chat: () => chat });
    const kind = kinds.CampaignTemplate;
    const olds = kind.args.parse({
      ...base,
      channels: [
        { channelType: "in_app", content: { title: "a" } },
        { channelType: "push", content: { title: "p" } },
      ],
    });
    const news = kind.args.parse({
      ...base,
      label: "Hi",
      channels: [
        { channelType: "in_app", content: { title: "b" } },
        { channelType: "push", content: { title: "p" } },
      ],
    });
    expect(await kind.update(ctx, "c1", olds, news)).toEqual({ currentVersion: 3 });
    expect(calls.map((c) => c.route)).toEqual(["updateCampaignTemplate", "updateCampaignTemplateChannel"]);
    expect(calls[0]?.req.body).toEqual({ name: "Welcome", status: "draft", label: "Hi" });
    expect(calls[1]?.req).toEqual({
      params: { id: "c1", channelType: "in_app" },
      body: { content: { title: "b" } },
    });
  });
});

// CampaignCategory: a template category of the campaigns service (chat host, /v3/campaigns; decision 0131):
// a label templates carry and the in-app feed filters by. Its name is unique in the app and names it; the
// service's routes name it by the id it makes, which is the resource's id.
import { z } from "zod";
import type { CampaignCategory, CampaignCategoryCreate, CampaignCategoryUpdate } from "../contract";
import { CampaignCategoryCreate as Create } from "../contract";
import { declare, none } from "../engine/fields";
import type { Ctx, Kind } from "../engine/kind";
import { defined, fromRemote, sortedById } from "../engine/util";
import { campaignListing } from "./campaign";

export const CampaignCategoryArgs = Create;
export type CampaignCategoryArgs = z.output<typeof CampaignCategoryArgs>;

const outputs = z.object({});

/** The description is compared only while declared: the service keeps one that an update leaves out. */
const argsOf = (c: CampaignCategory, prior: Partial<CampaignCategoryArgs>, whole: boolean) =>
  fromRemote(c, [
    "name",
    ...(whole || prior.description !== undefined ? ["description"] : []),
  ]) as CampaignCategoryArgs;

const all = (ctx: Ctx, progress?: Parameters<typeof campaignListing>[2]) =>
  campaignListing(ctx, "listCampaignCategories", progress) as Promise<CampaignCategory[]>;

export const campaignCategory: Kind<CampaignCategoryArgs> = {
  name: "CampaignCategory",
  doc: "A template category of the campaigns service: a label its templates carry and the in-app feed filters by. Named by its name, unique in the app. Id: the id the service gives it.",
  ...declare(CampaignCategoryArgs, outputs, {
    name: {
      doc: "Changing it makes a new category (it is what the environment file and adopt name the category by).",
      replace: true,
      identity: true,
    },
    description: { doc: "Removing it leaves the service's description, no longer managed.", default: none },
  }),
  api: "chat",
  file: { at: ["campaignCategories"], child: "campaign-category" },

  async create(ctx, a) {
    const r = await ctx.chat().call("createCampaignCategory", { body: defined(a) as CampaignCategoryCreate });
    return { id: r.data.id, state: {} };
  },
  async read(ctx, id, prior, how) {
    const r = await ctx.chat().call("getCampaignCategory", { params: { id } });
    return { args: argsOf(r.data, prior, how?.whole === true), state: {} };
  },
  async update(ctx, id, _olds, news) {
    const body: CampaignCategoryUpdate = defined({ description: news.description });
    await ctx.chat().call("updateCampaignCategory", { params: { id }, body });
    return {};
  },
  async delete(ctx, id) {
    await ctx.chat().call("deleteCampaignCategory", { params: { id } });
  },
  // Adopted by its name, found in the listing (its id is the service's).
  async find(ctx, a) {
    const c = (await all(ctx)).find((x) => x.name === a.name);
    return c && { id: c.id, args: argsOf(c, a, false) };
  },
  async list(ctx, _scope, progress) {
    const found = await all(ctx, progress);
    return sortedById(found.map((c) => ({ id: c.id, args: argsOf(c, {}, true), state: {} })));
  },
};

// CampaignChannel: a delivery channel of the campaigns service (decision 0131): where templates deliver
// (in_app: the feed the SDK shows; push). Named by its channelId, unique in the app and fixed once made; the
// service's routes name it by the id it makes. The service has no route to delete a channel: destroy leaves
// it in the app (disable it first by declaring `enabled: false`).
import { z } from "zod";
import {
  type CampaignChannel,
  type CampaignChannelCreate,
  type CampaignChannelUpdate,
  CampaignChannelCreate as Create,
} from "../contract";
import { declare } from "../engine/fields";
import type { Ctx, Kind } from "../engine/kind";
import { fromRemote, sortedById } from "../engine/util";
import { campaignListing } from "./campaign";

export const CampaignChannelArgs = Create;
export type CampaignChannelArgs = z.output<typeof CampaignChannelArgs>;

const outputs = z.object({});

const argsOf = (c: CampaignChannel): CampaignChannelArgs => ({
  ...(fromRemote(c, ["channelId", "name", "type"]) as Omit<CampaignChannelArgs, "enabled">),
  enabled: c.enabled,
});

const all = (ctx: Ctx, progress?: Parameters<typeof campaignListing>[2]) =>
  campaignListing(ctx, "listCampaignChannels", progress) as Promise<CampaignChannel[]>;

export const campaignChannel: Kind<CampaignChannelArgs> = {
  name: "CampaignChannel",
  deleteLeaves: true,
  doc: "A delivery channel of the campaigns service (in_app or push; an app has at most one push channel). Named by its channelId, unique in the app. The service has no route to delete a channel: destroy LEAVES it in the app (declare enabled: false first to take it out of use). Id: the id the service gives it.",
  ...declare(CampaignChannelArgs, outputs, {
    name: { doc: "Shown in the dashboard." },
    type: {
      doc: "Fixed for a channelId: change it together with channelId (a new channel; the old is left).",
      replace: true,
    },
    channelId: {
      doc: "Changing it makes a new channel.",
      replace: true,
      identity: true,
    },
    enabled: { doc: "A disabled channel cannot be given to templates." },
  }),
  api: "chat",
  file: { at: ["campaignChannels"], child: "campaign-channel" },

  // A new type is a new channel, but the old one cannot be deleted and holds the channelId: the replacement's
  // create would fail. Refused here unless the channelId changes with it (then the old channel is left).
  checkChange: (olds, news) =>
    olds.type !== undefined && olds.type !== news.type && olds.channelId === news.channelId
      ? [
          {
            property: "type",
            reason: `a channel's type cannot change (${olds.type} to ${news.type}) under the same channelId: the service cannot delete the old channel, which keeps "${news.channelId}"; declare a new channelId with the new type (the old channel is left in the app)`,
          },
        ]
      : [],

  async create(ctx, a) {
    const r = await ctx.chat().call("createCampaignChannel", { body: a as CampaignChannelCreate });
    return { id: r.data.id, state: {} };
  },
  async read(ctx, id) {
    const r = await ctx.chat().call("getCampaignChannel", { params: { id } });
    return { args: argsOf(r.data), state: {} };
  },
  async update(ctx, id, _olds, news) {
    const body: CampaignChannelUpdate = { name: news.name, enabled: news.enabled };
    await ctx.chat().call("updateCampaignChannel", { params: { id }, body });
    return {};
  },
  async delete() {
    // No delete route: the channel stays in the app (the kind's doc says so, decision 0131).
  },
  // Adopted by its channelId, found in the listing (its id is the service's).
  async find(ctx, a) {
    const c = (await all(ctx)).find((x) => x.channelId === a.channelId);
    return c && { id: c.id, args: argsOf(c) };
  },
  async list(ctx, _scope, progress) {
    const found = await all(ctx, progress);
    return sortedById(found.map((c) => ({ id: c.id, args: argsOf(c), state: {} })));
  },
};

// CampaignTemplate: a notification template of the campaigns service (decision 0134): what its notifications
// carry and, per channel type, how each channel delivers it. Named by its templateId, unique in the app and
// fixed once made; the service's routes name it by the id it makes. A channel's content changes in place (a
// route of its own); the rest of a channel's configuration has no update route, so changing it makes a new
// template. Delete archives: the service keeps the template, archived, which reads as gone.
import { isDeepStrictEqual } from "node:util";
import { z } from "zod";
import {
  type CampaignTemplate,
  type CampaignTemplateChannel,
  type CampaignTemplateCreate,
  type CampaignTemplateUpdate,
  CampaignTemplateCreate as Create,
} from "../contract";
import { declare, none } from "../engine/fields";
import type { Args, Ctx, Kind } from "../engine/kind";
import { defined, fromRemote, sortedById } from "../engine/util";
import { campaignListing } from "./campaign";

/** Archiving is what destroy does: a declared template is a draft or approved. */
export const CampaignTemplateArgs = Create.refine((a) => a.status !== "archived", {
  message:
    "status 'archived' is what destroy does (the service archives a deleted template): declare draft or approved",
  path: ["status"],
});
export type CampaignTemplateArgs = z.output<typeof CampaignTemplateArgs>;

const outputs = z.object({
  currentVersion: z
    .number()
    .int()
    .optional()
    .describe("The template's current version (each save makes one); a campaign pins a version."),
});

/** The fields the update route takes: each is managed only while declared (removing one leaves it). */
const UPDATABLE = [
  "templateCategory",
  "label",
  "alternativeText",
  "tags",
  "variableSchema",
  "config",
] as const;
const CHANNEL_FIELDS = [
  "channelId",
  "content",
  "dataType",
  "categoryFilterEnabled",
  "templateLabelEnabled",
  "messageRetentionHours",
  "sequenceOrder",
  "stopCondition",
  "waitMinutes",
] as const;

type Channel = CampaignTemplateChannel;

/** A channel as the service holds it, with the optional fields the prior one of its type declares (or all). */
function channelOf(c: Args, prior: Args | undefined, whole: boolean): Channel {
  const shown = CHANNEL_FIELDS.filter((k) => whole || prior?.[k] !== undefined);
  return { channelType: c.channelType, ...fromRemote(c, shown) } as Channel;
}

function argsOf(
  t: CampaignTemplate,
  prior: Partial<CampaignTemplateArgs>,
  whole: boolean,
): CampaignTemplateArgs {
  const priorChannels = new Map<string, Args>((prior.channels ?? []).map((c) => [c.channelType, c as Args]));
  return {
    ...(fromRemote(t, [
      "name",
      "templateId",
      ...UPDATABLE.filter((k) => whole || prior[k] !== undefined),
    ]) as Omit<CampaignTemplateArgs, "status" | "channels">),
    status: t.status as CampaignTemplateArgs["status"],
    channels: t.channels.map((c) => channelOf(c, priorChannels.get(c.channelType), whole)),
  };
}

const stateOf = (t: CampaignTemplate) =>
  t.currentVersion === undefined ? {} : { currentVersion: t.currentVersion };

/** The channels without their content: what only a new template changes. */
const withoutContent = (cs: readonly Channel[] | undefined) =>
  (cs ?? []).map(({ content: _, ...rest }) => rest);

const live = (t: CampaignTemplate) => t.status !== "archived";

const all = async (ctx: Ctx, progress?: Parameters<typeof campaignListing>[2]) =>
  ((await campaignListing(ctx, "listCampaignTemplates", progress)) as CampaignTemplate[]).filter(live);

export const campaignTemplate: Kind<CampaignTemplateArgs> = {
  name: "CampaignTemplate",
  doc: "A notification template of the campaigns service: what its notifications carry and, per channel type, how each channel delivers them. Named by its templateId, unique in the app. Destroy ARCHIVES it (the service keeps archived templates). Id: the id the service gives it.",
  ...declare(CampaignTemplateArgs, outputs, {
    name: { doc: "Shown in the dashboard." },
    templateId: {
      doc: "Changing it makes a new template.",
      replace: true,
      identity: true,
    },
    templateCategory: {
      doc: "The app's category (CampaignCategory) of the same name is the feed's filter for it. Removing it leaves the service's category, no longer managed.",
      default: none,
    },
    label: { doc: "Removing it leaves the service's label, no longer managed.", default: none },
    alternativeText: { doc: "Removing it leaves the service's text, no longer managed.", default: none },
    tags: { doc: "Removing them leaves the service's tags, no longer managed.", default: none, set: true },
    status: { doc: "Archived is what destroy makes of it." },
    channels: {
      doc: "A channel's content changes in place (a new version); any other change to the channels makes a new template. A channel field left out is the service's, not managed.",
      replaceWhen: (old, now) => !isDeepStrictEqual(withoutContent(old), withoutContent(now)),
    },
    variableSchema: { doc: "Removing it leaves the service's schema, no longer managed.", default: none },
    config: { doc: "Removing it leaves the service's configuration, no longer managed.", default: none },
  }),
  api: "chat",
  deleteLeaves: true,
  file: {
    at: ["campaignTemplates"],
    child: "campaign-template",
    refs: {
      // A channel's channelId names the app's channel: a declared one orders before the template.
      "channels[].channelId": {
        kind: "CampaignChannel",
        elsewhere: true,
        noun: "channel",
        when: (c) => c.channelId !== undefined,
      },
    },
  },

  async create(ctx, a) {
    const r = await ctx.chat().call("createCampaignTemplate", { body: defined(a) as CampaignTemplateCreate });
    return { id: r.data.id, state: stateOf(r.data) };
  },
  async read(ctx, id, prior, how) {
    const r = await ctx.chat().call("getCampaignTemplate", { params: { id } });
    // An archived template is what a delete leaves: gone, for the stack.
    if (!live(r.data)) return undefined;
    return { args: argsOf(r.data, prior, how?.whole === true), state: stateOf(r.data) };
  },
  async update(ctx, id, olds, news) {
    let last: CampaignTemplate | undefined;
    const keys = ["name", "status", ...UPDATABLE] as const;
    if (keys.some((k) => !isDeepStrictEqual(olds[k], news[k]))) {
      const body = defined(Object.fromEntries(keys.map((k) => [k, news[k]]))) as CampaignTemplateUpdate;
      last = (await ctx.chat().call("updateCampaignTemplate", { params: { id }, body })).data;
    }
    // Each channel whose declared content changed: its own route (the other channel fields replace).
    const before = new Map(olds.channels.map((c) => [c.channelType, c.content]));
    for (const c of news.channels) {
      if (c.content === undefined || isDeepStrictEqual(before.get(c.channelType), c.content)) continue;
      const params = { id, channelType: c.channelType };
      last = (
        await ctx.chat().call("updateCampaignTemplateChannel", { params, body: { content: c.content } })
      ).data;
    }
    last ??= (await ctx.chat().call("getCampaignTemplate", { params: { id } })).data;
    return stateOf(last);
  },
  async delete(ctx, id) {
    await ctx.chat().call("archiveCampaignTemplate", { params: { id } });
  },
  // Adopted by its templateId, found in the listing among the templates not archived.
  async find(ctx, a) {
    const t = (await all(ctx)).find((x) => x.templateId === a.templateId);
    return t && { id: t.id, args: argsOf(t, a, false) };
  },
  async list(ctx, _scope, progress) {
    const found = await all(ctx, progress);
    return sortedById(found.map((t) => ({ id: t.id, args: argsOf(t, {}, true), state: stateOf(t) })));
  },
};

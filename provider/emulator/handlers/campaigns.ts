// The campaigns service's configuration (docs/service/campaigns.md, decisions 0131 and 0134): template
// categories (names unique in the app), delivery channels (channelIds unique, at most one push channel, no
// delete route) and templates (one configuration per channel type, archived by delete, a version per save). The service makes each object's id (a CUID); lists are cursor pages in (updatedAt, id) order. The
// vendor documents no answer bodies and no error codes, only statuses: what is answered here is our reading,
// unconfirmed in the ledger.
import { CAMPAIGN_PAGE, CampaignCategory, CampaignChannel, CampaignTemplate } from "../../contract";
import { ApiError } from "../errors";
import { created, updated, viewOf } from "../records";
import type {
  AppRecord,
  CampaignCategoryRecord,
  CampaignChannelRecord,
  CampaignTemplateRecord,
} from "../state";
import type { ChatHandlers, Env } from "./types";

/** A CUID-like id, as the vendor's create-campaign page names a template's id. */
const cuid = (env: Env) => `c${env.ids.hex(24)}`;

interface Cursored {
  id: string;
  updatedAt: number;
}
const before = (a: Cursored, b: Cursored) =>
  a.updatedAt - b.updatedAt || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/** A cursor page: `append` after the item (updatedAt, id) given, `prepend` before it. */
function cursorPage<R extends Cursored, V>(
  records: Iterable<R>,
  query: {
    limit?: number | undefined;
    affix?: "append" | "prepend" | undefined;
    updatedAt?: number | undefined;
    id?: string | undefined;
  },
  view: (r: R) => V,
) {
  const limit = query.limit ?? CAMPAIGN_PAGE;
  const all = [...records].sort(before);
  const at = query.updatedAt === undefined ? undefined : { updatedAt: query.updatedAt, id: query.id ?? "" };
  const page =
    at === undefined
      ? all.slice(0, limit)
      : query.affix === "prepend"
        ? all.filter((r) => before(r, at) < 0).slice(-limit)
        : all.filter((r) => before(r, at) > 0).slice(0, limit);
  return { data: page.map(view), meta: { limit, count: page.length } };
}

const categoryView = (c: CampaignCategoryRecord) => viewOf(c, CampaignCategory);
const channelView = (c: CampaignChannelRecord) => viewOf(c, CampaignChannel);

function requireCategory(app: AppRecord, id: string): CampaignCategoryRecord {
  const c = app.campaignCategories.get(id);
  if (!c) throw new ApiError("ERR_CAMPAIGN_CATEGORY_NOT_FOUND", `The category ${id} does not exist.`);
  return c;
}
function requireChannel(app: AppRecord, id: string): CampaignChannelRecord {
  const c = app.campaignChannels.get(id);
  if (!c) throw new ApiError("ERR_CAMPAIGN_CHANNEL_NOT_FOUND", `The channel ${id} does not exist.`);
  return c;
}

const templateView = (t: CampaignTemplateRecord) => viewOf(t, CampaignTemplate);

/** A template by the id the service made, else by its templateId (the vendor names a template by either). */
function requireTemplate(app: AppRecord, id: string): CampaignTemplateRecord {
  const t =
    app.campaignTemplates.get(id) ??
    [...app.campaignTemplates.values()].find((x) => x.templateId === id && x.status !== "archived");
  if (!t) throw new ApiError("ERR_CAMPAIGN_TEMPLATE_NOT_FOUND", `The template ${id} does not exist.`);
  return t;
}

/**
 * A template's channels: one per channel type (the vendor's 409), and a channelId names an enabled channel of
 * that type (the guide: only an enabled channel can be given to templates; the code is ours).
 */
function checkTemplateChannels(app: AppRecord, channels: CampaignTemplateRecord["channels"]) {
  const types = new Set<string>();
  for (const c of channels) {
    if (types.has(c.channelType))
      throw new ApiError(
        "ERR_CAMPAIGN_TEMPLATE_CHANNEL_TYPE_TAKEN",
        `The template has more than one ${c.channelType} channel.`,
      );
    types.add(c.channelType);
    if (c.channelId === undefined) continue;
    const ch = [...app.campaignChannels.values()].find((x) => x.channelId === c.channelId);
    if (!ch || ch.type !== c.channelType || !ch.enabled)
      throw new ApiError(
        "ERR_CAMPAIGN_TEMPLATE_INVALID_CHANNEL",
        `The channel ${c.channelId} is not an enabled ${c.channelType} channel of the app.`,
      );
  }
}

/** Category names are unique in the app (the vendor's 409 "Duplicate category name"). */
function uniqueName(app: AppRecord, name: string, self?: string) {
  for (const c of app.campaignCategories.values())
    if (c.name === name && c.id !== self)
      throw new ApiError("ERR_CAMPAIGN_CATEGORY_ALREADY_EXISTS", `A category named ${name} already exists.`);
}

/** The types the guide names as supported; the others answer 403 unless the app may use them (not modelled). */
const OPEN_TYPES: ReadonlySet<string> = new Set(["in_app", "push"]);

export const campaignHandlers = {
  createCampaignCategory: ({ app, body, env }) => {
    uniqueName(app, body.name);
    const now = env.now();
    const c: CampaignCategoryRecord = created(body, {}, { id: cuid(env), createdAt: now, updatedAt: now });
    app.campaignCategories.set(c.id, c);
    return { data: categoryView(c) };
  },
  listCampaignCategories: ({ app, query }) =>
    cursorPage(app.campaignCategories.values(), query, categoryView),
  getCampaignCategory: ({ app, params }) => ({ data: categoryView(requireCategory(app, params.id)) }),
  updateCampaignCategory: ({ app, params, body, env }) => {
    const c = requireCategory(app, params.id);
    if (body.name !== undefined) uniqueName(app, body.name, c.id);
    updated(c, body);
    c.updatedAt = env.now();
    return { data: categoryView(c) };
  },
  // Whether templates naming the category keep its name or block the delete is not documented: no template
  // is modelled here, so the delete always succeeds (unconfirmed in the ledger).
  deleteCampaignCategory: ({ app, params }) => {
    const c = requireCategory(app, params.id);
    app.campaignCategories.delete(c.id);
    return { success: true };
  },

  createCampaignChannel: ({ app, body, env }) => {
    if (!OPEN_TYPES.has(body.type))
      throw new ApiError(
        "ERR_CAMPAIGN_CHANNEL_RESTRICTED",
        `The channel type ${body.type} is not available.`,
      );
    const all = [...app.campaignChannels.values()];
    if (all.some((c) => c.channelId === body.channelId))
      throw new ApiError(
        "ERR_CAMPAIGN_CHANNEL_ALREADY_EXISTS",
        `The channel ${body.channelId} already exists.`,
      );
    if (body.type === "push" && all.some((c) => c.type === "push"))
      throw new ApiError("ERR_CAMPAIGN_CHANNEL_LIMIT", "An app has at most one push channel.");
    const now = env.now();
    const c: CampaignChannelRecord = created(body, {}, { id: cuid(env), createdAt: now, updatedAt: now });
    app.campaignChannels.set(c.id, c);
    return { data: channelView(c) };
  },
  listCampaignChannels: ({ app, query }) => cursorPage(app.campaignChannels.values(), query, channelView),
  getCampaignChannel: ({ app, params }) => ({ data: channelView(requireChannel(app, params.id)) }),
  updateCampaignChannel: ({ app, params, body, env }) => {
    const c = updated(requireChannel(app, params.id), body);
    c.updatedAt = env.now();
    return { data: channelView(c) };
  },

  // A templateId is unique among the templates not archived: whether an archived one's can be taken again
  // is not documented (unconfirmed in the ledger).
  createCampaignTemplate: ({ app, body, env }) => {
    if (
      [...app.campaignTemplates.values()].some(
        (t) => t.templateId === body.templateId && t.status !== "archived",
      )
    )
      throw new ApiError(
        "ERR_CAMPAIGN_TEMPLATE_ALREADY_EXISTS",
        `The template ${body.templateId} already exists.`,
      );
    checkTemplateChannels(app, body.channels);
    const now = env.now();
    // The vendor fills a channel's content with defaults when it is left out; which ones is not documented.
    const channels = body.channels.map((c) => ({ ...c, content: c.content ?? {} }));
    const t: CampaignTemplateRecord = created(
      { ...body, channels },
      {},
      { id: cuid(env), currentVersion: 1, createdAt: now, updatedAt: now },
    );
    app.campaignTemplates.set(t.id, t);
    return { data: templateView(t) };
  },
  listCampaignTemplates: ({ app, query }) => {
    const search = query.search?.toLowerCase();
    const matching = [...app.campaignTemplates.values()].filter(
      (t) =>
        (query.status === undefined || t.status === query.status) &&
        (search === undefined ||
          t.name.toLowerCase().includes(search) ||
          t.templateId.toLowerCase().includes(search)),
    );
    return cursorPage(matching, query, templateView);
  },
  getCampaignTemplate: ({ app, params }) => ({ data: templateView(requireTemplate(app, params.id)) }),
  updateCampaignTemplate: ({ app, params, body, env }) => {
    const t = updated(requireTemplate(app, params.id), body);
    t.currentVersion += 1;
    t.updatedAt = env.now();
    return { data: templateView(t) };
  },
  archiveCampaignTemplate: ({ app, params, env }) => {
    const t = requireTemplate(app, params.id);
    t.status = "archived";
    t.updatedAt = env.now();
    return { data: templateView(t) };
  },
  updateCampaignTemplateChannel: ({ app, params, body, env }) => {
    const t = requireTemplate(app, params.id);
    const c = t.channels.find((x) => x.channelType === params.channelType);
    if (!c)
      throw new ApiError(
        "ERR_CAMPAIGN_TEMPLATE_CHANNEL_NOT_FOUND",
        `The template has no ${params.channelType} channel.`,
      );
    c.content = body.content;
    t.currentVersion += 1;
    t.updatedAt = env.now();
    return { data: templateView(t) };
  },
} satisfies ChatHandlers;

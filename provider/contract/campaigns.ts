// The campaigns service's configuration (chat host, `/v3/campaigns`): template categories, delivery
// channels and templates (docs/service/campaigns.md, decisions 0131 and 0134). Campaigns, sends, template
// versions and the feed are traffic or actions, not configuration, and stay out. The schemas are generated from the document; this file names them.
import type { z } from "zod";
import * as G from "./generated/schemas";

export const CampaignCategoryCreate = G.CampaignCategoryCreate;
export type CampaignCategoryCreate = z.input<typeof CampaignCategoryCreate>;
export const CampaignCategoryUpdate = G.CampaignCategoryUpdate;
export type CampaignCategoryUpdate = z.input<typeof CampaignCategoryUpdate>;
export const CampaignCategory = G.CampaignCategory;
export type CampaignCategory = z.output<typeof CampaignCategory>;

export const CampaignChannelCreate = G.CampaignChannelCreate;
export type CampaignChannelCreate = z.input<typeof CampaignChannelCreate>;
export const CampaignChannelUpdate = G.CampaignChannelUpdate;
export type CampaignChannelUpdate = z.input<typeof CampaignChannelUpdate>;
export const CampaignChannel = G.CampaignChannel;
export type CampaignChannel = z.output<typeof CampaignChannel>;

export const CampaignTemplateCreate = G.CampaignTemplateCreate;
export type CampaignTemplateCreate = z.input<typeof CampaignTemplateCreate>;
export const CampaignTemplateUpdate = G.CampaignTemplateUpdate;
export type CampaignTemplateUpdate = z.input<typeof CampaignTemplateUpdate>;
export const CampaignTemplateChannel = G.CampaignTemplateChannel;
export type CampaignTemplateChannel = z.output<typeof CampaignTemplateChannel>;
export const CampaignTemplate = G.CampaignTemplate;
export type CampaignTemplate = z.output<typeof CampaignTemplate>;

/** A cursor page holds at most this many (the vendor's `limit` stops at 100). */
export const CAMPAIGN_PAGE = 100;

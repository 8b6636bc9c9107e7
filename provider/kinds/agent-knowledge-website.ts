// AgentKnowledgeWebsite: a website the agent builder's knowledge base crawls (decision 0137,
// docs/service/bots-agents-and-social.md S46). Made by a crawl (`website/scrape`) whose pages are then processed
// (indexed); the crawl's answer names no source, so the site is found in the knowledge base's listing by its
// URL. No route reads a crawl's options back or changes them, and none sets a re-crawl schedule: the options
// are recorded as given, and a change of any of them is a new crawl (a replacement).
import { z } from "zod";
import { isNotFound } from "../client";
import { type KnowledgeRecord, KnowledgeWebsiteScrape, toSeconds } from "../contract";
import { declare, none } from "../engine/fields";
import type { Ctx, Kind } from "../engine/kind";
import { sortedById } from "../engine/util";

export const AgentKnowledgeWebsiteArgs = KnowledgeWebsiteScrape;
export type AgentKnowledgeWebsiteArgs = z.output<typeof AgentKnowledgeWebsiteArgs>;

/** The listing's type of crawled websites, and the attach routes' `sourceType` for them (S46). */
export const WEBSITE = "website";
/** Records a page of the listing asks for (its bound, S46). */
const PAGE = 100;

const websiteOutputs = z.object({
  createdAt: z.number().optional().describe("Unix seconds (once the service lists the website)."),
  status: z.string().optional().describe("The service's crawl and indexing status."),
});

/** Every crawled website's record in the knowledge base's listing. */
async function websiteRecords(ctx: Ctx): Promise<KnowledgeRecord[]> {
  const out: KnowledgeRecord[] = [];
  for await (const r of ctx.chat().paginate("listKnowledgeSources", { query: { limit: PAGE } }))
    if (r.type === WEBSITE) out.push(r);
  return out;
}

const stateOf = (r: KnowledgeRecord | undefined) => ({
  ...(r?.createdAt === undefined ? {} : { createdAt: toSeconds(r.createdAt) }),
  ...(r?.status === undefined ? {} : { status: r.status }),
});

/** The crawl's options: the service shows none of them back, so each is kept as recorded. */
const RECORDED = ["maxDepth", "maxPages", "include", "exclude", "fetchSitemap"] as const;

/**
 * A website as read and the listing see it (one mapping): its URL from the listing (the record's name), the
 * recorded options from `prior` (only arguments: a listing's prior also holds state), its time and status.
 */
function viewOf(r: KnowledgeRecord, prior: Partial<AgentKnowledgeWebsiteArgs>) {
  const kept = Object.fromEntries(RECORDED.flatMap((k) => (prior[k] === undefined ? [] : [[k, prior[k]]])));
  const args = { ...kept, url: r.sourceName ?? prior.url ?? "" } as AgentKnowledgeWebsiteArgs;
  return { args, state: stateOf(r) };
}

/** The websites crawled from `url`, newest first. */
const crawlsOf = async (ctx: Ctx, url: string) =>
  (await websiteRecords(ctx))
    .filter((r) => r.sourceName === url)
    .sort((a, b) => toSeconds(b.createdAt ?? 0) - toSeconds(a.createdAt ?? 0));

export const agentKnowledgeWebsite: Kind<AgentKnowledgeWebsiteArgs> = {
  name: "AgentKnowledgeWebsite",
  doc: "A website the agent builder's knowledge base crawls (from url, as deep and as wide as its options say), whose pages agents draw on once attached (AiAgent's knowledgeSources). The service shows no crawl's options back and changes none: they are recorded as given, and any change crawls again (a replacement). The service has no re-crawl schedule to set: a site crawls once, and replacing the resource crawls it again. Reconciled by url, which must be unique to be adoptable. Id: the website's uniqueId in the knowledge base.",
  ...declare(AgentKnowledgeWebsiteArgs, websiteOutputs, {
    url: {
      doc: "The site's name in the knowledge base's listing. A change crawls the new site (the old one is removed first).",
      replace: true,
      identity: true,
    },
    maxDepth: { doc: "Not read back: kept as declared. A change crawls again.", default: 3, replace: true },
    maxPages: { doc: "Not read back: kept as declared. A change crawls again.", default: 100, replace: true },
    include: {
      doc: "Not read back: kept as declared. A change crawls again.",
      default: none,
      replace: true,
      set: true,
    },
    exclude: {
      doc: "Not read back: kept as declared. A change crawls again.",
      default: none,
      replace: true,
      set: true,
    },
    fetchSitemap: {
      doc: "Not read back: kept as declared. A change crawls again.",
      default: false,
      replace: true,
    },
  }),
  api: "chat",
  file: { at: ["agentWebsites"], child: "agent-knowledge-website", key: "url" },

  async create(ctx, a) {
    await ctx.chat().call("scrapeKnowledgeWebsite", { body: a });
    // The crawl's answer names the crawl, not the source: the site is the newest of its URL in the listing.
    const made = (await crawlsOf(ctx, a.url))[0];
    if (!made)
      throw new Error(
        `AgentKnowledgeWebsite ${a.url}: the crawl was accepted but the knowledge base lists no website of this url`,
      );
    // Its pages are indexed once processed; none is left out (the crawl's include and exclude chose them).
    await ctx.chat().call("processDiscoveredUrls", {
      params: { parentUniqueId: made.uniqueId },
      body: { exclude: [] },
    });
    const listed = (await websiteRecords(ctx)).find((r) => r.uniqueId === made.uniqueId);
    return { id: made.uniqueId, state: stateOf(listed ?? made) };
  },
  async read(ctx, id, prior) {
    const r = (await websiteRecords(ctx)).find((x) => x.uniqueId === id);
    return r && viewOf(r, prior);
  },
  // Every argument replaces (no route changes a crawl): nothing reaches update but the state to read again.
  async update(ctx, id) {
    return stateOf((await websiteRecords(ctx)).find((x) => x.uniqueId === id));
  },
  async delete(ctx, id) {
    try {
      await ctx.chat().call("deleteKnowledgeWebsite", { params: { uniqueId: id } });
    } catch (e) {
      if (!isNotFound(e)) throw e;
    }
  },
  /** Websites of this url (a url may be crawled more than once: adopting one of several is refused). */
  async made(ctx, a) {
    return (await crawlsOf(ctx, a.url)).map((r) => ({
      id: r.uniqueId,
      createdAt: toSeconds(r.createdAt ?? 0),
      prior: {},
    }));
  },
  async find(ctx, a) {
    const matches = await crawlsOf(ctx, a.url);
    if (matches.length > 1)
      throw new Error(
        `adopt: ${matches.length} knowledge-base websites are crawled from "${a.url}"; urls must be unique to adopt`,
      );
    const m = matches[0];
    return m && { id: m.uniqueId, args: { ...a, url: m.sourceName ?? a.url } };
  },
  async list(ctx, _scope, progress) {
    const out = (await websiteRecords(ctx)).map((r) => ({ id: r.uniqueId, ...viewOf(r, {}) }));
    progress?.(out.length, out.length);
    return sortedById(out);
  },
};

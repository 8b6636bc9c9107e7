// What the campaigns service's kinds share (CampaignCategory, CampaignChannel, CampaignTemplate; decisions 0131
// and 0134): its lists are
// cursor pages of at most 100 in (updatedAt, id) order, walked here to the end.
import { CAMPAIGN_PAGE } from "../contract";
import type { Ctx, Progress } from "../engine/kind";

interface Cursored {
  id: string;
  updatedAt?: number | undefined;
}

/** Every object a campaigns list holds: pages of the most it gives, each after the last one's cursor. */
export async function campaignListing(
  ctx: Ctx,
  route: "listCampaignCategories" | "listCampaignChannels" | "listCampaignTemplates",
  progress?: Progress,
): Promise<Cursored[]> {
  const seen = new Map<string, Cursored>();
  let after: Cursored | undefined;
  for (;;) {
    const query = {
      limit: CAMPAIGN_PAGE,
      ...(after ? { affix: "append" as const, updatedAt: after.updatedAt ?? 0, id: after.id } : {}),
    };
    const page = (await ctx.chat().call(route, { query })).data as Cursored[];
    const fresh = page.filter((c) => !seen.has(c.id));
    for (const c of fresh) seen.set(c.id, c);
    progress?.(seen.size);
    // A short page is the last; a page of nothing new would repeat forever.
    if (page.length < CAMPAIGN_PAGE || fresh.length === 0) break;
    after = page[page.length - 1];
  }
  progress?.(seen.size, seen.size);
  return [...seen.values()];
}

// The campaigns lists' page size is the most their `limit` takes: one fact, the document's CampaignLimit
// maximum (x-limit campaignPageMax), which the walks of the lists (kinds, lost-create recovery) use.
import { CAMPAIGN_PAGE } from "../../provider/contract";
import { CampaignLimit } from "../../provider/contract/generated/schemas";

it("CAMPAIGN_PAGE is the largest limit the campaigns lists take", () => {
  expect(CampaignLimit.safeParse(CAMPAIGN_PAGE).success).toBe(true);
  expect(CampaignLimit.safeParse(CAMPAIGN_PAGE + 1).success).toBe(false);
});

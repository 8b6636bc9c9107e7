// CampaignCategory: its cases for the README table's test and the plugin's imports, its listing seeds and its
// lookup (test/support/kinds/index.ts says what each is for). No secret argument.
import { type Fixture, steady } from "./helpers";

export const fixture: Fixture = {
  cases: () => [
    {
      kind: "CampaignCategory",
      name: "campaign-category",
      set: { name: "t-promotions", description: "Offers and discounts" },
      change: { name: "t-promotions", description: "Offers, discounts and sales" },
      remove: { name: "t-promotions" },
      replace: { name: "t-promotions-2" },
    },
    steady("CampaignCategory", "campaign-category-b", { name: "t-alerts" }),
  ],
  seeds: [{ name: "listed-c1" }, { name: "listed-c2", description: "with every part" }],
  lookup: { holds: { name: "listed-c1" } },
};

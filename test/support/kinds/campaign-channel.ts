// CampaignChannel: its cases for the README table's test and the plugin's imports, its listing seeds and its
// lookup (test/support/kinds/index.ts says what each is for). No secret argument. An app has one push channel
// at most: the cases' one is the push case's; the others are in_app.
import { type Fixture, steady } from "./helpers";

export const fixture: Fixture = {
  cases: () => [
    {
      kind: "CampaignChannel",
      name: "campaign-channel",
      set: { channelId: "t-feed", name: "Feed", type: "in_app", enabled: true },
      change: { channelId: "t-feed", name: "Main feed", type: "in_app", enabled: false },
      remove: { channelId: "t-feed", name: "Main feed", type: "in_app" },
      replace: { channelId: "t-feed-2", type: "push" },
    },
    steady("CampaignChannel", "campaign-channel-push", {
      channelId: "t-push",
      name: "Push",
      type: "push",
      enabled: true,
    }),
  ],
  seeds: [
    { channelId: "listed-ch1", name: "CH1", type: "in_app" },
    { channelId: "listed-ch2", name: "CH2", type: "in_app", enabled: true },
  ],
  lookup: { holds: { channelId: "listed-ch1", name: "CH1", type: "in_app", enabled: false } },
};

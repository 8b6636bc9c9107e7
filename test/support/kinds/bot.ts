// Bot: its cases for the README table's test and the plugin's imports, its listing seeds and its secret
// sample (test/support/kinds/index.ts says what each is for).
import { type Fixture, url } from "./helpers";

export const fixture: Fixture = {
  cases: () => [
    {
      kind: "Bot",
      name: "bot",
      dependsOn: ["m3"],
      set: {
        uid: "T-M3",
        webhookURL: url(11),
        enabled: false,
        groupChatSetting: "all",
        useBasicAuth: false,
        username: "bot1",
        password: "botpass1",
      },
      change: {
        uid: "t-m3",
        webhookURL: url(12),
        enabled: true,
        groupChatSetting: "mentions",
        useBasicAuth: true,
        username: "bot2",
        password: "botpass2",
      },
      remove: { uid: "t-m3", webhookURL: url(12) },
      replace: { uid: "t-m2" },
    },
  ],
  seeds: [
    { uid: "listed-u1", webhookURL: "https://h.example.com/bot1" },
    {
      uid: "listed-u2",
      webhookURL: "https://h.example.com/bot2",
      enabled: false,
      groupChatSetting: "all",
      useBasicAuth: true,
      username: "bots",
      password: "pw1234",
    },
  ],
  secret: (secret) => ({
    valid: () => ({
      uid: "helper",
      webhookURL: "https://bots.example.com/helper",
      useBasicAuth: true,
      username: "bot",
      password: secret("botpw", 24),
    }),
    sibling: ["webhookURL", "http://bots.example.com/helper", /webhookURL must be an https URL/],
  }),
  lookup: { holds: { uid: "listed-u1", webhookURL: "https://h.example.com/bot1" } },
};

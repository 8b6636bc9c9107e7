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
        enabled: true,
        groupChatSetting: "allMessages",
        useBasicAuth: true,
        username: "bot1",
        password: "botpass1",
      },
      // "mentions": release 0.1.0's spelling of "mentionedMessages", still taken (decision 0116).
      change: {
        uid: "t-m3",
        webhookURL: url(12),
        enabled: false,
        groupChatSetting: "mentions",
        useBasicAuth: true,
        username: "bot2",
        password: "botpass2",
      },
      remove: { uid: "t-m3", webhookURL: url(12) },
      replace: { uid: "t-m2" },
    },
    // Basic auth turned on (credentials are taken only with it).
    {
      kind: "Bot",
      name: "bot-auth",
      dependsOn: ["m1"],
      set: { uid: "t-m1", webhookURL: url(13), useBasicAuth: false, groupChatSetting: "slashedMessages" },
      change: {
        uid: "t-m1",
        webhookURL: url(13),
        useBasicAuth: true,
        username: "bot3",
        password: "botpass3",
        groupChatSetting: "none",
      },
      remove: { uid: "t-m1", webhookURL: url(13) },
    },
  ],
  seeds: [
    { uid: "listed-u1", webhookURL: "https://h.example.com/bot1" },
    {
      uid: "listed-u2",
      webhookURL: "https://h.example.com/bot2",
      enabled: true,
      groupChatSetting: "allMessages",
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
    badSecret: () => [{ password: secret("botpw", 51) }, /password must be at most 50 characters/],
  }),
  lookup: { holds: { uid: "listed-u1", webhookURL: "https://h.example.com/bot1" } },
};

// NotificationSettings: its cases for the README table's test and the plugin's imports, its listing seeds and its secret
// sample (test/support/kinds/index.ts says what each is for).
import type { Fixture } from "./helpers";

export const fixture: Fixture = {
  cases: () => [
    {
      kind: "NotificationSettings",
      name: "notifications",
      set: {
        preferences: { group: { messagesSetting: 3 } },
        sound: { chat: "a.wav" },
        templates: { usePrivacyTemplate: 2 },
      },
      change: {
        preferences: { group: { messagesSetting: 2 }, oneOnOne: { reactionsSetting: 3 } },
        sound: { chat: "b.wav" },
        templates: { usePrivacyTemplate: 3 },
      },
      remove: {},
    },
  ],
  seeds: [{ sound: { chat: "ping.wav" } }],
  lookup: { holds: { sound: { chat: "ping.wav", call: "default" } } },
};

// ModerationCustomApiList: its cases for the README table's test and the plugin's imports, its listing seeds and
// its secret sample (test/support/kinds/index.ts says what each is for).
import { type Fixture, url } from "./helpers";

export const fixture: Fixture = {
  cases: () => [
    {
      kind: "ModerationCustomApiList",
      name: "custom-api",
      set: {
        listId: "t-custom",
        name: "Custom",
        description: "first",
        webhookURL: url(11),
        username: "mod1",
        password: "modpass1",
      },
      change: {
        listId: "t-custom",
        name: "Custom 2",
        description: "second",
        webhookURL: url(12),
        username: "mod2",
        password: "modpass2",
      },
      remove: { listId: "t-custom", webhookURL: url(12) },
      replace: { listId: "t-custom-2" },
    },
  ],
  seeds: [
    { listId: "listed-c1", name: "C1", webhookURL: "https://mod.example.com/1" },
    {
      listId: "listed-c2",
      name: "C2",
      description: "with basic auth",
      webhookURL: "https://mod.example.com/2",
      username: "moderator",
      password: "modpw1234",
    },
  ],
  secret: (secret) => ({
    valid: () => ({
      listId: "custom-moderation",
      webhookURL: "https://mod.example.com/m",
      username: "moderator",
      password: secret("modpw", 24),
    }),
    sibling: ["webhookURL", "http://mod.example.com/m", /webhookURL must use https/],
  }),
  lookup: { holds: { listId: "listed-c1", name: "C1", webhookURL: "https://mod.example.com/1" } },
};

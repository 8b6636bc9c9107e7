// Webhook: its cases for the README table's test and the plugin's imports, its listing seeds and its secret
// sample (test/support/kinds/index.ts says what each is for).
import { type Fixture, url } from "./helpers";

export const fixture: Fixture = {
  cases: ({ appId }) => [
    {
      kind: "Webhook",
      name: "hook",
      set: {
        appId,
        webhookId: "t-hook",
        name: "Hook",
        webhookURL: url(1),
        useBasicAuth: true,
        username: "user1",
        password: "pass1",
        enabled: false,
        retryOnFailure: true,
        version: 1,
      },
      change: {
        appId,
        webhookId: "t-hook",
        name: "Hook 2",
        webhookURL: url(2),
        useBasicAuth: true,
        username: "user2",
        password: "pass2",
        enabled: true,
        retryOnFailure: false,
        version: 2,
      },
      // appId removed: it defaults to the configured app, the same one, so nothing changes.
      remove: { webhookId: "t-hook", name: "Hook 2", webhookURL: url(2) },
      replace: { webhookId: "t-hook-2" },
    },
    {
      kind: "Webhook",
      name: "hook-b",
      set: { webhookId: "t-hook-b", name: "Hook B", webhookURL: url(3), useBasicAuth: false },
      change: {
        webhookId: "t-hook-b",
        name: "Hook B",
        webhookURL: url(3),
        useBasicAuth: true,
        username: "user3",
        password: "pass3",
      },
      remove: { webhookId: "t-hook-b", name: "Hook B", webhookURL: url(3) },
      replace: { appId: "another-app" },
    },
  ],
  seeds: [
    { webhookId: "listed-w1", name: "W1", webhookURL: "https://h.example.com/1" },
    {
      webhookId: "listed-w2",
      name: "W2",
      webhookURL: "https://h.example.com/2",
      useBasicAuth: true,
      username: "hooks",
      password: "pw1234",
      retryOnFailure: true,
    },
  ],
  secret: (secret) => ({
    valid: () => ({
      webhookId: "events",
      name: "Events",
      webhookURL: "https://hooks.example.com/e",
      useBasicAuth: true,
      username: "hook",
      password: secret("hookpw", 24),
    }),
    sibling: ["webhookURL", "http://hooks.example.com/e", /webhookURL must use https/],
  }),
  lookup: { holds: { webhookId: "listed-w1", name: "W1", webhookURL: "https://h.example.com/1" } },
};

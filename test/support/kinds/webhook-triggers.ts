// WebhookTriggers: its cases for the README table's test and the plugin's imports, its listing seeds and its secret
// sample (test/support/kinds/index.ts says what each is for).
import type { Fixture } from "./helpers";

export const fixture: Fixture = {
  cases: ({ appId }) => [
    {
      kind: "WebhookTriggers",
      name: "triggers",
      dependsOn: ["hook"],
      set: { appId, webhookId: "t-hook", triggers: ["message_sent", "after_message"], version: 1 },
      // The webhook moves to version 2 in its own change: the legacy trigger goes first.
      change: { appId, webhookId: "t-hook", triggers: ["group_created", "message_edited"], version: 2 },
      remove: { webhookId: "t-hook", triggers: ["group_created", "message_edited"] },
      replace: { appId: "another-app", webhookId: "t-hook-2" },
    },
  ],
  lookup: {
    seed: { webhookId: "listed-w1", triggers: ["message_sent"] },
    holds: { webhookId: "listed-w1", triggers: ["message_sent"] },
  },
};

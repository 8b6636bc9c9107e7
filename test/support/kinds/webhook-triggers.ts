// WebhookTriggers: its cases for the README table's test and the plugin's imports, its listing seeds and its secret
// sample (test/support/kinds/index.ts says what each is for).
import type { Fixture } from "./helpers";

export const fixture: Fixture = {
  cases: ({ appId }) => [
    {
      kind: "WebhookTriggers",
      name: "triggers",
      dependsOn: ["hook"],
      set: { appId, webhookId: "t-hook", triggers: ["message_sent"] },
      change: { appId, webhookId: "t-hook", triggers: ["group_created", "message_edited"] },
      remove: { webhookId: "t-hook", triggers: ["group_created", "message_edited"] },
      replace: { appId: "another-app", webhookId: "t-hook-2" },
    },
  ],
  lookup: {
    seed: { webhookId: "listed-w1", triggers: ["message_sent"] },
    holds: { webhookId: "listed-w1", triggers: ["message_sent"] },
  },
};

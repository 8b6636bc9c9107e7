// PinnedConversations: its cases for the README table's test and the plugin's imports, its listing seeds and its secret
// sample (test/support/kinds/index.ts says what each is for).
import type { Fixture } from "./helpers";

export const fixture: Fixture = {
  cases: () => [
    {
      kind: "PinnedConversations",
      name: "pinned",
      dependsOn: ["group", "team", "m1", "m2"],
      set: { conversations: [{ conversationType: "group", conversationWith: "t-group" }] },
      change: {
        conversations: [
          { conversationType: "user", conversationWith: "t-m2" },
          { conversationType: "group", conversationWith: "t-team" },
        ],
      },
      remove: { conversations: [] },
    },
  ],
  seeds: [
    {
      conversations: [
        { conversationType: "group", conversationWith: "listed-g2" },
        { conversationType: "user", conversationWith: "listed-u1" },
      ],
    },
  ],
  lookup: {
    holds: {
      conversations: [
        { conversationType: "group", conversationWith: "listed-g2" },
        { conversationType: "user", conversationWith: "listed-u1" },
      ],
    },
  },
};

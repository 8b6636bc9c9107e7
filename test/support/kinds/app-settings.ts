// AppSettings: its cases for the README table's test and the plugin's imports, its listing seeds and its secret
// sample (test/support/kinds/index.ts says what each is for).
import type { Fixture } from "./helpers";

export const fixture: Fixture = {
  cases: ({ appId }) => [
    {
      kind: "AppSettings",
      name: "app-settings",
      set: { appId, settings: { "core.conversations.updateOnCallActivity": false } },
      change: {
        appId,
        settings: { "core.conversations.updateOnCallActivity": true, "core.advanced.search.enabled": false },
      },
      remove: { settings: { "core.advanced.search.enabled": false } },
      replace: { appId: "another-app" },
    },
  ],
  seeds: [{ settings: { "core.conversations.updateOnReplies": false } }],
  lookup: { holds: { settings: { "core.conversations.updateOnReplies": false } } },
};

// GroupScopePermissions: its cases for the README table's test and the plugin's imports, its listing seeds and its secret
// sample (test/support/kinds/index.ts says what each is for).
import type { Fixture } from "./helpers";

export const fixture: Fixture = {
  cases: () => [
    {
      kind: "GroupScopePermissions",
      name: "scope-perms",
      dependsOn: ["team"],
      set: { guid: "t-team", scope: "participant", permissions: { sendMessage: "deny" } },
      change: {
        guid: "t-team",
        scope: "participant",
        permissions: { sendMessage: "allow", "initiateCall.allowedType": ["audio"] },
      },
      remove: { guid: "t-team", scope: "participant", permissions: { sendMessage: "allow" } },
      replace: { guid: "t-locked", scope: "moderator" },
    },
  ],
  seeds: [
    { guid: "listed-g1", scope: "participant", permissions: { sendMessage: "deny" } },
    { guid: "listed-g2", scope: "moderator", permissions: { editMessage: "deny" } },
  ],
  lookup: {
    holds: { guid: "listed-g1", scope: "participant", permissions: { sendMessage: "deny" } },
    scope: { guid: "listed-g1" },
  },
};

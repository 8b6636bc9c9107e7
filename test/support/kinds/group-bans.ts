// GroupBans: its cases for the README table's test and the plugin's imports, its listing seeds and its secret
// sample (test/support/kinds/index.ts says what each is for).
import type { Fixture } from "./helpers";

export const fixture: Fixture = {
  cases: () => [
    {
      kind: "GroupBans",
      name: "bans",
      dependsOn: ["banning", "m2", "m3"],
      set: { guid: "t-banning", uids: ["T-M3"] },
      change: { guid: "t-banning", uids: ["t-m3", "t-m2"] },
      remove: { guid: "t-banning", uids: [] },
      replace: { guid: "t-locked" },
    },
  ],
  seeds: [
    { guid: "listed-g1", uids: ["listed-u2"] },
    { guid: "listed-g2", uids: ["listed-u1", "listed-u2"] },
  ],
  lookup: { holds: { guid: "listed-g1", uids: ["listed-u2"] }, scope: { guid: "listed-g1" } },
};

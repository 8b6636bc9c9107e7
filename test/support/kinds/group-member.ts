// GroupMember: its cases for the README table's test and the plugin's imports, its listing seeds and its secret
// sample (test/support/kinds/index.ts says what each is for).
import type { Fixture } from "./helpers";

export const fixture: Fixture = {
  cases: () => [
    {
      kind: "GroupMember",
      name: "member",
      dependsOn: ["group", "m2"],
      set: { guid: "t-group", uid: "t-m2", scope: "moderator" },
      change: { guid: "t-group", uid: "t-m2", scope: "admin" },
      remove: { guid: "t-group", uid: "t-m2" },
      replace: { guid: "t-locked", uid: "t-m3" },
    },
  ],
  lookup: {
    key: { guid: "listed-g1", uid: "listed-u1" },
    holds: { guid: "listed-g1", uid: "listed-u1", scope: "admin" },
  },
};

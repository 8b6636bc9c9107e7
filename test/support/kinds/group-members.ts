// GroupMembers: its cases for the README table's test and the plugin's imports, its listing seeds and its secret
// sample (test/support/kinds/index.ts says what each is for).
import type { Fixture } from "./helpers";

export const fixture: Fixture = {
  cases: () => [
    {
      kind: "GroupMembers",
      name: "members",
      dependsOn: ["team", "user", "m2", "m3"],
      // The owner (t-m1) among the admins is simply satisfied.
      set: { guid: "t-team", admins: ["t-m1", "T-M2"], moderators: ["t-m3"], participants: ["t-user"] },
      change: { guid: "t-team", admins: ["t-m1", "t-m3"], moderators: ["t-user"], participants: ["t-m2"] },
      remove: { guid: "t-team" },
      replace: { guid: "t-locked" },
    },
  ],
  // The owner is the only member of listed-g1 (the others are banned), and never listed as a member.
  lookup: { key: { guid: "listed-g1" }, holds: { guid: "listed-g1" } },
};

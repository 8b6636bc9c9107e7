// BlockedUsers: its cases for the README table's test and the plugin's imports, its listing seeds and its secret
// sample (test/support/kinds/index.ts says what each is for).
import type { Fixture } from "./helpers";

export const fixture: Fixture = {
  cases: () => [
    {
      kind: "BlockedUsers",
      name: "blocked",
      dependsOn: ["m1", "m2", "m3"],
      set: { uid: "t-m2", blockedUids: ["t-m1", "t-m3"] },
      change: { uid: "t-m2", blockedUids: ["t-m3"] },
      remove: { uid: "t-m2" },
      replace: { uid: "t-m3" },
    },
  ],
  seeds: [
    { uid: "listed-u1", blockedUids: ["listed-u2"] },
    { uid: "listed-u2", blockedUids: ["listed-u1"] },
  ],
  lookup: { holds: { uid: "listed-u1", blockedUids: ["listed-u2"] } },
};

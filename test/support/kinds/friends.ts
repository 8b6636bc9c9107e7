// Friends: its cases for the README table's test and the plugin's imports, its listing seeds and its secret
// sample (test/support/kinds/index.ts says what each is for).
import type { Fixture } from "./helpers";

export const fixture: Fixture = {
  cases: () => [
    {
      kind: "Friends",
      name: "friends",
      dependsOn: ["m1", "m2", "m3"],
      // One side declared: the other side's friends are theirs (mutual, unmanaged here).
      set: { uid: "T-M1", friends: ["t-m2"] },
      change: { uid: "t-m1", friends: ["T-M3"] },
      remove: { uid: "t-m1" },
      replace: { uid: "t-m2" },
    },
  ],
  seeds: [
    { uid: "listed-u1", friends: ["listed-u2"] },
    { uid: "listed-u2", friends: ["listed-u1"] },
  ],
  lookup: { holds: { uid: "listed-u1", friends: ["listed-u2"] } },
};

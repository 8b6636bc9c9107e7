// AuthToken: its cases for the README table's test and the plugin's imports, its listing seeds and its secret
// sample (test/support/kinds/index.ts says what each is for).
import type { Fixture } from "./helpers";

export const fixture: Fixture = {
  cases: () => [
    {
      kind: "AuthToken",
      name: "token",
      dependsOn: ["m1", "m2"],
      set: { uid: "t-m1", platform: "web", userAgent: "agent/1", appInfo: { v: 1 } },
      change: { uid: "t-m1", platform: "ios", userAgent: "agent/2", appInfo: { v: 2 } },
      remove: { uid: "t-m1" },
      replace: { uid: "t-m2" },
    },
  ],
  lookup: {
    seed: { uid: "listed-u1", platform: "web", userAgent: "agent/1" },
    holds: { uid: "listed-u1", platform: "web" },
    secret: true,
  },
};

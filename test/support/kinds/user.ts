// User: its cases for the README table's test and the plugin's imports, its listing seeds and its secret
// sample (test/support/kinds/index.ts says what each is for).
import { type Fixture, steady } from "./helpers";

export const fixture: Fixture = {
  cases: () => [
    steady("User", "m1", { uid: "t-m1", name: "M1", permanentDelete: true }),
    steady("User", "m2", { uid: "t-m2", name: "M2", permanentDelete: true }),
    steady("User", "m3", { uid: "t-m3", name: "M3", permanentDelete: true }),
    {
      kind: "User",
      name: "user",
      dependsOn: ["role"],
      set: {
        uid: "T-User",
        name: "User",
        avatar: "https://x.example.com/a1.png",
        link: "https://x.example.com/1",
        role: "t-role",
        statusMessage: "here",
        metadata: { a: 1 },
        tags: ["x", "y"],
        permanentDelete: true,
      },
      change: {
        uid: "t-user",
        name: "User 2",
        avatar: "https://x.example.com/a2.png",
        link: "https://x.example.com/2",
        role: "default",
        statusMessage: "away",
        metadata: { a: 2 },
        tags: ["z"],
        permanentDelete: false,
      },
      remove: { uid: "t-user", name: "User 2" },
      replace: { uid: "t-user-2" },
    },
  ],
  seeds: [
    { uid: "listed-u1", name: "U1", role: "listed-a", tags: ["b", "a"], metadata: { k: 1 } },
    { uid: "listed-u2", name: "U2" },
  ],
  lookup: {
    holds: { uid: "listed-u1", name: "U1", role: "listed-a", tags: ["a", "b"] },
    scope: { role: "listed-a", tags: ["a"] },
  },
};

// Group: its cases for the README table's test and the plugin's imports, its listing seeds and its secret
// sample (test/support/kinds/index.ts says what each is for).
import { type Fixture, steady } from "./helpers";

export const fixture: Fixture = {
  cases: () => [
    {
      kind: "Group",
      name: "group",
      dependsOn: ["user", "m1"],
      set: {
        guid: "T-Group",
        name: "Group",
        type: "private",
        icon: "https://x.example.com/i1.png",
        description: "first",
        metadata: { a: 1 },
        owner: "t-user",
        tags: ["x"],
      },
      change: {
        guid: "t-group",
        name: "Group 2",
        type: "public",
        icon: "https://x.example.com/i2.png",
        description: "second",
        metadata: { a: 2 },
        owner: "t-m1",
        tags: ["y", "z"],
      },
      remove: { guid: "t-group", name: "Group 2" },
      replace: { guid: "t-group-2" },
    },
    {
      kind: "Group",
      name: "locked",
      set: { guid: "t-locked", name: "Locked", type: "password", password: "first1" },
      change: { guid: "t-locked", name: "Locked", type: "password", password: "second2" },
      remove: { guid: "t-locked", name: "Locked" },
    },
    steady("Group", "team", { guid: "t-team", name: "Team", owner: "t-m1" }, ["m1"]),
    steady("Group", "banning", { guid: "t-banning", name: "Banning" }),
  ],
  seeds: [
    { guid: "listed-g1", name: "G1", type: "private", owner: "listed-u1", tags: ["ops"] },
    { guid: "listed-g2", name: "G2" },
  ],
  secret: (secret) => ({
    valid: () => ({ guid: "club", name: "Club", type: "password", password: secret("grouppw", 24) }),
    sibling: ["name", "", /name must not be empty/],
  }),
  lookup: { holds: { guid: "listed-g1", name: "G1", owner: "listed-u1", tags: ["ops"] } },
};

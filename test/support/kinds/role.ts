// Role: its cases for the README table's test and the plugin's imports, its listing seeds and its secret
// sample (test/support/kinds/index.ts says what each is for).
import type { Fixture } from "./helpers";

export const fixture: Fixture = {
  cases: () => [
    {
      kind: "Role",
      name: "role",
      set: {
        role: "T-Role",
        name: "Role",
        description: "first",
        metadata: { a: 1 },
        settings: { listUsers: "all" },
        restrictedFeatures: ["u.listUsers"],
        permissions: { createGroup: "deny" },
      },
      change: {
        role: "t-role",
        name: "Role 2",
        description: "second",
        metadata: { a: 2 },
        settings: { listUsers: "friendsOnly" },
        restrictedFeatures: ["u.deleteGroup"],
        permissions: { createGroup: "allow" },
      },
      remove: { role: "t-role", name: "Role 2" },
      replace: { role: "t-role-2" },
    },
  ],
  seeds: [
    {
      role: "listed-a",
      name: "A",
      restrictedFeatures: ["u.listUsers"],
      permissions: { sendMessage: "deny" },
    },
    { role: "listed-b", name: "B", description: "Plain" },
  ],
  lookup: { holds: { role: "listed-a", name: "A", restrictedFeatures: ["u.listUsers"] } },
};

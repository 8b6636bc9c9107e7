// Collaborators: its cases for the README table's test and the plugin's imports, its listing seeds and its secret
// sample (test/support/kinds/index.ts says what each is for).
import type { Fixture } from "./helpers";

export const fixture: Fixture = {
  cases: ({ appId }) => [
    {
      kind: "Collaborators",
      name: "collaborators",
      set: { appId, admins: ["Ada@Table.example.com"], moderators: ["mo@table.example.com"] },
      change: { appId, admins: ["mo@table.example.com"], moderators: ["bo@table.example.com"] },
      remove: {},
      replace: { appId: "another-app" },
    },
  ],
  seeds: [{ admins: ["Listed-A@Example.com"], moderators: ["listed-m@example.com"] }],
  lookup: { holds: { admins: ["listed-a@example.com"], moderators: ["listed-m@example.com"] } },
};

// ApiKey: its cases for the README table's test and the plugin's imports, its listing seeds and its secret
// sample (test/support/kinds/index.ts says what each is for).
import type { Fixture } from "./helpers";

export const fixture: Fixture = {
  cases: () => [
    {
      kind: "ApiKey",
      name: "key",
      set: { name: "table key", scope: "authOnly" },
      change: { name: "table key 2", scope: "fullAccess" },
      remove: { name: "table key 2" },
    },
  ],
  seeds: [{ name: "listed-k1", scope: "fullAccess" }, { name: "listed-k2" }],
  lookup: {
    holds: { name: "listed-k1", scope: "fullAccess" },
    scope: { name: "listed-k1", scope: "fullAccess" },
    secret: true,
  },
};

// App: its cases for the README table's test and the plugin's imports, its listing seeds and its secret
// sample (test/support/kinds/index.ts says what each is for).
import type { Fixture } from "./helpers";

export const fixture: Fixture = {
  cases: () => [
    {
      kind: "App",
      name: "app",
      set: { name: "table-app", region: "eu", version: "3", skipSampleData: true },
      change: { name: "table-app", region: "eu", version: "3", skipSampleData: true },
      remove: { name: "table-app" },
      replace: { name: "table-app-2", region: "in", version: "2", skipSampleData: true },
    },
  ],
  seeds: [{ name: "listed-one" }, { name: "listed-two", region: "eu" }],
  lookup: { holds: { name: "listed-one", region: "us" }, secret: true, scope: { searchKey: "listed-one" } },
};

// Extension: its cases for the README table's test and the plugin's imports, its listing seeds and its secret
// sample (test/support/kinds/index.ts says what each is for).
import type { Fixture } from "./helpers";

export const fixture: Fixture = {
  cases: ({ appId }) => [
    // ---- issue 12 part B: extensions, app settings, group-scope RBAC ----
    {
      kind: "Extension",
      name: "ext-giphy",
      set: { appId, extension: "gifs-giphy", secrets: { giphyApiKey: "table-key-1" } },
      change: { appId, extension: "gifs-giphy", secrets: { giphyApiKey: "table-key-2" } },
      remove: { extension: "gifs-giphy" },
      replace: { extension: "gifs-tenor" },
    },
    {
      kind: "Extension",
      name: "ext-xss",
      set: { extension: "xss-filter", settings: { dropMessage: true } },
      change: { extension: "xss-filter", settings: { dropMessage: false } },
      remove: { extension: "xss-filter" },
      replace: { appId: "another-app" },
    },
    {
      kind: "Extension",
      name: "ext-polls",
      set: { extension: "polls", enabled: false },
      change: { extension: "polls", enabled: true },
      remove: { extension: "polls" },
    },
  ],
  secret: (secret) => ({
    valid: () => ({ extension: "gifs-giphy", secrets: { giphyApiKey: secret("giphy") } }),
    sibling: [
      "extension",
      "gifs-giphyy",
      /extension "gifs-giphyy" is not an extension.*closest valid: "gifs-giphy"/,
    ],
  }),
  lookup: {
    seed: { extension: "xss-filter", settings: { dropMessage: true } },
    holds: { extension: "xss-filter", settings: { dropMessage: true } },
  },
};

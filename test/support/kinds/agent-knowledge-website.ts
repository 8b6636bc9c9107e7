// AgentKnowledgeWebsite: a site crawled with every option, crawled again with each changed (every option
// replaces), then with all left out (the service's defaults); the replace step (a preview) names another site.
import type { Fixture } from "./helpers";

const SITE = "https://docs.example.com/table-guide";

export const fixture: Fixture = {
  cases: () => [
    {
      kind: "AgentKnowledgeWebsite",
      name: "kb-site",
      set: {
        url: SITE,
        maxDepth: 2,
        maxPages: 50,
        include: ["docs/"],
        exclude: ["login"],
        fetchSitemap: true,
      },
      change: {
        url: SITE,
        maxDepth: 4,
        maxPages: 200,
        include: ["docs/", "api/"],
        exclude: ["login", "admin"],
        fetchSitemap: false,
      },
      remove: { url: SITE },
      replace: {
        url: "https://help.example.com/table-faq",
        maxDepth: 1,
        maxPages: 10,
        include: ["faq/"],
        exclude: ["signup"],
        fetchSitemap: true,
      },
    },
  ],
  seeds: [{ url: "https://listed-w1.example.com/" }, { url: "https://listed-w2.example.com/", maxDepth: 1 }],
  lookup: { holds: { url: "https://listed-w1.example.com/" } },
};

// ModerationKeywordList: its cases for the README table's test and the plugin's imports, its listing seeds and its secret
// sample (test/support/kinds/index.ts says what each is for).
import type { Fixture } from "./helpers";

export const fixture: Fixture = {
  cases: () => [
    {
      kind: "ModerationKeywordList",
      name: "list",
      set: {
        listId: "t-list",
        name: "List",
        description: "first",
        category: "word",
        searchTerms: ["a", "b"],
      },
      change: {
        listId: "t-list",
        name: "List 2",
        description: "second",
        category: "pattern",
        searchTerms: ["c+"],
      },
      remove: { listId: "t-list", category: "sentence-similarity", disallowedSentences: ["x y"] },
      replace: { listId: "t-list-2" },
    },
    {
      kind: "ModerationKeywordList",
      name: "sentences",
      set: { listId: "t-sentences", category: "sentence-similarity", disallowedSentences: ["p q"] },
      change: { listId: "t-sentences", category: "sentence-similarity", disallowedSentences: ["r s", "t u"] },
      remove: { listId: "t-sentences", category: "word", searchTerms: ["z"] },
    },
  ],
  seeds: [
    { listId: "listed-l1", name: "L1", category: "word", searchTerms: ["b", "a"] },
    { listId: "listed-l2", name: "L2", category: "sentence-similarity", disallowedSentences: ["go away"] },
  ],
  lookup: { holds: { listId: "listed-l1", name: "L1", searchTerms: ["a", "b"] } },
};

// AgentKnowledgeSource: its cases for the README table's test and the plugin's imports, its listing seeds
// (test/support/kinds/index.ts says what each is for). AiAgent's cases attach them.
import { type Fixture, steady } from "./helpers";

export const fixture: Fixture = {
  cases: () => [
    {
      kind: "AgentKnowledgeSource",
      name: "kb",
      set: { title: "table refunds", text: "Refunds take five days." },
      change: { title: "table refund policy", text: "Refunds take three days." },
      remove: { title: "table refund policy", text: "Refunds take three days." },
    },
    steady("AgentKnowledgeSource", "kb-b", { title: "table shipping", text: "We ship worldwide." }),
  ],
  seeds: [
    { title: "listed-kb1", text: "First entry." },
    { title: "listed-kb2", text: "Second entry." },
  ],
  lookup: { holds: { title: "listed-kb1", text: "First entry." } },
};

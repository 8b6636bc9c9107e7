// AgentKnowledgeSource: its cases for the README table's test and the plugin's imports, its listing seeds
// (test/support/kinds/index.ts says what each is for). AiAgent's cases attach them.
import { type Fixture, steady } from "./helpers";

export const fixture: Fixture = {
  cases: () => [
    {
      kind: "AgentKnowledgeSource",
      name: "kb",
      set: { title: "Refunds", text: "Refunds take five days." },
      change: { title: "Refund policy", text: "Refunds take three days." },
      remove: { title: "Refund policy", text: "Refunds take three days." },
    },
    steady("AgentKnowledgeSource", "kb-b", { title: "Shipping", text: "We ship worldwide." }),
  ],
  seeds: [
    { title: "listed-kb1", text: "First entry." },
    { title: "listed-kb2", text: "Second entry." },
  ],
  lookup: { holds: { title: "listed-kb1", text: "First entry." } },
};

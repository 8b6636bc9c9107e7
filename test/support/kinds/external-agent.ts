// ExternalAgent: its cases for the README table's test and the plugin's imports, its listing seeds and its secret
// sample (test/support/kinds/index.ts says what each is for).
import { agentHeaders, type Fixture } from "./helpers";

export const fixture: Fixture = {
  cases: () => [
    {
      kind: "ExternalAgent",
      name: "byo",
      set: {
        name: "table byo",
        provider: "langgraph",
        deploymentUrl: "https://agents.example.com/1",
        agentId: "g1",
        headers: { Authorization: "Bearer 1" },
        tools: ["lookupOrder"],
        actions: ["openOrder"],
        description: "first",
        icon: "https://cdn.example.com/1.png",
        greetingMessage: "hello",
        introductoryMessage: "I help",
        suggestedMessages: ["a"],
        isActive: false,
      },
      change: {
        name: "table byo 2",
        provider: "mastra",
        deploymentUrl: "https://agents.example.com/2",
        agentId: "g2",
        headers: { Authorization: "Bearer 2" },
        tools: ["trackParcel", "lookupOrder"],
        actions: ["refund"],
        description: "second",
        icon: "https://cdn.example.com/2.png",
        greetingMessage: "hi",
        introductoryMessage: "I help more",
        suggestedMessages: ["b"],
        isActive: true,
      },
      remove: { name: "table byo 2", provider: "mastra", deploymentUrl: "https://agents.example.com/2" },
    },
  ],
  seeds: [
    {
      name: "listed-x1",
      provider: "langgraph",
      deploymentUrl: "https://a.example.com",
      agentId: "g",
      tools: ["lookupOrder"],
      actions: ["openOrder"],
    },
    {
      name: "listed-x2",
      provider: "crewai",
      deploymentUrl: "https://b.example.com",
      headers: { Authorization: "Bearer x" },
    },
  ],
  secret: (secret) =>
    agentHeaders(
      secret,
      { name: "crew", provider: "crewai", deploymentUrl: "https://agents.example.com/crew" },
      "deploymentUrl",
    ),
  lookup: { holds: { name: "listed-x1", provider: "langgraph" }, scope: { name: "listed-x1" } },
};

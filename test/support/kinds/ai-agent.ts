// AiAgent: its cases for the README table's test and the plugin's imports, its listing seeds and its secret
// sample (test/support/kinds/index.ts says what each is for).
import { type Fixture, idOfCase } from "./helpers";

export const fixture: Fixture = {
  cases: () => [
    {
      kind: "AiAgent",
      name: "ai",
      dependsOn: ["mcp", "mcp-b", "kb", "kb-b"],
      set: {
        name: "table ai",
        description: "first",
        icon: "https://cdn.example.com/1.png",
        greetingMessage: "hello",
        introductoryMessage: "I help",
        suggestedMessages: ["a"],
        isActive: false,
        instructions: "Be brief.",
        model: "m1",
        temperature: 0.5,
        mcpServers: ["t-mcp"],
        knowledgeSources: [idOfCase("kb")],
      },
      change: {
        name: "table ai 2",
        description: "second",
        icon: "https://cdn.example.com/2.png",
        greetingMessage: "hi",
        introductoryMessage: "I help more",
        suggestedMessages: ["b", "c"],
        isActive: true,
        instructions: "Be kind.",
        model: "m2",
        temperature: 1,
        mcpServers: ["t-mcp-b"],
        knowledgeSources: [idOfCase("kb-b"), idOfCase("kb")],
      },
      remove: { name: "table ai 2" },
    },
  ],
  seeds: [
    {
      name: "listed-ai1",
      model: "gpt-4o",
      temperature: 0.2,
      icon: "https://cdn.example.com/i.png",
      suggestedMessages: ["hi", "help"],
      mcpServers: ["listed-m1"],
    },
    { name: "listed-ai2", isActive: false },
  ],
  lookup: {
    holds: { name: "listed-ai1", model: "gpt-4o", mcpServers: ["listed-m1"] },
    scope: { name: "listed-ai1" },
  },
};

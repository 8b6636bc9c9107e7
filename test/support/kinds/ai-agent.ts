// AiAgent: its cases for the README table's test and the plugin's imports, its listing seeds and its secret
// sample (test/support/kinds/index.ts says what each is for).
import { type Fixture, idOfCase } from "./helpers";

/** The secret sample's arguments: a catalogue tool with one action and its connection settings. */
const connected = (emailId: string) => ({
  name: "mail helper",
  tools: ["gmail"],
  toolActions: { gmail: ["send-email"] },
  toolConnections: { gmail: { emailId } },
});

export const fixture: Fixture = {
  cases: () => [
    {
      kind: "AiAgent",
      name: "ai",
      dependsOn: [
        "mcp",
        "mcp-b",
        "api-tool",
        "api-tool-b",
        "frontend-action",
        "frontend-action-b",
        "kb",
        "kb-b",
      ],
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
        maxTokens: 4096,
        mcpServers: ["t-mcp"],
        tools: ["gmail"],
        toolActions: { gmail: ["send-email", "draft-email"] },
        toolConnections: { gmail: { emailId: "gmail-conn-one" } },
        apiTools: ["t-api-tool"],
        frontendActions: ["tOpenOrder"],
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
        maxTokens: 1024,
        mcpServers: ["t-mcp-b"],
        tools: ["slack", "gmail"],
        toolActions: { gmail: ["read-emails"], slack: ["post-message"] },
        toolConnections: { gmail: { emailId: "gmail-conn-two" }, slack: { workspace: "slack-ws-two" } },
        apiTools: ["t-api-tool-b"],
        frontendActions: ["tShowCart", "tOpenOrder"],
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
      maxTokens: 512,
      icon: "https://cdn.example.com/i.png",
      suggestedMessages: ["hi", "help"],
      mcpServers: ["listed-m1"],
      apiTools: ["listed-t1"],
      frontendActions: ["listedF1"],
      tools: ["gmail"],
      toolActions: { gmail: ["send-email"] },
      toolConnections: { gmail: { emailId: "listed@example.com" } },
    },
    { name: "listed-ai2", isActive: false },
  ],
  secret: (secret) => ({
    valid: () => connected(secret("conn")),
    sibling: ["toolActions", { gmail: ["send email!"] }, /an action's name may contain only/],
    badSecret: () => [
      { ...connected(secret("bad")), toolConnections: { slack: { emailId: secret("bad2") } } },
      /toolConnections names the tool "slack"/,
    ],
  }),
  lookup: {
    holds: { name: "listed-ai1", model: "gpt-4o", maxTokens: 512, mcpServers: ["listed-m1"] },
    scope: { name: "listed-ai1" },
  },
};

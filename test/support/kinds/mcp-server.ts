// McpServer: its cases for the README table's test and the plugin's imports, its listing seeds and its secret
// sample (test/support/kinds/index.ts says what each is for).
import { agentHeaders, type Fixture, steady } from "./helpers";

export const fixture: Fixture = {
  cases: () => [
    {
      kind: "McpServer",
      name: "mcp",
      set: {
        slug: "t-mcp",
        name: "MCP",
        url: "https://mcp.example.com",
        description: "tools",
        icon: "https://cdn.example.com/m1.png",
        headers: { Authorization: "Bearer 1" },
      },
      change: {
        slug: "t-mcp",
        name: "MCP 2",
        url: "https://mcp.example.com/2",
        description: "more tools",
        icon: "https://cdn.example.com/m2.png",
        headers: { Authorization: "Bearer 2" },
      },
      remove: { slug: "t-mcp", name: "MCP 2", url: "https://mcp.example.com/2" },
      replace: { slug: "t-mcp-2" },
    },
    steady("McpServer", "mcp-b", { slug: "t-mcp-b", name: "MCP B", url: "https://mcp-b.example.com" }),
  ],
  seeds: [{ slug: "listed-m1", name: "M1", url: "https://mcp.example.com", headers: { A: "1" } }],
  secret: (secret) =>
    agentHeaders(secret, { slug: "docs", name: "Docs", url: "https://mcp.example.com/docs" }, "url"),
  lookup: { holds: { slug: "listed-m1", name: "M1", url: "https://mcp.example.com" } },
};

// AgentApiTool: its cases for the README table's test and the plugin's imports, its listing seeds and its secret
// sample (test/support/kinds/index.ts says what each is for).
import { type Fixture, steady } from "./helpers";

const param = (key: string, required: boolean) => ({
  key,
  type: "string",
  description: `the ${key}`,
  required,
});

export const fixture: Fixture = {
  cases: () => [
    {
      kind: "AgentApiTool",
      name: "api-tool",
      set: {
        slug: "t-api-tool",
        name: "Orders",
        description: "Looks an order up",
        endpoint: "https://api.example.com/orders",
        method: "POST",
        enableBasicAuth: true,
        basicAuthUsername: "svc",
        basicAuthPassword: "toolpass1",
        headers: { Authorization: "Bearer 1" },
        bodyTemplate: '{"order":"{{order}}"}',
        allowAdditionalProperties: true,
        parameters: [param("order", true)],
        icon: "https://cdn.example.com/t1.png",
      },
      change: {
        slug: "t-api-tool",
        name: "Orders 2",
        description: "Looks orders up",
        endpoint: "https://api.example.com/orders/2",
        method: "PUT",
        enableBasicAuth: true,
        basicAuthUsername: "svc2",
        basicAuthPassword: "toolpass2",
        headers: { Authorization: "Bearer 2" },
        bodyTemplate: '{"orders":"{{order}}"}',
        allowAdditionalProperties: false,
        parameters: [param("order", true), param("since", false)],
        icon: "https://cdn.example.com/t2.png",
      },
      remove: {
        slug: "t-api-tool",
        name: "Orders 2",
        description: "Looks orders up",
        endpoint: "https://api.example.com/orders/2",
        method: "GET",
      },
      replace: { slug: "t-api-tool-2" },
    },
    steady("AgentApiTool", "api-tool-b", {
      slug: "t-api-tool-b",
      name: "Stock",
      description: "Reads stock levels",
      endpoint: "https://api.example.com/stock",
      method: "GET",
    }),
  ],
  seeds: [
    {
      slug: "listed-t1",
      name: "T1",
      description: "first tool",
      endpoint: "https://api.example.com/t1",
      method: "GET",
    },
    {
      slug: "listed-t2",
      name: "T2",
      description: "with every part",
      endpoint: "https://api.example.com/t2",
      method: "POST",
      enableBasicAuth: true,
      basicAuthUsername: "svc",
      basicAuthPassword: "seedpass1",
      headers: { "X-Key": "k" },
      bodyTemplate: "{}",
      parameters: [param("q", false)],
      icon: "https://cdn.example.com/t.png",
    },
  ],
  secret: (secret) => ({
    valid: () => ({
      slug: "tool-secret",
      name: "Secret",
      description: "a tool with credentials",
      endpoint: "https://api.example.com/s",
      method: "POST",
      enableBasicAuth: true,
      basicAuthUsername: "svc",
      basicAuthPassword: secret("toolpw", 24),
      headers: { Authorization: `Bearer ${secret("hdr")}` },
    }),
    sibling: ["endpoint", "http://api.example.com/s", /endpoint must be an https URL/],
  }),
  lookup: {
    holds: { slug: "listed-t1", name: "T1", endpoint: "https://api.example.com/t1", method: "GET" },
  },
};

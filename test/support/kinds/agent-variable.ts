// AgentVariable: its cases for the README table's test and the plugin's imports, its listing seeds and its
// secret sample (test/support/kinds/index.ts says what each is for).
import type { Fixture } from "./helpers";

export const fixture: Fixture = {
  cases: () => [
    {
      kind: "AgentVariable",
      name: "plan-var",
      set: {
        name: "user.plan",
        sourceType: "user_metadata",
        sourcePath: "plan",
        description: "The sender's plan",
        defaultValue: "free",
      },
      change: {
        name: "user.plan",
        sourceType: "message_metadata",
        sourcePath: "meta.plan",
        description: "The message's plan",
        defaultValue: "basic",
      },
      remove: { name: "user.plan", sourceType: "constant", constantValue: "pro" },
      replace: { name: "user.tier" },
    },
    {
      kind: "AgentVariable",
      name: "brand-var",
      set: { name: "brand", sourceType: "constant", constantValue: "Acme" },
      change: { name: "brand", sourceType: "constant", constantValue: "Acme Inc" },
      remove: { name: "brand", sourceType: "message_metadata", sourcePath: "brand" },
    },
  ],
  seeds: [
    { name: "listed.v1", sourceType: "constant", constantValue: "one", description: "d", defaultValue: "x" },
    { name: "listed.v2", sourceType: "user_metadata", sourcePath: "lang" },
  ],
  secret: (secret) => ({
    valid: () => ({ name: "api.key", sourceType: "constant", constantValue: secret("constantValue") }),
    sibling: ["name", "1bad", /name must start with a letter/],
    // The constant's bound is 500 characters (the default probe's 101 would be valid).
    badSecret: () => [
      { constantValue: secret("constantValue", 501) },
      /constantValue must be at most 500 characters/,
    ],
  }),
  lookup: { holds: { name: "listed.v1", sourceType: "constant", description: "d" }, secret: true },
};

// A program for the policy pack's end-to-end test: `policy:break` lists the rules (1-6, docs/guide/policies.md)
// it breaks, comma-separated; it keeps the others. Uses the configured (bootstrap) app.
import * as pulumi from "@pulumi/pulumi";
import * as chat from "pulumi-chat";

const cfg = new pulumi.Config("policy");
const breaks = new Set((cfg.get("break") ?? "").split(",").filter(Boolean).map(Number));

const key = new chat.ApiKey("adminKey", { name: "admin", scope: breaks.has(1) ? "fullAccess" : "authOnly" });

new chat.Webhook("alerts", {
  webhookId: "alerts",
  name: cfg.get("webhookName") ?? "Alerts",
  webhookURL: breaks.has(2) ? "http://hooks.example.com/alerts" : "https://hooks.example.com/alerts",
  useBasicAuth: !breaks.has(2),
  username: "ci",
  // Rule 5 in TypeScript: plain config, which the SDK itself wraps as secret (x-secret), so it holds.
  password: breaks.has(5) ? cfg.require("hookPassword") : cfg.requireSecret("hookPassword"),
  ...(breaks.has(3) ? {} : { version: 2 as const }),
});

if (!breaks.has(4))
  new chat.ModerationRule("noSpam", {
    ruleId: "no-spam",
    name: "No spam",
    enabled: true,
    action: ["blockMessage"],
    conditions: [{ operand: "text", category: "word", isListReferencePresent: false, value: ["spam"] }],
  });

new chat.AiAgent("helper", {
  name: "helper",
  instructions: "Be brief.",
  ...(breaks.has(6) ? { mcpServers: ["docs-search"] } : {}),
});

export const adminKey = key.apiKey;
// Rule 1 looks inside text too: a header holding the key is as exposed as the key.
export const adminHeader = pulumi.interpolate`Bearer ${key.apiKey}`;

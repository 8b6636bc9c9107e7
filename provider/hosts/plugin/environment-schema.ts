// The Environment component in the plugin's schema (issue 32 item 5): a multi-language component the plugin
// constructs (provider/environment/construct.ts), so YAML, Python and Go programs get it as TypeScript does.
import type { PropertySpec } from "./schema";

const secretMap: PropertySpec = { type: "object", additionalProperties: { type: "string" }, secret: true };

/** The component in the package schema: what it takes and what it gives back. */
export const environmentResource = {
  isComponent: true,
  description:
    "A whole chat environment declared from an environment file (chat-environment.yaml, as chat-export writes " +
    "it) or the same content as an object: the app, roles, users, groups and members, API keys, webhooks, " +
    "extensions, settings, notifications and moderation. Values named as `{ secret: key }` come from the " +
    "stack's secret config; adopted objects are protected unless the file says `protectAdopted: false`.",
  inputProperties: {
    file: {
      type: "string",
      description:
        "The environment file (YAML or JSON), relative to the project folder. Give this or `spec`.",
    },
    spec: {
      $ref: "pulumi.json#/Any",
      description: "The environment as an object in the file's shape. Give this or `file`.",
    },
  },
  properties: {
    appId: { type: "string", description: "The app's id." },
    appApiKey: {
      type: "string",
      secret: true,
      description: "A created app's fullAccess key; empty for an existing app.",
    },
    apiKeyValues: { ...secretMap, description: "The declared API keys' values, by name." },
    webhookBasicAuthPasswords: {
      ...secretMap,
      description: "The generated webhook basic-auth passwords, by webhook id.",
    },
  } satisfies Record<string, PropertySpec>,
  required: ["appId", "apiKeyValues", "webhookBasicAuthPasswords"],
};

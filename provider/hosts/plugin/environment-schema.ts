// The Environment component in the plugin's schema (issue 32 item 5): a multi-language component the plugin
// constructs (provider/environment/construct.ts), so YAML, Python and Go programs get it as TypeScript does.

import type { Kind } from "../../engine/kind";
import { type KindName, kinds } from "../../kinds";
import type { Example } from "./example-code";
import { examplesBlock } from "./resource-docs";
import type { PropertySpec } from "./schema";

/**
 * The component's outputs that gather one field of a kind's resources (by name or id): each is secret
 * exactly when the field is, that is when the document marks it (decision 0123); the component
 * (provider/environment/component.ts) and this schema both ask here.
 */
export const GATHERED = {
  appApiKey: { kind: "App", field: "apiKey" },
  apiKeyValues: { kind: "ApiKey", field: "apiKey" },
  webhookBasicAuthPasswords: { kind: "Webhook", field: "password" },
} as const satisfies Record<string, { kind: KindName; field: string }>;
export type GatheredOutput = keyof typeof GATHERED;

/** Whether the component's `output` holds a secret field. */
export function gathersSecret(output: GatheredOutput): boolean {
  const { kind, field } = GATHERED[output];
  const secrets: readonly string[] = (kinds[kind] as unknown as Kind).secrets ?? [];
  return secrets.includes(field);
}
const secrecy = (output: GatheredOutput) => (gathersSecret(output) ? { secret: true } : {});

const stringMap: PropertySpec = { type: "object", additionalProperties: { type: "string" } };

/**
 * The component's registry example, as every kind has one (issue 45): the file form, the one most users start
 * from (chat-export writes the file; test/e2e/plugin-environment.test.ts runs this program).
 */
export const ENVIRONMENT_EXAMPLE: Example = { name: "staging", args: { file: "chat-environment.yaml" } };

const inputProperties = {
  file: {
    type: "string",
    description: "The environment file (YAML or JSON), relative to the project folder. Give this or `spec`.",
  },
  spec: {
    $ref: "pulumi.json#/Any",
    description: "The environment as an object in the file's shape. Give this or `file`.",
  },
} satisfies Record<string, PropertySpec>;

const summary =
  "A whole chat environment declared from an environment file (chat-environment.yaml, as chat-export writes " +
  "it) or the same content as an object: the app, roles, users, groups and members, API keys, webhooks, " +
  "extensions, settings, notifications and moderation. Values named as `{ secret: key }` come from the " +
  "stack's secret config; adopted objects are protected unless the file says `protectAdopted: false`.";

/** The component in the package schema: what it takes and what it gives back. */
export const environmentResource = {
  isComponent: true,
  // Its inputs name no declared type, so the example's renderer needs no lookup.
  description: `${summary}\n\n${examplesBlock("Environment", inputProperties, () => undefined, ENVIRONMENT_EXAMPLE)}\n`,
  inputProperties,
  properties: {
    appId: { type: "string", description: "The app's id." },
    appApiKey: {
      type: "string",
      ...secrecy("appApiKey"),
      description: "A created app's fullAccess key; empty for an existing app.",
    },
    apiKeyValues: {
      ...stringMap,
      ...secrecy("apiKeyValues"),
      description: "The declared API keys' values, by name.",
    },
    webhookBasicAuthPasswords: {
      ...stringMap,
      ...secrecy("webhookBasicAuthPasswords"),
      description: "The generated webhook basic-auth passwords, by webhook id.",
    },
  } satisfies Record<string, PropertySpec>,
  required: ["appId", "apiKeyValues", "webhookBasicAuthPasswords"],
};

// The platform team's rules (issue 46, docs/guide/policies.md): each a standard @pulumi/policy policy, so its
// enforcement level (advisory, mandatory, disabled) is set per stack with --policy-pack-config. They hold for
// both hosts' resources (resources.ts) and read facts from the contract, not copies of them.
import type { ResourceValidationPolicy, StackValidationPolicy } from "@pulumi/policy";
import { GUESSES } from "../contract/generated/ledger";
import type { RouteName } from "../contract/generated/route-table";
import { chatKind, isProduction, PLUGIN_PROVIDER_TYPE, STACK_TYPE } from "./resources";
import { plainSecretsOf } from "./secrets";

/** The policy names, as `--policy-pack-config` and the preview's report spell them. */
export const RULES = {
  fullAccessKeyOutput: "chat-no-full-access-key-output",
  webhookHttpsBasicAuth: "chat-webhook-https-basic-auth",
  newWebhookVersion: "chat-no-new-version-1-webhook",
  productionModeration: "chat-production-moderation-rule",
  plainSecretArguments: "chat-no-plain-secret-argument",
  productionAgentTools: "chat-production-agent-confirmed-tools",
} as const;

/** The API key scope that allows every call (ApiKey.scope, contract enum ApiKeyScope). */
const FULL_ACCESS = "fullAccess";
/** The legacy webhook system: the service's, and ours, when a webhook names no version. */
const LEGACY_WEBHOOK_VERSION = 1;

const productionConfig = {
  properties: {
    productionStacks: {
      type: "array" as const,
      items: { type: "string" as const },
      description: "Stack names that count as production, besides stacks tagged chat:production=true.",
    },
  },
};
type ProductionConfig = { productionStacks?: string[] };

/** A resource's properties without @pulumi/policy's unknown-checking proxy (values not known yet are skipped). */
function raw(props: Record<string, unknown>): Record<string, unknown> {
  return ((props as Record<string, unknown>).__getSpecialProxyTarget as Record<string, unknown>) ?? props;
}

/** Every string inside `v`, with its path (`key`, `creds.0.key`). */
function strings(v: unknown, path: string): [string, string][] {
  if (typeof v === "string") return [[path, v]];
  if (v === null || typeof v !== "object") return [];
  const out: [string, string][] = [];
  for (const [k, w] of Object.entries(v)) out.push(...strings(w, path ? `${path}.${k}` : k));
  return out;
}

const fullAccessKeyOutput: StackValidationPolicy = {
  name: RULES.fullAccessKeyOutput,
  description:
    "No stack output exposes a full-access API key (an ApiKey of scope fullAccess): its value or the key itself.",
  enforcementLevel: "mandatory",
  validateStack: (args, report) => {
    const keys = args.resources.filter(
      (r) => chatKind(r.type) === "ApiKey" && raw(r.props).scope === FULL_ACCESS,
    );
    if (keys.length === 0) return;
    for (const stack of args.resources.filter((r) => r.type === STACK_TYPE)) {
      for (const [path, value] of strings(raw(stack.props), "")) {
        const key = keys.find((k) => value === raw(k.props).apiKey || value === k.urn);
        if (key)
          report(
            `stack output '${path}' exposes the full-access API key '${key.name}': export an authOnly key or none`,
            key.urn,
          );
      }
    }
  },
};

const webhookHttpsBasicAuth: ResourceValidationPolicy = {
  name: RULES.webhookHttpsBasicAuth,
  description: "Every webhook posts to an https URL with basic auth on (useBasicAuth: true).",
  enforcementLevel: "mandatory",
  validateResource: (args, report) => {
    if (chatKind(args.type) !== "Webhook") return;
    const url = args.props.webhookURL;
    if (typeof url === "string" && !/^https:\/\//i.test(url))
      report(`webhook '${args.name}' posts to '${url}': webhookURL must be an https URL`);
    if (args.props.useBasicAuth !== true)
      report(
        `webhook '${args.name}' has basic auth off: set useBasicAuth: true (with username and password)`,
      );
  },
};

/**
 * "New" is read as "being created by this update" (decision 0129): a created webhook has no `createdAt` yet,
 * one already in the stack has the service's; so existing version-1 webhooks keep previewing clean.
 */
const newWebhookVersion: StackValidationPolicy = {
  name: RULES.newWebhookVersion,
  description:
    "No webhook created from now on uses the legacy webhook system (version 1, the default): declare version: 2.",
  enforcementLevel: "mandatory",
  validateStack: (args, report) => {
    for (const r of args.resources) {
      if (chatKind(r.type) !== "Webhook") continue;
      const p = raw(r.props);
      if (p.createdAt !== undefined) continue;
      const version = p.version ?? LEGACY_WEBHOOK_VERSION;
      if (version === LEGACY_WEBHOOK_VERSION)
        report(`new webhook '${r.name}' uses webhook version 1 (the default): declare version: 2`, r.urn);
    }
  },
};

const productionModeration: StackValidationPolicy = {
  name: RULES.productionModeration,
  description: "A production stack declares at least one ModerationRule.",
  enforcementLevel: "mandatory",
  configSchema: productionConfig,
  validateStack: (args, report) => {
    const root = args.resources.find((r) => r.type === STACK_TYPE);
    if (!root) return;
    const { productionStacks } = args.getConfig<ProductionConfig>();
    if (!isProduction(root.urn, args.stackTags, productionStacks)) return;
    if (!args.resources.some((r) => chatKind(r.type) === "ModerationRule"))
      report(`production stack '${root.name}' declares no ModerationRule: add at least one`, root.urn);
  },
};

const plainSecretArguments: ResourceValidationPolicy = {
  name: RULES.plainSecretArguments,
  description:
    "Every argument the contract marks x-secret is set from a secret (config set --secret, a secret output), not plain text.",
  enforcementLevel: "mandatory",
  validateResource: (args, report) => {
    if (chatKind(args.type) === undefined && args.type !== PLUGIN_PROVIDER_TYPE) return;
    for (const path of plainSecretsOf(args.props) ?? [])
      report(
        `'${args.name}' sets the secret argument '${path}' in plain text: pass a secret (pulumi config set --secret)`,
      );
  },
};

/** The routes each of an AiAgent's tool lists rests on: attaching it and the tools' own kind. */
const TOOL_LISTS: Readonly<Record<string, readonly RouteName[]>> = {
  tools: ["addAgentTools", "removeAgentTools"],
  apiTools: ["addAgentApiTools", "removeAgentApiTools", "createApiTool", "getApiTool", "listApiTools"],
  frontendActions: [
    "addAgentFrontendActions",
    "removeAgentFrontendActions",
    "createFrontendAction",
    "getFrontendAction",
    "listFrontendActions",
  ],
  mcpServers: ["createMcpServer", "getMcpServer", "updateMcpServer", "listMcpServers"],
};

/** The tool lists resting on a route the ledger marks unconfirmed (docs/service/ledger.yaml), with those routes. */
export function unconfirmedToolLists(): Record<string, string[]> {
  const guessed = new Set(GUESSES.map((g) => g.operationId));
  const out: Record<string, string[]> = {};
  for (const [list, routes] of Object.entries(TOOL_LISTS)) {
    const open = routes.filter((r) => guessed.has(r));
    if (open.length > 0) out[list] = open;
  }
  return out;
}

const productionAgentTools: ResourceValidationPolicy = {
  name: RULES.productionAgentTools,
  description:
    "In a production stack no AiAgent is given a tool whose vendor behaviour the ledger marks unconfirmed.",
  enforcementLevel: "mandatory",
  configSchema: productionConfig,
  validateResource: (args, report) => {
    if (chatKind(args.type) !== "AiAgent") return;
    const { productionStacks } = args.getConfig<ProductionConfig>();
    if (!isProduction(args.urn, args.stackTags, productionStacks)) return;
    const p = raw(args.props);
    for (const [list, routes] of Object.entries(unconfirmedToolLists())) {
      const named = p[list];
      if (Array.isArray(named) && named.length > 0)
        report(
          `agent '${args.name}' is given ${list} (${named.join(", ")}), whose vendor behaviour is unconfirmed (ledger: ${routes.join(", ")}): not in production`,
        );
    }
  },
};

export const policies: (ResourceValidationPolicy | StackValidationPolicy)[] = [
  fullAccessKeyOutput,
  webhookHttpsBasicAuth,
  newWebhookVersion,
  productionModeration,
  plainSecretArguments,
  productionAgentTools,
];

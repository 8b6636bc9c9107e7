// The platform team's rules (issue 46, docs/guide/policies.md): each a standard @pulumi/policy policy, so its
// enforcement level (advisory, mandatory, disabled) is set per stack with --policy-pack-config. They hold for
// both hosts' resources (resources.ts) and read facts from the contract, not copies of them.
import type { PolicyResource, ResourceValidationPolicy, StackValidationPolicy } from "@pulumi/policy";
import { secretPaths } from "../contract";
import { GUESSES } from "../contract/generated/ledger";
import type { RouteName } from "../contract/generated/route-table";
import type { Kind } from "../engine/kind";
import { kinds } from "../kinds";
import { LISTS } from "../kinds/agent-tools";
import { webhook } from "../kinds/webhook";
import { chatKind, isProduction, PLUGIN_PROVIDER_TYPE, STACK_TYPE, stackListed } from "./resources";
import { plainSecretsOf } from "./secrets";
import { declaredInFile, fileSection, spelled } from "./spelling";

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
/** The legacy webhook system is the one a webhook that declares no version uses: the Webhook kind's default. */
const LEGACY_WEBHOOK_VERSION = webhook.defaults?.version;

const productionConfig = {
  properties: {
    productionStacks: {
      type: "array" as const,
      items: { type: "string" as const },
      description:
        "Stacks that count as production (`stack`, `project/stack` or `org/project/stack`), besides stacks tagged chat:production=true.",
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

/** A key's value is looked for inside output strings (a header, a URL) only from this length: no false hits. */
const MIN_KEY_LENGTH = 16;

/** The full-access keys of a stack: each ApiKey of scope fullAccess, and each App's own key (its `apiKey`). */
function fullAccessKeys(
  resources: readonly PolicyResource[],
): { name: string; urn: string; value?: string }[] {
  const keys = [];
  for (const r of resources) {
    const kind = chatKind(r.type);
    const p = raw(r.props);
    if ((kind === "ApiKey" && p.scope === FULL_ACCESS) || kind === "App")
      keys.push({ name: r.name, urn: r.urn, value: typeof p.apiKey === "string" ? p.apiKey : undefined });
  }
  return keys;
}

const fullAccessKeyOutput: StackValidationPolicy = {
  name: RULES.fullAccessKeyOutput,
  description:
    "No stack output exposes a full-access API key (an ApiKey of scope fullAccess, an App's own key): its value, inside any text, or the key itself.",
  enforcementLevel: "mandatory",
  validateStack: (args, report) => {
    const keys = fullAccessKeys(args.resources);
    if (keys.length === 0) return;
    const holds = (text: string, key: (typeof keys)[number]) =>
      text === key.urn ||
      (key.value !== undefined &&
        (text === key.value || (key.value.length >= MIN_KEY_LENGTH && text.includes(key.value))));
    for (const stack of args.resources.filter((r) => r.type === STACK_TYPE)) {
      for (const [path, text] of strings(raw(stack.props), "")) {
        const key = keys.find((k) => holds(text, k));
        if (key)
          report(
            `stack output '${path}' exposes the full-access API key of '${key.name}': export an authOnly key or none`,
            key.urn,
          );
      }
    }
  },
};

const webhookHttpsBasicAuth: ResourceValidationPolicy = {
  name: RULES.webhookHttpsBasicAuth,
  description:
    "Every webhook posts to an https URL with basic auth on (useBasicAuth: true; basicAuth in the environment file).",
  enforcementLevel: "mandatory",
  validateResource: (args, report) => {
    if (chatKind(args.type) !== "Webhook") return;
    // Read through the proxy's target: a value not known yet (an output of another resource) is skipped alone,
    // not the whole rule. The URL itself is never printed: it may be a secret (a token in its path).
    const p = raw(args.props);
    // Advice names the fields as the author wrote them: the file's (`url`, `basicAuth`) or the SDK's.
    const field = (arg: string) => spelled("Webhook", arg, args.urn);
    if (typeof p.webhookURL === "string" && !/^https:\/\//i.test(p.webhookURL))
      report(
        `webhook '${args.name}' does not post to an https URL: ${field("webhookURL")} must start with https://`,
      );
    if (p.useBasicAuth !== true)
      report(
        `webhook '${args.name}' has basic auth off: ${
          declaredInFile(args.urn)
            ? `declare ${field("useBasicAuth")} (with ${field("username")}; ${field("password")} a { secret: key }, or left out to be generated)`
            : `set ${field("useBasicAuth")}: true (with ${field("username")} and ${field("password")})`
        }`,
      );
  },
};

const legacyConfig = {
  properties: {
    legacyWebhookStacks: {
      type: "array" as const,
      items: { type: "string" as const },
      description:
        "Stacks made before the rule, whose version-1 webhooks it lets be (`stack`, `project/stack` or `org/project/stack`).",
    },
  },
};

/**
 * "New stack" is every stack not listed in `legacyWebhookStacks` (decision 0129): a policy sees neither the
 * stack's history nor whether a resource is being created (a preview shows an update's inputs as its outputs),
 * so the stacks that predate the rule are named once in the pack's config.
 */
const newWebhookVersion: ResourceValidationPolicy = {
  name: RULES.newWebhookVersion,
  description: `No webhook uses the legacy webhook system (version ${LEGACY_WEBHOOK_VERSION}, the default) in a new stack (one not in legacyWebhookStacks): declare version: 2.`,
  enforcementLevel: "mandatory",
  configSchema: legacyConfig,
  validateResource: (args, report) => {
    if (chatKind(args.type) !== "Webhook") return;
    const { legacyWebhookStacks } = args.getConfig<{ legacyWebhookStacks?: string[] }>();
    if (stackListed(args.urn, legacyWebhookStacks)) return;
    const version = raw(args.props).version ?? LEGACY_WEBHOOK_VERSION;
    if (version === LEGACY_WEBHOOK_VERSION)
      report(
        `webhook '${args.name}' uses webhook version ${LEGACY_WEBHOOK_VERSION} (the default): declare ${spelled("Webhook", "version", args.urn)}: 2`,
      );
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
    // A stack with no chat resources is not a chat stack: an organisation-wide pack leaves it be.
    if (!args.resources.some((r) => chatKind(r.type) !== undefined)) return;
    if (!args.resources.some((r) => chatKind(r.type) === "ModerationRule")) {
      // A stack declaring its environment in a file adds one there.
      const inFile = args.resources.some((r) => declaredInFile(r.urn));
      const where = inFile ? ` (an entry of the environment file's ${fileSection("ModerationRule")})` : "";
      report(
        `production stack '${root.name}' declares no ModerationRule: add at least one${where}`,
        root.urn,
      );
    }
  },
};

/**
 * Whether `path` (`channels.0.content`) is secret in `kind`'s own schema: a field named like one another kind
 * marks secret (a template's `content`, a certificate's) is not. The provider resource: its secret settings.
 */
export function secretOf(kind: string | undefined, path: string): boolean {
  const k = kind === undefined ? undefined : (kinds as Readonly<Record<string, Kind | undefined>>)[kind];
  if (k === undefined) return kind === undefined;
  const patterns = [...secretPaths(k.args), ...(k.secrets ?? [])].map(
    (p) =>
      new RegExp(`^${p.replace(/[.]/g, "\\.").replace(/\[\]/g, "\\.\\d+").replace(/\*/g, "[^.]+")}(\\.|$)`),
  );
  return patterns.some((r) => r.test(path));
}

const plainSecretArguments: ResourceValidationPolicy = {
  name: RULES.plainSecretArguments,
  description:
    "Every argument the contract marks x-secret is set from a secret (config set --secret, a secret output), not plain text.",
  enforcementLevel: "mandatory",
  validateResource: (args, report) => {
    if (chatKind(args.type) === undefined && args.type !== PLUGIN_PROVIDER_TYPE) return;
    const plain = plainSecretsOf(args.props);
    // No note means the hook on @pulumi/policy's deserializer did not run: say so rather than pass unseen.
    if (plain === undefined)
      return report(
        `cannot tell which of '${args.name}''s arguments are secret: the pack's reading of them failed`,
      );
    const kind = chatKind(args.type);
    for (const path of plain.filter((p) => secretOf(kind, p)))
      report(
        declaredInFile(args.urn) && kind !== undefined
          ? `'${args.name}' sets the secret field '${spelled(kind, path, args.urn)}' in plain text: name a secret config key ({ secret: key }, pulumi config set --secret)`
          : `'${args.name}' sets the secret argument '${path}' in plain text: pass a secret (pulumi config set --secret)`,
      );
  },
};

/**
 * The routes each of an AiAgent's tool lists rests on: attaching it (LISTS, as the kind calls them; the MCP
 * servers' own pair) and the kind that makes what it names. Knowledge sources are no tools: not here.
 */
const TOOL_LISTS: Readonly<Record<string, readonly RouteName[]>> = {
  tools: LISTS.tools,
  apiTools: [
    ...LISTS.apiTools,
    "createApiTool",
    "getApiTool",
    "listApiTools",
    "updateApiTool",
    "deleteApiTool",
  ],
  frontendActions: [
    ...LISTS.frontendActions,
    "createFrontendAction",
    "getFrontendAction",
    "listFrontendActions",
    "updateFrontendAction",
    "deleteFrontendAction",
  ],
  mcpServers: [
    "addAgentMcpServers",
    "removeAgentMcpServers",
    "createMcpServer",
    "getMcpServer",
    "updateMcpServer",
    "listMcpServers",
    "deleteMcpServer",
  ],
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
          `agent '${args.name}' is given ${spelled("AiAgent", list, args.urn)} (${named.join(", ")}), whose vendor behaviour is unconfirmed (ledger: ${routes.join(", ")}): not in production`,
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

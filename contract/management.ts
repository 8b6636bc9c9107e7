// The management API: apps, app settings, webhooks and their triggers (docs/service/webhooks-and-triggers.md, docs/service/management-api.md).
// Its base has no app id and no /v3; it authenticates with the `key` and `secret` headers.
import { z } from "zod";
import {
  Ack,
  ApiKeyScope,
  boundedString,
  dataOf,
  LIMITS,
  oneOf,
  PageQuery,
  pageOf,
  Region,
  requiredName,
  Timestamp,
  Url,
} from "./common";
import * as ENUMS from "./generated/enums";
import { OPERATIONS } from "./generated/routes";
import { route } from "./route";
import { secret } from "./secret";

export const AppCreate = z.strictObject({
  name: requiredName("name"),
  region: Region.default("us"),
  version: z.string().default("3"),
  skipSampleData: z.boolean().optional(),
});
export type AppCreate = z.input<typeof AppCreate>;

export const AppApiKey = z.looseObject({
  apiKey: z.string(),
  name: z.string(),
  scope: ApiKeyScope,
  createdBy: z.string().optional(),
});
export const App = z.looseObject({
  id: z.string(),
  name: z.string(),
  region: Region,
  plan: z.string().optional(),
  state: z.string().optional(),
  version: z.string().optional(),
  createdAt: Timestamp,
  apiKeys: z.record(z.string(), AppApiKey).optional(),
});
export type App = z.infer<typeof App>;

export const AppListQuery = PageQuery.extend({ searchKey: z.string().optional() });

/**
 * The app settings the vendor's dashboard lists (its `dashboard.settings.included`, GUESS: the set the
 * settings API serves): "flag" for the booleans POST sets, "readOnly" for the lists and times the service
 * sets. The AppSettings resource and the environment file refuse other keys, naming the closest (issue 20).
 */
export const APP_SETTINGS = {
  "core.conversations.updateOnGroupActions": "flag",
  "core.conversations.updateOnReplies": "flag",
  "core.threads.updateOnMessageActions": "flag",
  "core.conversations.updateOnCallActivity": "flag",
  "core.conversations.updateOnMessageActions": "flag",
  "core.conversations.updateOnCustomMessage": "flag",
  "core.notifications.push.accessible": "flag",
  "core.notifications.push.enabled": "flag",
  "core.notifications.push.advanced.enabled": "flag",
  "core.notifications.push.advanced.included": "readOnly",
  "features.security.file-access.enabled": "flag",
  "core.notifications.email.accessible": "flag",
  "core.notifications.email.enabled": "flag",
  "core.notifications.email.advanced.enabled": "flag",
  "core.notifications.email.advanced.included": "readOnly",
  "core.notifications.sms.accessible": "flag",
  "core.notifications.sms.enabled": "flag",
  "core.notifications.sms.advanced.enabled": "flag",
  "core.notifications.sms.advanced.included": "readOnly",
  "core.notifications.push.email.included": "readOnly",
  "core.notifications.sms.email.included": "readOnly",
  "features.moderation.advanced.enabled": "flag",
  "core.notifications.logs.enabledAtMS": "readOnly",
  "core.notifications.logs.disabledAtMS": "readOnly",
  "core.advanced.search.enabled": "flag",
  "core.chat.unread-message-count.enabled": "flag",
} as const satisfies Record<string, "flag" | "readOnly">;
export type AppSettingKey = keyof typeof APP_SETTINGS;
export const APP_SETTING_KEYS = Object.keys(APP_SETTINGS) as AppSettingKey[];

/** What GET answers: flags, and a few read-only lists such as `core.notifications.push.advanced.included`. */
export const AppSettings = z.record(z.string(), z.union([z.boolean(), z.array(z.string())]));
/** What POST takes: flags only (the spec's `additionalProperties: boolean`). */
export const AppSettingsSet = z.record(
  z.string().min(1, "a setting key must not be empty"),
  z.boolean({ message: "a setting's value must be true or false" }),
);

/** Webhook ids: alphanumeric (and '-', '_'), no spaces, at most 50 characters; immutable. */
export const WebhookId = z
  .string()
  .min(1, "id must not be empty")
  .max(LIMITS.webhookIdLength, `id must be at most ${LIMITS.webhookIdLength} characters`)
  .regex(/^[A-Za-z0-9_-]+$/, "id may contain only letters, digits, '-' and '_'");

const credential = (what: string, max: number) =>
  z
    .string()
    .min(1, `${what} must not be empty`)
    .max(max, `${what} must be at most ${max} characters`)
    .regex(/^[A-Za-z0-9]+$/, `${what} may contain only letters and digits`);

/** The settable fields of a webhook (all but its id). */
export const webhookFields = {
  name: requiredName("name", LIMITS.webhookNameLength),
  webhookURL: Url("webhookURL", LIMITS.webhookUrlLength).refine((u) => u.startsWith("https://"), {
    message: "webhookURL must use https",
  }),
  useBasicAuth: z.boolean().optional(),
  username: credential("username", LIMITS.webhookUsernameLength).optional(),
  password: secret(credential("password", LIMITS.webhookPasswordLength)).optional(),
  enabled: z.boolean().optional(),
  retryOnFailure: z.boolean().optional(),
};
/** Basic auth needs both credentials: shared by the API bodies and the provider's Webhook arguments. */
export const basicAuthOk = (w: {
  useBasicAuth?: boolean | undefined;
  username?: string | undefined;
  password?: string | undefined;
}) => !w.useBasicAuth || (!!w.username && !!w.password);
export const basicAuthRule = () => ({
  message: "username and password are required when useBasicAuth is true",
  path: ["useBasicAuth"],
});

export const WebhookCreate = z
  .strictObject({ id: WebhookId, ...webhookFields })
  .refine(basicAuthOk, basicAuthRule());
export type WebhookCreate = z.input<typeof WebhookCreate>;
export const WebhookUpdate = z
  .strictObject({
    ...webhookFields,
    name: webhookFields.name.optional(),
    webhookURL: webhookFields.webhookURL.optional(),
  })
  .refine(basicAuthOk, basicAuthRule());
export type WebhookUpdate = z.input<typeof WebhookUpdate>;

export const Webhook = z.looseObject({
  id: z.string(),
  name: z.string(),
  webhookURL: z.string(),
  useBasicAuth: z.boolean().optional(),
  username: z.string().optional(),
  enabled: z.boolean().optional(),
  retryOnFailure: z.boolean().optional(),
  createdAt: Timestamp.optional(),
  updatedAt: Timestamp.optional(),
});
export type Webhook = z.infer<typeof Webhook>;

/** Trigger ids of the webhook system v2 (docs/service/webhooks-and-triggers.md), plus the v1 names still documented. */
export const TRIGGER_IDS = ENUMS.TriggerId;
export const TriggerId = oneOf(TRIGGER_IDS, "webhook trigger");
export const TriggerIds = z.strictObject({
  triggerIds: z.array(TriggerId).min(1, "triggerIds must not be empty"),
});
export const Trigger = z.looseObject({ id: z.string(), description: z.string().optional() });

/** The webhook system: 1 the legacy one (no X-Webhook-Version header, the service's default), 2 the newer. */
export const WebhookVersion = z.union([z.literal(1), z.literal(2)], {
  error: "version must be 1 (the legacy webhook system) or 2",
});
export type WebhookVersion = z.output<typeof WebhookVersion>;
/** The legacy trigger ids a version-2 webhook does not take (the document's LegacyTriggerId). */
export const LEGACY_TRIGGER_IDS: readonly string[] = ENUMS.LegacyTriggerId;
/** The trigger ids of `triggers` that a webhook of `version` does not take, with their positions. */
export function triggersNotIn(
  version: WebhookVersion | undefined,
  triggers: readonly string[],
): { index: number; id: string }[] {
  if (version !== 2) return [];
  return triggers.flatMap((id, index) => (LEGACY_TRIGGER_IDS.includes(id) ? [{ index, id }] : []));
}
/** Why a trigger is refused for a version-2 webhook. */
export const legacyTriggerRule = (id: string) =>
  `${id} is a trigger of the legacy webhook system (version 1): a webhook of version 2 does not take it`;

export const managementRoutes = {
  createApp: route({ ...OPERATIONS.createApp, body: AppCreate, response: dataOf(App) }),
  listApps: route({ ...OPERATIONS.listApps, query: AppListQuery, response: pageOf(App) }),
  deleteApp: route({
    ...OPERATIONS.deleteApp,
    response: dataOf(z.looseObject({ success: z.boolean(), scheduledToDeleteAt: Timestamp.optional() })),
  }),
  getAppSettings: route({ ...OPERATIONS.getAppSettings, response: dataOf(AppSettings) }),
  setAppSettings: route({
    ...OPERATIONS.setAppSettings,
    body: z.strictObject({ settings: AppSettingsSet }),
    response: dataOf(z.record(z.string(), Ack)),
  }),
  resetAppSettings: route({ ...OPERATIONS.resetAppSettings, response: dataOf(Ack) }),
  createWebhook: route({ ...OPERATIONS.createWebhook, body: WebhookCreate, response: dataOf(Webhook) }),
  listWebhooks: route({
    ...OPERATIONS.listWebhooks,
    query: PageQuery.extend({ searchKey: boundedString("searchKey", 100).optional() }),
    response: pageOf(Webhook),
  }),
  getWebhook: route({ ...OPERATIONS.getWebhook, response: dataOf(Webhook) }),
  updateWebhook: route({ ...OPERATIONS.updateWebhook, body: WebhookUpdate, response: dataOf(Webhook) }),
  deleteWebhook: route({ ...OPERATIONS.deleteWebhook, response: dataOf(Ack) }),
  addTriggers: route({
    ...OPERATIONS.addTriggers,
    body: TriggerIds,
    response: dataOf(z.record(z.string(), Ack)),
  }),
  listTriggers: route({ ...OPERATIONS.listTriggers, query: PageQuery, response: pageOf(Trigger) }),
  removeTriggers: route({ ...OPERATIONS.removeTriggers, body: TriggerIds, response: dataOf(Ack) }),
} as const;

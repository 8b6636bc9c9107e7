// The management API: apps, app settings, webhooks and their triggers (docs/service/webhooks-and-triggers.md, docs/service/management-api.md).
// Its base has no app id and no /v3; it authenticates with the `key` and `secret` headers. The schemas are
// generated from the document (provider/contract/generated/schemas.ts); this file names them.
import { z } from "zod";
import * as ENUMS from "./generated/enums";
import * as G from "./generated/schemas";
import { ROUTE_SCHEMAS as S } from "./generated/schemas";

export { basicAuthOk, basicAuthRule } from "./rules";

export const AppCreate = G.AppCreate;
export type AppCreate = z.input<typeof AppCreate>;

export const AppApiKey = G.AppApiKey;
export const App = G.App;
export type App = z.infer<typeof App>;

export const AppListQuery = S.listApps.query;

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
export const AppSettings = G.AppSettings;
/** What POST takes: flags only (the spec's `additionalProperties: boolean`). */
export const AppSettingsSet = G.AppSettingsSet;

/** Webhook ids: alphanumeric (and '-', '_'), no spaces, at most 50 characters; immutable. */
export const WebhookId = G.WebhookId;

/** The settable fields of a webhook (all but its id): the provider's Webhook arguments take them. */
const { id: _id, ...webhookShape } = G.WebhookCreate.shape;
export const webhookFields = webhookShape;

/** Basic auth needs both credentials (rules.ts). */
export const WebhookCreate = G.WebhookCreate;
export type WebhookCreate = z.input<typeof WebhookCreate>;
export const WebhookUpdate = G.WebhookUpdate;
export type WebhookUpdate = z.input<typeof WebhookUpdate>;

export const Webhook = G.Webhook;
export type Webhook = z.infer<typeof Webhook>;

/** Trigger ids of the webhook system v2 (docs/service/webhooks-and-triggers.md), plus the v1 names still documented. */
export const TRIGGER_IDS = ENUMS.TriggerId;
export const TriggerId = G.TriggerId;
export const TriggerIds = G.TriggerIds;
export const Trigger = G.Trigger;

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

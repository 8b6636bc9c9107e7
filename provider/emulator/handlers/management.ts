// The management API: apps, app settings, webhooks and triggers (docs/service/webhooks-and-triggers.md, docs/service/management-api.md).
import { DEFAULTS, LIMITS, legacyTriggerRule, type Region, triggersNotIn, Webhook } from "../../contract";
import { ApiError, badRequest } from "../errors";
import { created, updated, viewOf } from "../records";
import { type AppRecord, newApp, type WebhookRecord } from "../state";
import { paginate, startsWithCi } from "../views";
import { OWNER_EMAIL } from "./collaborators";
import { ack, requireApp } from "./lookup";
import { quotaExceeded } from "./roles";
import type { ManagementHandlers } from "./types";

/** Deletion is scheduled: the app is archived and purged after 30 days (docs/service/management-api.md). */
const DELETE_AFTER_SECONDS = 30 * 24 * 3600;

const REGION_NAMES: Record<Region, string> = { us: "USA", eu: "Europe", in: "India" };

/** An app as a listing shows it: without its keys (docs/service/management-api.md). */
const listedAppView = (a: AppRecord) => ({
  id: a.id,
  name: a.name,
  plan: a.plan,
  trialEndsAt: a.trialEndsAt,
  state: a.state,
  owner: 1,
  region: a.region,
  version: a.version,
  createdAt: a.createdAt,
  appOwner: { id: 1, name: "Emulator Owner", email: OWNER_EMAIL },
  appRegion: { id: a.region, name: REGION_NAMES[a.region], description: REGION_NAMES[a.region] },
});

/** An app as its create answers: with the keys the service made for it. */
const appView = (a: AppRecord) => ({
  ...listedAppView(a),
  apiKeys: Object.fromEntries(
    [...a.apiKeys.values()]
      .filter((k) => k.createdBy === "app_system")
      .map((k) => [k.apiKey, { apiKey: k.apiKey, name: k.name, scope: k.scope, createdBy: k.createdBy }]),
  ),
});

/** The answer names no password: it is never echoed. */
const webhookView = (w: WebhookRecord) => viewOf(w, Webhook);

function requireWebhook(app: AppRecord, id: string): WebhookRecord {
  const w = app.webhooks.get(id);
  if (!w) throw new ApiError("ERR_WEBHOOK_NOT_FOUND", `The webhook ${id} does not exist.`);
  return w;
}

export const managementHandlers = {
  createApp: ({ state, body, env }) => {
    const app = newApp({ name: body.name, region: body.region, version: body.version }, env.ids, env.now());
    state.apps.set(app.id, app);
    return { data: appView(app) };
  },

  listApps: ({ state, query: q }) => {
    // Apps scheduled for deletion are no longer listed.
    const keep = (a: AppRecord) =>
      a.state === "active" &&
      (!q.searchKey || startsWithCi(a.id, q.searchKey) || startsWithCi(a.name, q.searchKey));
    return paginate(state.apps.values(), q, keep, listedAppView, LIMITS.appsPerPageDefault);
  },

  deleteApp: ({ state, params, env }) => {
    const app = requireApp(state, params.appId);
    app.state = "archived";
    app.scheduledToDeleteAt = env.now() + DELETE_AFTER_SECONDS;
    return { data: { success: true, scheduledToDeleteAt: app.scheduledToDeleteAt } };
  },

  getAppSettings: ({ state, params }) => ({
    data: Object.fromEntries(requireApp(state, params.appId).settings),
  }),

  setAppSettings: ({ state, params, body }) => {
    const app = requireApp(state, params.appId);
    const data: Record<string, { success: boolean; message: string }> = {};
    for (const [key, value] of Object.entries(body.settings)) {
      app.settings.set(key, value);
      data[key] = { success: true, message: "Added setting(s) successfully." };
    }
    return { data };
  },

  resetAppSettings: ({ state, params }) => {
    requireApp(state, params.appId).settings.clear();
    return ack("Removed setting(s) successfully.");
  },

  createWebhook: ({ state, params, body, env, webhookVersion }) => {
    const app = requireApp(state, params.appId);
    if (app.webhooks.has(body.id)) {
      throw new ApiError("ERR_WEBHOOK_ALREADY_EXISTS", `The webhook ${body.id} already exists.`);
    }
    if (app.webhooks.size >= LIMITS.webhooksPerApp) throw quotaExceeded("webhooks", LIMITS.webhooksPerApp);
    const now = env.now();
    const w: WebhookRecord = created(body, DEFAULTS.Webhook, {
      version: webhookVersion ?? 1,
      createdAt: now,
      updatedAt: now,
      triggers: [],
    });
    app.webhooks.set(w.id, w);
    return { data: webhookView(w) };
  },

  listWebhooks: ({ state, params, query: q }) =>
    paginate(
      requireApp(state, params.appId).webhooks.values(),
      q,
      (w) => !q.searchKey || startsWithCi(w.name, q.searchKey),
      webhookView,
    ),

  getWebhook: ({ state, params }) => ({
    data: webhookView(requireWebhook(requireApp(state, params.appId), params.webhookId)),
  }),

  updateWebhook: ({ state, params, body, env, webhookVersion }) => {
    const w = updated(requireWebhook(requireApp(state, params.appId), params.webhookId), body);
    // The update is made in the system its header names, no header being the legacy one. Triggers already
    // attached stay (how the service treats them is not documented); they can still be removed.
    w.version = webhookVersion ?? 1;
    w.updatedAt = env.now();
    return { data: webhookView(w) };
  },

  deleteWebhook: ({ state, params }) => {
    const app = requireApp(state, params.appId);
    app.webhooks.delete(requireWebhook(app, params.webhookId).id);
    return ack("Deleted Webhook successfully.");
  },

  addTriggers: ({ state, params, body }) => {
    const w = requireWebhook(requireApp(state, params.appId), params.webhookId);
    // Triggers are of the webhook's own system (checked before any is attached).
    const refused = triggersNotIn(w.version ?? 1, body.triggerIds)[0];
    if (refused) throw badRequest({ [`triggerIds.${refused.index}`]: [legacyTriggerRule(refused.id)] });
    const data: Record<string, { success: boolean; message: string }> = {};
    for (const id of body.triggerIds) {
      if (!w.triggers.includes(id)) w.triggers.push(id);
      data[id] = { success: true, message: "Triggers has been added successfully." };
    }
    return { data };
  },

  listTriggers: ({ state, params, query }) =>
    paginate(
      requireWebhook(requireApp(state, params.appId), params.webhookId).triggers,
      query,
      () => true,
      (id) => ({ id }),
    ),

  removeTriggers: ({ state, params, body }) => {
    const w = requireWebhook(requireApp(state, params.appId), params.webhookId);
    // All or nothing: a trigger that is not attached fails the call before anything is removed.
    const removing = new Set<string>(body.triggerIds);
    const missing = body.triggerIds.find((id) => !w.triggers.includes(id));
    if (missing !== undefined) {
      throw new ApiError(
        "ERR_TRIGGER_NOT_FOUND",
        `The trigger ${missing} is not attached to webhook ${w.id}.`,
      );
    }
    w.triggers = w.triggers.filter((id) => !removing.has(id));
    return ack("Removed trigger successfully.");
  },
} satisfies ManagementHandlers;

// Webhook (management API, docs/service/webhooks-and-triggers.md). Identity: (appId, webhookId), both caller-chosen and
// immutable; the API calls the latter `id`, which Pulumi reserves for the resource id.
// The API never returns the basic-auth password: it is kept from state.
import { z } from "zod";
import {
  basicAuthOk,
  basicAuthRule,
  DEFAULTS,
  LIMITS,
  legacyTriggerRule,
  triggersNotIn,
  type WebhookCreate,
  WebhookId,
  WebhookVersion,
  webhookFields,
} from "../contract";
import { appIdFact, declare, none, service } from "../engine/fields";
import { type Args, createdAt, type Kind } from "../engine/kind";
import { defined, fromRemote, hasCode, sortedById } from "../engine/util";

export const WebhookArgs = z
  .strictObject({
    /** The app the webhook belongs to (default: the connection's or chat:appId). */
    appId: z.string().min(1, "appId must not be empty").optional(),
    webhookId: WebhookId,
    ...webhookFields,
    version: WebhookVersion.optional(),
  })
  .refine(basicAuthOk, basicAuthRule());
export type WebhookArgs = z.output<typeof WebhookArgs>;

/**
 * What the service returns under the arguments' names: all but the ids (the API's `id`), the password and
 * the version (a request header, not a field of the webhook).
 */
const NOT_RETURNED = ["appId", "webhookId", "password", "version"];
const FIELDS = Object.keys(WebhookArgs.shape).filter((k) => !NOT_RETURNED.includes(k));
const params = (appId: string, webhookId: string) => ({ appId, webhookId });
const body = (a: WebhookArgs) => defined(a, ["appId", "webhookId", "version"]);
/**
 * The webhook as arguments. The API cannot clear a username (no unset; it must be letters and digits): one
 * that is not declared (e.g. after basic auth was turned off) is left as the service has it, not drift.
 */
function toArgs(remote: Args, appId: string, declared: WebhookArgs): WebhookArgs {
  const args = { ...fromRemote(remote, FIELDS), webhookId: remote.id, appId } as WebhookArgs;
  if (declared.username === undefined) delete args.username;
  // The service shows no version: the declared one is kept (an imported webhook reads as the default, 1).
  if (declared.version !== undefined) args.version = declared.version;
  return args;
}

/** A declaration naming a username: what a whole read compares (the whole webhook). */
const WHOLE = { username: "" } as WebhookArgs;

export const webhook: Kind<WebhookArgs> = {
  name: "Webhook",
  doc: 'A webhook of an app (at most 25 per app). Its triggers: WebhookTriggers. Id: "<appId>/<webhookId>".',
  ...declare(
    WebhookArgs,
    z.object(createdAt),
    {
      appId: appIdFact("webhook"),
      webhookId: {
        doc: "Caller-chosen id (the API's `id`): letters, digits, '-', '_'. Changing it replaces the webhook.",
        replace: true,
        identity: true,
      },
      name: { doc: "Name." },
      webhookURL: { doc: "Public https URL the service posts events to." },
      useBasicAuth: {
        doc: "Send basic-auth credentials with each delivery (needs username and password).",
        default: service,
      },
      username: {
        doc: "Basic-auth user name: letters and digits. The API cannot clear it: once undeclared it is no longer compared.",
        default: none,
      },
      password: {
        doc: "Basic-auth password: letters and digits (kept secret; the API never returns it).",
        default: none,
      },
      enabled: { doc: "Deliver events.", default: service },
      retryOnFailure: { doc: "Retry deliveries that fail.", default: service },
      version: {
        doc: "The webhook system: 1 the legacy one (the service's when no X-Webhook-Version header is sent) or 2, the newer one, which does not take the legacy triggers after_message and before_message. Sent as the X-Webhook-Version header; the service does not show it, so a refresh keeps the declared one.",
        default: 1,
      },
    },
    DEFAULTS.Webhook,
  ),
  api: "management",
  idParts: ["appId", "webhookId"],
  file: {
    at: ["webhooks"],
    child: "webhook",
    output: "webhooks",
    noun: "webhook id",
    // Shorter names; basic auth as one object, its password named by a config key, else generated.
    renames: { webhookId: "id", webhookURL: "url", username: "basicAuth.username" },
    flags: { useBasicAuth: "basicAuth" },
    secretRefs: {
      password: {
        field: "basicAuth.password",
        generated: { length: 32, when: (a) => a.useBasicAuth === true, output: "webhookBasicAuthPasswords" },
        exported: { key: "webhookPassword", what: "the basic-auth password of webhook" },
      },
    },
    // The triggers inside the entry are the webhook's: a version-2 webhook does not take the legacy ones.
    rule: (entries) =>
      entries.flatMap(({ entry, path }) =>
        triggersNotIn(entry.version as WebhookVersion | undefined, (entry.triggers as string[]) ?? []).map(
          ({ index, id }) => ({ path: [...path, "triggers", index], message: legacyTriggerRule(id) }),
        ),
      ),
  },

  async create(ctx, a) {
    const appId = ctx.appId(a);
    const r = await ctx.management().call("createWebhook", {
      params: { appId },
      body: { id: a.webhookId, ...body(a) } as WebhookCreate,
      webhookVersion: a.version,
    });
    return { id: `${appId}/${r.data.id}`, state: { appId, createdAt: r.data.createdAt } };
  },
  async read(ctx, _id, prior, how) {
    const appId = ctx.appId(prior);
    const w = await ctx.listed(
      { api: "management", route: "listWebhooks", params: { appId }, key: "id" },
      prior.webhookId,
      async () =>
        (
          await ctx
            .management()
            .call("getWebhook", { params: params(appId, prior.webhookId), webhookVersion: prior.version })
        ).data,
    );
    return { args: toArgs(w, appId, how?.whole ? WHOLE : prior), state: { appId, createdAt: w.createdAt } };
  },
  async update(ctx, _id, _olds, news) {
    const appId = ctx.appId(news);
    const r = await ctx.management().call("updateWebhook", {
      params: params(appId, news.webhookId),
      body: body(news),
      webhookVersion: news.version,
    });
    return { appId, createdAt: r.data.createdAt };
  },
  async delete(ctx, _id, a) {
    await ctx
      .management()
      .call("deleteWebhook", { params: params(ctx.appId(a), a.webhookId), webhookVersion: a.version });
  },
  async find(ctx, a) {
    const appId = ctx.appId(a);
    try {
      const r = await ctx
        .management()
        .call("getWebhook", { params: params(appId, a.webhookId), webhookVersion: a.version });
      return { id: `${appId}/${a.webhookId}`, args: toArgs(r.data, appId, a) };
    } catch (e) {
      if (hasCode(e, "ERR_WEBHOOK_NOT_FOUND")) return undefined;
      throw e;
    }
  },
  async list(ctx, scope) {
    const appId = ctx.appId(scope);
    const hooks = await ctx.management().listAll("listWebhooks", {
      params: { appId },
      query: { perPage: LIMITS.perPageMax },
    });
    return sortedById(
      hooks.map((w) => ({
        id: `${appId}/${w.id}`,
        args: toArgs(w, appId, WHOLE),
        state: { appId, createdAt: w.createdAt },
      })),
    );
  },
};

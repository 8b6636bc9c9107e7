// Webhook (management API, docs/service/webhooks-and-triggers.md). Identity: (appId, webhookId), both caller-chosen and
// immutable; the API calls the latter `id`, which Pulumi reserves for the resource id.
// The API never returns the basic-auth password: it is kept from state.
import { z } from "zod";
import {
  basicAuthOk,
  basicAuthRule,
  DEFAULTS,
  LIMITS,
  type WebhookCreate,
  WebhookId,
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
  })
  .refine(basicAuthOk, basicAuthRule());
export type WebhookArgs = z.output<typeof WebhookArgs>;

/** What the service returns under the arguments' names: all but the ids (the API's `id`) and the password. */
const FIELDS = Object.keys(WebhookArgs.shape).filter((k) => !["appId", "webhookId", "password"].includes(k));
const params = (appId: string, webhookId: string) => ({ appId, webhookId });
const body = (a: WebhookArgs) => defined(a, ["appId", "webhookId"]);
/**
 * The webhook as arguments. The API cannot clear a username (no unset; it must be letters and digits): one
 * that is not declared (e.g. after basic auth was turned off) is left as the service has it, not drift.
 */
function toArgs(remote: Args, appId: string, declared: WebhookArgs): WebhookArgs {
  const args = { ...fromRemote(remote, FIELDS), webhookId: remote.id, appId } as WebhookArgs;
  if (declared.username === undefined) delete args.username;
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
        doc: "Caller-chosen id (the API's `id`): letters, digits, '-', '_', at most 50. Changing it replaces the webhook.",
        replace: true,
        identity: true,
      },
      name: { doc: "Name, at most 50 characters." },
      webhookURL: { doc: "Public https URL the service posts events to, at most 255 characters." },
      useBasicAuth: {
        doc: "Send basic-auth credentials with each delivery (needs username and password).",
        default: service,
      },
      username: {
        doc: "Basic-auth user name: letters and digits, at most 50. The API cannot clear it: once undeclared it is no longer compared.",
        default: none,
      },
      password: {
        doc: "Basic-auth password: letters and digits, at most 100 (kept secret; the API never returns it).",
        default: none,
      },
      enabled: { doc: "Deliver events (default true).", default: service },
      retryOnFailure: { doc: "Retry deliveries that fail (default false).", default: service },
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
  },

  async create(ctx, a) {
    const appId = ctx.appId(a);
    const r = await ctx
      .management()
      .call("createWebhook", { params: { appId }, body: { id: a.webhookId, ...body(a) } as WebhookCreate });
    return { id: `${appId}/${r.data.id}`, state: { appId, createdAt: r.data.createdAt } };
  },
  async read(ctx, _id, prior, how) {
    const appId = ctx.appId(prior);
    const w = await ctx.listed(
      { api: "management", route: "listWebhooks", params: { appId }, key: "id" },
      prior.webhookId,
      async () =>
        (await ctx.management().call("getWebhook", { params: params(appId, prior.webhookId) })).data,
    );
    return { args: toArgs(w, appId, how?.whole ? WHOLE : prior), state: { appId, createdAt: w.createdAt } };
  },
  async update(ctx, _id, _olds, news) {
    const appId = ctx.appId(news);
    const r = await ctx
      .management()
      .call("updateWebhook", { params: params(appId, news.webhookId), body: body(news) });
    return { appId, createdAt: r.data.createdAt };
  },
  async delete(ctx, _id, a) {
    await ctx.management().call("deleteWebhook", { params: params(ctx.appId(a), a.webhookId) });
  },
  async find(ctx, a) {
    const appId = ctx.appId(a);
    try {
      const r = await ctx.management().call("getWebhook", { params: params(appId, a.webhookId) });
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

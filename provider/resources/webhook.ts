// Webhook (management API, chat-api.md §9). Identity: (appId, id), both caller-chosen and immutable.
// The API never returns the basic-auth password: it is kept from state.
import { z } from "zod";
import { WebhookCreate } from "../api";
import type { Kind } from "./kind";
import { defined, fromRemote, hasCode } from "./util";

export const WebhookArgs = WebhookCreate.extend({
  /** The app the webhook belongs to (default: the connection's or chat:appId). */
  appId: z.string().min(1, "appId must not be empty").optional(),
});
export type WebhookArgs = z.output<typeof WebhookArgs>;

const FIELDS = ["id", "name", "webhookURL", "useBasicAuth", "username", "enabled", "retryOnFailure"] as const;
const params = (appId: string, webhookId: string) => ({ appId, webhookId });

export const webhook: Kind<WebhookArgs> = {
  name: "Webhook",
  api: "management",
  args: WebhookArgs,
  replaceOn: ["appId", "id"],
  defaults: { enabled: true, useBasicAuth: false, retryOnFailure: false },
  secrets: ["password"],

  async create(ctx, a) {
    const appId = ctx.appId(a);
    const r = await ctx.management().createOnce(
      "createWebhook",
      { params: { appId }, body: defined(a, ["appId"]) as z.input<typeof WebhookCreate> },
      {
        name: "getWebhook",
        params: params(appId, a.id),
      },
    );
    return { id: `${appId}/${r.data.id}`, state: { appId, createdAt: r.data.createdAt } };
  },
  async read(ctx, _id, prior) {
    const appId = ctx.appId(prior);
    const r = await ctx.management().call("getWebhook", { params: params(appId, prior.id) });
    const args = { ...fromRemote(r.data, FIELDS), appId } as WebhookArgs;
    return { args, state: { appId, createdAt: r.data.createdAt } };
  },
  async update(ctx, _id, _olds, news) {
    const appId = ctx.appId(news);
    const r = await ctx
      .management()
      .call("updateWebhook", { params: params(appId, news.id), body: defined(news, ["appId", "id"]) });
    return { appId, createdAt: r.data.createdAt };
  },
  async delete(ctx, _id, a) {
    await ctx.management().call("deleteWebhook", { params: params(ctx.appId(a), a.id) });
  },
  async find(ctx, a) {
    const appId = ctx.appId(a);
    try {
      const r = await ctx.management().call("getWebhook", { params: params(appId, a.id) });
      return { id: `${appId}/${a.id}`, args: { ...fromRemote(r.data, FIELDS), appId } as WebhookArgs };
    } catch (e) {
      if (hasCode(e, "ERR_WEBHOOK_NOT_FOUND")) return undefined;
      throw e;
    }
  },
};

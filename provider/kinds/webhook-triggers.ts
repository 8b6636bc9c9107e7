// WebhookTriggers (management API, docs/service/webhooks-and-triggers.md): the trigger set of one webhook, reconciled with the
// add and remove calls. Triggers added outside this resource are removed on the next up (authoritative).
import { z } from "zod";
import { isNotFound } from "../client";
import { legacyTriggerRule, TriggerId, triggersNotIn, WebhookId, WebhookVersion } from "../contract";
import { appIdFact, declare } from "../engine/fields";
import type { Ctx, Kind } from "../engine/kind";
import { defined } from "../engine/util";

export const WebhookTriggersArgs = z
  .strictObject({
    appId: z.string().min(1, "appId must not be empty").optional(),
    webhookId: WebhookId,
    triggers: z.array(TriggerId).min(1, "triggers must name at least one trigger"),
    version: WebhookVersion.optional(),
  })
  .superRefine((a, ctx) => {
    for (const { index, id } of triggersNotIn(a.version, a.triggers))
      ctx.addIssue({ code: "custom", path: ["triggers", index], message: legacyTriggerRule(id) });
  });
export type WebhookTriggersArgs = z.output<typeof WebhookTriggersArgs>;

/** The system the webhook's calls are made in (the X-Webhook-Version header). */
type Version = WebhookVersion | undefined;

async function current(
  ctx: Ctx,
  appId: string,
  webhookId: string,
  webhookVersion: Version,
): Promise<string[]> {
  const all = await ctx
    .management()
    .listAll("listTriggers", { params: { appId, webhookId }, webhookVersion });
  return all.map((t) => t.id).sort();
}

/**
 * Detaches triggers. The service refuses the whole call when one of them is not attached, which is what a
 * repeated call finds after a lost answer: then the ones still attached are detached.
 */
async function detach(
  ctx: Ctx,
  appId: string,
  webhookId: string,
  ids: readonly string[],
  webhookVersion: Version,
): Promise<void> {
  const params = { appId, webhookId };
  const send = (triggerIds: string[]) =>
    ctx.management().call("removeTriggers", {
      params,
      body: { triggerIds: triggerIds as z.input<typeof TriggerId>[] },
      webhookVersion,
    });
  try {
    if (ids.length) await send([...ids]);
  } catch (e) {
    if (!isNotFound(e)) throw e;
    const still = new Set(await current(ctx, appId, webhookId, webhookVersion));
    const left = ids.filter((t) => still.has(t));
    if (left.length) await send(left);
  }
}

/** Brings the webhook's triggers to the declared set, from what the service holds now. */
async function reconcile(ctx: Ctx, a: WebhookTriggersArgs): Promise<string> {
  const appId = ctx.appId(a);
  const have = new Set(await current(ctx, appId, a.webhookId, a.version));
  const want = new Set<string>(a.triggers);
  const add = [...want].filter((t) => !have.has(t));
  // Attaching is set-like: a trigger already there stays, so a repeated call after a lost answer is harmless.
  if (add.length)
    await ctx.management().call("addTriggers", {
      params: { appId, webhookId: a.webhookId },
      body: { triggerIds: add as z.input<typeof TriggerId>[] },
      webhookVersion: a.version,
    });
  await detach(
    ctx,
    appId,
    a.webhookId,
    [...have].filter((t) => !want.has(t)),
    a.version,
  );
  return appId;
}

export const webhookTriggers: Kind<WebhookTriggersArgs> = {
  name: "WebhookTriggers",
  doc: 'The trigger set of one webhook, reconciled with add and remove calls. Id: "<appId>/<webhookId>".',
  ...declare(WebhookTriggersArgs, z.object({}), {
    appId: appIdFact("resource"),
    webhookId: { doc: "The webhook's id. Changing it replaces the resource.", replace: true, identity: true },
    triggers: {
      doc: 'Trigger ids (a set), e.g. "message_sent", "group_member_added". Triggers not listed are removed.',
      set: true,
    },
    version: {
      doc: "The webhook's system, as its Webhook declares it: 1 (legacy) or 2, which does not take after_message and before_message. Sent as the X-Webhook-Version header.",
      default: 1,
      local: true,
    },
  }),
  api: "management",
  idParts: ["appId", "webhookId"],
  file: {
    within: "Webhook",
    at: ["triggers"],
    one: true,
    only: "triggers",
    child: "webhook-triggers",
    inherit: ["version"],
  },

  async create(ctx, a) {
    const appId = await reconcile(ctx, a);
    return { id: `${appId}/${a.webhookId}`, state: { appId } };
  },
  async read(ctx, _id, prior) {
    const appId = ctx.appId(prior);
    const triggers = await current(ctx, appId, prior.webhookId, prior.version);
    if (triggers.length === 0) return undefined;
    const args = { appId, webhookId: prior.webhookId, triggers, ...defined({ version: prior.version }) };
    return { args: args as WebhookTriggersArgs, state: { appId } };
  },
  async update(ctx, _id, _olds, news) {
    return { appId: await reconcile(ctx, news) };
  },
  async delete(ctx, _id, a) {
    const appId = ctx.appId(a);
    await detach(ctx, appId, a.webhookId, await current(ctx, appId, a.webhookId, a.version), a.version);
  },
};

// Bot (chat API `/bots`, docs/service/bots-agents-and-social.md; the vendor's pages
// https://www.cometchat.com/docs/rest-api/bots): an existing user whose messages the service relays to a callback
// URL. Identity: uid (the user's, caller-chosen and immutable). The service echoes the basic-auth password: it is
// a secret argument (generic.ts compares it on read and never returns it as an input; failures.ts blanks it in
// check failures, the API schema marks it with `secret()`). Deleting the resource removes the bot; the user stays.
// Release 0.1.0's spellings and defaults of the group setting and `enabled` still hold for the stacks it
// recorded: decision 0116.
import { z } from "zod";
import {
  type Bot,
  BotCreate,
  type BotUpdate,
  DEFAULTS,
  GROUP_CHAT_SETTING_ALIASES,
  GroupChatSetting,
  LIMITS,
} from "../contract";
import { withAliases } from "../engine/aliases";
import { declare, none, service } from "../engine/fields";
import { type Args, type CheckFailure, createdAt, type Kind } from "../engine/kind";
import type { Listing } from "../engine/listings";
import { canonical } from "../engine/normalize";
import { defined, fromRemote, hasCode, sortedById } from "../engine/util";

/**
 * The API's create schema (with its basic-auth rule: useBasicAuth needs username and password), its group
 * setting also taking release 0.1.0's spellings ("all", "mentions"), read as the vendor's.
 */
export const BotArgs = BotCreate.safeExtend({
  // Its output is the document's enum; only its input is wider (a former spelling), which `safeExtend`'s
  // types do not allow for, hence the cast. The refinement of the create schema is kept.
  groupChatSetting: withAliases(
    GroupChatSetting,
    GROUP_CHAT_SETTING_ALIASES,
  ).optional() as unknown as (typeof BotCreate.shape)["groupChatSetting"],
});
export type BotArgs = z.output<typeof BotArgs>;

/** The service returns every argument, the password too (a false or empty one it leaves out). */
const FIELDS = Object.keys(BotArgs.shape);
const BOTS: Listing = { api: "chat", route: "listBots", key: "uid" };
const CREDENTIALS = ["username", "password"] as const;

/**
 * What release 0.1.0 took for a field left out (`enabled` true, the group setting `mentions`): a bot made
 * then, or since, that holds it where its program still leaves the field out is not drift (decision 0116).
 */
const FORMER_DEFAULTS: Readonly<Partial<BotArgs>> = { enabled: true, groupChatSetting: "mentionedMessages" };

export const BotOutputs = z.object(createdAt);

/**
 * The bot as arguments. A field the answer leaves out is at the service's default (it omits false and empty
 * values). Unless the whole bot is asked for, a field `prior` leaves out that holds release 0.1.0's default is
 * left out too, and a group setting `prior` gives in a former spelling of the value read keeps that spelling:
 * neither is a change.
 */
function asRead(b: Bot, prior?: Partial<BotArgs>) {
  const args = { ...DEFAULTS.Bot, ...fromRemote(b, FIELDS) } as Args;
  if (prior) {
    for (const [k, v] of Object.entries(FORMER_DEFAULTS))
      if (prior[k as keyof BotArgs] === undefined && canonical(args[k]) === canonical(v)) delete args[k];
    const given = prior.groupChatSetting as string | undefined;
    if (given !== undefined && Object.hasOwn(GROUP_CHAT_SETTING_ALIASES, given)) {
      const now = GROUP_CHAT_SETTING_ALIASES[given as keyof typeof GROUP_CHAT_SETTING_ALIASES];
      if (args.groupChatSetting === now) args.groupChatSetting = given;
    }
  }
  return { args: args as BotArgs, state: { createdAt: b.createdAt } };
}

/**
 * The service keeps a create's credentials only with basic auth on (the vendor's create page): declared
 * without it they would be dropped, then show as drift. Checked for new and changed declarations only
 * (`offline`), so a stack recorded before this rule still previews as it is.
 */
function credentialsWithoutBasicAuth(a: BotArgs): CheckFailure[] {
  const given = CREDENTIALS.filter((k) => a[k] !== undefined);
  if (a.useBasicAuth === true || given.length === 0) return [];
  // Named after useBasicAuth: while it is not known yet (preview), the rule waits for it.
  return [
    {
      property: "useBasicAuth",
      reason: `must be true when ${given.join(" and ")} ${given.length > 1 ? "are" : "is"} set: the service keeps a bot's username and password only with basic auth on (set useBasicAuth: true, or leave them out)`,
    },
  ];
}

export const bot: Kind<BotArgs> = {
  name: "Bot",
  doc: "A bot: an existing user whose messages the service posts to your webhook (at most 25 per app). Deleting it removes the bot, not the user. Id: the uid.",
  ...declare(
    BotArgs,
    BotOutputs,
    {
      uid: {
        doc: "Changing it replaces the bot.",
        replace: true,
        identity: true,
      },
      webhookURL: {
        doc: "Public https URL the service posts the bot's messages to.",
      },
      enabled: {
        doc: "Relay messages to the webhook (declare true to turn the bot on).",
        default: service,
      },
      groupChatSetting: {
        doc: 'Which group messages reach the bot: "allMessages", "slashedMessages" (those starting with "/"), "mentionedMessages" or "none". The former "all" and "mentions" still read as "allMessages" and "mentionedMessages".',
        default: service,
      },
      useBasicAuth: {
        doc: "Send basic-auth credentials with each call (needs username and password).",
        default: service,
      },
      username: {
        doc: "Basic-auth user name (only with useBasicAuth).",
        default: none,
      },
      password: {
        doc: "Basic-auth password, only with useBasicAuth (kept secret; the service echoes it).",
        default: none,
      },
    },
    DEFAULTS.Bot,
  ),
  api: "chat",
  file: {
    at: ["bots"],
    child: "bot",
    refs: { uid: { kind: "User" } },
  },
  offline: credentialsWithoutBasicAuth,

  async create(ctx, a) {
    const r = await ctx.chat().call("createBot", { body: defined(a) as BotCreate });
    return { id: r.data.uid, state: { createdAt: r.data.createdAt } };
  },
  async read(ctx, id, prior, how) {
    const b = await ctx.listed(
      BOTS,
      id,
      async () => (await ctx.chat().call("getBot", { params: { uid: id } })).data,
    );
    return asRead(b, how?.whole ? undefined : prior);
  },
  async update(ctx, id, olds, news) {
    // What is declared. A field left out stays as the bot has it (the PUT leaves absent fields alone), unless
    // `olds` held it (declared before, or read as drift, or found when adopting): then it goes back to the
    // service's default, credentials to empty (turning basic auth off does not clear them: the vendor's
    // update page).
    const back: Args = {};
    for (const [k, d] of Object.entries(bot.defaults ?? {}))
      if (olds[k as keyof BotArgs] !== undefined) back[k] = d;
    for (const k of CREDENTIALS) if (olds[k] !== undefined) back[k] = "";
    const body = { ...back, ...defined(news, ["uid"]) } as BotUpdate;
    const r = await ctx.chat().call("updateBot", { params: { uid: id }, body });
    return { createdAt: r.data.createdAt };
  },
  async delete(ctx, id) {
    await ctx.chat().call("deleteBot", { params: { uid: id } });
  },
  async find(ctx, a) {
    try {
      return { id: a.uid, args: (await bot.read(ctx, a.uid, a))?.args ?? a };
    } catch (e) {
      if (hasCode(e, "ERR_BOT_NOT_FOUND")) return undefined;
      throw e;
    }
  },
  async list(ctx) {
    const bots = await ctx.chat().listAll("listBots", { query: { perPage: LIMITS.perPageMax } });
    return sortedById(bots.map((b) => ({ id: b.uid, ...asRead(b) })));
  },
};

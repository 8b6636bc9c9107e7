// Bot (chat API `/bots`, docs/service/bots-agents-and-social.md): an existing user whose messages the service
// relays to a callback URL. Identity: uid (the user's, caller-chosen and immutable). The service echoes the
// basic-auth password: it is a secret argument (generic.ts compares it on read and never returns it as an
// input; failures.ts blanks it in check failures, the API schema marks it with `secret()`). Deleting the
// resource removes the bot; the user stays.
import { z } from "zod";
import { type Bot, BotCreate, type BotUpdate, DEFAULTS, LIMITS } from "../contract";
import { declare, none, service } from "../engine/fields";
import { createdAt, type Kind } from "../engine/kind";
import type { Listing } from "../engine/listings";
import { defined, fromRemote, hasCode, sortedById } from "../engine/util";

/** The API's create schema, with its basic-auth rule (useBasicAuth needs username and password). */
export const BotArgs = BotCreate;
export type BotArgs = z.output<typeof BotArgs>;

/** The service returns every argument, the password too. */
const FIELDS = Object.keys(BotArgs.shape);
const BOTS: Listing = { api: "chat", route: "listBots", key: "uid" };

export const BotOutputs = z.object(createdAt);

const asRead = (b: Bot) => ({ args: fromRemote(b, FIELDS) as BotArgs, state: { createdAt: b.createdAt } });

export const bot: Kind<BotArgs> = {
  name: "Bot",
  doc: "A bot: an existing user whose messages the service posts to your webhook (at most 25 per app). Deleting it removes the bot, not the user. Id: the uid.",
  ...declare(
    BotArgs,
    BotOutputs,
    {
      uid: {
        doc: "The uid of an existing user, shorter than 50 characters. Changing it replaces the bot.",
        replace: true,
        identity: true,
      },
      webhookURL: {
        doc: "Public https URL the service posts the bot's messages to, at most 255 characters.",
      },
      enabled: { doc: "Relay messages to the webhook (default true).", default: service },
      groupChatSetting: {
        doc: 'Which group messages reach the bot: "all" or "mentions" (default).',
        default: service,
      },
      useBasicAuth: {
        doc: "Send basic-auth credentials with each call (needs username and password).",
        default: service,
      },
      username: { doc: "Basic-auth user name, at most 50 characters.", default: none },
      password: {
        doc: "Basic-auth password, at most 100 characters (kept secret; the service echoes it).",
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
    secretRefs: { password: "password" },
  },

  async create(ctx, a) {
    const r = await ctx.chat().call("createBot", { body: defined(a) as BotCreate });
    return { id: r.data.uid, state: { createdAt: r.data.createdAt } };
  },
  async read(ctx, id) {
    const b = await ctx.listed(
      BOTS,
      id,
      async () => (await ctx.chat().call("getBot", { params: { uid: id } })).data,
    );
    return asRead(b);
  },
  async update(ctx, id, _olds, news) {
    // The whole declaration: what is no longer declared goes back to its default (credentials to empty).
    // The service's defaults are sent for what is not declared: a PUT leaves absent fields as they are.
    const body = { ...bot.defaults, username: "", password: "", ...defined(news, ["uid"]) } as BotUpdate;
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

// ModerationCustomApiList: a "Custom API" moderation list (moderation.ts): messages are posted to the
// caller's own moderation webhook, which answers whether they break the rule that names the list. It rides
// on the keyword-list routes with category custom-api (a GUESS: docs/service/app-configuration.md).
import { z } from "zod";
import {
  CUSTOM_API_CATEGORY,
  customApiAuthOk,
  customApiAuthRule,
  customApiFields,
  type KeywordList,
  type KeywordListCreate,
  ModerationId,
} from "../contract";
import { declare, none } from "../engine/fields";
import type { Kind } from "../engine/kind";
import { defined, hasCode, sortedById } from "../engine/util";
import { builtIn, listFacts, listState } from "./moderation";

export const ModerationCustomApiListArgs = z
  .strictObject({
    listId: ModerationId("listId"),
    name: z.string().max(100, "name must be at most 100 characters").optional(),
    description: z.string().max(255, "description must be at most 255 characters").optional(),
    ...customApiFields,
  })
  .refine(customApiAuthOk, customApiAuthRule);
export type ModerationCustomApiListArgs = z.output<typeof ModerationCustomApiListArgs>;

const body = ({ listId, ...rest }: ModerationCustomApiListArgs) =>
  ({ id: listId, category: CUSTOM_API_CATEGORY, ...defined(rest) }) as KeywordListCreate;
/** The list as arguments: the service never shows the password (kept from state by the engine). */
const listArgs = (k: KeywordList): ModerationCustomApiListArgs =>
  defined({
    listId: k.id,
    name: k.name,
    description: k.description,
    webhookURL: k.webhookURL,
    username: k.username,
  }) as ModerationCustomApiListArgs;
const isCustomApi = (k: KeywordList) => k.category === CUSTOM_API_CATEGORY;

export const moderationCustomApiList: Kind<ModerationCustomApiListArgs> = {
  name: "ModerationCustomApiList",
  doc: "A Custom API moderation list: a rule naming it sends each message to your moderation webhook (basic auth optional). Id: the listId.",
  ...declare(ModerationCustomApiListArgs, z.object(builtIn), {
    ...listFacts,
    webhookURL: { doc: "Public https URL of your moderation webhook." },
    username: {
      doc: "Basic-auth user name sent to the webhook (with password).",
      default: none,
    },
    password: {
      doc: "Basic-auth password sent to the webhook (with username; kept secret, the service never shows it).",
      default: none,
    },
  }),
  api: "chat",
  file: {
    at: ["moderation", "customApiLists"],
    child: "custom-api-list",
  },

  async create(ctx, a) {
    const r = await ctx.chat().call("createKeywordList", { body: body(a) });
    return { id: r.data.id, state: listState(r.data) };
  },
  async read(ctx, id) {
    const r = await ctx.chat().call("getKeywordList", { params: { keywordId: id } });
    return isCustomApi(r.data) ? { args: listArgs(r.data), state: listState(r.data) } : undefined;
  },
  async update(ctx, id, _olds, news) {
    const { id: _, ...rest } = body(news);
    const r = await ctx.chat().call("updateKeywordList", { params: { keywordId: id }, body: rest });
    return listState(r.data);
  },
  async delete(ctx, id) {
    await ctx.chat().call("deleteKeywordList", { params: { keywordId: id } });
  },
  async find(ctx, a) {
    try {
      const r = await ctx.chat().call("getKeywordList", { params: { keywordId: a.listId } });
      return isCustomApi(r.data) ? { id: r.data.id, args: listArgs(r.data) } : undefined;
    } catch (e) {
      if (hasCode(e, "ERR_KEYWORD_NOT_FOUND")) return undefined;
      throw e;
    }
  },
  async list(ctx) {
    const lists = (await ctx.chat().call("listKeywordLists")).data.filter(isCustomApi);
    return sortedById(lists.map((k) => ({ id: k.id, args: listArgs(k), state: listState(k) })));
  },
};

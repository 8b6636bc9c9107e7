// ModerationKeywordList: a keyword list that moderation rules name by id (moderation.ts).
import { z } from "zod";
import { KEYWORD_CATEGORIES, type KeywordList, KeywordListCreate, ModerationId } from "../contract";
import { declare, none } from "../engine/fields";
import type { Args, Kind } from "../engine/kind";
import { defined, hasCode, sortedById } from "../engine/util";
import { builtIn, listFacts, listState } from "./moderation";

const term = z
  .string()
  .min(1, "a term must not be empty")
  .refine((t) => !/[,\r\n]/.test(t), { message: "a term must not contain a comma or a line break" });

export const ModerationKeywordListArgs = z
  .strictObject({
    listId: ModerationId("listId"),
    name: z.string().optional(),
    description: z.string().optional(),
    category: z.enum(KEYWORD_CATEGORIES, {
      message: `category must be one of ${KEYWORD_CATEGORIES.join(", ")}`,
    }),
    searchTerms: z.array(term).optional(),
    disallowedSentences: z.array(z.string().min(1, "a sentence must not be empty")).optional(),
  })
  .superRefine((a, ctx) => {
    // The API's own rules (lengths, patterns that compile, what each category needs), on the wire body.
    const r = KeywordListCreate.safeParse(keywordBody(a));
    if (r.success) return;
    // The id's rules are listId's own, checked (and named) above.
    for (const i of r.error.issues)
      if (i.path[0] !== "id") ctx.addIssue({ code: "custom", message: i.message, path: i.path });
  });
export type ModerationKeywordListArgs = z.output<typeof ModerationKeywordListArgs>;

type ListFields = Omit<ModerationKeywordListArgs, "listId" | "category"> & {
  listId: string;
  category: string;
};
function keywordBody(a: ListFields): Args {
  const { listId, searchTerms, disallowedSentences, ...rest } = a;
  const content =
    a.category === "sentence-similarity"
      ? { disallowedSentences: disallowedSentences ?? [] }
      : { searchTerms: (searchTerms ?? []).join(",") };
  return { id: listId, ...defined(rest), ...content };
}

const listArgs = (k: KeywordList): ModerationKeywordListArgs =>
  defined({
    listId: k.id,
    name: k.name,
    description: k.description,
    category: k.category,
    searchTerms: k.searchTerms,
    disallowedSentences: k.disallowedSentences,
  }) as ModerationKeywordListArgs;

export const moderationKeywordList: Kind<ModerationKeywordListArgs> = {
  name: "ModerationKeywordList",
  doc: 'A keyword list moderation rules refer to (words, patterns or sentences). The built-in "profanity-list" can be adopted (adopt: true) and is left in place on destroy. Id: the listId.',
  ...declare(ModerationKeywordListArgs, z.object(builtIn), {
    ...listFacts,
    category: { doc: "word, pattern (regular expressions) or sentence-similarity." },
    searchTerms: {
      doc: "The words or patterns (a set; for word and pattern lists): no commas (they are sent comma-separated).",
      default: none,
      set: true,
    },
    disallowedSentences: {
      doc: "The sentences (a set; for sentence-similarity lists).",
      default: none,
      set: true,
    },
  }),
  api: "chat",
  file: { at: ["moderation", "keywordLists"], child: "keyword-list" },

  async create(ctx, a) {
    const r = await ctx
      .chat()
      .call("createKeywordList", { body: keywordBody(a) as z.input<typeof KeywordListCreate> });
    return { id: r.data.id, state: listState(r.data) };
  },
  async read(ctx, id) {
    const r = await ctx.chat().call("getKeywordList", { params: { keywordId: id } });
    return { args: listArgs(r.data), state: listState(r.data) };
  },
  async update(ctx, id, _olds, news) {
    const { id: _, ...body } = keywordBody(news);
    const r = await ctx.chat().call("updateKeywordList", {
      params: { keywordId: id },
      body: body as z.input<typeof KeywordListCreate>,
    });
    return listState(r.data);
  },
  async delete(ctx, id, a) {
    if ((a as Args).builtIn === true) return; // an adopted built-in list stays
    await ctx.chat().call("deleteKeywordList", { params: { keywordId: id } });
  },
  async find(ctx, a) {
    try {
      const r = await ctx.chat().call("getKeywordList", { params: { keywordId: a.listId } });
      return { id: r.data.id, args: listArgs(r.data) };
    } catch (e) {
      if (hasCode(e, "ERR_KEYWORD_NOT_FOUND")) return undefined;
      throw e;
    }
  },
  async list(ctx) {
    // Custom API lists share the routes: they are ModerationCustomApiList's.
    const lists = (await ctx.chat().call("listKeywordLists")).data.filter((k) => k.category !== "custom-api");
    return sortedById(lists.map((k) => ({ id: k.id, args: listArgs(k), state: listState(k) })));
  },
};

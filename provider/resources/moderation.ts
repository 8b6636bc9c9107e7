// Moderation rules and the keyword lists they refer to (chat API `/moderation/...`). Both are named by a
// caller-chosen id and replaced as a whole by PUT. Every app has built-in rules and the `profanity-list` list
// (`default: true`): they are managed by adopting them, and destroying the resource leaves them (like the
// default role). A rule refers to a list by its id in a condition's `value`: passing the list resource's `id`
// output there makes the rule depend on the list, so it is created after it and deleted before it.
import { z } from "zod";
import {
  CONDITION_OPERANDS,
  KEYWORD_CATEGORIES,
  type KeywordList,
  KeywordListCreate,
  LIMITS,
  ModerationId,
  type Rule,
  RuleCreate,
} from "../api";
import { type Args, createdAt, type Kind } from "./kind";
import { defined, hasCode, sortedById } from "./util";

const builtIn = {
  builtIn: z.boolean().describe("Whether the object is one every app starts with (destroy leaves it)."),
  ...createdAt,
};

// ---- keyword lists -------------------------------------------------------------------------------------

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
const listState = (k: KeywordList) => ({ builtIn: k.default === true, createdAt: k.createdAt });

export const moderationKeywordList: Kind<ModerationKeywordListArgs> = {
  name: "ModerationKeywordList",
  doc: 'A keyword list moderation rules refer to (words, patterns or sentences). The built-in "profanity-list" can be adopted (adopt: true) and is left in place on destroy. Id: the listId.',
  docs: {
    listId:
      "Caller-chosen id (the API's `id`): letters, digits, '-', '_', at most 100. Pass the resource's `id` to a rule's condition value. Changing it replaces the list.",
    name: "Name.",
    description: "Description.",
    category: "word, pattern (regular expressions) or sentence-similarity.",
    searchTerms:
      "The words or patterns (a set; for word and pattern lists): no commas (they are sent comma-separated).",
    disallowedSentences: "The sentences (a set; for sentence-similarity lists).",
  },
  outputs: z.object(builtIn),
  api: "chat",
  args: ModerationKeywordListArgs,
  replaceOn: ["listId"],
  identity: ["listId"],
  sets: ["searchTerms", "disallowedSentences"],
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
    const lists = (await ctx.chat().call("listKeywordLists")).data;
    return sortedById(lists.map((k) => ({ id: k.id, args: listArgs(k), state: listState(k) })));
  },
};

// ---- rules ---------------------------------------------------------------------------------------------

const rule = RuleCreate.shape;
export const ModerationRuleArgs = z.strictObject({
  ruleId: ModerationId("ruleId"),
  name: rule.name,
  description: rule.description,
  enabled: rule.enabled,
  action: rule.action,
  conditions: rule.conditions,
  filters: rule.filters,
});
export type ModerationRuleArgs = z.output<typeof ModerationRuleArgs>;

/**
 * The rule as arguments. The service numbers conditions that come without an id (1, 2, …): such a number is
 * left out where the declared condition has no id, so that it is not drift.
 */
function ruleArgs(r: Rule, declared: ModerationRuleArgs): ModerationRuleArgs {
  const conditions = r.conditions.map((c, i) => {
    const { id, ...rest } = c as Args;
    return declared.conditions?.[i]?.id === undefined && id === i + 1 ? rest : c;
  });
  return defined({
    ruleId: r.id,
    name: r.name,
    description: r.description,
    enabled: r.enabled,
    action: r.action,
    conditions,
    filters: r.filters,
  }) as ModerationRuleArgs;
}
const ruleState = (r: Rule) => ({ builtIn: r.default === true, createdAt: r.createdAt });
const ruleBody = ({ ruleId: _, ...rest }: ModerationRuleArgs) => defined(rest) as Omit<RuleCreate, "id">;

export const moderationRule: Kind<ModerationRuleArgs> = {
  name: "ModerationRule",
  doc: "A moderation rule: conditions on messages (optionally filtered by sender, receiver or group) and the action taken. The six built-in rules can be adopted (adopt: true) and are left in place on destroy. Id: the ruleId.",
  docs: {
    ruleId:
      "Caller-chosen id (the API's `id`): letters, digits, '-', '_', at most 100. Changing it replaces the rule.",
    name: "Name, at most 100 characters.",
    description: "Description, at most 255 characters.",
    enabled: "Apply the rule (default false).",
    action: "What happens to a matching message: blockMessage and/or dropMessage (a set).",
    conditions: `What a message must match: each with operand (${CONDITION_OPERANDS.join(", ")}), operator, category and value; a value naming keyword lists (with isListReferencePresent: true) takes their ids, e.g. a ModerationKeywordList's id output, which makes the rule depend on it.`,
    filters:
      "Whom the rule applies to: user filters (entity user; uid, name, role, tags, createdAt) and group filters (entity group).",
  },
  outputs: z.object(builtIn),
  api: "chat",
  args: ModerationRuleArgs,
  replaceOn: ["ruleId"],
  identity: ["ruleId"],
  sets: ["action"],
  defaults: { enabled: false },
  file: { at: ["moderation", "rules"], child: "rule" },

  async create(ctx, a) {
    const r = await ctx.chat().call("createRule", { body: { id: a.ruleId, ...ruleBody(a) } });
    return { id: r.data.id, state: ruleState(r.data) };
  },
  async read(ctx, id, prior) {
    const r = await ctx.chat().call("getRule", { params: { ruleId: id } });
    return { args: ruleArgs(r.data, prior), state: ruleState(r.data) };
  },
  async update(ctx, id, _olds, news) {
    // A PUT replaces the rule: what is not declared (description, filters) is cleared.
    const r = await ctx.chat().call("updateRule", { params: { ruleId: id }, body: ruleBody(news) });
    return ruleState(r.data);
  },
  async delete(ctx, id, a) {
    if ((a as Args).builtIn === true) return; // an adopted built-in rule stays
    await ctx.chat().call("deleteRule", { params: { ruleId: id } });
  },
  async find(ctx, a) {
    try {
      const r = await ctx.chat().call("getRule", { params: { ruleId: a.ruleId } });
      return { id: r.data.id, args: ruleArgs(r.data, a) };
    } catch (e) {
      if (hasCode(e, "ERR_RULE_NOT_FOUND")) return undefined;
      throw e;
    }
  },
  async list(ctx) {
    const rules = (await ctx.chat().call("listRules", { query: { limit: LIMITS.perPageMax } })).data;
    return sortedById(
      rules.map((r) => ({ id: r.id, args: ruleArgs(r, {} as ModerationRuleArgs), state: ruleState(r) })),
    );
  },
};

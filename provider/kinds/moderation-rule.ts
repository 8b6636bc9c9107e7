// ModerationRule: a moderation rule, named by its id (moderation.ts).
import { z } from "zod";
import {
  CONDITION_OPERANDS,
  DEFAULTS,
  GroupFilter,
  LIMITS,
  ModerationId,
  type Rule,
  RuleCreate,
  USER_FILTER_OPERATOR_ALIASES,
  UserFilter,
} from "../contract";
import { withAliases } from "../engine/aliases";
import { declare, none, service } from "../engine/fields";
import type { Args, Kind } from "../engine/kind";
import { canonical } from "../engine/normalize";
import { defined, hasCode, sortedById } from "../engine/util";
import { builtIn } from "./moderation";

const rule = RuleCreate.shape;
/** A user filter whose operator may be a former spelling ("not equals"), read as the current one. */
const UserFilterArg = UserFilter.extend({
  operator: withAliases(UserFilter.shape.operator, USER_FILTER_OPERATOR_ALIASES),
});
const FilterArgs = z
  .array(
    z.discriminatedUnion("entity", [UserFilterArg, GroupFilter], {
      message: "a filter's entity must be user or group",
    }),
  )
  .optional();
export const ModerationRuleArgs = z.strictObject({
  ruleId: ModerationId("ruleId"),
  name: rule.name,
  description: rule.description,
  enabled: rule.enabled,
  action: rule.action,
  conditions: rule.conditions,
  filters: FilterArgs,
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
  // A filter recorded with a former spelling of its operator ("not equals") reads as recorded while the
  // service holds the same filter: a refresh shows no change for it.
  const filters = r.filters?.map((f, i) => {
    const prior = declared.filters?.[i] as Args | undefined;
    const op = prior?.operator;
    const respelled =
      typeof op === "string" && Object.hasOwn(USER_FILTER_OPERATOR_ALIASES, op)
        ? USER_FILTER_OPERATOR_ALIASES[op as keyof typeof USER_FILTER_OPERATOR_ALIASES]
        : undefined;
    return respelled !== undefined && canonical({ ...prior, operator: respelled }) === canonical(f)
      ? prior
      : f;
  });
  return defined({
    ruleId: r.id,
    name: r.name,
    description: r.description,
    enabled: r.enabled,
    action: r.action,
    conditions,
    filters,
  }) as ModerationRuleArgs;
}
const ruleState = (r: Rule) => ({ builtIn: r.default === true, createdAt: r.createdAt });
const ruleBody = ({ ruleId: _, ...rest }: ModerationRuleArgs) => defined(rest) as Omit<RuleCreate, "id">;

export const moderationRule: Kind<ModerationRuleArgs> = {
  name: "ModerationRule",
  doc: "A moderation rule: conditions on messages (optionally filtered by sender, receiver or group) and the action taken. The six built-in rules can be adopted (adopt: true) and are left in place on destroy. Id: the ruleId.",
  ...declare(
    ModerationRuleArgs,
    z.object(builtIn),
    {
      ruleId: {
        doc: "Caller-chosen id (the API's `id`): letters, digits, '-', '_'. Changing it replaces the rule.",
        replace: true,
        identity: true,
      },
      name: { doc: "Name." },
      description: { doc: "Description.", default: none },
      enabled: { doc: "Apply the rule.", default: service },
      action: {
        doc: "What happens to a matching message (a set).",
        set: true,
      },
      conditions: {
        doc: `What a message must match: each with operand (${CONDITION_OPERANDS.join(", ")}), operator, category and value; a value naming keyword lists (with isListReferencePresent: true) takes their ids, e.g. a ModerationKeywordList's id output, which makes the rule depend on it.`,
      },
      filters: {
        doc: "Whom the rule applies to: user filters (entity user; uid, name, role, tags, createdAt) and group filters (entity group).",
        default: none,
      },
    },
    DEFAULTS.Rule,
  ),
  api: "chat",
  file: {
    at: ["moderation", "rules"],
    child: "rule",
    refs: {
      // A condition with a reference flag names keyword lists: declared ones (by their id output), or the
      // one every app has.
      "conditions[].value": {
        kind: "ModerationKeywordList",
        builtIn: ["profanity-list"],
        noun: "keyword list",
        when: (c) =>
          ["isKeywordReferencePresent", "isKeywordsReferencePresent", "isListReferencePresent"].some(
            (f) => c[f] === true,
          ),
        output: "id",
        many: true,
      },
    },
  },

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

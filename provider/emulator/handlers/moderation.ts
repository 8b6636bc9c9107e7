// Moderation (chat API): rules and the keyword lists they refer to. Rules and lists an app starts with
// (`default: true`) can be changed but not deleted; a list a rule refers to cannot be deleted; a rule cannot
// refer to a list that does not exist. Where the vendor is silent, the stricter reading (decision 0040).
import type { z } from "zod";
import {
  type Condition,
  DEFAULTS,
  type KeywordListUpdate,
  type RuleCreate,
  refersToKeywordLists,
  splitTerms,
} from "../../contract";
import { ApiError, badRequest } from "../errors";
import type { AppRecord, Json, KeywordListRecord, RuleRecord } from "../state";
import { defined } from "../views";
import type { ChatHandlers } from "./types";

const RULES_LIMIT = 50;
/** The keyword-list listing takes no parameters and shows this many (the spec's example meta). */
const KEYWORDS_LIMIT = 10;

const ruleView = (app: AppRecord, r: RuleRecord) => ({
  id: r.id,
  name: r.name,
  ...defined({ description: r.description }),
  enabled: r.enabled,
  conditions: r.conditions.map((c) => ({ ...c })),
  action: [...r.action],
  ...defined({ filters: r.filters?.map((f) => ({ ...f })) }),
  active: true,
  createdAt: r.createdAt,
  updatedAt: r.updatedAt,
  revisionId: `${app.id}_${r.id}_${r.revision}`,
  ...defined({ default: r.default }),
});

const keywordView = (app: AppRecord, k: KeywordListRecord) => ({
  id: k.id,
  ...defined({ name: k.name, description: k.description }),
  category: k.category,
  isCSV: k.isCSV,
  ...defined({
    searchTerms: k.searchTerms && [...k.searchTerms],
    disallowedSentences: k.disallowedSentences && [...k.disallowedSentences],
    webhookURL: k.custom?.webhookURL,
    username: k.custom?.username,
  }),
  createdAt: k.createdAt,
  updatedAt: k.updatedAt,
  revisionId: `${app.id}_${k.id}_${k.revision}`,
  active: true,
  ...defined({ default: k.default }),
});

function requireRule(app: AppRecord, id: string): RuleRecord {
  const r = app.rules.get(id);
  if (!r) throw new ApiError("ERR_RULE_NOT_FOUND", `The rule ${id} does not exist.`);
  return r;
}

function requireKeywordList(app: AppRecord, id: string): KeywordListRecord {
  const k = app.keywordLists.get(id);
  if (!k) throw new ApiError("ERR_KEYWORD_NOT_FOUND", `The keyword list ${id} does not exist.`);
  return k;
}

const referencedLists = (c: Condition | Json): string[] =>
  refersToKeywordLists(c as Condition) ? [(c as Condition).value].flat() : [];

/** The rule's settings from a create or update body; conditions are numbered when they come without ids. */
function ruleSettings(app: AppRecord, body: Omit<RuleCreate, "id">) {
  const conditions = body.conditions.map((c, i) => ({ ...c, id: c.id ?? i + 1 }) as Json);
  for (const c of body.conditions) for (const id of referencedLists(c)) requireKeywordList(app, id);
  return {
    name: body.name,
    description: body.description,
    enabled: body.enabled ?? DEFAULTS.Rule.enabled,
    conditions,
    action: [...body.action],
    filters: body.filters?.map((f) => ({ ...f }) as Json),
  };
}

const sameId = (field: string, path: string, body?: string) => {
  if (body !== undefined && body !== path) {
    throw badRequest({ [field]: [`${field} must be the id in the path (${path}); ids cannot change`] });
  }
};

/** A list's content from a create or update body: terms (with those of the CSV file) or sentences. */
function listContent(body: z.output<typeof KeywordListUpdate>) {
  if (body.category === "custom-api") {
    // The webhook and its basic auth; the password is kept and never shown.
    const { webhookURL, username, password } = body;
    return { isCSV: false, custom: { webhookURL, ...defined({ username, password }) } };
  }
  const isCSV = !!body.file;
  if (body.category === "sentence-similarity") {
    return { searchTerms: undefined, disallowedSentences: [...body.disallowedSentences], isCSV };
  }
  const fromFile = body.file ? splitTerms(body.file.content) : [];
  return {
    searchTerms: [...new Set([...splitTerms(body.searchTerms), ...fromFile])],
    disallowedSentences: undefined,
    isCSV,
  };
}

export const moderationHandlers = {
  createRule: ({ app, body, env }) => {
    if (app.rules.has(body.id))
      throw new ApiError("ERR_RULE_ALREADY_EXISTS", `The rule ${body.id} already exists.`);
    const now = env.now();
    const r: RuleRecord = {
      id: body.id,
      ...(defined(ruleSettings(app, body)) as ReturnType<typeof ruleSettings>),
      createdAt: now,
      updatedAt: now,
      revision: 1,
    };
    app.rules.set(r.id, r);
    return { data: ruleView(app, r) };
  },

  listRules: ({ app, query }) => {
    const limit = query.limit ?? RULES_LIMIT;
    const data = [...app.rules.values()].slice(0, limit).map((r) => ruleView(app, r));
    return { data, meta: { current: { limit, count: data.length } } };
  },

  getRule: ({ app, params }) => ({ data: ruleView(app, requireRule(app, params.ruleId)) }),

  updateRule: ({ app, params, body, env }) => {
    const r = requireRule(app, params.ruleId);
    sameId("id", r.id, body.id);
    // A PUT replaces the rule's settings: what the body leaves out is cleared.
    const next = ruleSettings(app, body);
    r.name = next.name;
    r.enabled = next.enabled;
    r.conditions = next.conditions;
    r.action = next.action;
    if (next.description === undefined) delete r.description;
    else r.description = next.description;
    if (next.filters === undefined) delete r.filters;
    else r.filters = next.filters;
    r.updatedAt = env.now();
    r.revision++;
    return { data: ruleView(app, r) };
  },

  deleteRule: ({ app, params }) => {
    const r = requireRule(app, params.ruleId);
    if (r.default) {
      throw new ApiError("ERR_RULE_DELETE_DENIED", `The rule ${r.id} is built in: disable it instead.`);
    }
    app.rules.delete(r.id);
    return { data: { success: true, message: `The rule ${r.id} is deleted.` } };
  },

  createKeywordList: ({ app, body, env }) => {
    if (app.keywordLists.has(body.id)) {
      throw new ApiError("ERR_KEYWORD_ALREADY_EXISTS", `The keyword list ${body.id} already exists.`);
    }
    const now = env.now();
    const k: KeywordListRecord = {
      id: body.id,
      ...defined({ name: body.name, description: body.description }),
      category: body.category,
      ...(defined(listContent(body)) as { isCSV: boolean }),
      createdAt: now,
      updatedAt: now,
      revision: 1,
    };
    app.keywordLists.set(k.id, k);
    return { data: keywordView(app, k) };
  },

  listKeywordLists: ({ app }) => {
    const data = [...app.keywordLists.values()].slice(0, KEYWORDS_LIMIT).map((k) => keywordView(app, k));
    return { data, meta: { current: { limit: KEYWORDS_LIMIT, count: data.length } } };
  },

  getKeywordList: ({ app, params }) => ({
    data: keywordView(app, requireKeywordList(app, params.keywordId)),
  }),

  updateKeywordList: ({ app, params, body, env }) => {
    const k = requireKeywordList(app, params.keywordId);
    sameId("id", k.id, body.id);
    const content = listContent(body);
    // Replaced as a whole, like a rule.
    const next: KeywordListRecord = {
      id: k.id,
      ...defined({ name: body.name, description: body.description }),
      category: body.category,
      ...(defined(content) as { isCSV: boolean }),
      createdAt: k.createdAt,
      updatedAt: env.now(),
      revision: k.revision + 1,
      ...defined({ default: k.default }),
    };
    app.keywordLists.set(k.id, next);
    return { data: keywordView(app, next) };
  },

  deleteKeywordList: ({ app, params }) => {
    const k = requireKeywordList(app, params.keywordId);
    if (k.default) {
      throw new ApiError(
        "ERR_KEYWORD_DELETE_DENIED",
        `The keyword list ${k.id} is built in and cannot be deleted.`,
      );
    }
    const user = [...app.rules.values()].find((r) =>
      r.conditions.some((c) => referencedLists(c).includes(k.id)),
    );
    if (user) {
      throw new ApiError("ERR_KEYWORD_IN_USE", `The keyword list ${k.id} is used by the rule ${user.id}.`);
    }
    app.keywordLists.delete(k.id);
    return { data: { success: true, message: `The keyword list ${k.id} is deleted.` } };
  },
} satisfies ChatHandlers;

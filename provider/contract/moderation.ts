// Moderation (chat API `/moderation/...`; the management API's `/apps/{appId}/moderation/...` is deprecated and
// not used): rules, and the keyword lists rules refer to. Keyword lists are sent as multipart/form-data, as the
// vendor's spec has it. Decision 0040 records what the spec leaves open. The schemas are generated from the
// document (provider/contract/generated/schemas.ts); a keyword list's body is the block of keyword-lists.ts.
import type { z } from "zod";
import * as G from "./generated/schemas";
import { ROUTE_SCHEMAS as S } from "./generated/schemas";

export {
  CUSTOM_API_CATEGORY,
  customApiAuthOk,
  customApiAuthRule,
  customApiFields,
  KEYWORD_CATEGORIES,
  ModerationId,
  splitTerms,
  UploadedFile,
} from "./keyword-lists";

// ---- rules (`ModerationRequestBody`) -------------------------------------------------------------------

export const CONDITION_OPERANDS = ["text", "image", "video", "custom"] as const;
/** The actions seen in the spec's examples; its schema gives no list, so these two are all we accept (0040). */
export const RULE_ACTIONS = ["blockMessage", "dropMessage"] as const;

/**
 * The spec's schema spells the keyword-list flag `isKeywordReferencePresent`; its examples also use
 * `isKeywordsReferencePresent` and `isListReferencePresent`. All three are accepted and echoed as sent.
 */
export const KEYWORD_REFERENCE_FLAGS = [
  "isKeywordReferencePresent",
  "isKeywordsReferencePresent",
  "isListReferencePresent",
] as const;

/** A condition's value is a string in the spec's schema, a list in every example: both are taken. */
export const Condition = G.Condition;
export type Condition = z.infer<typeof Condition>;

/** Whether a condition's value names keyword lists. */
export const refersToKeywordLists = (c: Condition): boolean =>
  KEYWORD_REFERENCE_FLAGS.some((f) => c[f] === true);

/**
 * Both filters spell their negations notEquals and notIn, as the vendor's later management file (S9) spells
 * them for both; its earlier copies spell a user filter's "not equals" and "not in" (docs/service/app-configuration.md,
 * Moderation; decision 0118). The document said so until 0.2: the rule kind still takes those spellings, read
 * as the camel-case ones (`USER_FILTER_OPERATOR_ALIASES`).
 */
export const UserFilter = G.UserFilter;
export const USER_FILTER_OPERATOR_ALIASES = { "not equals": "notEquals", "not in": "notIn" } as const;
export const GroupFilter = G.GroupFilter;
export const RuleFilter = G.RuleFilter;

export const RuleCreate = G.RuleCreate;
export type RuleCreate = z.input<typeof RuleCreate>;
/** PUT takes the same body and replaces the rule's settings; an `id` in it must be the path's. */
export const RuleUpdate = G.RuleUpdate;
export type RuleUpdate = z.input<typeof RuleUpdate>;

export const Rule = G.Rule;
export type Rule = z.infer<typeof Rule>;

/** Moderation lists have no pages: `limit` and `meta.current {limit, count}` only. */
export const RuleListQuery = S.listRules.query;

// ---- keyword lists (`KeywordList`, multipart) ----------------------------------------------------------

export const KeywordListCreate = G.KeywordListCreate;
export type KeywordListCreate = z.input<typeof KeywordListCreate>;
export const KeywordListUpdate = G.KeywordListUpdate;
export type KeywordListUpdate = z.input<typeof KeywordListUpdate>;

export const KeywordList = G.KeywordList;
export type KeywordList = z.infer<typeof KeywordList>;

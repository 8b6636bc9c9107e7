// Moderation (chat API `/moderation/...`; the management API's `/apps/{appId}/moderation/...` is deprecated and
// not used): rules, and the keyword lists rules refer to. Keyword lists are sent as multipart/form-data, as the
// vendor's spec has it. Decision 0040 records what the spec leaves open.
import { z } from "zod";
import { dataOf, LIMITS, Limit, oneOf, Timestamp, Url } from "./common";
import { OPERATIONS } from "./generated/routes";
import { route } from "./route";
import { secret } from "./secret";

/** Rule and keyword-list ids: caller-chosen (`moderation-test`, `contact_details_filter`), required here. */
export const ModerationId = (what: string) =>
  z
    .string()
    .min(1, `${what} must not be empty`)
    .max(LIMITS.idLength, `${what} must be at most ${LIMITS.idLength} characters`)
    .regex(/^[A-Za-z0-9_-]+$/, `${what} may contain only letters, digits, '-' and '_'`);

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

export const Condition = z.strictObject({
  id: z.number().int().min(1, "a condition id must be at least 1").optional(),
  entity: oneOf(["message"], "entity").optional(),
  operand: oneOf(CONDITION_OPERANDS, "operand"),
  operator: oneOf(["contains", "equals"], "operator").optional(),
  category: oneOf(["word", "pattern"], "category").optional(),
  isKeywordReferencePresent: z.boolean().optional(),
  isKeywordsReferencePresent: z.boolean().optional(),
  isListReferencePresent: z.boolean().optional(),
  isMediaPresent: z.boolean().optional(),
  /** A string in the spec's schema, a list in every example: both are taken. */
  value: z.union([
    z.string().min(1, "value must not be empty"),
    z.array(z.string()).min(1, "value must not be empty"),
  ]),
  message: z.array(z.string()).optional(),
});
export type Condition = z.infer<typeof Condition>;

/** Whether a condition's value names keyword lists. */
export const refersToKeywordLists = (c: Condition): boolean =>
  KEYWORD_REFERENCE_FLAGS.some((f) => c[f] === true);

const filterFields = {
  value: z.string(),
  type: oneOf(["sender", "receiver"], "type"),
};
/** User filters write their negations with a space ("not equals"); group filters in camel case. */
export const UserFilter = z.strictObject({
  entity: z.literal("user"),
  operand: oneOf(["uid", "name", "role", "tags", "createdAt"], "operand"),
  operator: oneOf(["equals", "not equals", "in", "not in", "startsWith"], "operator"),
  ...filterFields,
});
export const GroupFilter = z.strictObject({
  entity: z.literal("group"),
  operand: oneOf(["guid", "name", "type", "tags", "createdAt"], "operand"),
  operator: oneOf(
    ["equals", "notEquals", "in", "notIn", "startsWith", "endsWith", "lessThan", "greaterThan"],
    "operator",
  ),
  ...filterFields,
});
export const RuleFilter = z.discriminatedUnion("entity", [UserFilter, GroupFilter], {
  message: "a filter's entity must be user or group",
});

const ruleFields = {
  name: z
    .string()
    .trim()
    .min(1, "name must not be empty")
    .max(LIMITS.nameLength, `name must be at most ${LIMITS.nameLength} characters`),
  description: z
    .string()
    .max(LIMITS.descriptionLength, `description must be at most ${LIMITS.descriptionLength} characters`)
    .optional(),
  enabled: z.boolean().optional(),
  action: z.array(oneOf(RULE_ACTIONS, "action")).min(1, "action must name at least one action"),
  filters: z.array(RuleFilter).optional(),
  conditions: z.array(Condition).min(1, "conditions must not be empty"),
};
export const RuleCreate = z.strictObject({ id: ModerationId("id"), ...ruleFields });
export type RuleCreate = z.input<typeof RuleCreate>;
/** PUT takes the same body and replaces the rule's settings; an `id` in it must be the path's. */
export const RuleUpdate = z.strictObject({ id: ModerationId("id").optional(), ...ruleFields });
export type RuleUpdate = z.input<typeof RuleUpdate>;

export const Rule = z.looseObject({
  id: z.string(),
  name: z.string(),
  description: z.string().optional(),
  enabled: z.boolean(),
  conditions: z.array(z.looseObject({})),
  action: z.array(z.string()),
  filters: z.array(z.looseObject({})).optional(),
  active: z.boolean().optional(),
  createdAt: Timestamp,
  updatedAt: Timestamp.optional(),
  revisionId: z.string().optional(),
  /** The rules every app starts with. */
  default: z.boolean().optional(),
});
export type Rule = z.infer<typeof Rule>;

/** Moderation lists have no pages: `limit` and `meta.current {limit, count}` only. */
const limitedListOf = <T extends z.ZodType>(item: T) =>
  z.looseObject({
    data: z.array(item),
    meta: z.looseObject({ current: z.looseObject({ limit: z.number().int(), count: z.number().int() }) }),
  });
export const RuleListQuery = z.object({ limit: Limit.optional() });

// ---- keyword lists (`KeywordList`, multipart) ----------------------------------------------------------

/** An uploaded CSV file, as the body schema sees a multipart file part. */
export const UploadedFile = z.strictObject({
  filename: z
    .string()
    .min(1, "the file needs a name")
    .refine((n) => n.toLowerCase().endsWith(".csv"), { message: "file must be a .csv file" }),
  content: z.string(),
});
export type UploadedFile = z.infer<typeof UploadedFile>;

/** A multipart field sent once arrives as a string, sent several times as a list. */
const repeated = <T extends z.ZodType>(item: T) =>
  z.preprocess((v) => (typeof v === "string" ? [v] : v), z.array(item));

const keywordFields = {
  name: z.string().max(LIMITS.nameLength, `name must be at most ${LIMITS.nameLength} characters`).optional(),
  description: z
    .string()
    .max(LIMITS.descriptionLength, `description must be at most ${LIMITS.descriptionLength} characters`)
    .optional(),
  file: UploadedFile.optional(),
};
/** Comma-separated on the wire, as the spec has it; answered as a list. */
export const splitTerms = (s: string): string[] =>
  s
    .split(/[,\r\n]/)
    .map((t) => t.trim())
    .filter((t) => t !== "");
const terms = z
  .string()
  .refine((s) => splitTerms(s).length > 0, { message: "searchTerms must name at least one term" });
const compiles = (t: string) => {
  try {
    new RegExp(t);
    return true;
  } catch {
    return false;
  }
};

export const KEYWORD_CATEGORIES = ["word", "pattern", "sentence-similarity"] as const;
/**
 * A "Custom API" list: messages are posted to the caller's moderation webhook (basic auth optional). The
 * dashboard documents it; the REST spec's category enum does not (GUESS: docs/service/app-configuration.md).
 */
export const CUSTOM_API_CATEGORY = "custom-api";
const basicAuthPart = (what: string) =>
  z
    .string()
    .min(1, `${what} must not be empty`)
    .max(LIMITS.basicAuthLength, `${what} must be at most ${LIMITS.basicAuthLength} characters`);
export const customApiFields = {
  webhookURL: Url("webhookURL", LIMITS.urlLength).refine((u) => u.startsWith("https://"), {
    message: "webhookURL must use https",
  }),
  username: basicAuthPart("username").optional(),
  password: secret(basicAuthPart("password")).optional(),
};
/** Basic auth is both a username and a password, or neither. */
export const customApiAuthOk = (l: { username?: string | undefined; password?: string | undefined }) =>
  (l.username === undefined) === (l.password === undefined);
export const customApiAuthRule = {
  message: "username and password go together: give both for basic auth, or neither",
  path: ["password"],
};
/** One of three shapes, by `category`; create needs the id, an update takes it from the path. */
const keywordListBody = <I extends z.ZodType>(id: I) =>
  z.discriminatedUnion(
    "category",
    [
      z.strictObject({ id, ...keywordFields, category: z.literal("word"), searchTerms: terms }),
      z.strictObject({
        id,
        ...keywordFields,
        category: z.literal("pattern"),
        searchTerms: terms.refine((s) => splitTerms(s).every(compiles), {
          message: "every pattern in searchTerms must be a valid regular expression",
        }),
      }),
      z.strictObject({
        id,
        ...keywordFields,
        category: z.literal("sentence-similarity"),
        disallowedSentences: repeated(z.string().min(1, "a sentence must not be empty")).pipe(
          z.array(z.string()).min(1, "disallowedSentences must name at least one sentence"),
        ),
      }),
      z
        .strictObject({
          id,
          name: keywordFields.name,
          description: keywordFields.description,
          category: z.literal(CUSTOM_API_CATEGORY),
          ...customApiFields,
        })
        .refine(customApiAuthOk, customApiAuthRule),
    ],
    { message: `category must be one of ${KEYWORD_CATEGORIES.join(", ")}` },
  );
export const KeywordListCreate = keywordListBody(ModerationId("id"));
export type KeywordListCreate = z.input<typeof KeywordListCreate>;
export const KeywordListUpdate = keywordListBody(ModerationId("id").optional());
export type KeywordListUpdate = z.input<typeof KeywordListUpdate>;

export const KeywordList = z.looseObject({
  id: z.string(),
  name: z.string().optional(),
  description: z.string().optional(),
  category: z.string(),
  isCSV: z.boolean().optional(),
  searchTerms: z.array(z.string()).optional(),
  disallowedSentences: z.array(z.string()).optional(),
  webhookURL: z.string().optional(),
  username: z.string().optional(),
  createdAt: Timestamp,
  updatedAt: Timestamp.optional(),
  revisionId: z.string().optional(),
  active: z.boolean().optional(),
  default: z.boolean().optional(),
});
export type KeywordList = z.infer<typeof KeywordList>;

const Deleted = dataOf(z.looseObject({ success: z.boolean(), message: z.string().optional() }));

export const moderationRoutes = {
  createRule: route({ ...OPERATIONS.createRule, body: RuleCreate, response: dataOf(Rule) }),
  listRules: route({ ...OPERATIONS.listRules, query: RuleListQuery, response: limitedListOf(Rule) }),
  getRule: route({ ...OPERATIONS.getRule, response: dataOf(Rule) }),
  updateRule: route({ ...OPERATIONS.updateRule, body: RuleUpdate, response: dataOf(Rule) }),
  deleteRule: route({ ...OPERATIONS.deleteRule, response: Deleted }),

  createKeywordList: route({
    ...OPERATIONS.createKeywordList,
    body: KeywordListCreate,
    response: dataOf(KeywordList),
  }),
  listKeywordLists: route({ ...OPERATIONS.listKeywordLists, response: limitedListOf(KeywordList) }),
  getKeywordList: route({ ...OPERATIONS.getKeywordList, response: dataOf(KeywordList) }),
  updateKeywordList: route({
    ...OPERATIONS.updateKeywordList,
    body: KeywordListUpdate,
    response: dataOf(KeywordList),
  }),
  deleteKeywordList: route({ ...OPERATIONS.deleteKeywordList, response: Deleted }),
} as const;

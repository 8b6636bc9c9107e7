// The moderation queues (docs/service/metrics.md): a text message that an enabled blocking rule matches joins
// the blocked queue when it is sent (`moderate`, called by sendMessage); users flag messages; a moderator's
// review moves a flagged message to the reviewed queue. The emulator models the queues, not delivery: a
// blocked message is still stored and listed (a limitation, decision 0114).
import { ApiError } from "../errors";
import type { AppRecord, BlockedRecord, Json, MessageRecord, ReviewedRecord } from "../state";
import { messageView } from "../views";
import { requireMessage } from "./lookup";
import type { ChatHandlers, Env } from "./types";

/** The service's page when no limit is given (the vendor's examples answer `meta.current.limit` 50). */
const DEFAULT_LIMIT = 50;

const asList = (v: unknown): string[] => (Array.isArray(v) ? v.map(String) : []);

/** What a condition compares the text with: its values, or the terms of the keyword lists it names. */
function termsOf(app: AppRecord, c: Json): { terms: string[]; pattern: boolean } {
  const values = asList(c.value);
  const byList =
    c.isKeywordsReferencePresent === true ||
    c.isKeywordReferencePresent === true ||
    c.isListReferencePresent === true;
  if (!byList) return { terms: values, pattern: c.category === "pattern" };
  const lists = values.map((id) => app.keywordLists.get(id)).filter((k) => k !== undefined);
  return {
    terms: lists.flatMap((k) => k.searchTerms ?? []),
    pattern: lists.some((k) => k.category === "pattern"),
  };
}

function matches(app: AppRecord, c: Json, text: string): boolean {
  if (c.operand !== "text") return false;
  const { terms, pattern } = termsOf(app, c);
  return terms.some((t) => {
    if (pattern) {
      try {
        return new RegExp(t, "i").test(text);
      } catch {
        return false; // a pattern the service would have refused: it blocks nothing here
      }
    }
    const term = t.toLowerCase();
    return c.operator === "equals" ? text === term : text.split(/[^\p{L}\p{N}'-]+/u).includes(term);
  });
}

/**
 * Runs the app's enabled blocking rules on a message just sent: the first text condition that matches puts
 * the message in the blocked queue. Rule filters (senders, groups) are not applied (a simplification).
 */
export function moderate(app: AppRecord, m: MessageRecord, env: Env): void {
  if (m.category !== "message" || m.type !== "text") return;
  const text = String(m.data.text ?? "").toLowerCase();
  for (const rule of app.rules.values()) {
    if (!rule.enabled || !rule.action.includes("blockMessage")) continue;
    const condition = rule.conditions.find((c) => matches(app, c, text));
    if (!condition) continue;
    app.blockedMessages.set(m.id, {
      messageId: m.id,
      ruleId: rule.id,
      ruleName: rule.name,
      revision: rule.revision,
      condition,
      action: [...rule.action],
      blockedAt: env.now(),
    });
    return;
  }
}

/** A message's view with its moderation status inside `data`, as the vendor's examples show it. */
function withStatus(m: MessageRecord, status: string, rule?: BlockedRecord) {
  const view = messageView(m);
  const moderation = rule ? { status, rule: { id: rule.ruleId, name: rule.ruleName } } : { status };
  return { ...view, data: { ...view.data, moderation } };
}

function blockedView(app: AppRecord, b: BlockedRecord, status: string, updatedAt: number) {
  return {
    ruleId: b.ruleId,
    ruleName: b.ruleName,
    revisionId: `${app.id}_${b.ruleId}_${b.revision}`,
    condition: b.condition,
    message: withStatus(requireMessage(app, b.messageId), status, b),
    action: b.action,
    createdAt: b.blockedAt,
    updatedAt,
    blockedAt: String(b.blockedAt),
    appId: app.id,
  };
}

function reviewedView(app: AppRecord, r: ReviewedRecord) {
  if (r.blocked) return blockedView(app, r.blocked, r.status, r.reviewedAt);
  const m = requireMessage(app, r.messageId);
  return {
    message: withStatus(m, r.status),
    createdAt: r.reviewedAt,
    updatedAt: r.reviewedAt,
    appId: app.id,
  };
}

/** At most `limit` items, oldest first, with the meta the vendor's examples show. */
function page<T>(items: T[], limit: number | undefined) {
  const n = limit ?? DEFAULT_LIMIT;
  const data = items.slice(0, n);
  return { data, meta: { current: { limit: n, count: data.length } } };
}

export const moderationQueueHandlers = {
  flagMessage: ({ app, params, body, actor, env }) => {
    const m = requireMessage(app, params.id);
    const uid = actor?.uid ?? "";
    const entry = {
      uid,
      reasonId: body.reasonId,
      ...(body.remark ? { remark: body.remark } : {}),
      flaggedAt: env.now(),
    };
    const flagged = app.flaggedMessages.get(m.id) ?? { messageId: m.id, flaggedBy: [] };
    // One report per user: a second replaces the first (a GUESS, docs/service/metrics.md).
    flagged.flaggedBy = [...flagged.flaggedBy.filter((f) => f.uid !== uid), entry];
    app.flaggedMessages.set(m.id, flagged);
    return { data: {} };
  },

  listFlaggedMessages: ({ app, query }) =>
    page(
      [...app.flaggedMessages.values()].map((f) => ({
        ...messageView(requireMessage(app, f.messageId)),
        flaggedBy: f.flaggedBy,
        flaggedCount: f.flaggedBy.length,
      })),
      query.limit,
    ),

  reviewFlaggedMessage: ({ app, params, body, env }) => {
    // A message already reviewed takes the new decision (so a repeated review is harmless); one never
    // flagged is not found (GUESS: the vendor names no code).
    if (!app.flaggedMessages.has(params.id) && !app.reviewedMessages.has(params.id)) {
      throw new ApiError("ERR_MESSAGE_ID_NOT_FOUND", `The message with id ${params.id} is not flagged.`);
    }
    app.flaggedMessages.delete(params.id);
    app.reviewedMessages.set(params.id, { messageId: params.id, status: body.status, reviewedAt: env.now() });
    return { data: {} };
  },

  listReviewedMessages: ({ app, query }) =>
    page(
      [...app.reviewedMessages.values()].map((r) => reviewedView(app, r)),
      query.limit,
    ),

  listBlockedMessages: ({ app, query }) =>
    page(
      [...app.blockedMessages.values()].map((b) => blockedView(app, b, "disapproved", b.blockedAt)),
      query.limit,
    ),
} satisfies ChatHandlers;

// Messages and reactions (docs/service/messages-and-reactions.md; the reaction-removal operation as the owner's document describes it).
// The schemas are generated from the document (provider/contract/generated/schemas.ts); this file names them.
import type { z } from "zod";
import * as ENUMS from "./generated/enums";
import * as G from "./generated/schemas";
import { ROUTE_SCHEMAS as S } from "./generated/schemas";
import { SENT_CATEGORIES } from "./message-types";

export { LISTED_CATEGORIES, MESSAGE_TYPES, SENT_CATEGORIES } from "./message-types";

export const RECEIVER_TYPES = ENUMS.ReceiverType;
export const ReceiverType = G.ReceiverType;
/**
 * What `POST /messages` takes: the two above and `interactive` (forms, cards, schedulers; the spec's
 * `interactiveCategorySchema`, docs/service/messages-and-reactions.md). Role permissions keep the two above.
 */
export const SEND_CATEGORIES = [...SENT_CATEGORIES, "interactive"] as const;
export const INTERACTIVE_TYPES = ["card", "form", "customInteractive", "scheduler"] as const;
/** The goal an interactive message waits for: any, all or one of the named elements, or none. */
export const InteractionGoal = G.InteractionGoal;

export const MessageSend = G.MessageSend;
export type MessageSend = z.input<typeof MessageSend>;

export const MessageEdit = G.MessageEdit;

export const ReactionSummary = G.ReactionSummary;
export type ReactionSummary = z.infer<typeof ReactionSummary>;

/**
 * A message. The owner's document lists `reactions` beside `data` but its sample nests it inside `data`:
 * both positions are accepted, and `reactions` is normalised to the top level for callers (rules.ts).
 */
export const Message = G.Message;
export type Message = z.output<typeof Message>;

export const MessageListQuery = S.listMessages.query;
export const CursorMeta = G.CursorMeta;
export const Reaction = G.Reaction;

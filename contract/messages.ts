// Messages and reactions (docs/service/messages-and-reactions.md; the reaction-removal operation as the owner's document describes it).
import { z } from "zod";
import { Ack, CsvList, dataOf, LIMITS, Metadata, Tags, Timestamp } from "./common";
import * as ENUMS from "./generated/enums";
import { OPERATIONS } from "./generated/routes";
import { route } from "./route";

export const RECEIVER_TYPES = ENUMS.ReceiverType;
export const ReceiverType = z.enum(RECEIVER_TYPES);
/** Types of the `message` category; a `custom` message's type is free-form. */
export const MESSAGE_TYPES = ["text", "image", "file", "audio", "video"] as const;
/** The categories a user sends; a listing also holds `action` messages (the list query's `category`). */
export const SENT_CATEGORIES = ["message", "custom"] as const;
export const LISTED_CATEGORIES = ["message", "action", "custom"] as const;
/**
 * What `POST /messages` takes: the two above and `interactive` (forms, cards, schedulers; the spec's
 * `interactiveCategorySchema`, docs/service/messages-and-reactions.md). Role permissions keep the two above.
 */
export const SEND_CATEGORIES = [...SENT_CATEGORIES, "interactive"] as const;
export const INTERACTIVE_TYPES = ["card", "form", "customInteractive", "scheduler"] as const;
/** The goal an interactive message waits for: any, all or one of the named elements, or none. */
export const InteractionGoal = z.looseObject({
  type: z.enum(["anyOf", "allOf", "oneOf", "none"]),
  elementIds: z.array(z.string()).optional(),
});

export const MessageSend = z.strictObject({
  receiver: z.string().min(1, "receiver must not be empty"),
  receiverType: ReceiverType,
  category: z.enum(SEND_CATEGORIES).default("message"),
  type: z.string().min(1).default("text"),
  muid: z.string().optional(),
  data: z.looseObject({
    text: z.string().optional(),
    metadata: Metadata.optional(),
    customData: z.record(z.string(), z.unknown()).optional(),
    interactionGoal: InteractionGoal.optional(),
    allowSenderInteraction: z.boolean().optional(),
    interactiveData: z.record(z.string(), z.unknown()).optional(),
  }),
  tags: Tags.optional(),
});
export type MessageSend = z.input<typeof MessageSend>;

export const MessageEdit = z.strictObject({
  data: z.looseObject({ text: z.string().optional(), metadata: Metadata.optional() }),
  tags: Tags.optional(),
});

export const ReactionSummary = z.looseObject({
  reaction: z.string(),
  count: z.number().int(),
  reactedByMe: z.boolean().optional(),
});
export type ReactionSummary = z.infer<typeof ReactionSummary>;

/**
 * A message. The owner's document lists `reactions` beside `data` but its sample nests it inside `data`:
 * both positions are accepted, and `reactions` is normalised to the top level for callers.
 */
export const Message = z
  .looseObject({
    id: z.string(),
    muid: z.string().optional(),
    conversationId: z.string(),
    sender: z.string(),
    receiverType: z.string(),
    receiver: z.string(),
    category: z.string(),
    type: z.string(),
    data: z.looseObject({ reactions: z.array(ReactionSummary).optional() }).optional(),
    reactions: z.array(ReactionSummary).optional(),
    sentAt: Timestamp,
    updatedAt: Timestamp.optional(),
    editedAt: Timestamp.optional(),
    deletedAt: Timestamp.optional(),
    tags: z.array(z.string()).optional(),
  })
  .transform((m) => ({ ...m, reactions: m.reactions ?? m.data?.reactions ?? [] }));
export type Message = z.output<typeof Message>;

export const MessageListQuery = z.object({
  limit: z.coerce
    .number()
    .int()
    .min(1, "limit must be at least 1")
    .max(LIMITS.perPageMax, "limit must be at most 1000")
    .optional(),
  affix: z.enum(["append", "prepend"]).optional(),
  id: z.string().optional(),
  sentAt: z.coerce.number().int().optional(),
  receiverType: ReceiverType.optional(),
  conversationId: z.string().optional(),
  sender: z.string().optional(),
  categories: CsvList.optional(),
  types: CsvList.optional(),
});

export const CursorMeta = z.looseObject({
  current: z.looseObject({ limit: z.number().int(), count: z.number().int() }),
  next: z
    .looseObject({ affix: z.string(), sentAt: Timestamp.optional(), id: z.string().optional() })
    .optional(),
});

export const Reaction = z.looseObject({
  id: z.string(),
  messageId: z.string(),
  reaction: z.string(),
  uid: z.string(),
  reactedAt: Timestamp,
});

export const messageRoutes = {
  sendMessage: route({ ...OPERATIONS.sendMessage, body: MessageSend, response: dataOf(Message) }),
  listMessages: route({
    ...OPERATIONS.listMessages,
    query: MessageListQuery,
    response: z.looseObject({ data: z.array(Message), meta: CursorMeta }),
  }),
  getMessage: route({ ...OPERATIONS.getMessage, response: dataOf(Message) }),
  editMessage: route({ ...OPERATIONS.editMessage, body: MessageEdit, response: dataOf(z.looseObject({})) }),
  deleteMessage: route({
    ...OPERATIONS.deleteMessage,
    body: z.strictObject({ permanent: z.boolean().optional() }).optional(),
    response: dataOf(z.union([Message, Ack])),
  }),
  addReaction: route({ ...OPERATIONS.addReaction, response: dataOf(Message) }),
  listReactions: route({
    ...OPERATIONS.listReactions,
    query: z.object({ limit: z.coerce.number().int().min(1).max(100).optional() }),
    response: z.looseObject({ data: z.array(Reaction), meta: z.looseObject({}) }),
  }),
  removeReaction: route({ ...OPERATIONS.removeReaction, response: dataOf(Message) }),
} as const;

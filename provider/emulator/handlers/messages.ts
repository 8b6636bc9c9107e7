// Messages and reactions (docs/service/messages-and-reactions.md; the reaction removal exactly as the owner's document describes it).
import { INTERACTIVE_TYPES, MESSAGE_TYPES } from "../../contract";
import { ApiError } from "../errors";
import type { AppRecord, GroupRecord, Json, MessageRecord, UserRecord } from "../state";
import {
  defined,
  groupConversationId,
  groupView,
  messageView,
  userConversationId,
  userEntity,
} from "../views";
import { ack, requireGroup, requireMessage, requireUser } from "./lookup";
import { moderate } from "./moderation-queues";
import type { ChatHandlers, Env } from "./types";

/** Messages sent without `onBehalfOf` come from the app itself. */
export const SYSTEM_SENDER = "app_system";

type NewMessage = Omit<MessageRecord, "id" | "sentAt" | "updatedAt" | "reactions">;

/** Stores a message with the app's next id (ids are strings of increasing integers, as in the examples). */
export function storeMessage(app: AppRecord, env: Env, m: NewMessage): MessageRecord {
  const now = env.now();
  const stored: MessageRecord = {
    ...m,
    id: String(app.nextMessageId++),
    sentAt: now,
    updatedAt: now,
    reactions: [],
  };
  app.messages.set(stored.id, stored);
  return stored;
}

export const userEntityOf = (app: AppRecord, u: UserRecord | undefined) => ({
  entity: userEntity(u, u?.uid ?? SYSTEM_SENDER, app),
  entityType: "user",
});
export const groupEntityOf = (g: GroupRecord) => ({ entity: groupView(g), entityType: "group" });

/** An action message (`category: "action"`) about a group member, e.g. `added`. */
export function memberAction(
  app: AppRecord,
  env: Env,
  g: GroupRecord,
  action: string,
  on: UserRecord,
  by: UserRecord | undefined,
): MessageRecord {
  return storeMessage(app, env, {
    conversationId: groupConversationId(g.guid),
    sender: by?.uid ?? SYSTEM_SENDER,
    receiverType: "group",
    receiver: g.guid,
    category: "action",
    type: "groupMember",
    data: { action },
    entities: { by: userEntityOf(app, by), on: userEntityOf(app, on), for: groupEntityOf(g) },
  });
}

function requireLive(app: AppRecord, id: string): MessageRecord {
  const m = requireMessage(app, id);
  if (m.deletedAt !== undefined) {
    throw new ApiError("ERR_MESSAGE_ID_NOT_FOUND", `The message with id ${id} has been deleted.`);
  }
  return m;
}

function requireSender(m: MessageRecord, actor: UserRecord | undefined): void {
  if (actor && actor.uid !== m.sender) {
    throw new ApiError(
      "ERR_MESSAGE_NOT_A_SENDER",
      `The user ${actor.uid} is not the sender of message ${m.id}.`,
    );
  }
}

const numericId = (id: string) => Number.parseInt(id, 10);

export const messageHandlers = {
  sendMessage: ({ app, body, env, actor }) => {
    if (body.category === "message") {
      if (!(MESSAGE_TYPES as readonly string[]).includes(body.type)) {
        throw new ApiError("ERR_INVALID_MESSAGE_TYPE", `The message type ${body.type} is not valid.`);
      }
      if (body.type === "text" && !body.data.text?.trim()) {
        throw new ApiError("ERR_EMPTY_MESSAGE_TEXT", "The message text must not be empty.");
      }
    } else if (body.category === "interactive") {
      if (!(INTERACTIVE_TYPES as readonly string[]).includes(body.type)) {
        throw new ApiError("ERR_INVALID_MESSAGE_TYPE", `The interactive type ${body.type} is not valid.`);
      }
      // The spec marks nothing required; an interactive message without its content is refused (ours).
      if (!body.data.interactiveData || Object.keys(body.data.interactiveData).length === 0) {
        throw new ApiError("ERR_INVALID_MESSAGE_DATA", "An interactive message needs data.interactiveData.");
      }
    } else if (!body.data.customData || Object.keys(body.data.customData).length === 0) {
      throw new ApiError("ERR_EMPTY_CUSTOM_DATA", "A custom message needs data.customData.");
    }
    const sender = actor?.uid ?? SYSTEM_SENDER;
    let receiver: string;
    let conversationId: string;
    let receiverEntity: Json;
    if (body.receiverType === "user") {
      const u = requireUser(app, body.receiver);
      receiver = u.uid;
      conversationId = userConversationId(sender, u.uid);
      receiverEntity = userEntityOf(app, u);
    } else {
      const g = requireGroup(app, body.receiver);
      if (actor && !g.members.has(actor.uid)) {
        throw new ApiError(
          "ERR_GROUP_NOT_JOINED",
          `The user ${actor.uid} has not joined the group ${g.guid}.`,
        );
      }
      receiver = g.guid;
      conversationId = groupConversationId(g.guid);
      receiverEntity = groupEntityOf(g);
    }
    // Entities and reactions are the service's to fill in.
    const { entities: _e, reactions: _r, ...data } = body.data;
    const m = storeMessage(app, env, {
      ...defined({ muid: body.muid, tags: body.tags }),
      conversationId,
      sender,
      receiverType: body.receiverType,
      receiver,
      category: body.category,
      type: body.type,
      data,
      entities: { sender: userEntityOf(app, actor), receiver: receiverEntity },
    });
    moderate(app, m, env);
    return { data: messageView(m, { actorUid: actor?.uid }) };
  },

  listMessages: ({ app, query: q, actor }) => {
    const limit = q.limit ?? 10;
    const keep = (m: MessageRecord) =>
      (q.receiverType === undefined || m.receiverType === q.receiverType) &&
      (q.conversationId === undefined || m.conversationId === q.conversationId) &&
      (q.sender === undefined || m.sender === q.sender.toLowerCase()) &&
      (!q.categories?.length || q.categories.includes(m.category)) &&
      (!q.types?.length || q.types.includes(m.type));
    // The cursor: `affix=append` reads after it, `prepend` before it; with none, the newest page.
    const affix = q.affix ?? (q.id !== undefined || q.sentAt !== undefined ? "append" : "prepend");
    const cursorId = q.id === undefined ? undefined : numericId(q.id);
    const beyond = (m: MessageRecord) => {
      if (cursorId !== undefined) {
        const id = numericId(m.id);
        return affix === "append" ? id > cursorId : id < cursorId;
      }
      if (q.sentAt !== undefined) return affix === "append" ? m.sentAt >= q.sentAt : m.sentAt <= q.sentAt;
      return true;
    };
    const candidates: MessageRecord[] = [];
    for (const m of app.messages.values()) if (keep(m) && beyond(m)) candidates.push(m);
    const page = affix === "append" ? candidates.slice(0, limit) : candidates.slice(-limit);
    const more = candidates.length > page.length;
    const edge = affix === "append" ? page[page.length - 1] : page[0];
    return {
      data: page.map((m) => messageView(m, { actorUid: actor?.uid })),
      meta: {
        current: { limit, count: page.length },
        ...(more && edge ? { next: { affix, sentAt: edge.sentAt, id: edge.id } } : {}),
      },
    };
  },

  getMessage: ({ app, params, actor }) => ({
    data: messageView(requireMessage(app, params.id), { actorUid: actor?.uid }),
  }),

  editMessage: ({ app, params, body, env, actor }) => {
    const m = requireLive(app, params.id);
    requireSender(m, actor);
    // data is optional: an edit may change the tags alone (the vendor's schema, decision 0103).
    if (body.data?.text !== undefined) m.data.text = body.data.text;
    if (body.data?.metadata !== undefined) m.data.metadata = body.data.metadata;
    if (body.tags !== undefined) m.tags = body.tags;
    const now = env.now();
    m.editedAt = now;
    m.editedBy = actor?.uid ?? SYSTEM_SENDER;
    m.updatedAt = now;
    // The answer is the `edited` action message; the edited message is its `on` entity (docs/service/messages-and-reactions.md).
    const action = storeMessage(app, env, {
      conversationId: m.conversationId,
      sender: m.editedBy,
      receiverType: m.receiverType,
      receiver: m.receiver,
      category: "action",
      type: "message",
      data: { action: "edited" },
      entities: {
        by: userEntityOf(app, actor),
        on: { entity: messageView(m), entityType: "message" },
        for: m.entities.receiver,
      },
    });
    return { data: messageView(action, { actorUid: actor?.uid }) };
  },

  deleteMessage: ({ app, params, body, env, actor }) => {
    const m = body?.permanent ? requireMessage(app, params.id) : requireLive(app, params.id);
    requireSender(m, actor);
    if (body?.permanent) {
      app.messages.delete(m.id);
      return ack(`Message with id ${m.id} has been deleted successfully.`);
    }
    m.deletedAt = env.now();
    m.deletedBy = actor?.uid ?? SYSTEM_SENDER;
    m.updatedAt = m.deletedAt;
    return { data: messageView(m, { actorUid: actor?.uid }) };
  },

  addReaction: ({ app, params, env, actor }) => {
    const m = requireLive(app, params.id);
    const uid = actor?.uid ?? SYSTEM_SENDER;
    // Reacting twice with the same reaction changes nothing.
    if (!m.reactions.some((r) => r.uid === uid && r.reaction === params.reaction)) {
      m.reactions.push({
        id: String(app.nextReactionId++),
        reaction: params.reaction,
        uid,
        reactedAt: env.now(),
      });
    }
    return { data: messageView(m, { actorUid: uid, withReactions: true }) };
  },

  listReactions: ({ app, params, query }) => {
    const m = requireMessage(app, params.id);
    const limit = query.limit ?? 10;
    const page = m.reactions.slice(0, limit);
    const last = page[page.length - 1];
    return {
      data: page.map((r) => ({
        id: r.id,
        messageId: m.id,
        reaction: r.reaction,
        uid: r.uid,
        reactedAt: r.reactedAt,
        reactedBy: userEntity(app.users.get(r.uid), r.uid, app),
      })),
      meta: {
        current: { limit, count: page.length },
        ...(m.reactions.length > page.length && last ? { next: { affix: "append", id: last.id } } : {}),
      },
    };
  },

  // The owner's document (docs/service/messages-and-reactions.md): onBehalfOf required; `{data: <message>}` with `reactions` (count, reactedByMe) in `data`.
  removeReaction: ({ app, params, actor }) => {
    const m = requireLive(app, params.id);
    const uid = actor?.uid ?? SYSTEM_SENDER;
    m.reactions = m.reactions.filter((r) => !(r.uid === uid && r.reaction === params.reaction));
    return { data: messageView(m, { actorUid: uid, withReactions: true }) };
  },
} satisfies ChatHandlers;

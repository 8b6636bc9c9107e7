// How stored records look in responses (docs/service/users-and-auth-tokens.md, groups-and-members.md, messages-and-reactions.md).
// Optional fields are left out when unset rather than sent as null.
import { Group, LIMITS, type Pagination, User } from "../contract";
import { viewOf } from "./records";
import type { AppRecord, GroupRecord, Json, MemberRecord, MessageRecord, UserRecord } from "./state";

/** Copies the defined values only. */
export function defined<T extends Json>(o: T): Partial<T> {
  const out: Json = {};
  for (const [k, v] of Object.entries(o)) if (v !== undefined) out[k] = v;
  return out as Partial<T>;
}

/** "<uidA>_user_<uidB>", the two uids in lexical order. */
export const userConversationId = (a: string, b: string) => (a < b ? `${a}_user_${b}` : `${b}_user_${a}`);
export const groupConversationId = (guid: string) => `group_${guid}`;

export interface UserViewOptions {
  tags?: boolean;
  /** The onBehalfOf user: adds the relationship fields. */
  actor?: UserRecord;
}

/** A user as the answer schema shows its record; nobody is connected to the emulator: every user is offline. */
export function userView(u: UserRecord, opts: UserViewOptions = {}) {
  const { tags, ...fields } = viewOf(u, User);
  return {
    ...fields,
    status: "offline",
    ...(opts.tags ? { tags } : {}),
    ...(opts.actor
      ? {
          conversationId: userConversationId(opts.actor.uid, u.uid),
          blockedByMe: false,
          hasBlockedMe: false,
        }
      : {}),
  };
}

export const memberView = (u: UserRecord, m: MemberRecord) => ({
  ...userView(u),
  scope: m.scope,
  joinedAt: m.joinedAt,
});

export interface GroupViewOptions {
  tags?: boolean;
  actor?: UserRecord;
}

export function groupView(g: GroupRecord, opts: GroupViewOptions = {}) {
  const membership = opts.actor ? g.members.get(opts.actor.uid) : undefined;
  const { tags, ...fields } = viewOf(g, Group);
  return {
    ...fields,
    ...(opts.tags ? { tags } : {}),
    membersCount: g.members.size,
    conversationId: groupConversationId(g.guid),
    ...(opts.actor
      ? membership
        ? { hasJoined: true, scope: membership.scope, joinedAt: membership.joinedAt }
        : { hasJoined: false }
      : {}),
  };
}

/** The user fields the service embeds in message entities (the owner's document, docs/service/messages-and-reactions.md). */
export function userEntity(u: UserRecord | undefined, uid: string, app: AppRecord): Json {
  if (!u) return { uid, name: uid, role: "default", status: "offline", createdAt: app.createdAt };
  return {
    uid: u.uid,
    name: u.name,
    role: u.role,
    ...defined({ avatar: u.avatar }),
    status: "offline",
    createdAt: u.createdAt,
  };
}

/** `[{reaction, count, reactedByMe?}]`, in the order each reaction first appeared. */
export function reactionSummary(m: MessageRecord, actorUid?: string) {
  const byReaction = new Map<string, { reaction: string; count: number; reactedByMe?: boolean }>();
  for (const r of m.reactions) {
    let s = byReaction.get(r.reaction);
    if (!s) {
      s = { reaction: r.reaction, count: 0 };
      byReaction.set(r.reaction, s);
    }
    s.count++;
    if (actorUid !== undefined && r.uid === actorUid) s.reactedByMe = true;
  }
  return [...byReaction.values()];
}

export interface MessageViewOptions {
  actorUid?: string;
  /** The reaction operations always carry `data.reactions`, even when it is empty. */
  withReactions?: boolean;
}

/** A message as the service returns it: `reactions` inside `data`, as the owner's document's sample does. */
export function messageView(m: MessageRecord, opts: MessageViewOptions = {}) {
  const reactions = reactionSummary(m, opts.actorUid);
  return {
    id: m.id,
    ...defined({ muid: m.muid }),
    conversationId: m.conversationId,
    sender: m.sender,
    receiverType: m.receiverType,
    receiver: m.receiver,
    category: m.category,
    type: m.type,
    data: {
      ...m.data,
      entities: m.entities,
      ...(reactions.length > 0 || opts.withReactions ? { reactions } : {}),
    },
    sentAt: m.sentAt,
    updatedAt: m.updatedAt,
    ...defined({
      editedAt: m.editedAt,
      editedBy: m.editedBy,
      deletedAt: m.deletedAt,
      deletedBy: m.deletedBy,
      deliveredAt: m.deliveredAt,
      readAt: m.readAt,
      tags: m.tags ? [...m.tags] : undefined,
    }),
  };
}

// ---- page-based lists (docs/service/errors-and-limits.md) ----------------------------------------------

export interface PageQuery {
  perPage?: number | undefined;
  page?: number | undefined;
}

// A type alias, not an interface: it must fit the schemas' loose (index-signature) object types.
export type Page<V> = {
  data: V[];
  meta: { pagination: Pagination };
};

/**
 * One pass over the items: counts every match and renders only the requested page, so that listing a large
 * app stays cheap.
 */
export function paginate<T, V>(
  items: Iterable<T>,
  q: PageQuery,
  keep: (t: T) => boolean,
  view: (t: T) => V,
  defaultPerPage: number = LIMITS.perPageDefault,
): Page<V> {
  const perPage = q.perPage ?? defaultPerPage;
  const page = q.page ?? 1;
  const start = (page - 1) * perPage;
  const end = start + perPage;
  const data: V[] = [];
  let total = 0;
  for (const t of items) {
    if (!keep(t)) continue;
    if (total >= start && total < end) data.push(view(t));
    total++;
  }
  return {
    data,
    meta: {
      pagination: {
        total,
        count: data.length,
        per_page: perPage,
        current_page: page,
        total_pages: Math.ceil(total / perPage),
      },
    },
  };
}

export const all = () => true;

/** Case-insensitive prefix match, as the `searchKey` of the lists (docs/service/users-and-auth-tokens.md). */
export const startsWithCi = (value: string | undefined, key: string): boolean =>
  value?.toLowerCase().startsWith(key.toLowerCase()) ?? false;

/** The same match with the key lowercased once, for a list scan: only the prefix of each value is lowercased. */
export function prefixMatcher(key: string): (value: string) => boolean {
  const k = key.toLowerCase();
  const n = k.length;
  return (value) => value.length >= n && (value.startsWith(k) || value.slice(0, n).toLowerCase() === k);
}

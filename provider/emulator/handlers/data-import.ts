// Data Import (docs/service/data-import.md): users, groups, members and messages created in bulk under their
// own keys, with the times they had elsewhere. Each key is answered apart: one failing entity does not fail
// the request, and a key already there is refused (so a request sent twice makes nothing twice).
import type { ImportResult } from "../../contract";
import { ApiError } from "../errors";
import type { AppRecord, Json, MessageRecord } from "../state";
import { defined, groupConversationId, groupView, userConversationId, userView } from "../views";
import { norm, requireGroup, requireRole, requireUser } from "./lookup";
import { groupEntityOf, userEntityOf } from "./messages";
import type { ChatHandlers } from "./types";

const DEFAULT_ROLE = "default";

/** Runs each key's step; an ApiError becomes that key's failure. */
function each<T>(entries: Record<string, T>, step: (e: T) => unknown): Record<string, ImportResult> {
  const out: Record<string, ImportResult> = {};
  for (const [key, e] of Object.entries(entries)) {
    try {
      out[key] = { success: true, data: step(e) };
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
      out[key] = { success: false, error: { code: err.code, message: err.message } };
    }
  }
  return out;
}

/** The muids an app holds, built once per app record (a scan per key would be quadratic at 100,000). */
const muids = new WeakMap<AppRecord, Set<string>>();
function muidsOf(app: AppRecord): Set<string> {
  let s = muids.get(app);
  if (!s) {
    s = new Set();
    for (const m of app.messages.values()) if (m.muid !== undefined) s.add(m.muid);
    muids.set(app, s);
  }
  return s;
}

export const dataImportHandlers = {
  importUsers: ({ app, body, env }) => ({
    data: each(body.users, (b) => {
      if (app.users.has(b.uid))
        throw new ApiError("ERR_UID_ALREADY_EXISTS", `The UID ${b.uid} already exists.`);
      const role = requireRole(app, b.role ?? DEFAULT_ROLE).role;
      const at = b.createdAt ?? env.now();
      const u = {
        uid: b.uid,
        name: b.name,
        ...defined({ avatar: b.avatar, link: b.link, metadata: b.metadata }),
        role,
        tags: b.tags ?? [],
        createdAt: at,
        updatedAt: at,
      };
      app.users.set(u.uid, u);
      return userView(u, { tags: true });
    }),
  }),

  importGroups: ({ app, body, env }) => ({
    data: each(body.groups, (b) => {
      if (app.groups.has(b.guid))
        throw new ApiError("ERR_GUID_ALREADY_EXISTS", `The group with GUID ${b.guid} already exists.`);
      const owner = requireUser(app, b.owner);
      const at = b.createdAt ?? env.now();
      const g = {
        guid: b.guid,
        name: b.name,
        type: b.type,
        ...defined({ icon: b.icon, description: b.description, metadata: b.metadata }),
        owner: owner.uid,
        tags: b.tags ?? [],
        createdAt: at,
        updatedAt: at,
        members: new Map([[owner.uid, { scope: "admin" as const, joinedAt: at }]]),
        banned: new Map<string, number>(),
      };
      app.groups.set(g.guid, g);
      return groupView(g, { tags: true });
    }),
  }),

  importMembers: ({ app, body, env }) => ({
    data: each(body.members, (b) => {
      const g = requireGroup(app, b.guid);
      const u = requireUser(app, b.uid);
      if (g.members.has(u.uid))
        throw new ApiError(
          "ERR_ALREADY_JOINED",
          `The user ${u.uid} is already a member of the group ${g.guid}.`,
        );
      const joinedAt = b.joinedAt ?? env.now();
      if (joinedAt < g.createdAt || joinedAt > env.now())
        throw new ApiError(
          "ERR_IMPORT_INVALID_JOINEDAT",
          `joinedAt of ${b.memberId} must lie between the group's creation and now.`,
        );
      const scope = b.scope ?? "participant";
      g.members.set(u.uid, { scope, joinedAt });
      return { guid: g.guid, uid: u.uid, scope, joinedAt };
    }),
  }),

  importMessages: ({ app, body }) => {
    const taken = muidsOf(app);
    return {
      data: each(body.messages, (b) => {
        if (taken.has(b.muid))
          throw new ApiError("ERR_IMPORT_MUID_ALREADY_EXISTS", `The message muid ${b.muid} already exists.`);
        const sender = requireUser(app, b.sender);
        const receiver = b.receiverType === "user" ? requireUser(app, b.receiver) : undefined;
        const group = b.receiverType === "group" ? requireGroup(app, b.receiver) : undefined;
        const m: MessageRecord = {
          id: String(app.nextMessageId++),
          muid: b.muid,
          conversationId: group
            ? groupConversationId(group.guid)
            : userConversationId(sender.uid, receiver?.uid ?? norm(b.receiver)),
          sender: sender.uid,
          receiverType: b.receiverType,
          receiver: group?.guid ?? receiver?.uid ?? norm(b.receiver),
          category: b.category ?? "message",
          type: b.type ?? "text",
          data: (b.data ?? {}) as Json,
          entities: {
            sender: userEntityOf(app, sender),
            receiver: group ? groupEntityOf(group) : userEntityOf(app, receiver),
          },
          ...defined({ tags: b.tags, deliveredAt: b.deliveredAt, readAt: b.readAt }),
          sentAt: b.sentAt,
          updatedAt: b.sentAt,
          reactions: [],
        };
        app.messages.set(m.id, m);
        taken.add(b.muid);
        return { id: m.id, muid: m.muid, sentAt: m.sentAt };
      }),
    };
  },
} satisfies ChatHandlers;

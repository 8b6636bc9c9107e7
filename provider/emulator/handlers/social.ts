// Friends, blocked users and the conversations the app pins for every user
// (docs/service/bots-agents-and-social.md). Friendship is kept on both sides; a block goes one way. Where the
// vendor is silent, decision 0090.
import { LIMITS, type RelationResult } from "../../contract";
import { ApiError } from "../errors";
import type { AppRecord, PinnedConversationRecord, UserRecord } from "../state";
import { groupConversationId, paginate, startsWithCi, userConversationId, userView } from "../views";
import { ack, norm, requireGroup, requireUser } from "./lookup";
import type { ChatHandlers } from "./types";

const failure = (e: ApiError): RelationResult => ({
  success: false,
  error: { code: e.code, message: e.message },
});

/** Runs one uid's step (once for a uid listed twice); an ApiError becomes that uid's failure. */
function each(uids: readonly string[], step: (uid: string) => string): Record<string, RelationResult> {
  const out: Record<string, RelationResult> = {};
  for (const uid of uids) {
    if (Object.hasOwn(out, uid)) continue;
    try {
      out[uid] = { success: true, message: step(uid) };
    } catch (e) {
      if (!(e instanceof ApiError)) throw e;
      out[uid] = failure(e);
    }
  }
  return out;
}

const relation = (m: Map<string, Map<string, number>>, uid: string): Map<string, number> => {
  let r = m.get(uid);
  if (!r) {
    r = new Map();
    m.set(uid, r);
  }
  return r;
};

/** Active users among the related uids, with the time the relation began. */
function related(app: AppRecord, r: Map<string, number> | undefined): { u: UserRecord; at: number }[] {
  const out: { u: UserRecord; at: number }[] = [];
  for (const [uid, at] of r ?? []) {
    const u = app.users.get(uid);
    if (u && u.deactivatedAt === undefined) out.push({ u, at });
  }
  return out;
}

function pinnedView(p: PinnedConversationRecord) {
  return {
    conversationId:
      p.conversationType === "group" ? groupConversationId(p.conversationWith) : p.conversationWith,
    conversationType: p.conversationType,
    conversationWith: p.conversationWith,
    pinnedAt: p.pinnedAt,
  };
}

/** Pinned conversations whose user or group still exists (a deleted one drops out of the list). */
const livePinned = (app: AppRecord) =>
  app.pinnedConversations.filter((p) =>
    p.conversationType === "group"
      ? app.groups.has(p.conversationWith)
      : app.users.get(p.conversationWith)?.deactivatedAt === undefined && app.users.has(p.conversationWith),
  );

export const socialHandlers = {
  addFriends: ({ app, params, body, env }) => {
    const me = requireUser(app, params.uid);
    const mine = relation(app.friends, me.uid);
    const accepted = each(body.accepted, (uid) => {
      if (uid === me.uid) {
        throw new ApiError("ERR_CANNOT_FORM_SELF_RELATION", "A user cannot be their own friend.");
      }
      const other = requireUser(app, uid);
      if (mine.has(other.uid)) {
        throw new ApiError("ERR_ALREADY_FRIEND", `The user ${other.uid} is already a friend of ${me.uid}.`);
      }
      const theirs = relation(app.friends, other.uid);
      if (mine.size >= LIMITS.friendsPerUser || theirs.size >= LIMITS.friendsPerUser) {
        throw new ApiError(
          "ERR_PLAN_QUOTA_RESTRICTION",
          `A user can have at most ${LIMITS.friendsPerUser} friends.`,
        );
      }
      const now = env.now();
      mine.set(other.uid, now);
      theirs.set(me.uid, now);
      return "Created relationship with status accepted.";
    });
    return { data: { accepted } };
  },

  listFriends: ({ app, params, query: q }) => {
    const me = requireUser(app, params.uid);
    const keep = ({ u }: { u: UserRecord }) =>
      !q.searchKey || startsWithCi(u.uid, q.searchKey) || startsWithCi(u.name, q.searchKey);
    return paginate(related(app, app.friends.get(me.uid)), q, keep, ({ u }) => ({
      ...userView(u),
      conversationId: userConversationId(me.uid, u.uid),
    }));
  },

  removeFriends: ({ app, params, body }) => {
    const me = requireUser(app, params.uid);
    const mine = app.friends.get(me.uid);
    // All or nothing: a uid that is not a friend fails the call before anything is removed.
    const missing = body.friends.find((uid) => !mine?.has(norm(uid)));
    if (missing !== undefined) {
      throw new ApiError("ERR_NOT_A_FRIEND", `The user ${missing} is not a friend of ${me.uid}.`);
    }
    for (const uid of body.friends) {
      mine?.delete(uid);
      app.friends.get(uid)?.delete(me.uid);
    }
    return ack("Deleted the friend relations successfully.");
  },

  blockUsers: ({ app, params, body, env }) => {
    const me = requireUser(app, params.uid);
    const mine = relation(app.blocked, me.uid);
    return {
      data: each(body.blockedUids, (uid) => {
        if (uid === me.uid) throw new ApiError("ERR_CANNOT_BLOCK_SELF", "A user cannot block themselves.");
        const other = requireUser(app, uid);
        // Blocking again keeps the first time (repeatable, decision 0090).
        if (!mine.has(other.uid)) mine.set(other.uid, env.now());
        return `The user with UID ${me.uid} has blocked user with UID ${other.uid} successfully.`;
      }),
    };
  },

  unblockUsers: ({ app, params, body }) => {
    const me = requireUser(app, params.uid);
    const mine = app.blocked.get(me.uid);
    return {
      data: each(body.blockedUids, (uid) => {
        const other = requireUser(app, uid);
        mine?.delete(other.uid);
        return `The user with UID ${me.uid} has unblocked user with UID ${other.uid} successfully.`;
      }),
    };
  },

  listBlockedUsers: ({ app, params, query }) => {
    const me = requireUser(app, params.uid);
    return paginate(
      related(app, app.blocked.get(me.uid)),
      query,
      () => true,
      ({ u, at }) => ({
        ...userView(u),
        blockedByMe: true,
        blockedByMeAt: at,
        blockedAt: at,
        conversationId: userConversationId(me.uid, u.uid),
      }),
    );
  },

  listAppPinnedConversations: ({ app }) => ({ data: livePinned(app).map((p) => pinnedView(p)) }),

  replaceAppPinnedConversations: ({ app, body, env }) => {
    const now = env.now();
    // Each names a group by guid or a user by uid (the body's rule: one of the two).
    const next: PinnedConversationRecord[] = body.pinnedConversations.map((c) => {
      const conversationType = c.guid === undefined ? "user" : "group";
      const conversationWith =
        c.guid === undefined ? requireUser(app, c.uid ?? "").uid : requireGroup(app, c.guid).guid;
      const before = app.pinnedConversations.find(
        (p) => p.conversationType === conversationType && p.conversationWith === conversationWith,
      );
      return { conversationType, conversationWith, pinnedAt: before?.pinnedAt ?? now };
    });
    app.pinnedConversations = next;
    return { data: next.map((p) => pinnedView(p)) };
  },
} satisfies ChatHandlers;

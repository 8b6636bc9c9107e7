// Users and auth tokens (docs/service/users-and-auth-tokens.md).
import { AuthToken, DEFAULTS, LIMITS } from "../../contract";
import { ApiError } from "../errors";
import { created, updated, viewOf } from "../records";
import type { AppRecord, AuthTokenRecord, UserRecord } from "../state";
import { paginate, prefixMatcher, userView } from "../views";
import { ack, norm, requireRole, requireUser, uidNotFound } from "./lookup";
import type { ChatHandlers, Env } from "./types";

/** `<uid>_<10-digit unix ts><30 hex>`, the format of every example token. */
function newToken(app: AppRecord, uid: string, env: Env): AuthTokenRecord {
  const createdAt = env.now();
  const t: AuthTokenRecord = { uid, authToken: `${uid}_${createdAt}${env.ids.hex(30)}`, createdAt };
  const list = app.authTokens.get(uid) ?? [];
  list.push(t);
  // At most 100 active tokens per user: the oldest are archived (docs/service/users-and-auth-tokens.md).
  if (list.length > LIMITS.authTokensPerUser) list.splice(0, list.length - LIMITS.authTokensPerUser);
  app.authTokens.set(uid, list);
  return t;
}

/** Without `force` an existing token is reused. */
function issueToken(app: AppRecord, uid: string, env: Env, force: boolean): AuthTokenRecord {
  const existing = app.authTokens.get(uid);
  const last = existing?.[existing.length - 1];
  return !force && last ? last : newToken(app, uid, env);
}

function requireToken(app: AppRecord, uid: string, token: string): AuthTokenRecord {
  const t = app.authTokens.get(uid)?.find((x) => x.authToken === token);
  if (!t)
    throw new ApiError("ERR_AUTH_TOKEN_NOT_FOUND", `The auth token ${token} does not exist for uid ${uid}.`);
  return t;
}

const tokenBrief = (t: AuthTokenRecord) => ({ uid: t.uid, authToken: t.authToken, createdAt: t.createdAt });
const tokenView = (t: AuthTokenRecord) => viewOf(t, AuthToken);

/** A permanent delete removes the user, their tokens, memberships, bans and messages (docs/service/users-and-auth-tokens.md). */
function removeUser(app: AppRecord, uid: string): void {
  app.users.delete(uid);
  app.authTokens.delete(uid);
  for (const g of app.groups.values()) {
    g.members.delete(uid);
    g.banned.delete(uid);
  }
  for (const [id, m] of app.messages) {
    if (m.sender === uid || (m.receiverType === "user" && m.receiver === uid)) app.messages.delete(id);
  }
}

export const userHandlers = {
  createUser: ({ app, body, env }) => {
    // A deactivated user still holds its uid (GUESS in docs/service/lifecycle-and-gaps.md; the stricter choice).
    if (app.users.has(body.uid)) {
      throw new ApiError("ERR_UID_ALREADY_EXISTS", `The UID ${body.uid} already exists.`);
    }
    const { withAuthToken, ...fields } = body;
    const now = env.now();
    const u: UserRecord = created(fields, DEFAULTS.User, { createdAt: now, updatedAt: now });
    u.role = requireRole(app, u.role).role;
    app.users.set(u.uid, u);
    const token = withAuthToken ? issueToken(app, u.uid, env, true) : undefined;
    return { data: { ...userView(u, { tags: true }), ...(token ? { authToken: token.authToken } : {}) } };
  },

  listUsers: ({ app, query: q, actor }) => {
    const searchIn = q.searchIn?.length ? q.searchIn : ["uid", "name"];
    const inUid = searchIn.includes("uid");
    const inName = searchIn.includes("name");
    const matches = q.searchKey ? prefixMatcher(q.searchKey) : undefined;
    // Stored uids are lowercase already.
    const uidKey = q.searchKey?.toLowerCase() ?? "";
    const roles = [...(q.roles ?? []), ...(q.role ? [q.role] : [])].map(norm);
    const keep = (u: UserRecord) => {
      const deactivated = u.deactivatedAt !== undefined;
      if (q.onlyDeactivated ? !deactivated : deactivated && !q.withDeactivated) return false;
      // Nobody is connected to the emulator: every user is offline.
      if (q.status === "available") return false;
      if (roles.length > 0 && !roles.includes(u.role)) return false;
      if (q.tags?.length && !q.tags.some((t) => u.tags.includes(t))) return false;
      if (matches && !((inUid && u.uid.startsWith(uidKey)) || (inName && matches(u.name)))) return false;
      return true;
    };
    return paginate(app.users.values(), q, keep, (u) => userView(u, { tags: q.withTags === true, actor }));
  },

  getUser: ({ app, params, actor }) => ({ data: userView(requireUser(app, params.uid), { actor }) }),

  updateUser: ({ app, params, body, env }) => {
    const u = requireUser(app, params.uid);
    const { unset, ...patch } = body;
    const role = patch.role === undefined ? undefined : requireRole(app, patch.role).role;
    updated(u, { ...patch, role }, unset);
    u.updatedAt = env.now();
    return { data: userView(u, { tags: true }) };
  },

  deleteUser: ({ app, params, body, env }) => {
    const uid = norm(params.uid);
    const u = app.users.get(uid);
    if (body?.permanent) {
      if (!u) throw uidNotFound(params.uid);
      removeUser(app, uid);
    } else {
      // Without `permanent` the user is deactivated; a second soft delete finds no (active) user.
      if (!u || u.deactivatedAt !== undefined) throw uidNotFound(params.uid);
      u.deactivatedAt = env.now();
    }
    return ack(`User with ${uid} has been deleted successfully.`);
  },

  deactivateUsers: ({ app, body, env }) => {
    const deactivatedUids: string[] = [];
    for (const uid of body.uidsToDeactivate) {
      const u = app.users.get(uid);
      if (!u || u.deactivatedAt !== undefined) continue;
      u.deactivatedAt = env.now();
      deactivatedUids.push(uid);
    }
    return { data: { deactivatedUids } };
  },

  reactivateUsers: ({ app, body }) => {
    // The spec's example names the answer `nonDeactivatedUids`: the uids that are active again.
    const nonDeactivatedUids: string[] = [];
    for (const uid of body.uidsToActivate) {
      const u = app.users.get(uid);
      if (!u || u.deactivatedAt === undefined) continue;
      delete u.deactivatedAt;
      nonDeactivatedUids.push(uid);
    }
    return { data: { nonDeactivatedUids } };
  },

  createAuthToken: ({ app, params, body, env }) => {
    const u = requireUser(app, params.uid);
    return { data: tokenBrief(issueToken(app, u.uid, env, body?.force === true)) };
  },

  listAuthTokens: ({ app, params, query }) => {
    const u = requireUser(app, params.uid);
    return paginate(app.authTokens.get(u.uid) ?? [], query, () => true, tokenView);
  },

  getAuthToken: ({ app, params }) => {
    const u = requireUser(app, params.uid);
    return { data: tokenView(requireToken(app, u.uid, params.authToken)) };
  },

  updateAuthToken: ({ app, params, body }) => {
    const u = requireUser(app, params.uid);
    const t = requireToken(app, u.uid, params.authToken);
    // Each field is optional (the vendor's chat spec, operation update-authtoken: docs/service/users-and-auth-tokens.md): an absent one is left as it is.
    return { data: tokenBrief(updated(t, body)) };
  },

  deleteAuthToken: ({ app, params }) => {
    const u = requireUser(app, params.uid);
    const t = requireToken(app, u.uid, params.authToken);
    const list = app.authTokens.get(u.uid) ?? [];
    list.splice(list.indexOf(t), 1);
    return ack(`Auth token ${t.authToken} has been deleted successfully.`);
  },

  flushAuthTokens: ({ app, params }) => {
    const u = requireUser(app, params.uid);
    app.authTokens.delete(u.uid);
    return ack(`Cleared Auth Tokens successfully for uid ${u.uid}.`);
  },
} satisfies ChatHandlers;

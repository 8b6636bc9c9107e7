// Groups, group members and banned users (docs/service/groups-and-members.md).
import type { AddMembersResult, GroupUpdate, MemberScope, MembersBody } from "../../contract";
import { DEFAULTS, listedGroupType } from "../../contract";
import { ApiError } from "../errors";
import { created, updated } from "../records";
import type { AppRecord, GroupRecord, MemberRecord, UserRecord } from "../state";
import { groupView, memberView, messageView, paginate, startsWithCi, userView } from "../views";
import { ack, norm, requireGroup, requireUser } from "./lookup";
import { memberAction } from "./messages";
import type { ChatHandlers, Env } from "./types";

type Members = Exclude<MembersBody, undefined>;
type Outcome = NonNullable<AddMembersResult["admins"]>[string];

const notAMember = (uid: string, guid: string) =>
  new ApiError(
    "ERR_NOT_A_MEMBER",
    `The user with UID ${uid} is not a member of the group with GUID ${guid}.`,
  );

const failure = (e: ApiError): Outcome => ({ success: false, error: { code: e.code, message: e.message } });

function tryUser(app: AppRecord, uid: string): UserRecord | ApiError {
  try {
    return requireUser(app, uid);
  } catch (e) {
    if (e instanceof ApiError) return e;
    throw e;
  }
}

/**
 * Adds members and bans per uid; one uid's failure does not fail the call, it is reported in its entry
 * (`{success: false, error: {code, message}}`, a GUESS: docs/service/groups-and-members.md). A uid listed under several scopes
 * gets the highest and is reported under that one only.
 */
function addMembers(
  app: AppRecord,
  env: Env,
  g: GroupRecord,
  body: Members,
  actor: UserRecord | undefined,
): AddMembersResult {
  const result: AddMembersResult = {};
  const seen = new Set<string>();
  const lists: [keyof Members & string, MemberScope][] = [
    ["admins", "admin"],
    ["moderators", "moderator"],
    ["participants", "participant"],
  ];
  for (const [list, scope] of lists) {
    const uids = body[list];
    if (!uids) continue;
    const entries: Record<string, Outcome> = {};
    for (const uid of uids) {
      if (seen.has(uid)) continue;
      seen.add(uid);
      const u = tryUser(app, uid);
      if (u instanceof ApiError) entries[uid] = failure(u);
      else if (g.banned.has(u.uid)) {
        entries[uid] = failure(
          new ApiError("ERR_BANNED_GROUPMEMBER", `The user ${uid} is banned from the group ${g.guid}.`),
        );
      } else if (g.members.has(u.uid)) {
        entries[uid] = failure(
          new ApiError("ERR_ALREADY_JOINED", `The user ${uid} is already a member of the group ${g.guid}.`),
        );
      } else {
        g.members.set(u.uid, { scope, joinedAt: env.now() });
        entries[uid] = { success: true, data: messageView(memberAction(app, env, g, "added", u, actor)) };
      }
    }
    result[list] = entries;
  }
  if (body.usersToBan) {
    const entries: Record<string, Outcome> = {};
    for (const uid of body.usersToBan) {
      const u = tryUser(app, uid);
      if (u instanceof ApiError) entries[uid] = failure(u);
      else if (g.banned.has(u.uid)) entries[uid] = failure(alreadyBanned(u.uid, g.guid));
      else {
        ban(g, u.uid, env);
        entries[uid] = { success: true };
      }
    }
    result.usersToBan = entries;
  }
  return result;
}

const alreadyBanned = (uid: string, guid: string) =>
  new ApiError("ERR_ALREADY_BANNED", `The user ${uid} is already banned from the group ${guid}.`);

function ban(g: GroupRecord, uid: string, env: Env): void {
  g.members.delete(uid);
  g.banned.set(uid, env.now());
}

/** The owner is an admin member. */
function setOwner(g: GroupRecord, owner: UserRecord, env: Env): void {
  g.owner = owner.uid;
  g.banned.delete(owner.uid);
  const m = g.members.get(owner.uid);
  if (m) m.scope = "admin";
  else g.members.set(owner.uid, { scope: "admin", joinedAt: env.now() });
}

const emptyPassword = () =>
  new ApiError("ERR_EMPTY_GROUP_PASS", "A group of type 'password' needs a password.", {
    password: ["password is required when type is 'password'"],
  });

function applyUpdate(
  app: AppRecord,
  g: GroupRecord,
  body: GroupUpdate,
  actor: UserRecord | undefined,
  env: Env,
) {
  const type = body.type ?? g.type;
  const password = body.password ?? g.password;
  if (type === "password" && !password) throw emptyPassword();
  // `owner` is ignored when the call is made on behalf of a user (docs/service/groups-and-members.md).
  const owner = body.owner !== undefined && !actor ? requireUser(app, body.owner) : undefined;
  // The type, its password and the owner are the rules' above; the other fields are copied.
  const { unset, type: _type, password: _password, owner: _owner, ...patch } = body;
  updated(g, patch, unset);
  g.type = type;
  if (type === "password") g.password = password;
  else delete g.password;
  if (owner) setOwner(g, owner, env);
  g.updatedAt = env.now();
}

const SORT_KEYS = {
  name: (g: GroupRecord) => g.name.toLowerCase(),
  guid: (g: GroupRecord) => g.guid,
  createdAt: (g: GroupRecord) => g.createdAt,
} as const;

export const groupHandlers = {
  createGroup: ({ app, body, env, actor }) => {
    if (app.groups.has(body.guid)) {
      throw new ApiError("ERR_GUID_ALREADY_EXISTS", `The group with GUID ${body.guid} already exists.`);
    }
    // The onBehalfOf user becomes the owner; otherwise `owner`, if given (docs/service/groups-and-members.md).
    const owner = actor ?? (body.owner !== undefined ? requireUser(app, body.owner) : undefined);
    const now = env.now();
    // The members are added below, the owner set by its rule; a password is kept for a password group only.
    const { members: _members, owner: _owner, password, ...fields } = body;
    const g: GroupRecord = created(
      { ...fields, password: fields.type === "password" ? password : undefined },
      DEFAULTS.Group,
      {
        createdAt: now,
        updatedAt: now,
        members: new Map<string, MemberRecord>(),
        banned: new Map<string, number>(),
      },
    );
    app.groups.set(g.guid, g);
    if (owner) setOwner(g, owner, env);
    const members = body.members ? addMembers(app, env, g, body.members, actor) : undefined;
    return { data: { ...groupView(g, { tags: true, actor }), ...(members ? { members } : {}) } };
  },

  listGroups: ({ app, query: q, actor }) => {
    const types = [...(q.types ?? []), ...(q.type ? [q.type] : [])].map(listedGroupType);
    const keep = (g: GroupRecord) => {
      // A private group is hidden from a user who is not in it; the API key itself (admin) sees every group.
      if (actor && g.type === "private" && !g.members.has(actor.uid)) return false;
      if (types.length > 0 && !types.includes(g.type)) return false;
      if (q.tags?.length && !q.tags.some((t) => g.tags.includes(t))) return false;
      if (q.searchKey && !startsWithCi(g.name, q.searchKey) && !startsWithCi(g.guid, q.searchKey))
        return false;
      return true;
    };
    let groups: Iterable<GroupRecord> = app.groups.values();
    if (q.sortBy) {
      const key = SORT_KEYS[q.sortBy];
      const dir = q.sortOrder === "desc" ? -1 : 1;
      groups = [...groups].sort((a, b) => (key(a) < key(b) ? -dir : key(a) > key(b) ? dir : 0));
    }
    return paginate(groups, q, keep, (g) => groupView(g, { tags: q.withTags === true, actor }));
  },

  getGroup: ({ app, params, actor }) => ({
    data: groupView(requireGroup(app, params.guid), { tags: true, actor }),
  }),

  updateGroup: ({ app, params, body, env, actor }) => {
    const g = requireGroup(app, params.guid);
    applyUpdate(app, g, body, actor, env);
    return { data: groupView(g, { tags: true, actor }) };
  },

  deleteGroup: ({ app, params }) => {
    const g = requireGroup(app, params.guid);
    app.groups.delete(g.guid);
    for (const [id, m] of app.messages) {
      if (m.receiverType === "group" && m.receiver === g.guid) app.messages.delete(id);
    }
    return ack(`Group with guid ${g.guid} has been deleted successfully.`);
  },

  addMembers: ({ app, params, body, env, actor }) => ({
    data: addMembers(app, env, requireGroup(app, params.guid), body, actor),
  }),

  listMembers: ({ app, params, query: q }) => {
    const g = requireGroup(app, params.guid);
    const rows: { u: UserRecord; scope: MemberScope; joinedAt: number }[] = [];
    for (const [uid, m] of g.members) {
      const u = app.users.get(uid);
      // Deactivated users are left out, as they are from the user list.
      if (u && u.deactivatedAt === undefined) rows.push({ u, ...m });
    }
    const keep = (r: (typeof rows)[number]) =>
      (!q.scopes?.length || q.scopes.includes(r.scope)) && q.status !== "available";
    return paginate(rows, q, keep, (r) => memberView(r.u, r));
  },

  changeMemberScope: ({ app, params, body }) => {
    const g = requireGroup(app, params.guid);
    const uid = norm(params.uid);
    const m = g.members.get(uid);
    if (!m) throw notAMember(uid, g.guid);
    if (m.scope === body.scope) {
      throw new ApiError("ERR_SAME_SCOPE", `The user ${uid} already has the scope ${body.scope}.`);
    }
    m.scope = body.scope;
    return { data: { guid: g.guid, uid, scope: m.scope, joinedAt: m.joinedAt } };
  },

  kickMember: ({ app, params }) => {
    const g = requireGroup(app, params.guid);
    const uid = norm(params.uid);
    if (!g.members.delete(uid)) throw notAMember(uid, g.guid);
    return ack(`The member with ${uid} has been kicked from the Group with ${g.guid}.`);
  },

  banUser: ({ app, params, env }) => {
    const g = requireGroup(app, params.guid);
    const u = requireUser(app, params.uid);
    if (g.banned.has(u.uid)) throw alreadyBanned(u.uid, g.guid);
    ban(g, u.uid, env);
    return ack(`The user with uid ${u.uid} has been banned from the Group with ${g.guid}.`);
  },

  unbanUser: ({ app, params }) => {
    const g = requireGroup(app, params.guid);
    const uid = norm(params.uid);
    if (!g.banned.delete(uid)) {
      throw new ApiError("ERR_NOT_A_BANNED_USER", `The user ${uid} is not banned from the group ${g.guid}.`);
    }
    return ack(`The user with uid ${uid} has been unbanned from the Group with ${g.guid}.`);
  },

  listBannedUsers: ({ app, params, query }) => {
    const g = requireGroup(app, params.guid);
    const users: UserRecord[] = [];
    for (const uid of g.banned.keys()) {
      const u = app.users.get(uid);
      if (u) users.push(u);
    }
    return paginate(
      users,
      query,
      () => true,
      (u) => userView(u),
    );
  },
} satisfies ChatHandlers;

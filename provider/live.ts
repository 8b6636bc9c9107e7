// Whole objects of a live app, read through the client with the extra calls each kind needs (tags come
// from listings, a role's restricted features and permissions, a group's members, a webhook's triggers).
// Shared by the lookups programs call (sdk/lookups.ts) and by chat-export (environment/export/).
import {
  type ApiKey,
  type App,
  type Group,
  LIMITS,
  MEMBER_SCOPES,
  type Member,
  type MemberScope,
  type Permissions,
  type Role,
  type Routes,
  setValues,
  type User,
  type Webhook,
} from "./api";
import type { ChatClient, ManagementClient, RequestOf } from "./client";

/** A role with what is restricted for it, and the permissions it sets (the catalogue's `value`s, decision 0064). */
export type LiveRole = Role & { restrictedFeatures: string[]; permissions: Permissions };
/** A webhook with its triggers. */
export type LiveWebhook = Webhook & { triggers: string[] };
/** Called as items arrive: how many so far (of `total` when the listing said). */
export type Progress = (count: number, total?: number) => void;

type UserQuery = NonNullable<RequestOf<Routes["listUsers"]>["query"]>;

const byKey =
  <T>(key: (t: T) => string) =>
  (a: T, b: T) =>
    key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0;

async function withAccess(chat: ChatClient, r: Role): Promise<LiveRole> {
  const [features, permissions] = await Promise.all([
    chat.listAll("listRestrictedFeatures", {
      params: { role: r.role },
      query: { perPage: LIMITS.perPageMax },
    }),
    chat.call("getPermissions", { params: { role: r.role } }),
  ]);
  return {
    ...r,
    restrictedFeatures: features.map((f) => f.key).sort(),
    permissions: setValues(permissions.data),
  };
}

/** One role; a NotFoundError when there is none. */
export async function readRole(chat: ChatClient, role: string): Promise<LiveRole> {
  const r = await chat.call("getRole", { params: { role } });
  return withAccess(chat, r.data);
}

/** Every role, sorted by id. */
export async function listRoles(chat: ChatClient): Promise<LiveRole[]> {
  const roles = await chat.listAll("listRoles", { query: { perPage: LIMITS.perPageMax } });
  return (await Promise.all(roles.map((r) => withAccess(chat, r)))).sort(byKey((r) => r.role));
}

/** Every active user matching `query`, with tags, sorted by uid; pages of the largest size the API allows. */
export async function listUsers(
  chat: ChatClient,
  query: UserQuery = {},
  progress?: Progress,
): Promise<User[]> {
  const users: User[] = [];
  for await (const u of chat.paginate("listUsers", {
    query: { perPage: LIMITS.perPageMax, ...query, withTags: true },
  })) {
    users.push(u);
    if (users.length % LIMITS.perPageMax === 0) progress?.(users.length);
  }
  progress?.(users.length, users.length);
  return users.sort(byKey((u) => u.uid));
}

/** One user with its tags (GET does not return them; a listing does); a NotFoundError when there is none. */
export async function readUser(chat: ChatClient, uid: string): Promise<User> {
  const r = await chat.call("getUser", { params: { uid } });
  if (r.data.tags) return r.data;
  const listed = await chat.listAll("listUsers", { query: { searchKey: r.data.uid, withTags: true } });
  return { ...r.data, tags: listed.find((u) => u.uid === r.data.uid)?.tags ?? [] };
}

/** Every group, with tags, sorted by guid. */
export async function listGroups(chat: ChatClient): Promise<Group[]> {
  const groups = await chat.listAll("listGroups", { query: { perPage: LIMITS.perPageMax, withTags: true } });
  return groups.sort(byKey((g) => g.guid));
}

/** One group with its tags; a NotFoundError when there is none. */
export async function readGroup(chat: ChatClient, guid: string): Promise<Group> {
  const r = await chat.call("getGroup", { params: { guid } });
  if (r.data.tags) return r.data;
  const listed = await chat.listAll("listGroups", { query: { searchKey: r.data.guid, withTags: true } });
  return { ...r.data, tags: listed.find((g) => g.guid === r.data.guid)?.tags ?? [] };
}

/** Every member of a group with its scope, sorted by uid (the owner included: it is an admin). */
export async function listMembers(chat: ChatClient, guid: string): Promise<Member[]> {
  const members = await chat.listAll("listMembers", {
    params: { guid },
    query: { perPage: LIMITS.perPageMax },
  });
  return members.sort(byKey((m) => m.uid));
}

/** The permissions each scope of a group sets (the catalogue's `value`s, decision 0043); scopes with none left out. */
export async function listScopePermissions(
  chat: ChatClient,
  guid: string,
): Promise<Partial<Record<MemberScope, Permissions>>> {
  const out: Partial<Record<MemberScope, Permissions>> = {};
  for (const scope of MEMBER_SCOPES) {
    // One page holds the whole catalogue (eleven entries), as the resource reads it.
    const set = setValues((await chat.call("getScopePermissions", { params: { guid, scope } })).data);
    if (Object.keys(set).length) out[scope] = set;
  }
  return out;
}

/** Every API key of the app, sorted by name, then by creation. The values are secrets: handle with care. */
export async function listApiKeys(chat: ChatClient): Promise<ApiKey[]> {
  const keys = await chat.listAll("listApiKeys", { query: { perPage: LIMITS.perPageMax } });
  return keys.sort((a, b) => byKey<ApiKey>((k) => k.name)(a, b) || a.createdAt - b.createdAt);
}

/** Every webhook of an app with its triggers (sorted), sorted by id. */
export async function listWebhooks(mgmt: ManagementClient, appId: string): Promise<LiveWebhook[]> {
  const hooks = await mgmt.listAll("listWebhooks", {
    params: { appId },
    query: { perPage: LIMITS.perPageMax },
  });
  const withTriggers = await Promise.all(
    hooks.map(async (w) => {
      const triggers = await mgmt.listAll("listTriggers", {
        params: { appId, webhookId: w.id },
        query: { perPage: LIMITS.perPageMax },
      });
      return { ...w, triggers: triggers.map((t) => t.id).sort() };
    }),
  );
  return withTriggers.sort(byKey((w) => w.id));
}

/** The app with this id (the management API has no GET of one app: a search of the listing). */
export async function findApp(mgmt: ManagementClient, appId: string): Promise<App | undefined> {
  const apps = await mgmt.listAll("listApps", { query: { searchKey: appId, perPage: LIMITS.perPageMax } });
  return apps.find((a) => a.id === appId);
}

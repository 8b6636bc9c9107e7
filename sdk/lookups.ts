// Lookups: read objects of a live app from a Pulumi program, in the shape of Pulumi's data sources (a
// function returning an Output of the object). They run in the program process, through the same client,
// request budget and configuration as the resources: an explicit `connection`, else stack config `chat:*`,
// else `CHAT_*` variables (provider/config.ts). Secrets in a result (API key values) make it a secret; a secret
// connection does not (it is read with, not returned).
import * as pulumi from "@pulumi/pulumi";
import type { ApiKeyScope, Permissions, User } from "../provider/api";
import { type ChatClient, isNotFound, type ManagementClient } from "../provider/client";
import { chatClientFor, managementClientFor } from "../provider/clients";
import {
  type ChatConnectionInput,
  clientOptions,
  configuredAppId,
  type Lookup,
  type ManagementConnectionInput,
  resolveChatConnection,
  resolveManagementConnection,
} from "../provider/config";
import { connectionNaming, credentialProblem } from "../provider/credentials";
import * as live from "../provider/live";
import type { ChatConnectionArgs, ManagementConnectionArgs } from "./resource";

/** Where a chat lookup reads from. */
export interface ChatLookupArgs {
  /** Credentials of the app (e.g. an App's `connection`); default: stack config chat:* or CHAT_* variables. */
  connection?: pulumi.Input<ChatConnectionArgs>;
}

/** Where a management lookup reads from. */
export interface ManagementLookupArgs {
  /** Management credentials; default: stack config chat:managementKey/chat:managementSecret or CHAT_* variables. */
  managementConnection?: pulumi.Input<ManagementConnectionArgs>;
}

export interface UserInfo {
  uid: string;
  name: string;
  avatar?: string;
  link?: string;
  /** Role id ("default" unless another was given). */
  role: string;
  statusMessage?: string;
  metadata?: Record<string, unknown>;
  tags: string[];
  /** Unix seconds. */
  createdAt: number;
}

export interface GroupInfo {
  guid: string;
  name: string;
  type: "public" | "password" | "private";
  description?: string;
  icon?: string;
  /** The owner's uid, when the group has one. */
  owner?: string;
  metadata?: Record<string, unknown>;
  tags: string[];
  membersCount: number;
  conversationId?: string;
  createdAt: number;
}

export interface RoleInfo {
  role: string;
  name: string;
  description?: string;
  metadata?: Record<string, unknown>;
  settings?: Record<string, unknown>;
  /** Restricted feature keys, sorted. */
  restrictedFeatures: string[];
  /** RBAC permissions the role sets. */
  permissions: Permissions;
  createdAt: number;
}

export interface ApiKeyInfo {
  name: string;
  scope: ApiKeyScope;
  /** The key itself (the whole lookup result is therefore a secret). */
  apiKey: string;
  createdAt: number;
}

export interface AppInfo {
  appId: string;
  name: string;
  region: "us" | "eu" | "in";
  plan?: string;
  state?: string;
  createdAt: number;
}

/** Stack config of the running program, by full key (`chat:appId`). */
export const stackConfig: Lookup = (key) => {
  const i = key.indexOf(":");
  return new pulumi.Config(key.slice(0, i)).get(key.slice(i + 1));
};

/** Runs `use` with the app's client; a refused connection is one line naming the setting to fix. */
async function withChat<T>(
  what: string,
  conn: ChatConnectionInput | undefined,
  use: (chat: ChatClient) => Promise<T>,
): Promise<T> {
  const c = settle(what, () => resolveChatConnection(conn, stackConfig));
  try {
    return await use(chatClientFor(c, clientOptions(stackConfig)));
  } catch (e) {
    const line = credentialProblem(
      e,
      { api: "chat", appId: c.appId, region: c.region },
      connectionNaming("chat", conn === undefined),
    );
    throw line === undefined ? e : new pulumi.RunError(`${what}: ${line}`);
  }
}

async function withManagement<T>(
  what: string,
  conn: ManagementConnectionInput | undefined,
  use: (mgmt: ManagementClient) => Promise<T>,
): Promise<T> {
  const m = settle(what, () => resolveManagementConnection(conn, stackConfig));
  try {
    return await use(managementClientFor(m, clientOptions(stackConfig)));
  } catch (e) {
    const line = credentialProblem(
      e,
      { api: "management" },
      connectionNaming("management", conn === undefined),
    );
    throw line === undefined ? e : new pulumi.RunError(`${what}: ${line}`);
  }
}

/** A configuration problem as a clean program error naming the lookup. */
function settle<T>(what: string, f: () => T): T {
  try {
    return f();
  } catch (e) {
    throw new pulumi.RunError(`${what}: ${e instanceof Error ? e.message : String(e)}`);
  }
}

/** The object, or a clear error naming what is missing and where; other errors pass through. */
async function found<T>(what: string, where: string, read: () => Promise<T | undefined>): Promise<T> {
  let value: T | undefined;
  try {
    value = await read();
  } catch (e) {
    if (!isNotFound(e)) throw e;
  }
  if (value === undefined) throw new pulumi.RunError(`${what} not found in ${where}`);
  return value;
}

/**
 * Runs `read` once every input is known; during a preview with unknown inputs the result is unknown. The
 * connections are secret, but what is read with them is not: they alone lose their secrecy, for the read
 * only, and the other arguments keep theirs (a secret filter makes a secret result).
 */
function lookup<A extends ChatLookupArgs & ManagementLookupArgs, T>(
  args: A,
  read: (a: pulumi.Unwrap<A>) => Promise<T>,
): pulumi.Output<T> {
  const { connection, managementConnection, ...rest } = args;
  const credentials = pulumi.unsecret(pulumi.output({ connection, managementConnection }));
  return pulumi
    .all([pulumi.output(rest), credentials])
    .apply(([r, c]) => read({ ...r, ...c } as pulumi.Unwrap<A>)) as pulumi.Output<T>;
}

const optional = <K extends string, V>(key: K, value: V | undefined) =>
  (value === undefined ? {} : { [key]: value }) as { [P in K]?: V };

function userInfo(u: User): UserInfo {
  return {
    uid: u.uid,
    name: u.name,
    ...optional("avatar", u.avatar),
    ...optional("link", u.link),
    role: u.role,
    ...optional("statusMessage", u.statusMessage),
    ...optional("metadata", u.metadata),
    tags: [...(u.tags ?? [])].sort(),
    createdAt: u.createdAt,
  };
}

/** One user (with tags) by uid. A uid that does not exist (or is deactivated) is an error. */
export function getUser(args: { uid: pulumi.Input<string> } & ChatLookupArgs): pulumi.Output<UserInfo> {
  return lookup(args, async (a) => {
    const u = await withChat("getUser", a.connection, (chat) =>
      found(`getUser: user "${a.uid}"`, `app ${chat.appId}`, () => live.readUser(chat, a.uid)),
    );
    return userInfo(u);
  });
}

export interface GetUsersArgs extends ChatLookupArgs {
  /** Only users holding this role. */
  role?: pulumi.Input<string>;
  /** Only users with at least one of these tags. */
  tags?: pulumi.Input<pulumi.Input<string>[]>;
  /** Only users whose uid or name starts with this text. */
  search?: pulumi.Input<string>;
}

/** Every active user matching the filters (all of them without any), sorted by uid; pages through thousands. */
export function getUsers(args: GetUsersArgs = {}): pulumi.Output<UserInfo[]> {
  return lookup(args, async (a) => {
    const users = await withChat("getUsers", a.connection, (chat) =>
      live.listUsers(chat, {
        ...optional("role", a.role),
        ...(a.tags?.length ? { tags: a.tags } : {}),
        ...optional("searchKey", a.search),
      }),
    );
    return users.map(userInfo);
  });
}

/** One group (with tags) by guid. A guid that does not exist is an error. */
export function getGroup(args: { guid: pulumi.Input<string> } & ChatLookupArgs): pulumi.Output<GroupInfo> {
  return lookup(args, async (a) => {
    const g = await withChat("getGroup", a.connection, (chat) =>
      found(`getGroup: group "${a.guid}"`, `app ${chat.appId}`, () => live.readGroup(chat, a.guid)),
    );
    return {
      guid: g.guid,
      name: g.name,
      type: g.type,
      ...optional("description", g.description),
      ...optional("icon", g.icon),
      ...optional("owner", g.owner),
      ...optional("metadata", g.metadata),
      tags: [...(g.tags ?? [])].sort(),
      membersCount: g.membersCount,
      ...optional("conversationId", g.conversationId),
      createdAt: g.createdAt,
    };
  });
}

/** One role by id, with its restricted features and permissions. A role that does not exist is an error. */
export function getRole(args: { role: pulumi.Input<string> } & ChatLookupArgs): pulumi.Output<RoleInfo> {
  return lookup(args, async (a) => {
    const r = await withChat("getRole", a.connection, (chat) =>
      found(`getRole: role "${a.role}"`, `app ${chat.appId}`, () => live.readRole(chat, a.role)),
    );
    return {
      role: r.role,
      name: r.name,
      ...optional("description", r.description),
      ...optional("metadata", r.metadata),
      ...optional("settings", r.settings),
      restrictedFeatures: r.restrictedFeatures,
      permissions: r.permissions,
      createdAt: r.createdAt,
    };
  });
}

export interface GetApiKeysArgs extends ChatLookupArgs {
  /** Only keys of this scope. */
  scope?: pulumi.Input<ApiKeyScope>;
  /** Only keys with exactly this name. */
  name?: pulumi.Input<string>;
}

/** The app's API keys (sorted by name), values included: the result is a secret. */
export function getApiKeys(args: GetApiKeysArgs = {}): pulumi.Output<ApiKeyInfo[]> {
  const keys = lookup(args, async (a) => {
    const all = await withChat("getApiKeys", a.connection, (chat) => live.listApiKeys(chat));
    return all
      .filter(
        (k) => (a.scope === undefined || k.scope === a.scope) && (a.name === undefined || k.name === a.name),
      )
      .map((k) => ({ name: k.name, scope: k.scope, apiKey: k.apiKey, createdAt: k.createdAt }));
  });
  return pulumi.secret(keys);
}

/** An app by id (default: chat:appId / CHAT_APP_ID), through the management API. A missing app is an error. */
export function getApp(
  args: { appId?: pulumi.Input<string> } & ManagementLookupArgs = {},
): pulumi.Output<AppInfo> {
  return lookup(args, async (a) => {
    const appId = a.appId ?? configuredAppId(stackConfig);
    if (!appId)
      throw new pulumi.RunError("getApp: no appId given, and no chat:appId (or CHAT_APP_ID) is set");
    const app = await withManagement("getApp", a.managementConnection, (mgmt) =>
      found(`getApp: app "${appId}"`, "the apps of these management credentials", () =>
        live.findApp(mgmt, appId),
      ),
    );
    return {
      appId: app.id,
      name: app.name,
      region: app.region,
      ...optional("plan", app.plan),
      ...optional("state", app.state),
      createdAt: app.createdAt,
    };
  });
}

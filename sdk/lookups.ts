// Lookups: read objects of a live app from a Pulumi program, in the shape of Pulumi's data sources (a
// function returning an Output of the object). They run in the program process, through the same client,
// request budget and configuration as the resources: an explicit `connection`, else stack config `chat:*`,
// else `CHAT_*` variables (provider/config.ts). Secrets in a result (API key values) make it a secret; a secret
// connection does not (it is read with, not returned).
import * as pulumi from "@pulumi/pulumi";
import type { z } from "zod";
import type { ApiKeyScope } from "../provider/api";
import { isNotFound } from "../provider/client";
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
import { clientContext, kinds } from "../provider/resources";
import type { AiAgentArgs } from "../provider/resources/ai-agent";
import type { ApiKeyArgs, ApiKeyOutputs } from "../provider/resources/api-key";
import type { AppArgs, AppOutputs } from "../provider/resources/app";
import type { BlockedUsersArgs } from "../provider/resources/blocked-users";
import type { BotArgs, BotOutputs } from "../provider/resources/bot";
import type { CollaboratorsArgs } from "../provider/resources/collaborators";
import type { ExternalAgentArgs } from "../provider/resources/external-agent";
import type { FriendsArgs } from "../provider/resources/friends";
import type { GroupArgs, GroupOutputs } from "../provider/resources/group";
import type { GroupBansArgs } from "../provider/resources/group-bans";
import type { Args, Ctx, Kind, Listed } from "../provider/resources/kind";
import {
  PINNED_CONVERSATIONS_ID,
  type PinnedConversationsArgs,
} from "../provider/resources/pinned-conversations";
import type { RoleArgs, RoleOutputs } from "../provider/resources/role";
import type { UserArgs, UserOutputs } from "../provider/resources/user";
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

/**
 * What a lookup returns of an object: the arguments and outputs of its kind's resource, as a refresh reads
 * them (empty values left out), with every part a resource may leave unmanaged (all of a role's set
 * permissions, a group's owner). Arguments the service never returns (`L`) are left out.
 */
type Info<A, O extends z.ZodType, L extends keyof A = never> = Omit<A, L> & z.output<O>;

export type UserInfo = Info<UserArgs, typeof UserOutputs, "permanentDelete">;
export type GroupInfo = Info<GroupArgs, typeof GroupOutputs, "password">;
export type RoleInfo = Info<RoleArgs, typeof RoleOutputs>;
/** A bot without its basic-auth password (it would make the whole result secret). */
export type BotInfo = Info<BotArgs, typeof BotOutputs, "password">;
/** A pinned conversation, as the app pins it for every user. */
export type PinnedConversationInfo = PinnedConversationsArgs["conversations"][number];
/** The key itself is in `apiKey`: a result holding keys is a secret. */
export type ApiKeyInfo = Info<ApiKeyArgs, typeof ApiKeyOutputs>;
export type AiAgentInfo = Info<AiAgentArgs, (typeof kinds.AiAgent)["outputs"]>;
/** Without `headers`: the service never returns them (so the result holds no secret). */
export type ExternalAgentInfo = Info<ExternalAgentArgs, (typeof kinds.ExternalAgent)["outputs"], "headers">;
/** A user's friends (every one, sorted; empty when none). */
export type FriendsInfo = Required<FriendsArgs>;
/** The users a user blocks (sorted; empty when none). */
export type BlockedUsersInfo = Required<BlockedUsersArgs>;
/** An app's admins and moderators by email (sorted; the owner is never among them). */
export type CollaboratorsInfo = Required<Omit<CollaboratorsArgs, "appId">> & { appId: string };
/** An app without its keys (they would make the whole result secret): an App resource outputs them. */
export type AppInfo = Omit<Info<AppArgs, typeof AppOutputs, "skipSampleData">, AppSecret>;
const APP_SECRETS = ["apiKey", "authKey", "connection"] as const;
type AppSecret = (typeof APP_SECRETS)[number];

/** Stack config of the running program, by full key (`chat:appId`). */
export const stackConfig: Lookup = (key) => {
  const i = key.indexOf(":");
  return new pulumi.Config(key.slice(0, i)).get(key.slice(i + 1));
};

/** Runs `use` with the app's client; a refused connection is one line naming the setting to fix. */
async function withChat<T>(
  what: string,
  conn: ChatConnectionInput | undefined,
  use: (ctx: Ctx, where: string) => Promise<T>,
): Promise<T> {
  const c = settle(what, () => resolveChatConnection(conn, stackConfig));
  try {
    const chat = chatClientFor(c, clientOptions(stackConfig));
    return await use(clientContext({ chat: () => chat }), `app ${chat.appId}`);
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
  use: (ctx: Ctx) => Promise<T>,
): Promise<T> {
  const m = settle(what, () => resolveManagementConnection(conn, stackConfig));
  try {
    const mgmt = managementClientFor(m, clientOptions(stackConfig));
    return await use(clientContext({ management: () => mgmt }));
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

/** An object as a lookup returns it: its whole read's arguments (sets sorted) and outputs, minus `leave`. */
function info<T>(kind: Kind, read: { args: Args; state: Args }, leave: readonly string[] = []): T {
  const out: Args = { ...read.args, ...read.state };
  for (const k of kind.sets ?? []) if (Array.isArray(out[k])) out[k] = [...(out[k] as string[])].sort();
  for (const k of [...(kind.local ?? []), ...leave]) delete out[k];
  return out as T;
}

/** The object `id` of `kind` as a whole read sees it (kind.ts); an error naming it when it is not there. */
async function readWhole<T>(
  kind: Kind,
  ctx: Ctx,
  id: string,
  what: string,
  where: string,
  leave: readonly string[] = [],
): Promise<T> {
  const read = await found(what, where, () => kind.read(ctx, id, {}, { whole: true }));
  return info<T>(kind, read, leave);
}

/** Every object of `kind` in `scope` (kind.ts `list`), sorted by id. */
function listOf(kind: Kind, ctx: Ctx, scope: Args): Promise<Listed[]> {
  if (!kind.list) throw new Error(`${kind.name} cannot be listed`);
  return kind.list(ctx, scope);
}

/** One user (with tags) by uid. A uid that does not exist (or is deactivated) is an error. */
export function getUser(args: { uid: pulumi.Input<string> } & ChatLookupArgs): pulumi.Output<UserInfo> {
  return lookup(args, (a) =>
    withChat("getUser", a.connection, (ctx, where) =>
      readWhole<UserInfo>(kinds.User, ctx, a.uid, `getUser: user "${a.uid}"`, where),
    ),
  );
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
    const users = await withChat("getUsers", a.connection, (ctx) =>
      listOf(kinds.User, ctx, {
        ...optional("role", a.role),
        ...(a.tags?.length ? { tags: a.tags } : {}),
        ...optional("searchKey", a.search),
      }),
    );
    return users.map((u) => info<UserInfo>(kinds.User, u));
  });
}

/** One group (with tags and owner) by guid. A guid that does not exist is an error. */
export function getGroup(args: { guid: pulumi.Input<string> } & ChatLookupArgs): pulumi.Output<GroupInfo> {
  return lookup(args, (a) =>
    withChat("getGroup", a.connection, (ctx, where) =>
      readWhole<GroupInfo>(kinds.Group, ctx, a.guid, `getGroup: group "${a.guid}"`, where),
    ),
  );
}

/** One role by id, with its restricted features and every permission it sets. A role that does not exist is an error. */
export function getRole(args: { role: pulumi.Input<string> } & ChatLookupArgs): pulumi.Output<RoleInfo> {
  return lookup(args, (a) =>
    withChat("getRole", a.connection, (ctx, where) =>
      readWhole<RoleInfo>(kinds.Role, ctx, a.role, `getRole: role "${a.role}"`, where),
    ),
  );
}

/** One bot by uid, without its password. A uid that is not a bot is an error. */
export function getBot(args: { uid: pulumi.Input<string> } & ChatLookupArgs): pulumi.Output<BotInfo> {
  return lookup(args, (a) =>
    withChat("getBot", a.connection, (ctx, where) =>
      readWhole<BotInfo>(kinds.Bot, ctx, a.uid, `getBot: bot "${a.uid}"`, where, ["password"]),
    ),
  );
}

/** The uids banned from a group, sorted. A guid that does not exist is an error. */
export function getGroupBans(args: { guid: pulumi.Input<string> } & ChatLookupArgs): pulumi.Output<string[]> {
  return lookup(args, async (a) => {
    const bans = await withChat("getGroupBans", a.connection, (ctx, where) =>
      readWhole<GroupBansArgs>(kinds.GroupBans, ctx, a.guid, `getGroupBans: group "${a.guid}"`, where),
    );
    return bans.uids;
  });
}

/** The conversations the app pins for every user, in display order (empty when none are pinned). */
export function getPinnedConversations(args: ChatLookupArgs = {}): pulumi.Output<PinnedConversationInfo[]> {
  return lookup(args, async (a) => {
    const pinned = await withChat("getPinnedConversations", a.connection, (ctx, where) =>
      readWhole<PinnedConversationsArgs>(
        kinds.PinnedConversations,
        ctx,
        PINNED_CONVERSATIONS_ID,
        "getPinnedConversations",
        where,
      ),
    );
    return pinned.conversations;
  });
}

export interface GetApiKeysArgs extends ChatLookupArgs {
  /** Only keys of this scope. */
  scope?: pulumi.Input<ApiKeyScope>;
  /** Only keys with exactly this name. */
  name?: pulumi.Input<string>;
}

/** The app's API keys (sorted by name, then by creation), values included: the result is a secret. */
export function getApiKeys(args: GetApiKeysArgs = {}): pulumi.Output<ApiKeyInfo[]> {
  const keys = lookup(args, async (a) => {
    const all = await withChat("getApiKeys", a.connection, (ctx) =>
      listOf(kinds.ApiKey, ctx, { ...optional("scope", a.scope), ...optional("name", a.name) }),
    );
    return all
      .map((k) => info<ApiKeyInfo>(kinds.ApiKey, k))
      .sort((x, y) => (x.name < y.name ? -1 : x.name > y.name ? 1 : x.createdAt - y.createdAt));
  });
  return pulumi.secret(keys);
}

export interface GetAgentsArgs extends ChatLookupArgs {
  /** Only agents with exactly this name. */
  name?: pulumi.Input<string>;
}

/** The app's agents of `kind` (sorted by uid), each as a whole read sees it. */
function agents<T>(what: string, kind: Kind, args: GetAgentsArgs): pulumi.Output<T[]> {
  return lookup(args, async (a) => {
    const all = await withChat(what, a.connection, (ctx) => listOf(kind, ctx, optional("name", a.name)));
    return all.map((x) => info<T>(kind, x));
  });
}

/** The app's agent-builder agents (AiAgent), sorted by uid; with `name`, those of exactly that name. */
export function getAiAgents(args: GetAgentsArgs = {}): pulumi.Output<AiAgentInfo[]> {
  return agents<AiAgentInfo>("getAiAgents", kinds.AiAgent, args);
}

/** The app's external (bring-your-own) agents, sorted by uid, without their headers (never returned). */
export function getExternalAgents(args: GetAgentsArgs = {}): pulumi.Output<ExternalAgentInfo[]> {
  return agents<ExternalAgentInfo>("getExternalAgents", kinds.ExternalAgent, args);
}

/** The app a management lookup reads: the given one, else chat:appId / CHAT_APP_ID. */
function appIdOf(what: string, given: string | undefined): string {
  const appId = given ?? configuredAppId(stackConfig);
  if (!appId) throw new pulumi.RunError(`${what}: no appId given, and no chat:appId (or CHAT_APP_ID) is set`);
  return appId;
}

/** An app by id (default: chat:appId / CHAT_APP_ID), through the management API. A missing app is an error. */
export function getApp(
  args: { appId?: pulumi.Input<string> } & ManagementLookupArgs = {},
): pulumi.Output<AppInfo> {
  return lookup(args, async (a) => {
    const appId = appIdOf("getApp", a.appId);
    const what = `getApp: app "${appId}"`;
    const read = await withManagement("getApp", a.managementConnection, (ctx) =>
      found(what, "the apps of these management credentials", () =>
        kinds.App.read(ctx, appId, {} as AppArgs, { whole: true }),
      ),
    );
    return info<AppInfo>(kinds.App, read, APP_SECRETS);
  });
}

/** A user's relation to others (Friends, BlockedUsers) as a whole read sees it, the set empty when none. */
function relation<T>(
  kind: Kind,
  field: string,
  what: string,
  uid: string,
  conn: ChatLookupArgs["connection"],
) {
  return withChat(what, conn as ChatConnectionInput | undefined, async (ctx, where) => ({
    [field]: [],
    ...(await readWhole<T>(kind, ctx, uid, `${what}: user "${uid}"`, where)),
  })) as Promise<T>;
}

/** Every friend of a user (friendship is mutual). A uid that does not exist is an error. */
export function getFriends(args: { uid: pulumi.Input<string> } & ChatLookupArgs): pulumi.Output<FriendsInfo> {
  return lookup(args, (a) =>
    relation<FriendsInfo>(kinds.Friends, "friends", "getFriends", a.uid, a.connection),
  );
}

/** The users a user blocks. A uid that does not exist is an error. */
export function getBlockedUsers(
  args: { uid: pulumi.Input<string> } & ChatLookupArgs,
): pulumi.Output<BlockedUsersInfo> {
  return lookup(args, (a) =>
    relation<BlockedUsersInfo>(kinds.BlockedUsers, "blockedUids", "getBlockedUsers", a.uid, a.connection),
  );
}

/** An app's admins and moderators by email (default app: chat:appId / CHAT_APP_ID), through the management API. */
export function getCollaborators(
  args: { appId?: pulumi.Input<string> } & ManagementLookupArgs = {},
): pulumi.Output<CollaboratorsInfo> {
  return lookup(args, async (a) => {
    const appId = appIdOf("getCollaborators", a.appId);
    const read = await withManagement("getCollaborators", a.managementConnection, (ctx) =>
      found(`getCollaborators: app "${appId}"`, "the apps of these management credentials", () =>
        kinds.Collaborators.read(ctx, appId, { appId }, { whole: true }),
      ),
    );
    return Object.assign({ admins: [], moderators: [] }, info<CollaboratorsInfo>(kinds.Collaborators, read));
  });
}

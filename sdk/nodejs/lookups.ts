// The friendlier names of the lookups, kept as they were before the generated `get<Kind>` and `list<Kind>`
// (sdk/nodejs/functions.ts): each reads through the same model and code (sdk/nodejs/read.ts) with its own arguments and
// result shape. What they never returned of an object is its kind's secrets (derived, not listed here) and
// its resource id.
import * as pulumi from "@pulumi/pulumi";
import type { z } from "zod";
import type { ApiKeyScope } from "../../provider/contract";
import type { kinds } from "../../provider/kinds";
import type { AiAgentArgs } from "../../provider/kinds/ai-agent";
import type { ApiKeyArgs, ApiKeyOutputs } from "../../provider/kinds/api-key";
import type { AppArgs, AppOutputs } from "../../provider/kinds/app";
import type { BlockedUsersArgs } from "../../provider/kinds/blocked-users";
import type { BotArgs, BotOutputs } from "../../provider/kinds/bot";
import type { CollaboratorsArgs } from "../../provider/kinds/collaborators";
import type { ExternalAgentArgs } from "../../provider/kinds/external-agent";
import type { FriendsArgs } from "../../provider/kinds/friends";
import type { GroupArgs, GroupOutputs } from "../../provider/kinds/group";
import type { GroupBansArgs } from "../../provider/kinds/group-bans";
import {
  PINNED_CONVERSATIONS_ID,
  type PinnedConversationsArgs,
} from "../../provider/kinds/pinned-conversations";
import type { RoleArgs, RoleOutputs } from "../../provider/kinds/role";
import type { UserArgs, UserOutputs } from "../../provider/kinds/user";
import { appIdOf, type ChatLookupArgs, type ManagementLookupArgs, readAll, readOne } from "./read";

export { type ChatLookupArgs, type ManagementLookupArgs, stackConfig } from "./read";

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
type AppSecret = "apiKey" | "authKey" | "connection";

/** `x` without its resource id, which these names never returned. */
function withoutId<T>(x: T & { id?: string }): T {
  const { id: _, ...rest } = x;
  return rest as T;
}
const withoutIds = <T>(xs: (T & { id?: string })[]): T[] => xs.map((x) => withoutId<T>(x));

/** One user (with tags) by uid. A uid that does not exist (or is deactivated) is an error. */
export function getUser(args: { uid: pulumi.Input<string> } & ChatLookupArgs): pulumi.Output<UserInfo> {
  return readOne<UserInfo>("User", args, { what: "getUser", noun: "user" }).apply(withoutId);
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
  const { search, tags, ...rest } = args;
  // No tags, or an empty list of them: no filter.
  const tagged = pulumi.output(tags).apply((t) => (t?.length ? t : undefined));
  return readAll<UserInfo>("User", { ...rest, searchKey: search, tags: tagged }, "getUsers").apply(
    withoutIds,
  );
}

/** One group (with tags and owner) by guid. A guid that does not exist is an error. */
export function getGroup(args: { guid: pulumi.Input<string> } & ChatLookupArgs): pulumi.Output<GroupInfo> {
  const naming = { what: "getGroup", noun: "group", withoutSecrets: true } as const;
  return readOne<GroupInfo>("Group", args, naming).apply(withoutId);
}

/** One role by id, with its restricted features and every permission it sets. A role that does not exist is an error. */
export function getRole(args: { role: pulumi.Input<string> } & ChatLookupArgs): pulumi.Output<RoleInfo> {
  return readOne<RoleInfo>("Role", args, { what: "getRole", noun: "role" }).apply(withoutId);
}

/** One bot by uid, without its password. A uid that is not a bot is an error. */
export function getBot(args: { uid: pulumi.Input<string> } & ChatLookupArgs): pulumi.Output<BotInfo> {
  const naming = { what: "getBot", noun: "bot", withoutSecrets: true } as const;
  return readOne<BotInfo>("Bot", args, naming).apply(withoutId);
}

/** The uids banned from a group, sorted. A guid that does not exist is an error. */
export function getGroupBans(args: { guid: pulumi.Input<string> } & ChatLookupArgs): pulumi.Output<string[]> {
  return readOne<GroupBansArgs>("GroupBans", args, { what: "getGroupBans", noun: "group" }).apply(
    (b) => b.uids,
  );
}

/** The conversations the app pins for every user, in display order (empty when none are pinned). */
export function getPinnedConversations(args: ChatLookupArgs = {}): pulumi.Output<PinnedConversationInfo[]> {
  const naming = { what: "getPinnedConversations", noun: "pinned conversations" };
  return readOne<PinnedConversationsArgs>(
    "PinnedConversations",
    { ...args, id: PINNED_CONVERSATIONS_ID },
    naming,
  ).apply((p) => p.conversations);
}

export interface GetApiKeysArgs extends ChatLookupArgs {
  /** Only keys of this scope. */
  scope?: pulumi.Input<ApiKeyScope>;
  /** Only keys with exactly this name. */
  name?: pulumi.Input<string>;
}

/** The app's API keys (sorted by name, then by creation), values included: the result is a secret. */
export function getApiKeys(args: GetApiKeysArgs = {}): pulumi.Output<ApiKeyInfo[]> {
  const keys = readAll<ApiKeyInfo>("ApiKey", args, "getApiKeys").apply((all) =>
    withoutIds(all).sort((x, y) => (x.name < y.name ? -1 : x.name > y.name ? 1 : x.createdAt - y.createdAt)),
  );
  // Secret even when there is no key (as it always was).
  return pulumi.secret(keys);
}

export interface GetAgentsArgs extends ChatLookupArgs {
  /** Only agents with exactly this name. */
  name?: pulumi.Input<string>;
}

/** The app's agent-builder agents (AiAgent), sorted by uid; with `name`, those of exactly that name. */
export function getAiAgents(args: GetAgentsArgs = {}): pulumi.Output<AiAgentInfo[]> {
  return readAll<AiAgentInfo>("AiAgent", args, "getAiAgents").apply(withoutIds);
}

/** The app's external (bring-your-own) agents, sorted by uid, without their headers (never returned). */
export function getExternalAgents(args: GetAgentsArgs = {}): pulumi.Output<ExternalAgentInfo[]> {
  return readAll<ExternalAgentInfo>("ExternalAgent", args, "getExternalAgents").apply(withoutIds);
}

/** An app by id (default: chat:appId / CHAT_APP_ID), through the management API. A missing app is an error. */
export function getApp(
  args: { appId?: pulumi.Input<string> } & ManagementLookupArgs = {},
): pulumi.Output<AppInfo> {
  const { appId, ...rest } = args;
  const id = pulumi.output(appId).apply((given) => appIdOf("getApp", given));
  const naming = { what: "getApp", noun: "app", withoutSecrets: true } as const;
  return readOne<AppInfo>("App", { ...rest, id }, naming).apply(withoutId);
}

/** Every friend of a user (friendship is mutual). A uid that does not exist is an error. */
export function getFriends(args: { uid: pulumi.Input<string> } & ChatLookupArgs): pulumi.Output<FriendsInfo> {
  return readOne<FriendsInfo>("Friends", args, { what: "getFriends", noun: "user" }).apply((f) =>
    Object.assign({ friends: [] }, withoutId(f)),
  );
}

/** The users a user blocks. A uid that does not exist is an error. */
export function getBlockedUsers(
  args: { uid: pulumi.Input<string> } & ChatLookupArgs,
): pulumi.Output<BlockedUsersInfo> {
  const naming = { what: "getBlockedUsers", noun: "user" };
  return readOne<BlockedUsersInfo>("BlockedUsers", args, naming).apply((b) =>
    Object.assign({ blockedUids: [] }, withoutId(b)),
  );
}

/** An app's admins and moderators by email (default app: chat:appId / CHAT_APP_ID), through the management API. */
export function getCollaborators(
  args: { appId?: pulumi.Input<string> } & ManagementLookupArgs = {},
): pulumi.Output<CollaboratorsInfo> {
  const naming = { what: "getCollaborators", noun: "app" };
  return readOne<CollaboratorsInfo>("Collaborators", args, naming).apply((c) =>
    Object.assign({ admins: [], moderators: [] }, withoutId(c)),
  );
}

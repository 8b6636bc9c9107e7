// pulumi-chat: Pulumi resources for a chat service. Import these in a Pulumi program.

/** The declared environment (chat-environment.yaml, or an object of its shape) as one component. */
export {
  Environment,
  type EnvironmentArgs,
  type EnvironmentSpec,
} from "../../provider/environment/component";
export type {
  ChatConnectionArgs,
  ChatResourceArgs,
  ManagementConnectionArgs,
  ManagementResourceArgs,
} from "../../provider/hosts/dynamic/resource";
export type { AppConnection } from "./connection";
// The lookups, `get<Kind>` and `list<Kind>` for every kind, generated from the function model
// (scripts/gen-functions.ts); all of them under `functions`, and at the top level each whose name is not one of
// the friendlier names below (an explicit export wins over `export *`: `getUser` stays `{ uid }` → UserInfo).
export * from "./functions";
export * as functions from "./functions";
// The resource classes and their argument types, generated from the kind declarations (scripts/gen-sdk.ts).
export * from "./kinds";
export {
  type AiAgentInfo,
  type ApiKeyInfo,
  type AppInfo,
  type BlockedUsersInfo,
  type BotInfo,
  type ChatLookupArgs,
  type CollaboratorsInfo,
  type ExternalAgentInfo,
  type FriendsInfo,
  type GetAgentsArgs,
  type GetApiKeysArgs,
  type GetUsersArgs,
  type GroupInfo,
  getAiAgents,
  getApiKeys,
  getApp,
  getBlockedUsers,
  getBot,
  getCollaborators,
  getExternalAgents,
  getFriends,
  getGroup,
  getGroupBans,
  getPinnedConversations,
  getRole,
  getUser,
  getUsers,
  type ManagementLookupArgs,
  type PinnedConversationInfo,
  type RoleInfo,
  type UserInfo,
} from "./lookups";
/** A seed file (users, groups, members, messages) as a few SeedData resources, one per bucket. */
export { type SeedFileArgs, seedData } from "./seed";

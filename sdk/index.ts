// pulumi-chat: Pulumi resources for a chat service. Import these in a Pulumi program.
export { ApiKey, type ApiKeyArgs } from "./apikey";
export { App, type AppArgs, type AppConnection } from "./app";
export { AuthToken, type AuthTokenArgs } from "./authtoken";
export { Group, type GroupArgs } from "./group";
export {
  type ApiKeyInfo,
  type AppInfo,
  type ChatLookupArgs,
  type GetApiKeysArgs,
  type GetUsersArgs,
  type GroupInfo,
  getApiKeys,
  getApp,
  getGroup,
  getRole,
  getUser,
  getUsers,
  type ManagementLookupArgs,
  type RoleInfo,
  type UserInfo,
} from "./lookups";
export { GroupMember, type GroupMemberArgs, GroupMembers, type GroupMembersArgs } from "./members";
export type {
  ChatConnectionArgs,
  ChatResourceArgs,
  ManagementConnectionArgs,
  ManagementResourceArgs,
} from "./resource";
export { Role, type RoleArgs } from "./role";
export { User, type UserArgs } from "./user";
export { Webhook, type WebhookArgs, WebhookTriggers, type WebhookTriggersArgs } from "./webhook";

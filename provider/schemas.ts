// The argument schemas of every resource kind, for programs that validate their own data files before
// declaring resources (the root project's environment file does). Same schemas the provider's check uses.

export { LIMITS, Region, TRIGGER_IDS, TriggerId } from "./api";
export { ApiKeyArgs } from "./resources/api-key";
export { AppArgs } from "./resources/app";
export { AppSettingsArgs } from "./resources/app-settings";
export { AuthTokenArgs } from "./resources/auth-token";
export { credentialFields, ExtensionArgs } from "./resources/extension";
export { GroupArgs } from "./resources/group";
export { GroupMemberArgs, GroupMembersArgs } from "./resources/members";
export { ModerationKeywordListArgs, ModerationRuleArgs } from "./resources/moderation";
export { NotificationSettingsArgs } from "./resources/notification-settings";
export { ApnsPushProviderArgs, FcmPushProviderArgs } from "./resources/push-provider";
export { RoleArgs } from "./resources/role";
export { GroupScopePermissionsArgs } from "./resources/scope-permissions";
export {
  CustomEmailProviderArgs,
  CustomPushProviderArgs,
  CustomSmsProviderArgs,
  SendGridEmailProviderArgs,
  TwilioSmsProviderArgs,
} from "./resources/singleton-providers";
export { WebhookTriggersArgs } from "./resources/triggers";
export { UserArgs } from "./resources/user";
export { WebhookArgs } from "./resources/webhook";

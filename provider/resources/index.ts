// Every resource kind, by type name. The type token of kind K is `pulumi-nodejs:dynamic/chat:K`.
import { aiAgent, externalAgent, mcpServer } from "./ai-agents";
import { apiKey } from "./api-key";
import { app } from "./app";
import { appSettings } from "./app-settings";
import { authToken } from "./auth-token";
import { bot } from "./bot";
import { collaborators } from "./collaborators";
import { extension } from "./extension";
import { group } from "./group";
import { groupBans } from "./group-bans";
import type { Kind } from "./kind";
import { groupMember, groupMembers } from "./members";
import { moderationKeywordList, moderationRule } from "./moderation";
import { notificationSettings } from "./notification-settings";
import { pinnedConversations } from "./pinned-conversations";
import { apnsPushProvider, fcmPushProvider } from "./push-provider";
import { role } from "./role";
import { groupScopePermissions } from "./scope-permissions";
import {
  customEmailProvider,
  customPushProvider,
  customSmsProvider,
  sendGridEmailProvider,
  twilioSmsProvider,
} from "./singleton-providers";
import { blockedUsers, friends } from "./social";
import { webhookTriggers } from "./triggers";
import { user } from "./user";
import { webhook } from "./webhook";

export const kinds = {
  App: app,
  User: user,
  Group: group,
  GroupMember: groupMember,
  GroupMembers: groupMembers,
  Friends: friends,
  BlockedUsers: blockedUsers,
  GroupBans: groupBans,
  Role: role,
  ApiKey: apiKey,
  Webhook: webhook,
  WebhookTriggers: webhookTriggers,
  AuthToken: authToken,
  Bot: bot,
  // App-level configuration.
  Extension: extension,
  AppSettings: appSettings,
  Collaborators: collaborators,
  GroupScopePermissions: groupScopePermissions,
  NotificationSettings: notificationSettings,
  FcmPushProvider: fcmPushProvider,
  ApnsPushProvider: apnsPushProvider,
  CustomPushProvider: customPushProvider,
  SendGridEmailProvider: sendGridEmailProvider,
  CustomEmailProvider: customEmailProvider,
  TwilioSmsProvider: twilioSmsProvider,
  CustomSmsProvider: customSmsProvider,
  ModerationKeywordList: moderationKeywordList,
  ModerationRule: moderationRule,
  // AI agents: the servers before the agents that name them.
  McpServer: mcpServer,
  AiAgent: aiAgent,
  ExternalAgent: externalAgent,
  PinnedConversations: pinnedConversations,
} as const satisfies Record<string, Kind>;

export type KindName = keyof typeof kinds;
export { type ContextClients, clientContext } from "./context";
export { type CredentialCheck, CrudProvider } from "./generic";

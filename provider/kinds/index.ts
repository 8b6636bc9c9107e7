// Every resource kind, by type name. The type token of kind K is `pulumi-nodejs:dynamic/chat:K`.

import type { Kind } from "../engine/kind";
import { agentApiTool } from "./agent-api-tool";
import { agentFrontendAction } from "./agent-frontend-action";
import { agentKnowledgeSource } from "./agent-knowledge-source";
import { agentVariable } from "./agent-variable";
import { aiAgent } from "./ai-agent";
import { apiKey } from "./api-key";
import { apnsPushProvider } from "./apns-push-provider";
import { app } from "./app";
import { appSettings } from "./app-settings";
import { authToken } from "./auth-token";
import { blockedUsers } from "./blocked-users";
import { bot } from "./bot";
import { chatWidget } from "./chat-widget";
import { collaborators } from "./collaborators";
import { customEmailProvider } from "./custom-email-provider";
import { customPushProvider } from "./custom-push-provider";
import { customSmsProvider } from "./custom-sms-provider";
import { extension } from "./extension";
import { externalAgent } from "./external-agent";
import { fcmPushProvider } from "./fcm-push-provider";
import { friends } from "./friends";
import { group } from "./group";
import { groupBans } from "./group-bans";
import { groupMember } from "./group-member";
import { groupMembers } from "./group-members";
import { groupScopePermissions } from "./group-scope-permissions";
import { mcpServer } from "./mcp-server";
import { moderationCustomApiList } from "./moderation-custom-api-list";
import { moderationKeywordList } from "./moderation-keyword-list";
import { moderationRule } from "./moderation-rule";
import { notificationSettings } from "./notification-settings";
import { pinnedConversations } from "./pinned-conversations";
import { role } from "./role";
import { seedData } from "./seed-data";
import { sendGridEmailProvider } from "./send-grid-email-provider";
import { twilioSmsProvider } from "./twilio-sms-provider";
import { user } from "./user";
import { webhook } from "./webhook";
import { webhookTriggers } from "./webhook-triggers";

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
  ModerationCustomApiList: moderationCustomApiList,
  ModerationRule: moderationRule,
  // AI agents: the servers before the agents that name them.
  McpServer: mcpServer,
  AiAgent: aiAgent,
  ExternalAgent: externalAgent,
  PinnedConversations: pinnedConversations,
  // The agent builder's knowledge base and variables (decision 0113).
  AgentKnowledgeSource: agentKnowledgeSource,
  AgentVariable: agentVariable,
  // Seed data: after the kinds a program declares one by one.
  SeedData: seedData,
  // Chat widgets (decision 0114).
  ChatWidget: chatWidget,
  // The agent builder's custom API tools and frontend actions (AiAgent names them: the graph orders them).
  AgentApiTool: agentApiTool,
  AgentFrontendAction: agentFrontendAction,
} as const satisfies Record<string, Kind>;

export type KindName = keyof typeof kinds;
export { type ContextClients, clientContext } from "../engine/context";
export { type CredentialCheck, CrudProvider } from "../engine/generic";

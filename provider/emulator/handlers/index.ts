// Every route of the route table has exactly one handler; the type below fails to compile otherwise.
import type { RouteName } from "../../contract";
import { agentKnowledgeHandlers } from "./agent-knowledge";
import { agentToolHandlers } from "./agent-tools";
import { aiAgentHandlers } from "./ai-agents";
import { apiKeyHandlers } from "./api-keys";
import { botHandlers } from "./bots";
import { campaignHandlers } from "./campaigns";
import { chatWidgetHandlers } from "./chat-widgets";
import { collaboratorHandlers } from "./collaborators";
import { dataImportHandlers } from "./data-import";
import { extensionHandlers } from "./extensions";
import { groupHandlers } from "./groups";
import { managementHandlers } from "./management";
import { messageHandlers } from "./messages";
import { metricsHandlers } from "./metrics";
import { moderationHandlers } from "./moderation";
import { moderationQueueHandlers } from "./moderation-queues";
import { notificationHandlers } from "./notifications";
import { pushCertificateHandlers } from "./push-certificates";
import { rbacHandlers } from "./rbac";
import { roleHandlers } from "./roles";
import { socialHandlers } from "./social";
import { userHandlers } from "./users";

export const handlers = {
  ...userHandlers,
  ...groupHandlers,
  ...roleHandlers,
  ...apiKeyHandlers,
  ...messageHandlers,
  ...managementHandlers,
  ...extensionHandlers,
  ...notificationHandlers,
  ...moderationHandlers,
  ...rbacHandlers,
  ...botHandlers,
  ...aiAgentHandlers,
  ...agentToolHandlers,
  ...socialHandlers,
  ...collaboratorHandlers,
  ...metricsHandlers,
  ...dataImportHandlers,
  ...agentKnowledgeHandlers,
  ...chatWidgetHandlers,
  ...moderationQueueHandlers,
  ...campaignHandlers,
  ...pushCertificateHandlers,
} as const satisfies { readonly [N in RouteName]: unknown };

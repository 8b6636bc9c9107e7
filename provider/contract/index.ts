// The route table: every operation of the chat API v3 and the management API this project uses.
import { agentKnowledgeRoutes, agentToolRoutes, aiAgentRoutes } from "./ai-agents";
import { apiKeyRoutes } from "./api-keys";
import { botRoutes } from "./bots";
import { chatWidgetRoutes } from "./chat-widgets";
import { collaboratorRoutes } from "./collaborators";
import { dataImportRoutes } from "./data-import";
import { extensionRoutes } from "./extensions";
import { groupRoutes } from "./groups";
import { managementRoutes } from "./management";
import { messageRoutes } from "./messages";
import { metricsRoutes } from "./metrics";
import { moderationRoutes } from "./moderation";
import { moderationQueueRoutes } from "./moderation-queues";
import { notificationRoutes } from "./notifications";
import { rbacRoutes } from "./rbac";
import { roleRoutes } from "./roles";
import { socialRoutes } from "./social";
import { userRoutes } from "./users";

export const routes = {
  ...userRoutes,
  ...groupRoutes,
  ...roleRoutes,
  ...apiKeyRoutes,
  ...messageRoutes,
  ...managementRoutes,
  ...extensionRoutes,
  ...notificationRoutes,
  ...moderationRoutes,
  ...rbacRoutes,
  ...botRoutes,
  ...aiAgentRoutes,
  ...agentToolRoutes,
  ...socialRoutes,
  ...collaboratorRoutes,
  ...metricsRoutes,
  ...dataImportRoutes,
  ...agentKnowledgeRoutes,
  ...chatWidgetRoutes,
  ...moderationQueueRoutes,
} as const;
export type Routes = typeof routes;
export type RouteName = keyof Routes;

export * from "./ai-agents";
export * from "./api-keys";
export * from "./bots";
export * from "./chat-widgets";
export * from "./closed-set";
export * from "./collaborators";
export * from "./common";
export * from "./data-import";
export * from "./errors";
export * from "./extension-settings";
export * from "./extensions";
export { DEFAULTS, type Defaults } from "./generated/defaults";
export { CREDENTIAL_HEADERS, SECRET_FIELDS, SECRET_PARAMETERS, SECRET_SCHEMES } from "./generated/secrets";
export * from "./groups";
export * from "./management";
export * from "./messages";
export * from "./metrics";
export * from "./moderation";
export * from "./moderation-queues";
export * from "./multipart";
export * from "./notifications";
export * from "./permission-entries";
export * from "./permissions";
export * from "./rbac";
export * from "./roles";
export * from "./route";
export * from "./route-families";
export * from "./secret";
export * from "./social";
export * from "./users";

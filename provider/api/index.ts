// The route table: every operation of the chat API v3 and the management API this project uses.
import { apiKeyRoutes } from "./api-keys";
import { extensionRoutes } from "./extensions";
import { groupRoutes } from "./groups";
import { managementRoutes } from "./management";
import { messageRoutes } from "./messages";
import { moderationRoutes } from "./moderation";
import { notificationRoutes } from "./notifications";
import { rbacRoutes } from "./rbac";
import { roleRoutes } from "./roles";
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
} as const;
export type Routes = typeof routes;
export type RouteName = keyof Routes;

export * from "./api-keys";
export * from "./common";
export * from "./errors";
export * from "./extension-settings";
export * from "./extensions";
export * from "./groups";
export * from "./management";
export * from "./messages";
export * from "./moderation";
export * from "./multipart";
export * from "./notifications";
export * from "./permissions";
export * from "./rbac";
export * from "./roles";
export * from "./route";
export * from "./secret";
export * from "./users";

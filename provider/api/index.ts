// The route table: every operation of the chat API v3 and the management API this project uses.
import { apiKeyRoutes } from "./apikeys";
import { groupRoutes } from "./groups";
import { managementRoutes } from "./management";
import { messageRoutes } from "./messages";
import { roleRoutes } from "./roles";
import { userRoutes } from "./users";

export const routes = {
  ...userRoutes,
  ...groupRoutes,
  ...roleRoutes,
  ...apiKeyRoutes,
  ...messageRoutes,
  ...managementRoutes,
} as const;
export type Routes = typeof routes;
export type RouteName = keyof Routes;

export * from "./apikeys";
export * from "./common";
export * from "./errors";
export * from "./groups";
export * from "./management";
export * from "./messages";
export * from "./roles";
export * from "./route";
export * from "./users";

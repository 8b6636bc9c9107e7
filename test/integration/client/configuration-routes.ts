// The app-configuration routes (extensions, notifications, moderation, group-scope permissions): called through
// the clients in configuration-operations.test.ts, so the other operations tests leave them out.
import {
  extensionRoutes,
  moderationRoutes,
  notificationRoutes,
  rbacRoutes,
} from "../../../provider/contract";

export const CONFIGURATION_ROUTES: readonly string[] = Object.keys({
  ...extensionRoutes,
  ...notificationRoutes,
  ...moderationRoutes,
  ...rbacRoutes,
});
export const isConfigurationRoute = (name: string): boolean => CONFIGURATION_ROUTES.includes(name);

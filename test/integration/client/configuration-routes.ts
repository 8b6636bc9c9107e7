// The app-configuration routes (extensions, notifications, moderation, group-scope permissions): called through
// the clients in configuration-operations.test.ts, so the other operations tests leave them out.
// The route table is one generated object; the areas are the emulator's handler files.
import { extensionHandlers } from "../../../provider/emulator/handlers/extensions";
import { moderationHandlers } from "../../../provider/emulator/handlers/moderation";
import { notificationHandlers } from "../../../provider/emulator/handlers/notifications";
import { rbacHandlers } from "../../../provider/emulator/handlers/rbac";

export const CONFIGURATION_ROUTES: readonly string[] = Object.keys({
  ...extensionHandlers,
  ...notificationHandlers,
  ...moderationHandlers,
  ...rbacHandlers,
});
export const isConfigurationRoute = (name: string): boolean => CONFIGURATION_ROUTES.includes(name);

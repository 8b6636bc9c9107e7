// Every resource kind, by type name. The type token of kind K is `pulumi-nodejs:dynamic/chat:K`.
import { apiKey } from "./apikey";
import { app } from "./app";
import { appSettings } from "./appsettings";
import { authToken } from "./authtoken";
import { extension } from "./extension";
import { group } from "./group";
import type { Kind } from "./kind";
import { groupMember, groupMembers } from "./members";
import { role } from "./role";
import { groupScopePermissions } from "./scopepermissions";
import { webhookTriggers } from "./triggers";
import { user } from "./user";
import { webhook } from "./webhook";

export const kinds = {
  App: app,
  User: user,
  Group: group,
  GroupMember: groupMember,
  GroupMembers: groupMembers,
  Role: role,
  ApiKey: apiKey,
  Webhook: webhook,
  WebhookTriggers: webhookTriggers,
  AuthToken: authToken,
  // Issue 12 part B: app configuration (extensions, app settings, group-scope RBAC).
  Extension: extension,
  AppSettings: appSettings,
  GroupScopePermissions: groupScopePermissions,
} as const satisfies Record<string, Kind>;

export type KindName = keyof typeof kinds;
export { CrudProvider } from "./generic";

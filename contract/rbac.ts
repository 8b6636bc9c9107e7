// RBAC for group scopes (chat API `/groups/{guid}/scopes/{scope}/permissions`, docs/service/roles-and-permissions.md): what the
// admins, moderators or participants of one group may do. The eleven keys and their values are the spec's
// (its catalogue example says 11 entries, and its set example names them). The catalogue machinery, shared
// with role permissions (roles.ts), is in permissions.ts.
import { z } from "zod";
import { dataOf, pageOf } from "./common";
import { OPERATIONS } from "./generated/routes";
import { MEMBER_SCOPES } from "./groups";
import {
  allowDeny,
  type PermissionCatalogue,
  PermissionEntry,
  Permissions,
  permissionsOf,
  settingSome,
  subset,
} from "./permissions";
import { route } from "./route";

const CALL_TYPES = ["audio", "video"] as const;

/** The permission catalogue of a group scope. */
export const SCOPE_PERMISSIONS = {
  sendMessage: allowDeny("Send messages in the group"),
  sendThreadedMessage: allowDeny("Reply in threads"),
  editMessage: allowDeny("Edit messages"),
  addReaction: allowDeny("React to messages"),
  listReactions: allowDeny("See who reacted"),
  "listReactions.allowedScopes": subset("Whose reactions may be listed, by scope", MEMBER_SCOPES),
  listMembers: allowDeny("List the group's members"),
  "listMembers.allowedScopes": subset("Which members may be listed, by scope", MEMBER_SCOPES),
  initiateCall: allowDeny("Start calls in the group"),
  "initiateCall.allowedScopes": subset("Whom calls may ring, by scope", MEMBER_SCOPES),
  "initiateCall.allowedType": subset("Which kinds of call may be started", CALL_TYPES),
} as const satisfies PermissionCatalogue;
export type ScopePermissionKey = keyof typeof SCOPE_PERMISSIONS;
export const SCOPE_PERMISSION_KEYS = Object.keys(SCOPE_PERMISSIONS) as ScopePermissionKey[];

/** `{<key>: value}`; unknown keys and values outside a key's list are refused, by name. */
export const ScopePermissions = settingSome(permissionsOf(SCOPE_PERMISSIONS));
export type ScopePermissions = z.input<typeof ScopePermissions>;

export const rbacRoutes = {
  getScopePermissions: route({ ...OPERATIONS.getScopePermissions, response: pageOf(PermissionEntry) }),
  setScopePermissions: route({
    ...OPERATIONS.setScopePermissions,
    body: z.strictObject({ permissions: ScopePermissions }), // Per key `{success, message}` beside the whole map.
    response: dataOf(z.looseObject({ permissions: Permissions })),
  }),
  unsetScopePermission: route({
    ...OPERATIONS.unsetScopePermission,
    response: dataOf(z.looseObject({ permissions: Permissions })),
  }),
} as const;

// Roles, their restricted features and RBAC permissions (docs/service/roles-and-permissions.md; the permission
// catalogue, decision 0064).
import { z } from "zod";
import {
  Ack,
  boundedString,
  chatId,
  dataOf,
  LIMITS,
  Metadata,
  oneOf,
  PageQuery,
  pageOf,
  requiredName,
  Timestamp,
} from "./common";
import { DEFAULTS } from "./generated/defaults";
import { OPERATIONS } from "./generated/routes";
import { GROUP_TYPES, MEMBER_SCOPES } from "./groups";
import { LISTED_CATEGORIES, MESSAGE_TYPES, RECEIVER_TYPES, SENT_CATEGORIES } from "./messages";
import {
  allowDeny,
  choice,
  type OpenValues,
  type PermissionCatalogue,
  PermissionEntry,
  Permissions,
  permissionsOf,
  settingSome,
  subset,
} from "./permissions";
import { route } from "./route";

export const RoleId = chatId("role");
/** The role a user has when its create names none (the document's default). */
export const DEFAULT_ROLE = DEFAULTS.User.role;

export const RoleSettings = z.strictObject({
  listUsers: oneOf(["all", "friendsOnly"], "listUsers").optional(),
  sendMessagesTo: oneOf(["all", "friendsOnly"], "sendMessagesTo").optional(),
});

const roleFields = {
  name: requiredName("name"),
  description: boundedString("description", LIMITS.descriptionLength).optional(),
  metadata: Metadata.optional(),
  settings: RoleSettings.optional(),
};
export const RoleCreate = z.strictObject({ role: RoleId, ...roleFields });
export type RoleCreate = z.input<typeof RoleCreate>;
export const ROLE_UNSETTABLE = ["settings", "description", "metadata"] as const;
export const RoleUpdate = z.strictObject({
  ...roleFields,
  name: roleFields.name.optional(),
  unset: z.array(z.enum(ROLE_UNSETTABLE)).optional(),
});
export type RoleUpdate = z.input<typeof RoleUpdate>;

export const Role = z.looseObject({
  role: z.string(),
  name: z.string(),
  description: z.string().optional(),
  metadata: z.record(z.string(), z.unknown()).optional(),
  settings: z.record(z.string(), z.unknown()).optional(),
  createdAt: Timestamp,
  updatedAt: Timestamp.optional(),
});
export type Role = z.infer<typeof Role>;

/** Feature keys such as `u.listUsers`. */
export const FeatureKey = z.string().regex(/^[a-z]+\.[A-Za-z]+$/, "a feature key looks like 'u.listUsers'");
export const RestrictedFeature = z.looseObject({
  key: z.string(),
  title: z.string().optional(),
  description: z.string().optional(),
  path: z.string().optional(),
  createdAt: Timestamp.optional(),
});

const MODES = ["all", "friends"] as const;
const roleIds: OpenValues = { rule: "role ids", item: chatId("a role id") };
const customTypes: OpenValues = {
  rule: "custom message types",
  item: z.string().min(1, "a custom message type must not be empty"),
};
const mimeTypes: OpenValues = {
  rule: "MIME types such as image/png",
  item: z.string().regex(/^[a-z]+\/[a-z0-9][a-z0-9.+-]*$/i, "a MIME type looks like 'image/png'"),
};

/**
 * The permission catalogue of a role (RBAC v2): the spec's 28 keys. Values and defaults the spec does not
 * give are the stricter reading (decision 0064).
 */
export const ROLE_PERMISSIONS = {
  listUsers: allowDeny("List users"),
  "listUsers.mode": choice("Which users may be listed", MODES, "all"),
  "listUsers.allowedRoles": subset("Users of which roles may be listed", roleIds),
  "getUserDetails.mode": choice("Whose details may be read", MODES, "all"),
  "getUserDetails.allowedRoles": subset("Details of users of which roles may be read", roleIds),
  sendMessage: allowDeny("Send messages"),
  "sendMessage.mode": choice("To whom messages may be sent", MODES, "all"),
  "sendMessage.allowedReceiverTypes": subset("To users, to groups, or both", RECEIVER_TYPES),
  "sendMessage.allowedReceiverRoles": subset("To users of which roles", roleIds),
  "sendMessage.allowedMessageTypes": subset("Which types of message may be sent", MESSAGE_TYPES),
  "sendMessage.allowedMessageCategories": subset("Which categories of message may be sent", SENT_CATEGORIES),
  "sendMessage.allowedCustomTypes": subset("Which custom message types may be sent", customTypes),
  "sendMessage.allowedMimeTypes": subset("Which kinds of attachment may be sent", mimeTypes),
  editMessage: allowDeny("Edit one's messages"),
  "editMessage.denyForScopes": subset("In groups, the scopes that may not edit", MEMBER_SCOPES),
  deleteMessage: allowDeny("Delete one's messages"),
  "deleteMessage.denyForScopes": subset("In groups, the scopes that may not delete", MEMBER_SCOPES),
  initiateCall: allowDeny("Start calls"),
  "initiateCall.mode": choice("Whom calls may ring", MODES, "all"),
  "initiateCall.allowedReceiverRoles": subset("Users of which roles calls may ring", roleIds),
  createGroup: allowDeny("Create groups"),
  "createGroup.allowedGroupTypes": subset("Which types of group may be created", GROUP_TYPES),
  listGroups: allowDeny("List groups"),
  "listGroups.allowedGroupTypes": subset("Which types of group may be listed", GROUP_TYPES),
  joinGroup: allowDeny("Join groups"),
  "joinGroup.allowedGroupTypes": subset("Which types of group may be joined", GROUP_TYPES),
  "listMessages.allowedMessageCategories": subset(
    "Which categories of message may be read",
    LISTED_CATEGORIES,
  ),
  "listMessages.allowedMessageTypes": subset("Which types of message may be read", MESSAGE_TYPES),
} as const satisfies PermissionCatalogue;
export type RolePermissionKey = keyof typeof ROLE_PERMISSIONS;
export const ROLE_PERMISSION_KEYS = Object.keys(ROLE_PERMISSIONS) as RolePermissionKey[];

/** `{<key>: value}` of a role; unknown keys and values outside a key's rule are refused, by name. */
export const RolePermissions = permissionsOf(ROLE_PERMISSIONS);
export type RolePermissions = z.input<typeof RolePermissions>;

export const roleRoutes = {
  createRole: route({ ...OPERATIONS.createRole, body: RoleCreate, response: dataOf(Role) }),
  listRoles: route({ ...OPERATIONS.listRoles, query: PageQuery, response: pageOf(Role) }),
  getRole: route({ ...OPERATIONS.getRole, response: dataOf(Role) }),
  updateRole: route({ ...OPERATIONS.updateRole, body: RoleUpdate, response: dataOf(Role) }),
  deleteRole: route({ ...OPERATIONS.deleteRole, response: dataOf(Ack) }),
  restrictFeatures: route({
    ...OPERATIONS.restrictFeatures,
    body: z.strictObject({ featuresToRestrict: z.array(FeatureKey).min(1) }),
    response: dataOf(z.record(z.string(), Ack)),
  }),
  listRestrictedFeatures: route({
    ...OPERATIONS.listRestrictedFeatures,
    query: PageQuery,
    response: pageOf(RestrictedFeature),
  }),
  allowFeatures: route({
    ...OPERATIONS.allowFeatures,
    body: z.strictObject({
      featuresToAllow: z.array(FeatureKey).optional(),
      allowAll: z.boolean().optional(),
    }),
    response: dataOf(Ack),
  }),
  getPermissions: route({
    ...OPERATIONS.getPermissions, // The catalogue, not the role's map: `value` on an entry is a GUESS (decision 0040).
    response: pageOf(PermissionEntry),
  }),
  setPermissions: route({
    ...OPERATIONS.setPermissions,
    body: z.strictObject({ permissions: settingSome(RolePermissions) }), // Per key `{success, message}` beside the whole map.
    response: dataOf(z.looseObject({ permissions: Permissions })),
  }),
  unsetPermission: route({
    ...OPERATIONS.unsetPermission,
    response: dataOf(z.looseObject({ permissions: Permissions })),
  }),
} as const;

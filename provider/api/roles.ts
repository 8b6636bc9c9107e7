// Roles, their restricted features and RBAC permissions (chat-api.md §6, §7.1, §7.2).
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
import { Permissions } from "./permissions";
import { route } from "./route";

export const RoleId = chatId("role");
export const DEFAULT_ROLE = "default";

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

export const roleRoutes = {
  createRole: route({
    api: "chat",
    method: "POST",
    path: "/roles",
    body: RoleCreate,
    response: dataOf(Role),
  }),
  listRoles: route({ api: "chat", method: "GET", path: "/roles", query: PageQuery, response: pageOf(Role) }),
  getRole: route({ api: "chat", method: "GET", path: "/roles/:role", response: dataOf(Role) }),
  updateRole: route({
    api: "chat",
    method: "PUT",
    path: "/roles/:role",
    body: RoleUpdate,
    response: dataOf(Role),
  }),
  deleteRole: route({ api: "chat", method: "DELETE", path: "/roles/:role", response: dataOf(Ack) }),
  restrictFeatures: route({
    api: "chat",
    method: "POST",
    path: "/roles/:role/restrictedfeatures",
    body: z.strictObject({ featuresToRestrict: z.array(FeatureKey).min(1) }),
    response: dataOf(z.record(z.string(), Ack)),
  }),
  listRestrictedFeatures: route({
    api: "chat",
    method: "GET",
    path: "/roles/:role/restrictedfeatures",
    query: PageQuery,
    response: pageOf(RestrictedFeature),
  }),
  allowFeatures: route({
    api: "chat",
    method: "DELETE",
    path: "/roles/:role/restrictedfeatures",
    body: z.strictObject({
      featuresToAllow: z.array(FeatureKey).optional(),
      allowAll: z.boolean().optional(),
    }),
    response: dataOf(Ack),
  }),
  getPermissions: route({
    api: "chat",
    method: "GET",
    path: "/roles/:role/permissions",
    response: dataOf(z.looseObject({ permissions: Permissions })),
  }),
  setPermissions: route({
    api: "chat",
    method: "PUT",
    path: "/roles/:role/permissions",
    body: z.strictObject({ permissions: Permissions }),
    response: dataOf(z.looseObject({ permissions: Permissions })),
  }),
  unsetPermission: route({
    api: "chat",
    method: "DELETE",
    path: "/roles/:role/permissions/:permission",
    response: dataOf(z.looseObject({ permissions: Permissions })),
  }),
} as const;

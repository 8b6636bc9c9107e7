// Roles, their restricted features and RBAC permissions (docs/service/roles-and-permissions.md; the permission
// catalogue, decision 0064). The schemas are generated from the document (provider/contract/generated/schemas.ts);
// this file names them, the catalogue is in catalogues.ts.
import type { z } from "zod";
import { DEFAULTS } from "./generated/defaults";
import * as ENUMS from "./generated/enums";
import * as G from "./generated/schemas";

export { ROLE_PERMISSION_KEYS, ROLE_PERMISSIONS, type RolePermissionKey } from "./catalogues";

export const RoleId = G.RoleId;
/** The role a user has when its create names none (the document's default). */
export const DEFAULT_ROLE = DEFAULTS.User.role;

export const RoleSettings = G.RoleSettings;

export const RoleCreate = G.RoleCreate;
export type RoleCreate = z.input<typeof RoleCreate>;
export const ROLE_UNSETTABLE = ENUMS.RoleUnsettable;
export const RoleUpdate = G.RoleUpdate;
export type RoleUpdate = z.input<typeof RoleUpdate>;

export const Role = G.Role;
export type Role = z.infer<typeof Role>;

/** Feature keys such as `u.listUsers`. */
export const FeatureKey = G.FeatureKey;
export const RestrictedFeature = G.RestrictedFeature;

/** `{<key>: value}` of a role; unknown keys and values outside a key's rule are refused, by name. */
export const RolePermissions = G.RolePermissions;
export type RolePermissions = z.input<typeof RolePermissions>;

// getPermissions answers the catalogue, not the role's map: `value` on an entry is a GUESS (decision 0040).
// setPermissions answers `{success, message}` per key beside the whole map.

// RBAC for group scopes (chat API `/groups/{guid}/scopes/{scope}/permissions`,
// docs/service/roles-and-permissions.md): what the admins, moderators or participants of one group may do.
// The schemas are generated from the document (provider/contract/generated/schemas.ts); the catalogue is in
// catalogues.ts, the machinery shared with role permissions in permissions.ts.
import type { z } from "zod";
import * as G from "./generated/schemas";

export { SCOPE_PERMISSION_KEYS, SCOPE_PERMISSIONS, type ScopePermissionKey } from "./catalogues";

/** `{<key>: value}`; unknown keys and values outside a key's list are refused, by name. */
export const ScopePermissions = G.ScopePermissions;
export type ScopePermissions = z.input<typeof ScopePermissions>;

// setScopePermissions answers `{success, message}` per key beside the whole map.

// RBAC for group scopes (docs/service/roles-and-permissions.md): the catalogue of a scope's permissions with what this group sets,
// setting them, and unsetting one. Stored, not enforced (like role permissions).
import { MEMBER_SCOPES, type MemberScope, SCOPE_PERMISSIONS } from "../../contract";
import { badRequest } from "../errors";
import type { AppRecord, GroupRecord } from "../state";
import { requireGroup } from "./lookup";
import { cataloguePage, requireKey } from "./permissions";
import type { ChatHandlers } from "./types";

const isScope = (s: string): s is MemberScope => (MEMBER_SCOPES as readonly string[]).includes(s);

/** The group and the permissions of one of its scopes (made on first use). */
function scopeOf(app: AppRecord, guid: string, scope: string) {
  const group: GroupRecord = requireGroup(app, guid);
  if (!isScope(scope)) throw badRequest({ scope: [`scope must be one of ${MEMBER_SCOPES.join(", ")}`] });
  group.scopePermissions ??= new Map();
  let perms = group.scopePermissions.get(scope);
  if (!perms) {
    perms = new Map();
    group.scopePermissions.set(scope, perms);
  }
  return { group, perms };
}

export const rbacHandlers = {
  getScopePermissions: ({ app, params }) => {
    const { perms } = scopeOf(app, params.guid, params.scope);
    return cataloguePage(SCOPE_PERMISSIONS, "scope", perms, app.createdAt);
  },

  setScopePermissions: ({ app, params, body }) => {
    const { group, perms } = scopeOf(app, params.guid, params.scope);
    const results: Record<string, { success: boolean; message: string }> = {};
    for (const [key, value] of Object.entries(body.permissions)) {
      if (value === undefined) continue;
      perms.set(key, value);
      results[key] = {
        success: true,
        message: `Permission ${key} set for ${params.scope}s of ${group.guid}.`,
      };
    }
    return { data: { ...results, permissions: Object.fromEntries(perms) } };
  },

  unsetScopePermission: ({ app, params }) => {
    const { perms } = scopeOf(app, params.guid, params.scope);
    requireKey(SCOPE_PERMISSIONS, params.permission, "group-scope");
    perms.delete(params.permission);
    return { data: { permissions: Object.fromEntries(perms) } };
  },
} satisfies ChatHandlers;

// Roles, their restricted features and RBAC permissions (docs/service/roles-and-permissions.md).
import { DEFAULT_ROLE, LIMITS, ROLE_PERMISSIONS, Role } from "../../contract";
import { ApiError, badRequest } from "../errors";
import { created, updated, viewOf } from "../records";
import type { RoleRecord } from "../state";
import { paginate } from "../views";
import { ack, requireRole } from "./lookup";
import { cataloguePage, requireKey } from "./permissions";
import type { ChatHandlers } from "./types";

const roleView = (r: RoleRecord) => viewOf(r, Role);

const permissionsOf = (r: RoleRecord) => Object.fromEntries(r.permissions);

/** Count limits have no documented code; ERR_PLAN_QUOTA_RESTRICTION is the plan-limit code the service has. */
export const quotaExceeded = (what: string, max: number) =>
  new ApiError("ERR_PLAN_QUOTA_RESTRICTION", `An app can have at most ${max} ${what}.`);

export const roleHandlers = {
  createRole: ({ app, body, env }) => {
    if (app.roles.has(body.role)) {
      throw new ApiError("ERR_ROLE_ALREADY_EXISTS", `The role ${body.role} already exists.`);
    }
    // The built-in `default` role counts towards the 25.
    if (app.roles.size >= LIMITS.rolesPerApp) throw quotaExceeded("roles", LIMITS.rolesPerApp);
    const now = env.now();
    const r: RoleRecord = created(
      body,
      {},
      {
        createdAt: now,
        updatedAt: now,
        restricted: new Map<string, number>(),
        permissions: new Map<string, string | string[]>(),
      },
    );
    app.roles.set(r.role, r);
    return { data: roleView(r) };
  },

  listRoles: ({ app, query }) => paginate(app.roles.values(), query, () => true, roleView),

  getRole: ({ app, params }) => ({ data: roleView(requireRole(app, params.role)) }),

  updateRole: ({ app, params, body, env }) => {
    const { unset, ...patch } = body;
    const r = updated(requireRole(app, params.role), patch, unset);
    r.updatedAt = env.now();
    return { data: roleView(r) };
  },

  deleteRole: ({ app, params }) => {
    const r = requireRole(app, params.role);
    if (r.role === DEFAULT_ROLE) {
      throw new ApiError("ERR_ROLE_DELETE_DENIED", "The default role cannot be deleted.");
    }
    // What happens to the holders is not documented; refusing is the stricter choice (README).
    for (const u of app.users.values()) {
      if (u.role === r.role) {
        throw new ApiError("ERR_ROLE_DELETE_FAILED", `The role ${r.role} is still assigned to users.`);
      }
    }
    app.roles.delete(r.role);
    return ack(`Role ${r.role} has been deleted successfully.`);
  },

  restrictFeatures: ({ app, params, body, env }) => {
    const r = requireRole(app, params.role);
    const data: Record<string, { success: boolean; message: string }> = {};
    for (const key of body.featuresToRestrict) {
      if (!r.restricted.has(key)) r.restricted.set(key, env.now());
      data[key] = { success: true, message: `Feature ${key} has been restricted for the role ${r.role}.` };
    }
    return { data };
  },

  listRestrictedFeatures: ({ app, params, query }) => {
    const r = requireRole(app, params.role);
    return paginate(
      r.restricted,
      query,
      () => true,
      ([key, createdAt]) => ({ key, createdAt }),
    );
  },

  allowFeatures: ({ app, params, body }) => {
    const r = requireRole(app, params.role);
    if (!body.allowAll && !body.featuresToAllow?.length) {
      throw badRequest({ featuresToAllow: ["featuresToAllow or allowAll is required"] });
    }
    if (body.allowAll) r.restricted.clear();
    for (const key of body.featuresToAllow ?? []) r.restricted.delete(key);
    return ack(`Features have been allowed for the role ${r.role}.`);
  },

  // The catalogue (docs/service/roles-and-permissions.md), with `value` on the keys the role sets.
  getPermissions: ({ app, params }) =>
    cataloguePage(ROLE_PERMISSIONS, "role", requireRole(app, params.role).permissions, app.createdAt),

  setPermissions: ({ app, params, body }) => {
    const r = requireRole(app, params.role);
    const results: Record<string, { success: boolean; message: string }> = {};
    for (const [key, value] of Object.entries(body.permissions)) {
      if (value === undefined) continue;
      r.permissions.set(key, value);
      results[key] = { success: true, message: `Permission ${key} has been set.` };
    }
    return { data: { ...results, permissions: permissionsOf(r) } };
  },

  unsetPermission: ({ app, params }) => {
    const r = requireRole(app, params.role);
    requireKey(ROLE_PERMISSIONS, params.permission, "role");
    r.permissions.delete(params.permission);
    return { data: { permissions: permissionsOf(r) } };
  },
} satisfies ChatHandlers;

// Role (docs/service/roles-and-permissions.md), with its restricted features and RBAC permissions. Identity: role
// (caller-chosen, lowercased, immutable). The built-in "default" role exists in every app and cannot be
// deleted: it is managed by adopting it (name, description, metadata, settings, restricted features and
// permissions), and deleting the resource leaves the role in place.
import { z } from "zod";
import {
  DEFAULT_ROLE,
  FeatureKey,
  LIMITS,
  type Permissions,
  ROLE_UNSETTABLE,
  type Role,
  RoleCreate,
  RolePermissions,
  setValues,
} from "../contract";
import { declare, none } from "../engine/fields";
import { type Args, type Ctx, createdAt, type Kind, partialCreate, type ReadHow } from "../engine/kind";
import type { Listing } from "../engine/listings";
import { collect, defined, fromRemote, hasCode, removed, sortedById } from "../engine/util";
import { managedNow, permissionChanges } from "./permissions";

export const RoleArgs = RoleCreate.extend({
  restrictedFeatures: z.array(FeatureKey).optional(),
  permissions: RolePermissions.optional(),
});
export type RoleArgs = z.output<typeof RoleArgs>;

/** Arguments read and written apart from the role's own record (features and RBAC permissions). */
const EXTRA = ["restrictedFeatures", "permissions"];
/** What the role's record holds under the arguments' names. */
const FIELDS = Object.keys(RoleArgs.shape).filter((k) => !EXTRA.includes(k));
const ROLES: Listing = { api: "chat", route: "listRoles", key: "role" };

/** What the service computes beside the arguments. */
export const RoleOutputs = z.object(createdAt);

async function features(ctx: Ctx, role: string): Promise<string[]> {
  const all = await ctx.chat().listAll("listRestrictedFeatures", { params: { role } });
  return all.map((f) => f.key).sort();
}

/**
 * The `managed` permission keys as the service holds them. The GET answers the catalogue: a key whose entry
 * has no `value` keeps `fallback`'s (decision 0064, as for group scopes in 0043).
 */
async function permissionsNow(ctx: Ctx, role: string, managed: Permissions, fallback = managed) {
  const entries = (await ctx.chat().call("getPermissions", { params: { role } })).data;
  return managedNow(entries, managed, fallback);
}

/** What the service holds now of what applyAccess manages: compared with, rather than the state. */
async function currentAccess(ctx: Ctx, role: string, olds: RoleArgs): Promise<Args> {
  const now: Args = { restrictedFeatures: await features(ctx, role) };
  if (olds.permissions) now.permissions = await permissionsNow(ctx, role, olds.permissions as Permissions);
  return now;
}

/**
 * Restricts and allows features and sets permissions from `have` (what the service holds) to `news`. Every
 * call is safe to repeat, so a run that failed part-way is finished by the next one.
 */
async function applyAccess(ctx: Ctx, role: string, have: Args, news: RoleArgs): Promise<void> {
  const before = new Set((have.restrictedFeatures as string[] | undefined) ?? []);
  const after = new Set(news.restrictedFeatures ?? []);
  const restrict = [...after].filter((f) => !before.has(f));
  const allow = [...before].filter((f) => !after.has(f));
  if (restrict.length)
    await ctx.chat().call("restrictFeatures", { params: { role }, body: { featuresToRestrict: restrict } });
  if (allow.length)
    await ctx.chat().call("allowFeatures", { params: { role }, body: { featuresToAllow: allow } });
  const perms = permissionChanges(
    (have.permissions as Permissions | undefined) ?? {},
    (news.permissions as Permissions | undefined) ?? {},
  );
  if (perms.set)
    await ctx.chat().call("setPermissions", { params: { role }, body: { permissions: perms.set } });
  for (const permission of perms.unset)
    await ctx.chat().call("unsetPermission", { params: { role, permission } });
}

/**
 * The role as read returns it (the one mapping: read, find and list), with its restricted features and, of
 * its permissions, the keys `prior` manages with `fallback` (see permissionsNow), or every set one (`whole`).
 */
async function asRead(
  ctx: Ctx,
  r: Role,
  prior: Partial<RoleArgs>,
  how: ReadHow = {},
  fallback?: Permissions,
) {
  const args = fromRemote(r, FIELDS) as RoleArgs;
  const restricted = await features(ctx, r.role);
  if (restricted.length || prior.restrictedFeatures) args.restrictedFeatures = restricted;
  if (how.whole) {
    const set = setValues((await ctx.chat().call("getPermissions", { params: { role: r.role } })).data);
    if (Object.keys(set).length) args.permissions = set;
  } else if (prior.permissions)
    // Only the keys this resource manages: every other key keeps the service's default.
    args.permissions = await permissionsNow(ctx, r.role, prior.permissions as Permissions, fallback);
  return { args, state: { createdAt: r.createdAt } };
}

/** The role `id` as read returns it (asRead). */
async function readRole(ctx: Ctx, id: string, prior: RoleArgs, how?: ReadHow, fallback?: Permissions) {
  const r = await ctx.listed(
    ROLES,
    id,
    async () => (await ctx.chat().call("getRole", { params: { role: id } })).data,
  );
  return asRead(ctx, r, prior, how, fallback);
}

const DEFAULT_ROLE_RULE = `the "${DEFAULT_ROLE}" role exists in every app and cannot be deleted: use adopt: true to manage it`;

export const role: Kind<RoleArgs> = {
  name: "Role",
  doc: "A role (at most 25 per app). Id: the role id.",
  ...declare(RoleArgs, RoleOutputs, {
    role: {
      doc: "Caller-chosen id: letters, digits, '-', '_', stored lowercase. \"default\" (the built-in role) only with adopt: true; destroy leaves it. Changing it replaces the role.",
      replace: true,
      identity: true,
    },
    name: { doc: "Display name." },
    description: { doc: "Description.", default: none },
    metadata: { doc: "Free-form JSON metadata.", default: none },
    settings: {
      doc: 'Legacy settings: listUsers and sendMessagesTo, each "all" or "friendsOnly".',
      default: none,
    },
    restrictedFeatures: {
      doc: 'Feature keys restricted for this role (a set), e.g. "u.listUsers".',
      default: none,
      set: true,
    },
    permissions: {
      doc: 'RBAC permissions this resource manages, e.g. { sendMessage: "deny", "sendMessage.allowedMessageTypes": ["text"] }; unknown keys and values are refused. Other keys keep their defaults; a key no longer declared is unset.',
      default: none,
    },
  }),
  api: "chat",
  file: { at: ["roles"], child: "role", output: "roles" },

  checkOptions(a, { adopt }) {
    if (a.role !== DEFAULT_ROLE || adopt === true) return [];
    return [
      {
        property: "role",
        reason: DEFAULT_ROLE_RULE,
      },
    ];
  },

  async create(ctx, a) {
    // Refused at check too (checkOptions); kept here for callers that create without checking.
    if (a.role === DEFAULT_ROLE) throw new Error(DEFAULT_ROLE_RULE);
    const r = await ctx.chat().call("createRole", { body: defined(a, EXTRA) as z.input<typeof RoleCreate> });
    try {
      await applyAccess(ctx, a.role, {}, a);
    } catch (e) {
      throw partialCreate(e, a.role, { ...defined(a, EXTRA), createdAt: r.data.createdAt });
    }
    return { id: r.data.role, state: { createdAt: r.data.createdAt } };
  },

  async read(ctx, id, prior, how) {
    return readRole(ctx, id, prior, how);
  },

  async list(ctx, _scope, progress) {
    const query = { perPage: LIMITS.perPageMax };
    const roles = await collect(ctx.chat().paginate("listRoles", { query }), LIMITS.perPageMax, progress);
    const read = await Promise.all(
      roles.map(async (r) => ({ id: r.role, ...(await asRead(ctx, r, {}, { whole: true })) })),
    );
    return sortedById(read);
  },

  async update(ctx, id, olds, news) {
    const unset = removed(olds, news, ROLE_UNSETTABLE);
    const body = { ...defined(news, ["role", ...EXTRA]), ...(unset.length ? { unset } : {}) };
    const r = await ctx.chat().call("updateRole", { params: { role: id }, body });
    await applyAccess(ctx, id, await currentAccess(ctx, id, olds), news);
    return { createdAt: r.data.createdAt };
  },

  async delete(ctx, id) {
    if (id === DEFAULT_ROLE) return; // adopted built-in role: it stays
    await ctx.chat().call("deleteRole", { params: { role: id } });
  },

  async find(ctx, a) {
    // The role as read() sees it (restricted features, the declared permission keys), so that adoption
    // reconciles them too: an undeclared restricted feature is allowed again, not left behind unseen.
    // A declared key the catalogue gives no `value` for reads as absent (no fallback), so it is written.
    try {
      return { id: a.role, args: (await readRole(ctx, a.role, a, {}, {})).args };
    } catch (e) {
      if (hasCode(e, "ERR_ROLE_NOT_FOUND")) return undefined;
      throw e;
    }
  },
};

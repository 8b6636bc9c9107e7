// GroupScopePermissions (chat API `/groups/{guid}/scopes/{scope}/permissions`, decision 0040): what the
// admins, moderators or participants of one group may do. Only the declared keys are managed (like
// Role.permissions). The GET answers the permission catalogue; an entry without `value` tells nothing about
// the current setting, so a key whose entry has none keeps the value in state (decision 0043). Removing a
// key, or deleting the resource, unsets it (back to the service's default). Id: "<guid>/<scope>".
import { z } from "zod";
import { Guid, MEMBER_SCOPES, MemberScope, type Permissions, ScopePermissions, setValues } from "../contract";
import { declare } from "../engine/fields";
import type { Ctx, Kind } from "../engine/kind";
import { hasCode, sortedById } from "../engine/util";
import { GuidScope, scopedGuids } from "./group";
import { managedNow, permissionChanges } from "./permissions";

export const GroupScopePermissionsArgs = z.strictObject({
  guid: Guid,
  scope: MemberScope,
  permissions: ScopePermissions,
});
export type GroupScopePermissionsArgs = z.output<typeof GroupScopePermissionsArgs>;
type Perms = Permissions;

const params = (a: GroupScopePermissionsArgs) => ({ guid: a.guid, scope: a.scope });

/** The managed keys as the service holds them; a key the catalogue gives no `value` for keeps `fallback`'s. */
async function current(ctx: Ctx, a: GroupScopePermissionsArgs, managed: Perms, fallback = managed) {
  const entries = (await ctx.chat().call("getScopePermissions", { params: params(a) })).data;
  return managedNow(entries, managed, fallback);
}

async function apply(ctx: Ctx, a: GroupScopePermissionsArgs, have: Perms): Promise<void> {
  const { set, unset: unsets } = permissionChanges(have, a.permissions as Perms);
  if (set) await ctx.chat().call("setScopePermissions", { params: params(a), body: { permissions: set } });
  for (const k of unsets) await unset(ctx, a, k);
}

async function unset(ctx: Ctx, a: GroupScopePermissionsArgs, permission: string): Promise<void> {
  try {
    await ctx.chat().call("unsetScopePermission", { params: { ...params(a), permission } });
  } catch (e) {
    // Already unset, or the group is gone: nothing left to undo (a repeat of a lost answer, 0022).
    if (!hasCode(e, "ERR_PERMISSION_NOT_FOUND", "ERR_GUID_NOT_FOUND")) throw e;
  }
}

export const groupScopePermissions: Kind<GroupScopePermissionsArgs> = {
  name: "GroupScopePermissions",
  doc: 'What the admins, moderators or participants of one group may do (the declared permissions only). Id: "<guid>/<scope>".',
  ...declare(GroupScopePermissionsArgs, z.object({}), {
    guid: { doc: "The group. Changing it replaces the resource.", replace: true, identity: true },
    scope: {
      doc: "The scope whose permissions these are. Changing it replaces the resource.",
      replace: true,
      identity: true,
    },
    permissions: {
      doc: 'The permissions this resource manages, e.g. { sendMessage: "deny", "initiateCall.allowedType": ["audio"] }; unknown keys and values are refused. A key no longer declared is unset (the default).',
    },
  }),
  api: "chat",
  idParts: ["guid", "scope"],
  file: {
    within: "Group",
    at: ["permissions"],
    one: true,
    only: "permissions",
    child: "permissions",
    per: { arg: "scope", fields: { admins: "admin", moderators: "moderator", participants: "participant" } },
  },

  async create(ctx, a) {
    await apply(ctx, a, {});
    return { id: `${a.guid}/${a.scope}`, state: {} };
  },
  async read(ctx, _id, prior, how) {
    const permissions = how?.whole
      ? setValues((await ctx.chat().call("getScopePermissions", { params: params(prior) })).data)
      : await current(ctx, prior, prior.permissions as Perms);
    return { args: { guid: prior.guid, scope: prior.scope, permissions }, state: {} };
  },
  async update(ctx, _id, olds, news) {
    await apply(ctx, news, await current(ctx, news, olds.permissions as Perms));
    return {};
  },
  async delete(ctx, _id, a) {
    for (const k of Object.keys(a.permissions)) await unset(ctx, a, k);
  },
  async find(ctx, a) {
    const permissions = await current(ctx, a, a.permissions as Perms, {});
    return { id: `${a.guid}/${a.scope}`, args: { ...a, permissions } };
  },
  listScope: GuidScope,
  async list(ctx, scope) {
    // The scopes of one group (`guid`), else of every group, that set any permission, with all they set.
    const out = [];
    for (const g of await scopedGuids(ctx, scope))
      for (const scope of MEMBER_SCOPES) {
        const permissions = setValues(
          (await ctx.chat().call("getScopePermissions", { params: { guid: g, scope } })).data,
        );
        if (Object.keys(permissions).length)
          out.push({ id: `${g}/${scope}`, args: { guid: g, scope, permissions }, state: {} });
      }
    return sortedById(out);
  },
};

// GroupMember: one membership, additive (membership.ts).
import { z } from "zod";
import { ConflictError } from "../client";
import { Guid, LIMITS, MemberScope as Scope, Timestamp, Uid } from "../contract";
import { declare } from "../engine/fields";
import type { Kind } from "../engine/kind";
import type { Listing } from "../engine/listings";
import { ALREADY_JOINED, addMembers, kick, setScope } from "./membership";

export const GroupMemberArgs = z.strictObject({ guid: Guid, uid: Uid, scope: Scope.default("participant") });
export type GroupMemberArgs = z.output<typeof GroupMemberArgs>;

export const groupMember: Kind<GroupMemberArgs> = {
  name: "GroupMember",
  doc: 'One membership, additive: other members of the group are left alone. Id: "<guid>/<uid>".',
  ...declare(GroupMemberArgs, z.object({ joinedAt: Timestamp.describe("Unix seconds (after a refresh).") }), {
    guid: { doc: "The group's guid. Changing it replaces the membership.", replace: true, identity: true },
    uid: { doc: "The member's uid. Changing it replaces the membership.", replace: true, identity: true },
    scope: { doc: "The member's scope; changed in place." },
  }),
  api: "chat",
  idParts: ["guid", "uid"],
  file: { omitted: "one membership: the file declares a group's whole member set (GroupMembers)" },

  async create(ctx, a) {
    const already = await addMembers(ctx.chat(), a.guid, new Map([[a.uid, a.scope]]));
    if (already.length === 0) return { id: `${a.guid}/${a.uid}`, state: {} };
    const found = await groupMember.read(ctx, "", a);
    // Already a member with the declared scope (the add's answer was lost, or another declaration added it):
    // done. With another scope it is someone else's membership: a conflict unless adopted.
    if (found?.args.scope !== a.scope) {
      throw new ConflictError({
        code: ALREADY_JOINED,
        message: `${a.uid} is already a member of ${a.guid} as ${found?.args.scope ?? "?"}, not ${a.scope}`,
      });
    }
    return { id: `${a.guid}/${a.uid}`, state: found?.state ?? {} };
  },
  async read(ctx, _id, prior) {
    // Every membership of a group is read from one listing of its members (listings.ts).
    const listing: Listing = {
      api: "chat",
      route: "listMembers",
      params: { guid: prior.guid },
      key: "uid",
      after: 1,
    };
    const m = await ctx.listed(listing, prior.uid, async () => {
      for await (const x of ctx
        .chat()
        .paginate("listMembers", { params: { guid: prior.guid }, query: { perPage: LIMITS.perPageMax } }))
        if (x.uid === prior.uid) return x;
      return undefined;
    });
    return (
      m && { args: { guid: prior.guid, uid: prior.uid, scope: m.scope }, state: { joinedAt: m.joinedAt } }
    );
  },
  async update(ctx, _id, _olds, news) {
    await setScope(ctx.chat(), news.guid, news.uid, news.scope);
    return {};
  },
  async delete(ctx, _id, a) {
    await kick(ctx.chat(), a.guid, a.uid);
  },
  async find(ctx, a) {
    const found = await groupMember.read(ctx, "", a);
    return found ? { id: `${a.guid}/${a.uid}`, args: found.args } : undefined;
  },
};

// GroupBans: the authoritative set of users banned from a group (docs/service/groups-and-members.md), like
// GroupMembers (group-members.ts): uids not declared are unbanned. Brought to the declaration from what the
// service holds now, one call per uid, each safe to repeat: a ban sent again after a lost answer
// (provider/client/recovery/table.ts) answers ERR_ALREADY_BANNED, an unban ERR_NOT_A_BANNED_USER; both
// are done. A ban also removes the user from the group's members (the service's rule).
import { z } from "zod";
import { isNotFound } from "../client";
import { Guid, LIMITS, Uid } from "../contract";
import { declare } from "../engine/fields";
import { type Ctx, type Kind, partialCreate } from "../engine/kind";
import { hasCode, sortedById } from "../engine/util";
import { GuidScope, scopedGuids } from "./group";

export const GroupBansArgs = z.strictObject({ guid: Guid, uids: z.array(Uid) });
export type GroupBansArgs = z.output<typeof GroupBansArgs>;

/** The uids banned from `guid` now, sorted. */
async function banned(ctx: Ctx, guid: string): Promise<string[]> {
  const users = await ctx
    .chat()
    .listAll("listBannedUsers", { params: { guid }, query: { perPage: LIMITS.perPageMax } });
  return users.map((u) => u.uid).sort();
}

async function ban(ctx: Ctx, guid: string, uid: string): Promise<void> {
  await ctx
    .chat()
    .call("banUser", { params: { guid, uid } })
    .catch((e: unknown) => {
      if (!hasCode(e, "ERR_ALREADY_BANNED")) throw e;
    });
}

/** Unbans; a user who is not banned (a repeated call, or the group or user is gone) is done. */
async function unban(ctx: Ctx, guid: string, uid: string): Promise<void> {
  await ctx
    .chat()
    .call("unbanUser", { params: { guid, uid } })
    .catch((e: unknown) => {
      if (!isNotFound(e)) throw e;
    });
}

/** Bans and unbans from what the service holds to `want`: a run that failed part-way is finished by the next. */
async function reconcile(ctx: Ctx, guid: string, want: readonly string[]): Promise<void> {
  const have = new Set(await banned(ctx, guid));
  const wanted = new Set(want);
  for (const uid of wanted) if (!have.has(uid)) await ban(ctx, guid, uid);
  for (const uid of have) if (!wanted.has(uid)) await unban(ctx, guid, uid);
}

export const groupBans: Kind<GroupBansArgs> = {
  name: "GroupBans",
  doc: "The authoritative set of users banned from a group: uids not declared here are unbanned. A banned user is no longer a member. Id: the guid.",
  ...declare(GroupBansArgs, z.object({}), {
    guid: { doc: "The group's guid. Changing it replaces the resource.", replace: true, identity: true },
    uids: { doc: "The uids banned from the group (a set; empty: nobody is banned).", set: true },
  }),
  api: "chat",
  file: {
    at: ["groupBans"],
    child: "group-bans",
    // The group and the users may be ones the file does not declare.
    refs: { guid: { kind: "Group", elsewhere: true }, uids: { kind: "User", elsewhere: true } },
  },

  async create(ctx, a) {
    try {
      await reconcile(ctx, a.guid, a.uids);
    } catch (e) {
      // Some bans may be in: record what is there, so the next up finishes the job.
      const now = await banned(ctx, a.guid).catch(() => []);
      throw partialCreate(e, a.guid, { guid: a.guid, uids: now });
    }
    return { id: a.guid, state: {} };
  },
  async read(ctx, id) {
    return { args: { guid: id, uids: await banned(ctx, id) }, state: {} };
  },
  async update(ctx, id, _olds, news) {
    await reconcile(ctx, id, news.uids);
    return {};
  },
  async delete(ctx, id, a) {
    for (const uid of new Set(a.uids)) await unban(ctx, id, uid);
  },
  async find(ctx, a) {
    const uids = await banned(ctx, a.guid).catch((e: unknown) => {
      if (isNotFound(e)) return undefined;
      throw e;
    });
    return uids && { id: a.guid, args: { guid: a.guid, uids } };
  },
  listScope: GuidScope,
  async list(ctx, scope) {
    // The bans of one group (`guid`), else of every group that bans anyone.
    const out = [];
    for (const g of await scopedGuids(ctx, scope)) {
      const uids = await banned(ctx, g);
      if (uids.length) out.push({ id: g, args: { guid: g, uids }, state: {} });
    }
    return sortedById(out);
  },
};

// GroupMembers: the whole member set of a group; members not declared are kicked (membership.ts).
import { z } from "zod";
import { isNotFound } from "../client";
import { Guid, type MemberScope, Uid } from "../contract";
import { declare, none } from "../engine/fields";
import {
  type Args,
  type CheckFailure,
  type Ctx,
  type FileEntryAt,
  type FilePath,
  type FileProblem,
  type Kind,
  partialCreate,
} from "../engine/kind";
import { GROUPS } from "./group";
import { addMembers, currentMembers, kick, SCOPE_KEY, setScope } from "./membership";

const uidList = z.array(Uid).optional();
export const GroupMembersArgs = z
  .strictObject({ guid: Guid, admins: uidList, moderators: uidList, participants: uidList })
  .refine(
    (a) => {
      const all = [...(a.admins ?? []), ...(a.moderators ?? []), ...(a.participants ?? [])];
      return new Set(all).size === all.length;
    },
    { message: "a uid may appear in only one of admins, moderators and participants" },
  );
export type GroupMembersArgs = z.output<typeof GroupMembersArgs>;

function declared(a: GroupMembersArgs): Map<string, MemberScope> {
  const m = new Map<string, MemberScope>();
  for (const uid of a.participants ?? []) m.set(uid, "participant");
  for (const uid of a.moderators ?? []) m.set(uid, "moderator");
  for (const uid of a.admins ?? []) m.set(uid, "admin");
  return m;
}

function asArgs(guid: string, members: ReadonlyMap<string, MemberScope>): GroupMembersArgs {
  const by = (s: MemberScope) =>
    [...members]
      .filter(([, scope]) => scope === s)
      .map(([uid]) => uid)
      .sort();
  const out: Args = { guid };
  for (const s of ["admin", "moderator", "participant"] as const) if (by(s).length) out[SCOPE_KEY[s]] = by(s);
  return out as GroupMembersArgs;
}

/** Members this resource manages: everyone but the group's owner, whom the service keeps as admin. */
async function managedMembers(ctx: Ctx, guid: string): Promise<Map<string, MemberScope>> {
  return (await membersAndOwner(ctx, guid)).members;
}

/** The group's owner, whom the service keeps as an admin. */
async function ownerOf(ctx: Ctx, guid: string): Promise<string | undefined> {
  const chat = ctx.chat();
  const group = await ctx.listed(
    GROUPS,
    guid,
    async () => (await chat.call("getGroup", { params: { guid } })).data,
  );
  return group.owner || undefined;
}

/** The members besides the owner, and the owner. */
async function membersAndOwner(
  ctx: Ctx,
  guid: string,
): Promise<{ members: Map<string, MemberScope>; owner: string | undefined }> {
  const [members, owner] = await Promise.all([currentMembers(ctx.chat(), guid), ownerOf(ctx, guid)]);
  if (owner) members.delete(owner);
  return { members, owner };
}

/**
 * The owner is always an admin: declared among the admins they are simply satisfied; declared among the
 * moderators or participants they are refused, naming the field (the service cannot change their scope).
 */
function ownerProblem(
  guid: string,
  want: ReadonlyMap<string, MemberScope>,
  owner: string | undefined,
): CheckFailure | undefined {
  const scope = owner ? want.get(owner) : undefined;
  if (!owner || !scope || scope === "admin") return undefined;
  return {
    property: SCOPE_KEY[scope],
    reason: `${owner} owns group ${guid} and is always one of its admins: list them under admins or not at all`,
  };
}

/**
 * Brings the group's members to `want`, from what the service holds now (not from what state says), so that
 * a run that failed part-way is finished by the next one. Members the service says were already in (a
 * repeated add after a lost answer) are read again and their scope set.
 */
async function reconcile(
  ctx: Ctx,
  guid: string,
  declaredMembers: ReadonlyMap<string, MemberScope>,
): Promise<void> {
  const chat = ctx.chat();
  const now = await membersAndOwner(ctx, guid);
  let have = now.members;
  const problem = ownerProblem(guid, declaredMembers, now.owner);
  if (problem) throw new Error(`${problem.property}: ${problem.reason}`);
  const want = new Map(declaredMembers);
  if (now.owner) want.delete(now.owner); // satisfied by being the owner
  const toAdd = new Map([...want].filter(([uid]) => !have.has(uid)));
  if ((await addMembers(chat, guid, toAdd)).length > 0) have = await managedMembers(ctx, guid);
  for (const [uid, scope] of want) {
    const current = have.get(uid);
    if (current && current !== scope) await setScope(chat, guid, uid, scope);
  }
  for (const uid of have.keys()) if (!want.has(uid)) await kick(chat, guid, uid);
}

/** The scope of each of the arguments' lists. */
const SCOPE_OF = Object.fromEntries(
  Object.entries(SCOPE_KEY).map(([scope, list]) => [list, scope as MemberScope]),
) as Record<(typeof SCOPE_KEY)[MemberScope], MemberScope>;

/**
 * A user the file both declares a group's member and bans from it (groupBans): the service refuses to add
 * a banned user (ERR_BANNED_GROUPMEMBER, docs/service/groups-and-members.md) and a ban removes a member, so
 * the two never both hold and an up would fail half-way. Said at the ban, naming the membership.
 */
function bannedMembers(members: readonly FileEntryAt[], bans: readonly FileEntryAt[]): FileProblem[] {
  const memberAt = new Map<string, FilePath>();
  for (const m of members)
    for (const list of Object.values(SCOPE_KEY))
      ((m.entry[list] as string[] | undefined) ?? []).forEach((uid, j) => {
        memberAt.set(`${String(m.holder?.entry.guid)}/${uid}`, [...m.path, list, j]);
      });
  return bans.flatMap((b) =>
    (b.entry.uids as string[]).flatMap((uid, i) => {
      const guid = String(b.entry.guid);
      const at = memberAt.get(`${guid}/${uid}`);
      return at === undefined
        ? []
        : [
            {
              path: [...b.path, "uids", i],
              message: `user "${uid}" is banned from group "${guid}" and declared its member: the service refuses to add a banned user (ERR_BANNED_GROUPMEMBER) and a ban removes a member; keep one of the two`,
              also: [at],
            },
          ];
    }),
  );
}

export const groupMembers: Kind<GroupMembersArgs> = {
  name: "GroupMembers",
  doc: "The authoritative member set of a group: members not declared here are removed (the group's owner is left alone). Added at most 25 per call; a member the service refuses is reported by uid. Id: the guid.",
  ...declare(GroupMembersArgs, z.object({}), {
    guid: { doc: "The group's guid. Changing it replaces the resource.", replace: true, identity: true },
    admins: {
      doc: "uids with scope admin (a set). The group's owner may be listed here (not under the other scopes).",
      default: none,
      set: true,
    },
    moderators: { doc: "uids with scope moderator (a set).", default: none, set: true },
    participants: { doc: "uids with scope participant (a set).", default: none, set: true },
  }),
  api: "chat",
  file: {
    within: "Group",
    at: ["members"],
    one: true,
    child: "members",
    // The whole member set: a scope left out has no members.
    empty: ["admins", "moderators", "participants"],
    refs: {
      admins: { kind: "User", noun: "user" },
      moderators: { kind: "User", noun: "user" },
      participants: { kind: "User", noun: "user" },
    },
    // Per uid, in the file's words (the arguments' own rule names no uid); the group's owner (its entry's
    // `owner`) under another scope than admins, which validate finds only by asking the service.
    rule: (entries) =>
      entries.flatMap(({ entry, path, holder }) => {
        const seen = new Set<string>();
        const owner = holder?.entry.owner;
        return (["admins", "moderators", "participants"] as const).flatMap((scope) =>
          ((entry[scope] as string[] | undefined) ?? []).flatMap((uid, j): FileProblem[] => {
            const again = seen.has(uid);
            seen.add(uid);
            if (again)
              return [{ path: [...path, scope, j], message: `user "${uid}" appears in more than one scope` }];
            const guid = String(holder?.entry.guid);
            const problem =
              uid === owner ? ownerProblem(guid, new Map([[uid, SCOPE_OF[scope]]]), uid) : undefined;
            return problem && holder
              ? [{ path: [...path, scope, j], message: problem.reason, also: [[...holder.path, "owner"]] }]
              : [];
          }),
        );
      }),
    against: { kind: "GroupBans", rule: bannedMembers },
  },

  async validate(ctx, a) {
    const problem = ownerProblem(a.guid, declared(a), await ownerOf(ctx, a.guid));
    return problem ? [problem] : [];
  },

  async create(ctx, a) {
    try {
      await reconcile(ctx, a.guid, declared(a));
    } catch (e) {
      // Some members may be in: record what is there, so the next up finishes the job.
      const now = await managedMembers(ctx, a.guid).catch(() => new Map<string, MemberScope>());
      throw partialCreate(e, a.guid, asArgs(a.guid, now));
    }
    return { id: a.guid, state: {} };
  },
  async read(ctx, id, prior) {
    const { members, owner } = await membersAndOwner(ctx, id);
    // An owner declared among the admins is satisfied by being the owner.
    if (owner && prior.admins?.includes(owner)) members.set(owner, "admin");
    return { args: asArgs(id, members), state: {} };
  },
  async update(ctx, id, _olds, news) {
    await reconcile(ctx, id, declared(news));
    return {};
  },
  async delete(ctx, id, a) {
    const owner = await ownerOf(ctx, id).catch((e: unknown) => {
      if (!isNotFound(e)) throw e;
      return undefined; // the group is gone, and its members with it
    });
    // The owner stays: the service keeps them as an admin.
    for (const uid of declared(a).keys()) if (uid !== owner) await kick(ctx.chat(), id, uid);
  },
};

// Group membership, two ways (bug class 7, docs/bug-classes.md):
// - GroupMember: one membership, additive (other members of the group are left alone).
// - GroupMembers: the authoritative member set of a group: members not declared are kicked.
// Adds are batched at most 25 uids per call; the API answers 200 with a result per member, and any member
// that failed is reported by uid and code rather than silently dropped.
import { z } from "zod";
import {
  Guid,
  LIMITS,
  type MemberScope,
  type MembersBody,
  MemberScope as Scope,
  Timestamp,
  Uid,
} from "../api";
import { type ChatClient, ConflictError, isNotFound } from "../client";
import { GROUPS } from "./group";
import { type Args, type CheckFailure, type Ctx, type Kind, partialCreate } from "./kind";
import type { Listing } from "./listings";
import { hasCode } from "./util";

const SCOPE_KEY = { admin: "admins", moderator: "moderators", participant: "participants" } as const;

/**
 * Adds members in batches of at most 25; throws one error naming every member that failed. Returns the uids
 * the service reported as already members: after a lost answer the add is sent again
 * (provider/client/recovery/table.ts), and the members the first attempt added answer so; the caller checks
 * their scope.
 */
async function addMembers(
  chat: ChatClient,
  guid: string,
  wanted: ReadonlyMap<string, MemberScope>,
): Promise<string[]> {
  const entries = [...wanted];
  const failed: string[] = [];
  const already: string[] = [];
  for (let i = 0; i < entries.length; i += LIMITS.membersPerCall) {
    const body: { admins?: string[]; moderators?: string[]; participants?: string[] } = {};
    for (const [uid, scope] of entries.slice(i, i + LIMITS.membersPerCall)) {
      const key = SCOPE_KEY[scope];
      body[key] = [...(body[key] ?? []), uid];
    }
    const r = await chat.call("addMembers", { params: { guid }, body: body as MembersBody });
    for (const key of Object.values(SCOPE_KEY)) {
      for (const [uid, result] of Object.entries(r.data[key] ?? {})) {
        if (result.success) continue;
        if (result.error?.code === ALREADY_JOINED) already.push(uid);
        else failed.push(`${uid} (${result.error?.code ?? "failed"}: ${result.error?.message ?? ""})`);
      }
    }
  }
  if (failed.length > 0) throw new Error(`group ${guid}: could not add ${failed.join(", ")}`);
  return already;
}
const ALREADY_JOINED = "ERR_ALREADY_JOINED";

/** Sets a member's scope; one that is already set (a repeated call after a lost answer) is done. */
async function setScope(chat: ChatClient, guid: string, uid: string, scope: MemberScope): Promise<void> {
  await chat.call("changeMemberScope", { params: { guid, uid }, body: { scope } }).catch((e: unknown) => {
    if (!hasCode(e, "ERR_SAME_SCOPE")) throw e;
  });
}

/** Removes a member; one that is already gone (a repeated call after a lost answer) is done. */
async function kick(chat: ChatClient, guid: string, uid: string): Promise<void> {
  await chat.call("kickMember", { params: { guid, uid } }).catch((e: unknown) => {
    if (!isNotFound(e)) throw e;
  });
}

/** Every member of a group with its scope, page by page. */
async function currentMembers(chat: ChatClient, guid: string): Promise<Map<string, MemberScope>> {
  const members = new Map<string, MemberScope>();
  for await (const m of chat.paginate("listMembers", {
    params: { guid },
    query: { perPage: LIMITS.perPageMax },
  })) {
    members.set(m.uid, m.scope);
  }
  return members;
}

// ---- GroupMember ----

export const GroupMemberArgs = z.strictObject({ guid: Guid, uid: Uid, scope: Scope.default("participant") });
export type GroupMemberArgs = z.output<typeof GroupMemberArgs>;

export const groupMember: Kind<GroupMemberArgs> = {
  name: "GroupMember",
  doc: 'One membership, additive: other members of the group are left alone. Id: "<guid>/<uid>".',
  docs: {
    guid: "The group's guid. Changing it replaces the membership.",
    uid: "The member's uid. Changing it replaces the membership.",
    scope: "admin, moderator or participant (default); changed in place.",
  },
  outputs: z.object({ joinedAt: Timestamp.describe("Unix seconds (after a refresh).") }),
  api: "chat",
  args: GroupMemberArgs,
  replaceOn: ["guid", "uid"],
  identity: ["guid", "uid"],
  idParts: ["guid", "uid"],
  defaults: { scope: "participant" },

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

// ---- GroupMembers ----

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

export const groupMembers: Kind<GroupMembersArgs> = {
  name: "GroupMembers",
  doc: "The authoritative member set of a group: members not declared here are removed (the group's owner is left alone). Added at most 25 per call; a member the service refuses is reported by uid. Id: the guid.",
  docs: {
    guid: "The group's guid. Changing it replaces the resource.",
    admins:
      "uids with scope admin (a set). The group's owner may be listed here (not under the other scopes).",
    moderators: "uids with scope moderator (a set).",
    participants: "uids with scope participant (a set).",
  },
  outputs: z.object({}),
  api: "chat",
  args: GroupMembersArgs,
  replaceOn: ["guid"],
  identity: ["guid"],
  sets: ["admins", "moderators", "participants"],

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

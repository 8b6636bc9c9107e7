// Group membership, two ways (design.md bug class 7):
// - GroupMember: one membership, additive (other members of the group are left alone).
// - GroupMembers: the authoritative member set of a group: members not declared are kicked.
// Adds are batched at most 25 uids per call; the API answers 200 with a result per member, and any member
// that failed is reported by uid and code rather than silently dropped.
import { z } from "zod";
import { Guid, LIMITS, type MemberScope, type MembersBody, MemberScope as Scope, Uid } from "../api";
import { type ChatClient, isNotFound } from "../client";
import { type Args, type CheckFailure, type Kind, partialCreate } from "./kind";

const SCOPE_KEY = { admin: "admins", moderator: "moderators", participant: "participants" } as const;

/** Adds members in batches of at most 25; throws one error naming every member that failed. */
async function addMembers(
  chat: ChatClient,
  guid: string,
  wanted: ReadonlyMap<string, MemberScope>,
): Promise<void> {
  const entries = [...wanted];
  const failed: string[] = [];
  for (let i = 0; i < entries.length; i += LIMITS.membersPerCall) {
    const body: { admins?: string[]; moderators?: string[]; participants?: string[] } = {};
    for (const [uid, scope] of entries.slice(i, i + LIMITS.membersPerCall)) {
      const key = SCOPE_KEY[scope];
      body[key] = [...(body[key] ?? []), uid];
    }
    const r = await chat.call("addMembers", { params: { guid }, body: body as MembersBody });
    for (const key of Object.values(SCOPE_KEY)) {
      for (const [uid, result] of Object.entries(r.data[key] ?? {})) {
        if (!result.success)
          failed.push(`${uid} (${result.error?.code ?? "failed"}: ${result.error?.message ?? ""})`);
      }
    }
  }
  if (failed.length > 0) throw new Error(`group ${guid}: could not add ${failed.join(", ")}`);
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
  api: "chat",
  args: GroupMemberArgs,
  replaceOn: ["guid", "uid"],
  identity: ["guid", "uid"],
  defaults: { scope: "participant" },

  async create(ctx, a) {
    await addMembers(ctx.chat(), a.guid, new Map([[a.uid, a.scope]]));
    return { id: `${a.guid}/${a.uid}`, state: {} };
  },
  async read(ctx, _id, prior) {
    for await (const m of ctx
      .chat()
      .paginate("listMembers", { params: { guid: prior.guid }, query: { perPage: LIMITS.perPageMax } })) {
      if (m.uid === prior.uid)
        return {
          args: { guid: prior.guid, uid: prior.uid, scope: m.scope },
          state: { joinedAt: m.joinedAt },
        };
    }
    return undefined;
  },
  async update(ctx, _id, _olds, news) {
    await ctx
      .chat()
      .call("changeMemberScope", { params: { guid: news.guid, uid: news.uid }, body: { scope: news.scope } });
    return {};
  },
  async delete(ctx, _id, a) {
    await ctx.chat().call("kickMember", { params: { guid: a.guid, uid: a.uid } });
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
async function managedMembers(chat: ChatClient, guid: string): Promise<Map<string, MemberScope>> {
  return (await membersAndOwner(chat, guid)).members;
}

/** The members besides the owner, and the owner (whom the service keeps as an admin). */
async function membersAndOwner(
  chat: ChatClient,
  guid: string,
): Promise<{ members: Map<string, MemberScope>; owner: string | undefined }> {
  const [members, group] = await Promise.all([
    currentMembers(chat, guid),
    chat.call("getGroup", { params: { guid } }),
  ]);
  const owner = group.data.owner || undefined;
  if (owner) members.delete(owner);
  return { members, owner };
}

/**
 * The owner is always an admin: listed under admins they are simply satisfied; listed under moderators or
 * participants they are refused, naming the field (the service would refuse the add or the scope change).
 */
function ownerProblem(a: GroupMembersArgs, owner: string | undefined): CheckFailure | undefined {
  if (!owner) return undefined;
  for (const key of ["moderators", "participants"] as const) {
    if (a[key]?.includes(owner))
      return {
        property: key,
        reason: `${owner} owns group ${a.guid} and is always one of its admins: list them under admins or not at all`,
      };
  }
  return undefined;
}

async function reconcile(chat: ChatClient, a: GroupMembersArgs): Promise<void> {
  const guid = a.guid;
  const { members: have, owner } = await membersAndOwner(chat, guid);
  const problem = ownerProblem(a, owner);
  if (problem) throw new Error(`${problem.property}: ${problem.reason}`);
  const want = declared(a);
  if (owner) want.delete(owner);
  const toAdd = new Map([...want].filter(([uid]) => !have.has(uid)));
  await addMembers(chat, guid, toAdd);
  for (const [uid, scope] of want) {
    const current = have.get(uid);
    if (current && current !== scope)
      await chat.call("changeMemberScope", { params: { guid, uid }, body: { scope } });
  }
  for (const uid of have.keys()) if (!want.has(uid)) await chat.call("kickMember", { params: { guid, uid } });
}

export const groupMembers: Kind<GroupMembersArgs> = {
  name: "GroupMembers",
  api: "chat",
  args: GroupMembersArgs,
  replaceOn: ["guid"],
  identity: ["guid"],
  sets: ["admins", "moderators", "participants"],

  async validate(ctx, a) {
    const { owner } = await membersAndOwner(ctx.chat(), a.guid);
    const problem = ownerProblem(a, owner);
    return problem ? [problem] : [];
  },

  async create(ctx, a) {
    try {
      await reconcile(ctx.chat(), a);
    } catch (e) {
      // Some members may be in: record what is there, so the next up finishes the job.
      const now = await managedMembers(ctx.chat(), a.guid).catch(() => new Map<string, MemberScope>());
      throw partialCreate(e, a.guid, asArgs(a.guid, now));
    }
    return { id: a.guid, state: {} };
  },
  async read(ctx, id, prior) {
    const { members, owner } = await membersAndOwner(ctx.chat(), id);
    // An owner declared among the admins is satisfied by being the owner.
    if (owner && prior.admins?.includes(owner)) members.set(owner, "admin");
    return { args: asArgs(id, members), state: {} };
  },
  async update(ctx, id, _olds, news) {
    await reconcile(ctx.chat(), { ...news, guid: id });
    return {};
  },
  async delete(ctx, id, a) {
    const owner = await ctx
      .chat()
      .call("getGroup", { params: { guid: id } })
      .then((g) => g.data.owner)
      .catch((e: unknown) => {
        if (!isNotFound(e)) throw e;
        return undefined;
      });
    for (const uid of declared(a).keys()) {
      if (uid === owner) continue; // the owner stays (the service keeps them as admin)
      await ctx
        .chat()
        .call("kickMember", { params: { guid: id, uid } })
        .catch((e: unknown) => {
          if (!isNotFound(e)) throw e; // already gone
        });
    }
  },
};

// Relations between users as whole sets (docs/service/bots-agents-and-social.md, decision 0090), reconciled
// like GroupMembers (members.ts): from what the service holds now, so a run that failed part-way is finished
// by the next one, and every write is safe to repeat.
// - Friends: every friend of one user. Friendship is mutual: adding B to A's friends makes A a friend of B,
//   and removing it removes both sides.
// - BlockedUsers: every user one user blocks (one way).
// Adds and removals name at most 25 uids per call; a uid the service refuses is reported by uid and code.
import { z } from "zod";
import { LIMITS, type RelationResult, Uid } from "../api";
import { type ChatClient, isNotFound } from "../client";
import { type Args, type Ctx, type Kind, partialCreate } from "./kind";
import { user } from "./user";
import { hasCode, sortedById } from "./util";

/** One relation of a user to a set of others, as the service keeps it. */
interface Relation {
  /** The argument holding the set. */
  readonly field: string;
  /** What failed adds are called in errors. */
  readonly verb: string;
  current(chat: ChatClient, uid: string): Promise<Set<string>>;
  add(chat: ChatClient, uid: string, uids: string[]): Promise<Record<string, RelationResult>>;
  remove(chat: ChatClient, uid: string, uids: string[]): Promise<void>;
  /** A per-uid answer to an add that means it is already done (a repeated add after a lost answer). */
  readonly already?: string;
}

type RelationArgs = Args & { uid: string };

/** The argument schema: the user, and the set; no uid twice, never the user themself. */
function relationArgs(field: string, self: string, max?: number) {
  const set = z.array(Uid);
  return z
    .strictObject({
      uid: Uid,
      [field]: (max === undefined ? set : set.max(max, `${field} may name at most ${max} uids`)).optional(),
    })
    .superRefine((a, ctx) => {
      const list = (a[field] as string[] | undefined) ?? [];
      list.forEach((uid, i) => {
        if (list.indexOf(uid) !== i)
          ctx.addIssue({ code: "custom", path: [field, i], message: `${uid} is listed twice` });
        if (uid === a.uid) ctx.addIssue({ code: "custom", path: [field, i], message: self });
      });
    });
}

const chunks = (uids: readonly string[]) => {
  const out: string[][] = [];
  for (let i = 0; i < uids.length; i += LIMITS.relationsPerCall)
    out.push(uids.slice(i, i + LIMITS.relationsPerCall));
  return out;
};

/** Adds in batches; throws one error naming every uid the service refused (but for "already" answers). */
async function addAll(r: Relation, chat: ChatClient, uid: string, uids: readonly string[]): Promise<void> {
  const failed: string[] = [];
  for (const batch of chunks(uids))
    for (const [other, result] of Object.entries(await r.add(chat, uid, batch)))
      if (!result.success && result.error?.code !== r.already)
        failed.push(`${other} (${result.error?.code ?? "failed"}: ${result.error?.message ?? ""})`);
  if (failed.length > 0) throw new Error(`user ${uid}: could not ${r.verb} ${failed.join(", ")}`);
}

async function removeAll(r: Relation, chat: ChatClient, uid: string, uids: readonly string[]): Promise<void> {
  for (const batch of chunks(uids)) await r.remove(chat, uid, batch);
}

/** Every uid the page-based listing `route` holds for `uid`. */
async function listed(
  chat: ChatClient,
  route: "listFriends" | "listBlockedUsers",
  uid: string,
): Promise<Set<string>> {
  const out = new Set<string>();
  for await (const u of chat.paginate(route, { params: { uid }, query: { perPage: LIMITS.perPageMax } }))
    out.add(u.uid);
  return out;
}

const asArgs = (r: Relation, uid: string, have: ReadonlySet<string>): RelationArgs =>
  (have.size ? { uid, [r.field]: [...have].sort() } : { uid }) as RelationArgs;

/** Brings the user's relation to `want`, from what the service holds now. */
async function reconcile(r: Relation, ctx: Ctx, uid: string, want: readonly string[]): Promise<void> {
  const chat = ctx.chat();
  const have = await r.current(chat, uid);
  await addAll(
    r,
    chat,
    uid,
    want.filter((u) => !have.has(u)),
  );
  await removeAll(
    r,
    chat,
    uid,
    [...have].filter((u) => !want.includes(u)),
  );
}

/** The kind of a relation: id and identity the uid; the set is the whole relation. */
function relationKind(
  r: Relation,
  decl: Pick<Kind<RelationArgs>, "name" | "doc" | "docs" | "file"> & { args: z.ZodType },
): Kind<RelationArgs> {
  const want = (a: Args) => (a[r.field] as string[] | undefined) ?? [];
  const read = async (ctx: Ctx, uid: string) => ({
    args: asArgs(r, uid, await r.current(ctx.chat(), uid)),
    state: {},
  });
  return {
    ...decl,
    args: decl.args as unknown as Kind<RelationArgs>["args"],
    outputs: z.object({}),
    api: "chat",
    replaceOn: ["uid"],
    identity: ["uid"],
    sets: [r.field],

    async create(ctx, a) {
      try {
        await reconcile(r, ctx, a.uid, want(a));
      } catch (e) {
        // Some may be in: record what is there, so the next up finishes the job.
        const now = await r.current(ctx.chat(), a.uid).catch(() => new Set<string>());
        throw partialCreate(e, a.uid, asArgs(r, a.uid, now));
      }
      return { id: a.uid, state: {} };
    },
    read: (ctx, id) => read(ctx, id),
    async update(ctx, id, _olds, news) {
      await reconcile(r, ctx, id, want(news));
      return {};
    },
    async delete(ctx, id, a) {
      let have: Set<string>;
      try {
        have = await r.current(ctx.chat(), id);
      } catch (e) {
        if (isNotFound(e)) return; // the user is gone, and their relations with them
        throw e;
      }
      // Only what this resource declared, and only what is still there.
      await removeAll(
        r,
        ctx.chat(),
        id,
        want(a).filter((u) => have.has(u)),
      );
    },
    async find(ctx, a) {
      try {
        return { id: a.uid, args: (await read(ctx, a.uid)).args };
      } catch (e) {
        if (isNotFound(e)) return undefined;
        throw e;
      }
    },
    async list(ctx) {
      // Every active user (the listing the context already holds, when User.list ran), each one's relation
      // read at once: the client's budget keeps to the app's limits.
      const users = (await user.list?.(ctx, {})) ?? [];
      const all = await Promise.all(users.map(async (u) => ({ id: u.id, ...(await read(ctx, u.id)) })));
      return sortedById(all.filter((l) => l.args[r.field]));
    },
  };
}

// ---- Friends ----

const FRIENDS: Relation = {
  field: "friends",
  verb: "befriend",
  already: "ERR_ALREADY_FRIEND",
  current: (chat, uid) => listed(chat, "listFriends", uid),
  add: async (chat, uid, accepted) =>
    (await chat.call("addFriends", { params: { uid }, body: { accepted } })).data.accepted,
  async remove(chat, uid, friends) {
    try {
      await chat.call("removeFriends", { params: { uid }, body: { friends } });
    } catch (e) {
      // All or nothing: one that is no longer a friend (a repeated call after a lost answer, or the other
      // side removed it) fails the call. Remove those still there.
      if (!hasCode(e, "ERR_NOT_A_FRIEND")) throw e;
      const have = await FRIENDS.current(chat, uid);
      const left = friends.filter((f) => have.has(f));
      if (left.length) await chat.call("removeFriends", { params: { uid }, body: { friends: left } });
    }
  },
};

export const FriendsArgs = relationArgs(
  "friends",
  "a user cannot be their own friend",
  LIMITS.friendsPerUser,
);
export type FriendsArgs = { uid: string; friends?: string[] | undefined };

export const friends: Kind<RelationArgs> = relationKind(FRIENDS, {
  name: "Friends",
  doc: "Every friend of one user: friends not declared here are removed. Friendship is mutual: adding B to A's friends makes A a friend of B, and removing it removes both sides. So when both users have a Friends resource, each must list the other or neither, or the two undo each other at every up (the environment file refuses such a pair, naming both users). Id: the uid.",
  docs: {
    uid: "The user whose friends these are. Changing it replaces the resource.",
    friends:
      "uids of the user's friends (a set, at most 1000; never the user themself). Each friend also has this user among their friends.",
  },
  args: FriendsArgs,
  file: { at: ["friends"], child: "friends", refs: { uid: { kind: "User" } } },
});

// ---- BlockedUsers ----

const BLOCKS: Relation = {
  field: "blockedUids",
  verb: "block",
  current: (chat, uid) => listed(chat, "listBlockedUsers", uid),
  add: async (chat, uid, blockedUids) =>
    (await chat.call("blockUsers", { params: { uid }, body: { blockedUids } })).data,
  async remove(chat, uid, blockedUids) {
    // Unblocking one who is not blocked succeeds (decision 0090): safe to repeat.
    const r = await chat.call("unblockUsers", { params: { uid }, body: { blockedUids } });
    const failed = Object.entries(r.data).filter(([, x]) => !x.success && !isNotFoundCode(x));
    if (failed.length)
      throw new Error(
        `user ${uid}: could not unblock ${failed.map(([u, x]) => `${u} (${x.error?.code}: ${x.error?.message ?? ""})`).join(", ")}`,
      );
  },
};
/** An unblock of a user that no longer exists: nothing is left to unblock. */
const isNotFoundCode = (x: RelationResult) => x.error?.code === "ERR_UID_NOT_FOUND";

export const BlockedUsersArgs = relationArgs("blockedUids", "a user cannot block themselves");
export type BlockedUsersArgs = { uid: string; blockedUids?: string[] | undefined };

export const blockedUsers: Kind<RelationArgs> = relationKind(BLOCKS, {
  name: "BlockedUsers",
  doc: "Every user one user blocks (one way: the blocked users' own blocks are theirs); users not declared here are unblocked. Id: the uid.",
  docs: {
    uid: "The user who blocks. Changing it replaces the resource.",
    blockedUids: "uids this user blocks (a set; never the user themself).",
  },
  args: BlockedUsersArgs,
  file: { at: ["blockedUsers"], child: "blocked-users", refs: { uid: { kind: "User" } } },
});

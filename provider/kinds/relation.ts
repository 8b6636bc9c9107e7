// Relations between users as whole sets (docs/service/bots-agents-and-social.md, decision 0090), reconciled
// like GroupMembers (group-members.ts): from what the service holds now, so a run that failed part-way is finished
// by the next one, and every write is safe to repeat.
// - Friends: every friend of one user. Friendship is mutual: adding B to A's friends makes A a friend of B,
//   and removing it removes both sides.
// - BlockedUsers: every user one user blocks (one way).
// Adds and removals name at most 25 uids per call; a uid the service refuses is reported by uid and code.
import { z } from "zod";
import { type ChatClient, isNotFound } from "../client";
import { LIMITS, type RelationResult, Uid } from "../contract";
import { type ArgsSchema, type Declared, declare, type Facts } from "../engine/fields";
import { type Args, type Ctx, type Kind, partialCreate } from "../engine/kind";
import { sortedById } from "../engine/util";
import { user } from "./user";

/** One relation of a user to a set of others, as the service keeps it. */
export interface Relation {
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

export type RelationArgs = Args & { uid: string };

/** The argument schema: the user, and the set; no uid twice, never the user themself. */
export function relationArgs(field: string, self: string, max?: number) {
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
export async function listed(
  chat: ChatClient,
  route: "listFriends" | "listBlockedUsers",
  uid: string,
): Promise<Set<string>> {
  const out = new Set<string>();
  for await (const u of chat.paginate(route, { params: { uid }, query: { perPage: LIMITS.perPageMax } }))
    out.add(u.uid);
  return out;
}

export const asArgs = (r: Relation, uid: string, have: ReadonlySet<string>): RelationArgs =>
  (have.size ? { uid, [r.field]: [...have].sort() } : { uid }) as RelationArgs;

/** Brings the user's relation to `want`, from what the service holds now. */
export async function reconcile(r: Relation, ctx: Ctx, uid: string, want: readonly string[]): Promise<void> {
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
export function relationKind<A extends RelationArgs>(
  r: Relation,
  decl: Pick<Kind<RelationArgs>, "name" | "doc" | "file"> & { args: z.ZodType; facts: Facts<A> },
): Kind<RelationArgs> {
  const want = (a: Args) => (a[r.field] as string[] | undefined) ?? [];
  const read = async (ctx: Ctx, uid: string) => ({
    args: asArgs(r, uid, await r.current(ctx.chat(), uid)),
    state: {},
  });
  return {
    name: decl.name,
    doc: decl.doc,
    file: decl.file,
    // The argument schema is built for the relation's field name, so its type is stated (A) and `declare`
    // checks at load that the facts name the schema's arguments.
    ...(declare(decl.args as unknown as ArgsSchema<A>, z.object({}), decl.facts) as unknown as Declared<
      RelationArgs,
      z.ZodObject
    >),
    api: "chat",

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

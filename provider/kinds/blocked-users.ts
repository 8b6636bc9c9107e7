// BlockedUsers: every user one user blocks, as a whole set (relation.ts).
import type { RelationResult } from "../contract";
import { none } from "../engine/fields";
import type { Kind } from "../engine/kind";
import { listed, type Relation, type RelationArgs, relationArgs, relationKind } from "./relation";

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

export const blockedUsers: Kind<RelationArgs> = relationKind<BlockedUsersArgs>(BLOCKS, {
  name: "BlockedUsers",
  doc: "Every user one user blocks (one way: the blocked users' own blocks are theirs); users not declared here are unblocked. Id: the uid.",
  facts: {
    uid: { doc: "The user who blocks. Changing it replaces the resource.", replace: true, identity: true },
    blockedUids: { doc: "uids this user blocks (a set; never the user themself).", default: none, set: true },
  },
  args: BlockedUsersArgs,
  file: {
    at: ["blockedUsers"],
    child: "blocked-users",
    refs: { uid: { kind: "User" }, blockedUids: { kind: "User", noun: "user" } },
  },
});

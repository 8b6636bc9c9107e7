// Friends: every friend of one user, as a whole set (relation.ts).
import { LIMITS } from "../contract";
import { none } from "../engine/fields";
import type { Kind } from "../engine/kind";
import { hasCode } from "../engine/util";
import { listed, type Relation, type RelationArgs, relationArgs, relationKind } from "./relation";

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

export const friends: Kind<RelationArgs> = relationKind<FriendsArgs>(FRIENDS, {
  name: "Friends",
  doc: "Every friend of one user: friends not declared here are removed. Friendship is mutual: adding B to A's friends makes A a friend of B, and removing it removes both sides. So when both users have a Friends resource, each must list the other or neither, or the two undo each other at every up (the environment file refuses such a pair, naming both users). Id: the uid.",
  facts: {
    uid: {
      doc: "The user whose friends these are. Changing it replaces the resource.",
      replace: true,
      identity: true,
    },
    friends: {
      doc: "uids of the user's friends (a set; never the user themself). Each friend also has this user among their friends.",
      default: none,
      set: true,
    },
  },
  args: FriendsArgs,
  file: {
    at: ["friends"],
    child: "friends",
    refs: { uid: { kind: "User" }, friends: { kind: "User", noun: "user" } },
    // Two entries that disagree would undo each other at every up.
    rule: (entries) => {
      const friendsOf = new Map(
        entries.map(({ entry }) => [String(entry.uid), (entry.friends as string[] | undefined) ?? []]),
      );
      return entries.flatMap(({ entry, path }) =>
        ((entry.friends as string[] | undefined) ?? []).flatMap((other, j) =>
          friendsOf.get(other)?.includes(String(entry.uid)) === false
            ? [
                {
                  path: [...path, "friends", j],
                  message: `"${String(entry.uid)}" lists "${other}" as a friend but the friends of "${other}" do not list "${String(entry.uid)}": friendship is mutual, so the two entries would undo each other; list each in the other's friends, or neither`,
                },
              ]
            : [],
        ),
      );
    },
  },
});

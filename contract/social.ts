// Relations between users (friends, blocks) and the conversations the app pins for every user
// (docs/service/bots-agents-and-social.md).
import { z } from "zod";
import { Ack, dataOf, LIMITS, oneOf, PageQuery, pageOf, Timestamp } from "./common";
import * as ENUMS from "./generated/enums";
import { OPERATIONS } from "./generated/routes";
import { route } from "./route";
import { Uid, User } from "./users";

/** A list of uids in one relation call: 1 to 25 (docs/service/bots-agents-and-social.md). */
const uidList = (what: string) =>
  z
    .array(Uid)
    .min(1, `${what} must name at least one uid`)
    .max(LIMITS.relationsPerCall, `${what} may name at most ${LIMITS.relationsPerCall} uids`);

/** One uid's outcome in a relation call: a failure for one uid does not fail the call. */
export const RelationResult = z.looseObject({
  success: z.boolean(),
  message: z.string().optional(),
  error: z.looseObject({ code: z.string(), message: z.string().optional() }).optional(),
});
export type RelationResult = z.infer<typeof RelationResult>;
const resultsByUid = z.record(z.string(), RelationResult);

export const AddFriendsBody = z.strictObject({ accepted: uidList("accepted") });
export const RemoveFriendsBody = z.strictObject({ friends: uidList("friends") });
export const BlockBody = z.strictObject({ blockedUids: uidList("blockedUids") });

export const FriendListQuery = PageQuery.extend({ searchKey: z.string().optional() });

/** A user as a blocked-users listing shows it: the relation's fields beside the user's. */
export const BlockedUser = User.extend({
  blockedByMe: z.boolean().optional(),
  blockedByMeAt: Timestamp.optional(),
  blockedAt: Timestamp.optional(),
});

// ---- conversations the app pins for every user ----------------------------------------------------------

export const PinnedConversationType = oneOf(ENUMS.PinnedConversationType, "conversationType");
export const PinnedConversationRef = z.strictObject({
  conversationType: PinnedConversationType,
  /** The uid or guid every user sees the pinned conversation with. */
  conversationWith: z.string().min(1, "conversationWith must not be empty"),
});
export type PinnedConversationRef = z.input<typeof PinnedConversationRef>;

/** The whole list, in display order: at most 5, no repeats (decision 0090). */
export const PinnedConversationsBody = z.strictObject({
  conversations: z
    .array(PinnedConversationRef)
    // `params.code`: the service answers this case with its own code (docs/service/bots-agents-and-social.md).
    .refine((cs) => cs.length <= LIMITS.appPinnedConversations, {
      message: `at most ${LIMITS.appPinnedConversations} conversations can be pinned for the app`,
      params: { code: "ERR_SYSTEM_PINNED_CONVERSATIONS_LIMIT_EXCEEDED" },
    })
    .refine(
      (cs) =>
        new Set(cs.map((c) => `${c.conversationType}:${c.conversationWith.toLowerCase()}`)).size ===
        cs.length,
      { message: "a conversation is listed twice" },
    ),
});
export type PinnedConversationsBody = z.input<typeof PinnedConversationsBody>;

export const PinnedConversation = z.looseObject({
  conversationId: z.string(),
  conversationType: z.string(),
  conversationWith: z.string(),
  pinnedAt: Timestamp.optional(),
});
export type PinnedConversation = z.infer<typeof PinnedConversation>;

export const socialRoutes = {
  addFriends: route({
    ...OPERATIONS.addFriends,
    body: AddFriendsBody,
    response: dataOf(z.looseObject({ accepted: resultsByUid })),
  }),
  listFriends: route({ ...OPERATIONS.listFriends, query: FriendListQuery, response: pageOf(User) }),
  removeFriends: route({ ...OPERATIONS.removeFriends, body: RemoveFriendsBody, response: dataOf(Ack) }),
  blockUsers: route({ ...OPERATIONS.blockUsers, body: BlockBody, response: dataOf(resultsByUid) }),
  unblockUsers: route({ ...OPERATIONS.unblockUsers, body: BlockBody, response: dataOf(resultsByUid) }),
  listBlockedUsers: route({
    ...OPERATIONS.listBlockedUsers,
    query: PageQuery,
    response: pageOf(BlockedUser),
  }),
  listAppPinnedConversations: route({
    ...OPERATIONS.listAppPinnedConversations,
    response: dataOf(z.array(PinnedConversation)),
  }),
  replaceAppPinnedConversations: route({
    ...OPERATIONS.replaceAppPinnedConversations,
    body: PinnedConversationsBody,
    response: dataOf(z.array(PinnedConversation)),
  }),
} as const;

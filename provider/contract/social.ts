// Relations between users (friends, blocks) and the conversations the app pins for every user
// (docs/service/bots-agents-and-social.md). The schemas are generated from the document
// (provider/contract/generated/schemas.ts); this file names them.
import type { z } from "zod";
import * as G from "./generated/schemas";
import { ROUTE_SCHEMAS as S } from "./generated/schemas";

/** One uid's outcome in a relation call: a failure for one uid does not fail the call. */
export const RelationResult = G.RelationResult;
export type RelationResult = z.infer<typeof RelationResult>;

/** Lists of uids in one relation call: 1 to 25 (docs/service/bots-agents-and-social.md). */
export const AddFriendsBody = G.AddFriendsBody;
export const RemoveFriendsBody = G.RemoveFriendsBody;
export const BlockBody = G.BlockBody;

export const FriendListQuery = S.listFriends.query;

/** A user as a blocked-users listing shows it: the relation's fields beside the user's. */
export const BlockedUser = G.BlockedUser;

// ---- conversations the app pins for every user ----------------------------------------------------------

export const PinnedConversationType = G.PinnedConversationType;
export const PinnedConversationRef = G.PinnedConversationRef;
export type PinnedConversationRef = z.input<typeof PinnedConversationRef>;

/**
 * The whole list, in display order, at most 5, no repeats (decision 0090, rules.ts), as the wire carries it:
 * `{pinnedConversations: [{uid} | {guid}]}` (the vendor's replace page). The PinnedConversations resource
 * declares each as `{conversationType, conversationWith}` (`PinnedConversationsDeclared`) and is sent as
 * `pinnedTargetOf` says.
 */
export const PinnedConversationsBody = G.PinnedConversationsBody;
export type PinnedConversationsBody = z.input<typeof PinnedConversationsBody>;
export const PinnedConversationTarget = G.PinnedConversationTarget;
export type PinnedConversationTarget = z.input<typeof PinnedConversationTarget>;
export const PinnedConversationsDeclared = G.PinnedConversationsDeclared;
export type PinnedConversationsDeclared = z.output<typeof PinnedConversationsDeclared>;

/** A declared conversation as the wire names it: a user's uid or a group's guid. */
export const pinnedTargetOf = (r: z.output<typeof PinnedConversationRef>): PinnedConversationTarget =>
  r.conversationType === "group" ? { guid: r.conversationWith } : { uid: r.conversationWith };

export const PinnedConversation = G.PinnedConversation;
export type PinnedConversation = z.infer<typeof PinnedConversation>;

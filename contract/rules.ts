// Cross-field rules of request bodies: what JSON Schema cannot say about one field alone. The document names
// each with `x-refine: <name>`, and the generated schema adds it as `.refine(rule.check, rule.message)`.
import { LIMITS } from "./limits";

type Uids = readonly unknown[] | undefined;

/** `{admins, moderators, participants, usersToBan}`: at most 25 uids in all, per call. */
export const membersPerCall = {
  check: (m: { admins?: Uids; moderators?: Uids; participants?: Uids; usersToBan?: Uids }) =>
    (m.admins?.length ?? 0) +
      (m.moderators?.length ?? 0) +
      (m.participants?.length ?? 0) +
      (m.usersToBan?.length ?? 0) <=
    LIMITS.membersPerCall,
  message: { message: `at most ${LIMITS.membersPerCall} uids per call` },
};

/** Type "password" needs a password: shared by the create body and the provider's Group arguments. */
export const groupPassword = {
  check: (g: { type?: string | undefined; password?: string | undefined }) =>
    g.type !== "password" || !!g.password,
  // `params.code`: the service answers this case with its own code (docs/service/groups-and-members.md).
  message: {
    message: "password is required when type is 'password'",
    path: ["password"],
    params: { code: "ERR_EMPTY_GROUP_PASS" },
  },
};

/** The whole list of app-pinned conversations: at most 5 (decision 0090). */
export const pinnedAtMost = {
  check: (cs: readonly unknown[]) => cs.length <= LIMITS.appPinnedConversations,
  // `params.code`: the service answers this case with its own code (docs/service/bots-agents-and-social.md).
  message: {
    message: `at most ${LIMITS.appPinnedConversations} conversations can be pinned for the app`,
    params: { code: "ERR_SYSTEM_PINNED_CONVERSATIONS_LIMIT_EXCEEDED" },
  },
};

/** The whole list of app-pinned conversations: no repeats (decision 0090). */
export const pinnedNoRepeat = {
  check: (cs: readonly { conversationType: string; conversationWith: string }[]) =>
    new Set(cs.map((c) => `${c.conversationType}:${c.conversationWith.toLowerCase()}`)).size === cs.length,
  message: { message: "a conversation is listed twice" },
};

/**
 * A message's `reactions` at the top level: the owner's document lists them beside `data` but its sample
 * nests them inside `data`; both positions are read.
 */
export const messageReactions = <
  R,
  T extends { reactions?: R[] | undefined; data?: { reactions?: R[] | undefined } | undefined },
>(
  m: T,
) => ({ ...m, reactions: m.reactions ?? m.data?.reactions ?? [] });

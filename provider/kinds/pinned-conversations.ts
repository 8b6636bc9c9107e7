// PinnedConversations: the conversations the app pins for every user (chat API `/conversations/pinned`,
// docs/service/bots-agents-and-social.md, decision 0090): one list per app, in display order, at most 5, no
// repeats. A PUT replaces the whole list, so every write is safe to repeat; deleting the resource empties it.
import { z } from "zod";
import { type PinnedConversation, PinnedConversationsDeclared, pinnedTargetOf } from "../contract";
import { declare } from "../engine/fields";
import type { Ctx, Kind } from "../engine/kind";

/** Each conversation by type and uid or guid, with the list's rules (at most 5, none twice). */
export const PinnedConversationsArgs = PinnedConversationsDeclared;
export type PinnedConversationsArgs = z.output<typeof PinnedConversationsArgs>;
type Ref = PinnedConversationsArgs["conversations"][number];

/** One id per app: the app is the resource's connection. */
export const PINNED_CONVERSATIONS_ID = "pinned-conversations";

/**
 * The list as the service holds it. The service stores uids and guids lowercase: a declared spelling that
 * differs only in case is kept, so it is not drift.
 */
async function current(ctx: Ctx, declared: readonly Ref[] = []): Promise<PinnedConversationsArgs> {
  const now = (await ctx.chat().call("listAppPinnedConversations", {})).data;
  const spelled = (p: PinnedConversation): Ref => {
    const d = declared.find(
      (c) =>
        c.conversationType === p.conversationType &&
        c.conversationWith.toLowerCase() === p.conversationWith.toLowerCase(),
    );
    return (
      d ?? {
        conversationType: p.conversationType as Ref["conversationType"],
        conversationWith: p.conversationWith,
      }
    );
  };
  return { conversations: now.map(spelled) };
}

async function replace(ctx: Ctx, conversations: readonly Ref[]): Promise<void> {
  // The wire names each by uid or guid (docs/service/bots-agents-and-social.md); the arguments stay as
  // 0.1.0 had them.
  await ctx.chat().call("replaceAppPinnedConversations", {
    body: { pinnedConversations: conversations.map(pinnedTargetOf) },
  });
}

export const pinnedConversations: Kind<PinnedConversationsArgs> = {
  name: "PinnedConversations",
  doc: `The conversations the app pins for every user: the whole list, in order, at most 5 (one list per app). Deleting the resource empties it. Id: "${PINNED_CONVERSATIONS_ID}".`,
  ...declare(PinnedConversationsArgs, z.object({}), {
    conversations: {
      doc: 'The pinned conversations in display order, each { conversationType: "user" | "group", conversationWith: <uid or guid> }; at most 5, none twice. The users and groups must exist.',
    },
  }),
  api: "chat",
  file: {
    at: ["pinnedConversations"],
    one: true,
    only: "conversations",
    child: "pinned-conversations",
    refs: {
      // A user or a group, as the item's type says; either may be one the file does not declare.
      "conversations[].conversationWith": {
        kind: { by: "conversationType", kinds: { user: "User", group: "Group" } },
        elsewhere: true,
      },
    },
  },

  async create(ctx, a) {
    // The list always exists: write only when it differs from what is declared.
    const now = await current(ctx, a.conversations);
    if (JSON.stringify(now.conversations) !== JSON.stringify(a.conversations))
      await replace(ctx, a.conversations);
    return { id: PINNED_CONVERSATIONS_ID, state: {} };
  },
  async read(ctx, _id, prior) {
    return { args: await current(ctx, prior.conversations), state: {} };
  },
  async update(ctx, _id, _olds, news) {
    await replace(ctx, news.conversations);
    return {};
  },
  async delete(ctx) {
    await replace(ctx, []);
  },
  async find(ctx, a) {
    return { id: PINNED_CONVERSATIONS_ID, args: await current(ctx, a.conversations) };
  },
  async list(ctx) {
    // None pinned: nothing to declare.
    const now = await current(ctx);
    return now.conversations.length ? [{ id: PINNED_CONVERSATIONS_ID, args: now, state: {} }] : [];
  },
};

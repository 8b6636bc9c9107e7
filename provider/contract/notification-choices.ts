// The notification settings' pieces the document cannot say (blocks, `x-zod`): the numbered choices (each a
// closed set with its names and meanings, for the plugin's enums) and HHMM times. They import neither the
// generated schemas nor anything that does, so provider/contract/blocks.ts can re-export them without a circle.
import { z } from "zod";
import { type ClosedSetValue, numberedChoice } from "./closed-set";

const DONT: ClosedSetValue = { value: 1, name: "DontNotify", meaning: "don't notify" };

/** Messages and replies: 1 don't notify, 2 notify for all, 3 only for mentions. */
export const MessageNotification = numberedChoice({
  name: "MessageNotification",
  values: [
    DONT,
    { value: 2, name: "NotifyForAll", meaning: "notify for all" },
    { value: 3, name: "OnlyForMentions", meaning: "only for mentions" },
  ],
});

/** Reactions: 1 don't notify, 2 on one's own messages, 3 on all messages. */
export const ReactionNotification = numberedChoice({
  name: "ReactionNotification",
  values: [
    DONT,
    { value: 2, name: "OwnMessages", meaning: "reactions to one's own messages" },
    { value: 3, name: "AllMessages", meaning: "reactions to all messages" },
  ],
});

/** Events (edits, deletes, member changes, calls): 1 don't notify, 2 notify. */
export const EventNotification = numberedChoice({
  name: "EventNotification",
  values: [DONT, { value: 2, name: "Notify", meaning: "notify" }],
});

/** Which templates are used: 1 the default ones, 2 the privacy ones, 3 each user's choice. */
export const TemplateChoice = numberedChoice({
  name: "TemplateChoice",
  values: [
    { value: 1, name: "DefaultTemplates", meaning: "default templates" },
    { value: 2, name: "PrivacyTemplates", meaning: "privacy templates" },
    { value: 3, name: "UserChoice", meaning: "default, with each user's privacy choice" },
  ],
});

/** HHMM as an integer, `what` naming it: 0 to 2359, minutes below 60. */
export const hhmm = (what: string) =>
  z
    .number()
    .int(`${what} must be an integer HHMM`)
    .min(0, `${what} must be at least 0`)
    .max(2359, `${what} must be at most 2359`)
    .refine((v) => v % 100 < 60, { message: `${what} must be HHMM with minutes below 60` });

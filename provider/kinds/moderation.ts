// Moderation rules and the keyword lists they refer to (chat API `/moderation/...`). Both are named by a
// caller-chosen id and replaced as a whole by PUT. Every app has built-in rules and the `profanity-list` list
// (`default: true`): they are managed by adopting them, and destroying the resource leaves them (like the
// default role). A rule refers to a list by its id in a condition's `value`: passing the list resource's `id`
// output there makes the rule depend on the list, so it is created after it and deleted before it.
import { z } from "zod";
import type { KeywordList } from "../contract";
import { none } from "../engine/fields";
import { createdAt } from "../engine/kind";

export const builtIn = {
  builtIn: z.boolean().describe("Whether the object is one every app starts with (destroy leaves it)."),
  ...createdAt,
};

/** A keyword list's state, of every list kind (keyword lists and Custom API lists share the routes). */
export const listState = (k: KeywordList) => ({ builtIn: k.default === true, createdAt: k.createdAt });

/** The facts of the arguments every list kind has. */
export const listFacts = {
  listId: {
    doc: "Caller-chosen id (the API's `id`): letters, digits, '-', '_'. Pass the resource's `id` to a rule's condition value. Changing it replaces the list.",
    replace: true,
    identity: true,
  },
  name: { doc: "Name.", default: none },
  description: { doc: "Description.", default: none },
} as const;

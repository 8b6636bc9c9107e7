// Moderation rules and the keyword lists they refer to (chat API `/moderation/...`). Both are named by a
// caller-chosen id and replaced as a whole by PUT. Every app has built-in rules and the `profanity-list` list
// (`default: true`): they are managed by adopting them, and destroying the resource leaves them (like the
// default role). A rule refers to a list by its id in a condition's `value`: passing the list resource's `id`
// output there makes the rule depend on the list, so it is created after it and deleted before it.
import { z } from "zod";
import { createdAt } from "../engine/kind";

export const builtIn = {
  builtIn: z.boolean().describe("Whether the object is one every app starts with (destroy leaves it)."),
  ...createdAt,
};

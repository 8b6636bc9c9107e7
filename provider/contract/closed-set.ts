// Closed sets the document cannot name: the notification settings' numbered choices (1, 2, 3), which the
// vendor types as bare numbers. Each is named once where its schema is declared, with a name and a meaning
// per value, so the plugin's schema can offer it as an enum (issue 32 item 3) and its error says the same.
// Sets of strings the document names (components.schemas with `enum`) need no mark: their values name them.
import { z } from "zod";

export interface ClosedSetValue {
  readonly value: number;
  /** An identifier for the value in every SDK language (PascalCase). */
  readonly name: string;
  /** What the value means, a few words. */
  readonly meaning: string;
}
export interface ClosedSet {
  /** The enum's name in the plugin's schema (`chat:index:<name>`). */
  readonly name: string;
  readonly values: readonly ClosedSetValue[];
}

const marked = z.registry<ClosedSet>();

/**
 * A choice among numbers, each named and explained once: the schema accepts exactly those values, its
 * error lists them with their meanings, and `closedSetOf` gives the set to the plugin's schema.
 */
export function numberedChoice(set: ClosedSet) {
  const [first, ...rest] = set.values.map((v) => z.literal(v.value));
  if (!first) throw new Error(`${set.name} has no values`);
  const listed = set.values.map((v) => `${v.value} (${v.meaning})`);
  const message = `must be ${listed.slice(0, -1).join(", ")} or ${listed.at(-1)}`;
  const schema = z.union([first, ...rest], { message });
  marked.add(schema, set);
  return schema;
}

/** The closed set a schema was declared as, if any. */
export const closedSetOf = (schema: z.ZodType): ClosedSet | undefined => marked.get(schema);

// The schema of a declared chat environment (chat-environment.yaml). Each entry reuses the argument
// schema of the resource it becomes, so a file that passes here passes the provider's checks too.
import { z } from "zod";
import { AppArgs } from "../kinds/app";
import { adopt, entrySchema, SECTION_ORDER } from "./entries";
import { FILE_KINDS } from "./graph";
import { SeedSection } from "./seed";

export { SecretRef } from "./entries";
export { entriesOf } from "./graph";

const AppSection = z.union(
  [
    z.strictObject({
      /** Create the app through the management API. */
      create: z.strictObject({
        name: AppArgs.shape.name.max(80, "name must be at most 80 characters (a suffix is added)"),
        region: AppArgs.shape.region,
        /** Append a per-stack random suffix, so each stack gets its own app. */
        uniqueSuffix: z.boolean().default(true),
      }),
    }),
    /** Use the app of the stack's config (chat:appId, chat:apiKey). */
    z.strictObject({ existing: z.literal(true) }),
  ],
  { error: "app must be { create: { name, region?, uniqueSuffix? } } or { existing: true }" },
);

/** The kinds the file holds inside another kind's entry (`file.within`), as the kinds declare them. */
export const HELD_KINDS: readonly string[] = FILE_KINDS.filter((k) => k.file.within !== undefined).map(
  (k) => k.name,
);
export { NOT_IN_FILE } from "./graph";

/** The file's shape at `prefix` for the kinds with plain entries: lists default to [], the rest optional. */
function plainSections(prefix: readonly string[]): Record<string, z.ZodType> {
  const shape: Record<string, z.ZodType> = {};
  const under = SECTION_ORDER.filter(
    (k) => k.file.at.length > prefix.length && prefix.every((p, i) => k.file.at[i] === p),
  );
  for (const k of under) {
    const name = k.file.at[prefix.length] as string;
    if (k.file.at.length === prefix.length + 1)
      shape[name] = k.file.one ? entrySchema(k).optional() : z.array(entrySchema(k)).default([]);
    else if (!shape[name]) shape[name] = z.strictObject(plainSections([...prefix, name])).optional();
  }
  return shape;
}

const plain = plainSections([]);
/**
 * The file's shape: each entry's schema. The checks across entries (references, ids declared twice, the
 * kinds' rules) are references.ts's, run beside it by load.ts.
 */
export const Environment = z.strictObject({
  app: AppSection,
  /** The default of every object's `adopt`. */
  adopt,
  /**
   * Adopted objects (and the members, triggers and permissions of adopted groups and webhooks) are
   * protected from deletion (Pulumi `protect`), as `pulumi import` marks what it imports; false lets a
   * destroy or a removal from the file delete them (decision 0073).
   */
  protectAdopted: z.boolean().default(true),
  /** Seed files (users, groups, members, messages) declared as a few resources each (provider/environment/seed.ts). */
  seed: SeedSection.optional(),
  ...plain,
});
/** A parsed environment: each section by its kind's path (provider/environment/graph.ts). */
export type Environment = z.output<typeof Environment> & Record<string, unknown>;

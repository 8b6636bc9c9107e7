// The schema of a declared chat environment (chat-environment.yaml). Each entry reuses the argument
// schema of the resource it becomes, so a file that passes here passes the provider's checks too.
import { z } from "zod";
import { AppArgs } from "../kinds/app";
import { adopt, ENTRY_KINDS, type EntryKind, entrySchema, SECTION_ORDER } from "./entries";
import {
  entriesOf,
  FILE_KINDS,
  type FileKind,
  fileKeyOf,
  holderOf,
  idOf,
  kindNamed,
  namedIn,
  rewrites,
  whereOf,
} from "./graph";
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

type Json = Record<string, unknown>;

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

/** The indices of the ids seen before in `ids` (one pass: a file may declare thousands of users). */
function repeats(ids: readonly (string | undefined)[]): number[] {
  const seen = new Set<string | undefined>();
  return ids.flatMap((id, i) => {
    if (seen.has(id)) return [i];
    seen.add(id);
    return [];
  });
}

/**
 * Ids declared twice in a plain list; ids that references name and the file does not declare (not built in,
 * not allowed `elsewhere`); each kind's own rule across its entries (`file.rule`). Kind by kind, in the
 * registry's order.
 */
/** Ids declared twice in the lists of `of`. */
function checkRepeats(env: Json, of: readonly EntryKind[], ctx: z.RefinementCtx): void {
  for (const k of of) {
    const key = fileKeyOf(k);
    if (key === undefined) continue;
    const ids = entriesOf(env, k).map(({ entry }) => idOf(k, entry));
    for (const i of repeats(ids))
      ctx.addIssue({
        code: "custom",
        path: [...k.file.at, i],
        message: `${k.file.noun ?? key} "${ids[i]}" is declared twice`,
      });
  }
}

function checkEntries(env: Json, ctx: z.RefinementCtx): void {
  const declared = new Map<string, Set<string>>();
  for (const k of FILE_KINDS) {
    if (holderOf(k)) continue;
    const ids = entriesOf(env, k).map(({ entry }) => idOf(k, entry));
    declared.set(k.name, new Set([...ids.filter((id) => id !== undefined)]));
  }
  checkRepeats(
    env,
    ENTRY_KINDS.filter((k) => !rewrites(k)),
    ctx,
  );
  for (const k of FILE_KINDS) {
    const entries = entriesOf(env, k);
    for (const { entry, path } of entries) {
      // A reference names an argument the file does not rename (graph.ts checks it).
      const args = k.file.only ? { [k.file.only]: entry } : entry;
      for (const n of namedIn(k, args)) {
        if (n.ref.elsewhere || n.ref.builtIn?.includes(n.id) || declared.get(n.kind)?.has(n.id)) continue;
        ctx.addIssue({
          code: "custom",
          // An entry that is one argument's value: the path inside it.
          path: [...path, ...(k.file.only ? n.path.slice(1) : n.path)],
          message: `${n.ref.noun ?? n.arg} "${n.id}" is not declared in ${whereOf(kindNamed(n.kind) as FileKind)}`,
        });
      }
    }
    for (const p of k.file.rule?.(entries) ?? [])
      ctx.addIssue({ code: "custom", path: [...p.path], message: p.message });
  }
  checkRepeats(
    env,
    ENTRY_KINDS.filter((k) => rewrites(k)),
    ctx,
  );
}

const plain = plainSections([]);
export const Environment = z
  .strictObject({
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
  })
  .superRefine((env, ctx) => checkEntries(env as Json, ctx));
/** A parsed environment: each section by its kind's path (provider/environment/graph.ts). */
export type Environment = z.output<typeof Environment> & Record<string, unknown>;

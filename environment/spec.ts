// The schema of a declared chat environment (chat-environment.yaml). Each entry reuses the argument
// schema of the resource it becomes, so a file that passes here passes the provider's checks too.
import { z } from "zod";
import { AppArgs } from "../provider/resources/app";
import { credentialFields, ExtensionArgs } from "../provider/resources/extension";
import { GroupArgs } from "../provider/resources/group";
import { GroupScopePermissionsArgs } from "../provider/resources/group-scope-permissions";
import { UserArgs } from "../provider/resources/user";
import { WebhookArgs } from "../provider/resources/webhook";
import { WebhookTriggersArgs } from "../provider/resources/webhook-triggers";
import { adopt, ENTRY_KINDS, entrySchema, SecretRef } from "./entries";
import {
  entriesOf,
  FILE_KINDS,
  type FileKind,
  holderOf,
  idOf,
  keyOf,
  kindNamed,
  namedIn,
  whereOf,
} from "./graph";

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

const uids = z.array(UserArgs.shape.uid).optional();
const scopePermissions = GroupScopePermissionsArgs.shape.permissions.optional();
/** The file's scope names (plural, as in `members`) and the service's. */
export const SCOPES = { admins: "admin", moderators: "moderator", participants: "participant" } as const;
const { password: _password, ...groupShape } = GroupArgs.shape;
const GroupEntry = z
  .strictObject({
    ...groupShape,
    /** A "password" group's password from secret config; without it a password is generated. */
    password: SecretRef.optional(),
    /** The group's whole member set (others are removed; the owner is an admin anyway). */
    members: z.strictObject({ admins: uids, moderators: uids, participants: uids }).optional(),
    /** What each scope's members may do in this group (only the permissions given are managed). */
    permissions: z
      .strictObject({
        admins: scopePermissions,
        moderators: scopePermissions,
        participants: scopePermissions,
      })
      .optional(),
    adopt,
  })
  .refine((g) => !g.password || g.type === "password", {
    message: "password is only used when type is 'password'",
    path: ["password"],
  });

// The webhook's own fields under the file's shorter names; the rules are the resource's.
const WebhookEntry = z.strictObject({
  id: WebhookArgs.shape.webhookId,
  name: WebhookArgs.shape.name,
  url: WebhookArgs.shape.webhookURL,
  /** Basic auth; the password from secret config, else a generated one. */
  basicAuth: z
    .strictObject({ username: WebhookArgs.shape.username.unwrap(), password: SecretRef.optional() })
    .optional(),
  enabled: WebhookArgs.shape.enabled,
  retryOnFailure: WebhookArgs.shape.retryOnFailure,
  /** The webhook's whole trigger set (others are removed); absent: triggers are not managed. */
  triggers: WebhookTriggersArgs.shape.triggers.optional(),
  adopt,
});

/**
 * An extension, enabled (with its settings) or disabled. Credentials are named by secret config keys, one
 * per credential field; their values are checked by the provider at preview, when they are known.
 */
const { secrets: _extensionSecrets, appId: _extensionApp, ...extensionShape } = ExtensionArgs.shape;
const ExtensionEntry = z
  .strictObject({ ...extensionShape, secrets: z.record(z.string(), SecretRef).optional(), adopt })
  .superRefine((e, ctx) => {
    const named = Object.keys(e.secrets ?? {});
    const credentials = credentialFields(e.extension);
    // The resource's own rules, with each named credential present but unknown here.
    const { adopt: _adopt, ...args } = e;
    const checked = ExtensionArgs.safeParse({
      ...args,
      secrets: e.secrets && Object.fromEntries(named.map((k) => [k, undefined])),
    });
    for (const issue of checked.success ? [] : checked.error.issues) {
      const [arg, field] = issue.path;
      const aboutValue =
        arg === "secrets" && named.includes(String(field)) && credentials.includes(String(field));
      if (!aboutValue) ctx.addIssue({ code: "custom", path: issue.path, message: issue.message });
    }
  });

type Json = Record<string, unknown>;

/**
 * The kinds the file holds in hand-written sections (`file.composed`) or inside another kind's entry
 * (`file.within`), and the kinds it does not hold (`file.omitted`), as the kinds declare them.
 */
export const COMPOSED_KINDS: readonly string[] = FILE_KINDS.filter(
  (k) => k.file.composed !== undefined || k.file.within !== undefined,
).map((k) => k.name);
export { NOT_IN_FILE } from "./graph";

/** The file's shape at `prefix` for the kinds with plain entries: lists default to [], the rest optional. */
function plainSections(prefix: readonly string[]): Record<string, z.ZodType> {
  const shape: Record<string, z.ZodType> = {};
  const under = ENTRY_KINDS.filter(
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
  return ids.flatMap((id, i) => (seen.has(id) ? [i] : (seen.add(id), [])));
}

/**
 * Ids declared twice in a plain list; ids that references name and the file does not declare (not built in,
 * not allowed `elsewhere`); each kind's own rule across its entries (`file.rule`). Kind by kind, in the
 * registry's order.
 */
function checkEntries(env: Json, ctx: z.RefinementCtx): void {
  const declared = new Map<string, Set<string>>();
  for (const k of FILE_KINDS) {
    if (holderOf(k)) continue;
    const ids = entriesOf(env, k).map(({ entry }) => idOf(k, entry));
    declared.set(k.name, new Set([...ids.filter((id) => id !== undefined)]));
  }
  for (const k of ENTRY_KINDS) {
    const key = keyOf(k);
    if (key === undefined) continue;
    const ids = entriesOf(env, k).map(({ entry }) => idOf(k, entry));
    for (const i of repeats(ids))
      ctx.addIssue({
        code: "custom",
        path: [...k.file.at, i],
        message: `${key} "${ids[i]}" is declared twice`,
      });
  }
  for (const k of FILE_KINDS) {
    const entries = entriesOf(env, k);
    for (const { entry, path } of entries) {
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
    ...plain,
    groups: z.array(GroupEntry).default([]),
    webhooks: z.array(WebhookEntry).default([]),
    /** Extensions to enable (with settings) or disable; others are left as they are. */
    extensions: z.array(ExtensionEntry).default([]),
  })
  .superRefine((env, ctx) => {
    checkEntries(env as Json, ctx);
    const unique = (list: string[], path: string, what: string) => {
      for (const i of repeats(list))
        ctx.addIssue({ code: "custom", path: [path, i], message: `${what} "${list[i]}" is declared twice` });
    };
    unique(
      env.groups.map((g) => g.guid),
      "groups",
      "guid",
    );
    unique(
      env.webhooks.map((w) => w.id),
      "webhooks",
      "webhook id",
    );
    unique(
      env.extensions.map((e) => e.extension),
      "extensions",
      "extension",
    );
  });
/** A parsed environment: the hand-written sections typed, each plain entry's section by its kind's path. */
export type Environment = z.output<typeof Environment> & Record<string, unknown>;

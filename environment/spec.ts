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
import { adopt, ENTRY_KINDS, type EntryKind, entrySchema, idOf, keyOf, SecretRef } from "./entries";

export { SecretRef } from "./entries";

const App = z.union(
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
const Group = z
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
const Webhook = z.strictObject({
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
const Extension = z
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

/** The keyword list every app has: rules may refer to it without declaring it. */
export const BUILT_IN_KEYWORD_LIST = "profanity-list";
const REFERENCE_FLAGS = ["isKeywordReferencePresent", "isKeywordsReferencePresent", "isListReferencePresent"];
/** The keyword lists a rule's condition names (when one of its reference flags is set). */
export const listsOf = (c: Record<string, unknown>): string[] =>
  REFERENCE_FLAGS.some((f) => c[f] === true) ? [c.value as string | string[]].flat() : [];

type Json = Record<string, unknown>;

/**
 * The kinds the file holds in hand-written sections, composed with others (a group's members and scope
 * permissions, a webhook's triggers, an extension's credentials), and the kinds it does not hold. Every
 * other kind has a plain entry (`Kind.file`); test/unit/registry.test.ts wants each kind in one of the three.
 */
export const COMPOSED_KINDS = [
  "Group",
  "GroupMembers",
  "GroupScopePermissions",
  "Webhook",
  "WebhookTriggers",
  "Extension",
] as const;
export const NOT_IN_FILE = {
  App: "the file's `app` section creates or names the one app",
  GroupMember: "one membership: the file declares a group's whole member set (GroupMembers)",
  AuthToken: "a user's session token is made by a program for a user, not declared for an environment",
} as const;

/** The entries of `kind` in a parsed environment, each with its index in its list (none when one). */
export function entriesOf(env: Json, kind: EntryKind): { entry: Json; index?: number }[] {
  let at: unknown = env;
  for (const p of kind.file.at) at = (at as Json | undefined)?.[p];
  if (at === undefined) return [];
  if (kind.file.one)
    return kind.file.only && Object.keys(at as Json).length === 0 ? [] : [{ entry: at as Json }];
  return (at as Json[]).map((entry, index) => ({ entry, index }));
}

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

/** Ids declared twice in a list, and names of objects the file does not declare (Kind.file.refs). */
function checkPlainEntries(env: Json, ctx: z.RefinementCtx): void {
  const declared = new Map<string, Set<string>>();
  for (const k of ENTRY_KINDS) {
    const key = keyOf(k);
    const ids = entriesOf(env, k).map(({ entry }) => idOf(k, entry));
    declared.set(k.name, new Set([...ids.filter((id) => id !== undefined)]));
    if (key === undefined) continue;
    for (const i of repeats(ids))
      ctx.addIssue({
        code: "custom",
        path: [...k.file.at, i],
        message: `${key} "${ids[i]}" is declared twice`,
      });
  }
  for (const k of ENTRY_KINDS)
    for (const [arg, ref] of Object.entries(k.file.refs ?? {})) {
      if (ref.elsewhere) continue;
      const named = declared.get(ref.kind);
      const where = ENTRY_KINDS.find((r) => r.name === ref.kind)?.file.at.join(".") ?? ref.kind;
      for (const { entry, index } of entriesOf(env, k)) {
        const value = entry[arg];
        const values = Array.isArray(value) ? value : [value];
        values.forEach((v, j) => {
          if (typeof v !== "string" || ref.builtIn?.includes(v) || named?.has(v)) return;
          ctx.addIssue({
            code: "custom",
            path: [
              ...k.file.at,
              ...(index === undefined ? [] : [index]),
              arg,
              ...(Array.isArray(value) ? [j] : []),
            ],
            message: `${arg} "${v}" is not declared in ${where}`,
          });
        });
      }
    }
}

/**
 * Friends and blocked users name declared users. Friendship is mutual: when two users both have a friends
 * entry, each lists the other or neither, else the two resources would undo each other at every up.
 */
function checkRelations(file: Json, users: ReadonlySet<string>, ctx: z.RefinementCtx): void {
  const friends = (file.friends as Json[] | undefined) ?? [];
  const friendsOf = new Map(friends.map((f) => [String(f.uid), (f.friends as string[] | undefined) ?? []]));
  const named = (section: string, field: string, each?: (uid: string, other: string) => string | undefined) =>
    ((file[section] as Json[] | undefined) ?? []).forEach((entry, i) => {
      ((entry[field] as string[] | undefined) ?? []).forEach((other, j) => {
        const path = [section, i, field, j];
        const uid = String(entry.uid);
        if (!users.has(other))
          ctx.addIssue({ code: "custom", path, message: `user "${other}" is not declared in users` });
        const problem = each?.(uid, other);
        if (problem) ctx.addIssue({ code: "custom", path, message: problem });
      });
    });
  named("friends", "friends", (uid, other) =>
    friendsOf.get(other)?.includes(uid) === false
      ? `"${uid}" lists "${other}" as a friend but the friends of "${other}" do not list "${uid}": friendship is mutual, so the two entries would undo each other; list each in the other's friends, or neither`
      : undefined,
  );
  named("blockedUsers", "blockedUids");
}

const plain = plainSections([]);
export const Environment = z
  .strictObject({
    app: App,
    /** The default of every object's `adopt`. */
    adopt,
    /**
     * Adopted objects (and the members, triggers and permissions of adopted groups and webhooks) are
     * protected from deletion (Pulumi `protect`), as `pulumi import` marks what it imports; false lets a
     * destroy or a removal from the file delete them (decision 0073).
     */
    protectAdopted: z.boolean().default(true),
    ...plain,
    groups: z.array(Group).default([]),
    webhooks: z.array(Webhook).default([]),
    /** Extensions to enable (with settings) or disable; others are left as they are. */
    extensions: z.array(Extension).default([]),
  })
  .superRefine((env, ctx) => {
    checkPlainEntries(env as Json, ctx);
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
    // A rule's conditions name keyword lists: declared ones, or the one every app has.
    const file = env as Json;
    const lists = (file.moderation as Json | undefined)?.keywordLists as Json[] | undefined;
    const known = new Set([BUILT_IN_KEYWORD_LIST, ...(lists ?? []).map((l) => String(l.listId))]);
    const rules = ((file.moderation as Json | undefined)?.rules as Json[] | undefined) ?? [];
    rules.forEach((r, i) => {
      (r.conditions as Json[]).forEach((c, j) => {
        for (const list of listsOf(c))
          if (!known.has(list))
            ctx.addIssue({
              code: "custom",
              path: ["moderation", "rules", i, "conditions", j, "value"],
              message: `keyword list "${list}" is not declared in moderation.keywordLists`,
            });
      });
    });
    const users = new Set(((file.users as Json[] | undefined) ?? []).map((u) => String(u.uid)));
    checkRelations(file, users, ctx);
    env.groups.forEach((g, i) => {
      const seen = new Set<string>();
      for (const scope of ["admins", "moderators", "participants"] as const) {
        (g.members?.[scope] ?? []).forEach((uid, j) => {
          const path = ["groups", i, "members", scope, j];
          if (!users.has(uid))
            ctx.addIssue({ code: "custom", path, message: `user "${uid}" is not declared in users` });
          if (seen.has(uid))
            ctx.addIssue({ code: "custom", path, message: `user "${uid}" appears in more than one scope` });
          seen.add(uid);
        });
      }
    });
  });
/** A parsed environment: the hand-written sections typed, each plain entry's section by its kind's path. */
export type Environment = z.output<typeof Environment> & Record<string, unknown>;

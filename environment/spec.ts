// The schema of a declared chat environment (chat-environment.yaml). Each entry reuses the argument
// schema of the resource it becomes, so a file that passes here passes the provider's checks too.
import {
  ApiKeyArgs,
  ApnsPushProviderArgs,
  AppArgs,
  AppSettingsArgs,
  CustomEmailProviderArgs,
  CustomPushProviderArgs,
  CustomSmsProviderArgs,
  credentialFields,
  ExtensionArgs,
  FcmPushProviderArgs,
  GroupArgs,
  GroupScopePermissionsArgs,
  ModerationKeywordListArgs,
  ModerationRuleArgs,
  NotificationSettingsArgs,
  RoleArgs,
  SendGridEmailProviderArgs,
  TwilioSmsProviderArgs,
  UserArgs,
  WebhookArgs,
  WebhookTriggersArgs,
} from "pulumi-chat/schemas";
import { z } from "zod";

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

/** Take over objects that already exist (same id; API keys: same unique name) instead of failing. */
const adopt = z.boolean().optional();

/**
 * A value kept out of the file: the name of a secret stack config key of the project, set with
 * `pulumi config set --secret <key>` (chat-export writes these for passwords the API never returns).
 */
export const SecretRef = z.strictObject(
  {
    secret: z
      .string()
      .regex(
        /^[A-Za-z][A-Za-z0-9_-]{0,99}$/,
        "secret must name a stack config key: a letter, then letters, digits, '-' or '_' (at most 100)",
      ),
  },
  {
    // A value written in the file would sit there in clear text.
    error: (issue) =>
      issue.code === "invalid_type"
        ? "must be { secret: <stack config key> } (set with `pulumi config set --secret <key>`), not the value itself"
        : undefined,
  },
);
export type SecretRef = z.output<typeof SecretRef>;

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

const ApiKey = z.strictObject({ ...ApiKeyArgs.shape, adopt });

// The resources' own fields and rules; credentials come from secret stack config, never from the file.
const { credentials: _fcmCredentials, ...fcmShape } = FcmPushProviderArgs.shape;
const { credentials: _apnsCredentials, ...apnsShape } = ApnsPushProviderArgs.shape;
/** A provider's shape with its `credentials` replaced by secret config keys, one per credential. */
function withSecrets<S extends z.ZodRawShape, const K extends string, R extends z.ZodType>(
  shape: S,
  keys: readonly K[],
  ref: R,
) {
  const { credentials: _, ...rest } = shape;
  return { ...rest, ...(Object.fromEntries(keys.map((k) => [k, ref])) as Record<K, R>), adopt };
}
const basicAuthNeeds = {
  check: (p: {
    useBasicAuth?: boolean | undefined;
    basicAuthUsername?: string | undefined;
    basicAuthPassword?: unknown;
  }) => p.useBasicAuth !== true || (!!p.basicAuthUsername && !!p.basicAuthPassword),
  params: {
    message: "basicAuthUsername and basicAuthPassword are required when useBasicAuth is true",
    path: ["useBasicAuth"],
  },
};
const customProvider = <S extends z.ZodRawShape>(shape: S) =>
  z
    .strictObject(withSecrets(shape, ["basicAuthPassword"], SecretRef.optional()))
    .refine(basicAuthNeeds.check, basicAuthNeeds.params);
/** SendGrid's own rule, on the file's fields. */
const SendGrid = z
  .strictObject(withSecrets(SendGridEmailProviderArgs.shape, ["sendGridApiKey"], SecretRef))
  .refine((p) => p.allowEmailReplies !== true || !!p.senderEmailForReplies, {
    message: "senderEmailForReplies is required when allowEmailReplies is true",
    path: ["senderEmailForReplies"],
  });

const Notifications = z.strictObject({
  /** The app's notification settings: only the fields given are managed. */
  settings: NotificationSettingsArgs.optional(),
  push: z
    .strictObject({
      /** FCM providers; `serviceAccount` names a secret config key holding the service-account JSON. */
      fcm: z.array(z.strictObject({ ...fcmShape, serviceAccount: SecretRef, adopt })).default([]),
      /** APNs providers; `p8Key` names a secret config key holding the .p8 key's contents. */
      apns: z.array(z.strictObject({ ...apnsShape, p8Key: SecretRef, adopt })).default([]),
    })
    .default({ fcm: [], apns: [] }),
  /** The providers an app has at most one of; credentials from secret config. */
  customPush: customProvider(CustomPushProviderArgs.shape).optional(),
  email: z
    .strictObject({
      sendgrid: SendGrid.optional(),
      custom: customProvider(CustomEmailProviderArgs.shape).optional(),
    })
    .optional(),
  sms: z
    .strictObject({
      twilio: z
        .strictObject(withSecrets(TwilioSmsProviderArgs.shape, ["twilioAuthToken"], SecretRef))
        .optional(),
      custom: customProvider(CustomSmsProviderArgs.shape).optional(),
    })
    .optional(),
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
const Moderation = z.strictObject({
  keywordLists: z.array(ModerationKeywordListArgs.extend({ adopt })).default([]),
  rules: z.array(ModerationRuleArgs.extend({ adopt })).default([]),
});
const REFERENCE_FLAGS = ["isKeywordReferencePresent", "isKeywordsReferencePresent", "isListReferencePresent"];
/** The keyword lists a rule's condition names (when one of its reference flags is set). */
export const listsOf = (c: Record<string, unknown>): string[] =>
  REFERENCE_FLAGS.some((f) => c[f] === true) ? [c.value as string | string[]].flat() : [];

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
    roles: z.array(RoleArgs.extend({ adopt })).default([]),
    users: z.array(UserArgs.extend({ adopt })).default([]),
    groups: z.array(Group).default([]),
    apiKeys: z.array(ApiKey).default([]),
    webhooks: z.array(Webhook).default([]),
    /** Extensions to enable (with settings) or disable; others are left as they are. */
    extensions: z.array(Extension).default([]),
    /** App settings (booleans) this file manages; other keys are left as they are. */
    appSettings: AppSettingsArgs.shape.settings.optional(),
    notifications: Notifications.optional(),
    moderation: Moderation.optional(),
  })
  .superRefine((env, ctx) => {
    const unique = (list: string[], path: string, what: string) => {
      list.forEach((id, i) => {
        if (list.indexOf(id) !== i)
          ctx.addIssue({ code: "custom", path: [path, i], message: `${what} "${id}" is declared twice` });
      });
    };
    const ids: [string, string, string[]][] = [
      ["roles", "role", env.roles.map((r) => r.role)],
      ["users", "uid", env.users.map((u) => u.uid)],
      ["groups", "guid", env.groups.map((g) => g.guid)],
      ["apiKeys", "API key name", env.apiKeys.map((k) => k.name)],
      ["webhooks", "webhook id", env.webhooks.map((w) => w.id)],
      ["extensions", "extension", env.extensions.map((e) => e.extension)],
    ];
    for (const [path, what, list] of ids) unique(list, path, what);
    const push = env.notifications?.push;
    unique(push?.fcm.map((p) => p.providerId) ?? [], "notifications.push.fcm", "FCM providerId");
    unique(push?.apns.map((p) => p.providerId) ?? [], "notifications.push.apns", "APNs providerId");
    const lists = env.moderation?.keywordLists ?? [];
    unique(
      lists.map((l) => l.listId),
      "moderation.keywordLists",
      "keyword list id",
    );
    unique(env.moderation?.rules.map((r) => r.ruleId) ?? [], "moderation.rules", "rule id");
    const known = new Set([BUILT_IN_KEYWORD_LIST, ...lists.map((l) => l.listId)]);
    env.moderation?.rules.forEach((r, i) => {
      r.conditions.forEach((c, j) => {
        for (const list of listsOf(c))
          if (!known.has(list))
            ctx.addIssue({
              code: "custom",
              path: ["moderation", "rules", i, "conditions", j, "value"],
              message: `keyword list "${list}" is not declared in moderation.keywordLists`,
            });
      });
    });
    const roles = new Set(["default", ...env.roles.map((r) => r.role)]);
    env.users.forEach((u, i) => {
      if (u.role && !roles.has(u.role))
        ctx.addIssue({
          code: "custom",
          path: ["users", i, "role"],
          message: `role "${u.role}" is not declared in roles`,
        });
    });
    const users = new Set(env.users.map((u) => u.uid));
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
export type Environment = z.output<typeof Environment>;

// The schema of a declared chat environment (chat-environment.yaml). Each entry reuses the argument
// schema of the resource it becomes, so a file that passes here passes the provider's checks too.
import { GroupArgs, Region, RoleArgs, TriggerId, UserArgs } from "pulumi-chat/schemas";
import { z } from "zod";

const requiredName = (what: string) => z.string().trim().min(1, `${what} must not be empty`);

const App = z.union(
  [
    z.strictObject({
      /** Create the app through the management API. */
      create: z.strictObject({
        name: requiredName("name").max(80, "name must be at most 80 characters (a suffix is added)"),
        region: Region.default("us"),
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
const { password: _password, ...groupShape } = GroupArgs.shape;
const Group = z.strictObject({
  ...groupShape,
  /** The group's whole member set (others are removed). A "password" group gets a generated password. */
  members: z.strictObject({ admins: uids, moderators: uids, participants: uids }).optional(),
});

const Webhook = z.strictObject({
  id: z.string().regex(/^[A-Za-z0-9_-]{1,50}$/, "id: 1 to 50 letters, digits, '-' or '_'"),
  name: requiredName("name"),
  url: z
    .url({ message: "url must be a URL" })
    .refine((u) => u.startsWith("https://"), { message: "url must use https" }),
  /** Basic auth with a generated password. */
  basicAuth: z
    .strictObject({
      username: z.string().regex(/^[A-Za-z0-9]{1,50}$/, "username: 1 to 50 letters or digits"),
    })
    .optional(),
  triggers: z.array(TriggerId).min(1, "at least one trigger"),
});

const ApiKey = z.strictObject({
  name: requiredName("name"),
  scope: z.enum(["authOnly", "fullAccess"]).default("authOnly"),
});

export const Environment = z
  .strictObject({
    app: App,
    roles: z.array(RoleArgs).default([]),
    users: z.array(UserArgs).default([]),
    groups: z.array(Group).default([]),
    apiKeys: z.array(ApiKey).default([]),
    webhooks: z.array(Webhook).default([]),
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
    ];
    for (const [path, what, list] of ids) unique(list, path, what);
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

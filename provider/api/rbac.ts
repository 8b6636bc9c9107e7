// RBAC for group scopes (chat API `/groups/{guid}/scopes/{scope}/permissions`, chat-api.md §7.2): what the
// admins, moderators or participants of one group may do. The eleven keys and their values are the spec's
// (its catalogue example says 11 entries, and its set example names them); role permissions are in roles.ts.
import { z } from "zod";
import { dataOf, pageOf, Timestamp } from "./common";
import { MEMBER_SCOPES } from "./groups";
import { route } from "./route";

const ALLOW_DENY = ["allow", "deny"] as const;
const CALL_TYPES = ["audio", "video"] as const;

interface ScopePermissionSpec {
  /** What it governs, in our words. */
  readonly title: string;
  /** "string": one of the values; "stringArray": a subset of them (one value alone is taken too). */
  readonly dataType: "string" | "stringArray";
  readonly values: readonly string[];
  readonly defaultValue: string | readonly string[];
}

const allowDeny = (title: string): ScopePermissionSpec => ({
  title,
  dataType: "string",
  values: ALLOW_DENY,
  defaultValue: "allow",
});
const subset = (title: string, values: readonly string[]): ScopePermissionSpec => ({
  title,
  dataType: "stringArray",
  values,
  defaultValue: [],
});

/** The permission catalogue of a group scope. */
export const SCOPE_PERMISSIONS = {
  sendMessage: allowDeny("Send messages in the group"),
  sendThreadedMessage: allowDeny("Reply in threads"),
  editMessage: allowDeny("Edit messages"),
  addReaction: allowDeny("React to messages"),
  listReactions: allowDeny("See who reacted"),
  "listReactions.allowedScopes": subset("Whose reactions may be listed, by scope", MEMBER_SCOPES),
  listMembers: allowDeny("List the group's members"),
  "listMembers.allowedScopes": subset("Which members may be listed, by scope", MEMBER_SCOPES),
  initiateCall: allowDeny("Start calls in the group"),
  "initiateCall.allowedScopes": subset("Whom calls may ring, by scope", MEMBER_SCOPES),
  "initiateCall.allowedType": subset("Which kinds of call may be started", CALL_TYPES),
} as const satisfies Record<string, ScopePermissionSpec>;
export type ScopePermissionKey = keyof typeof SCOPE_PERMISSIONS;
export const SCOPE_PERMISSION_KEYS = Object.keys(SCOPE_PERMISSIONS) as ScopePermissionKey[];

function valueSchema(key: string, spec: ScopePermissionSpec) {
  const one = z.enum(spec.values as [string, ...string[]], {
    message: `${key} must be ${spec.values.join(" or ")}`,
  });
  return spec.dataType === "string"
    ? one
    : z.union([one, z.array(one)], { message: `${key} must be one or more of ${spec.values.join(", ")}` });
}

/** `{<key>: value}`; unknown keys and values outside a key's list are refused, by name. */
export const ScopePermissions = z
  .strictObject(
    Object.fromEntries(
      Object.entries(SCOPE_PERMISSIONS).map(([k, spec]) => [k, valueSchema(k, spec).optional()]),
    ) as unknown as Record<ScopePermissionKey, z.ZodOptional<z.ZodType<string | string[]>>>,
  )
  .refine((p) => Object.values(p).some((v) => v !== undefined), {
    message: "permissions must set at least one permission",
  });
export type ScopePermissions = z.input<typeof ScopePermissions>;

export const ScopePermissionValue = z.union([z.string(), z.array(z.string())]);
const PermissionMap = z.record(z.string(), ScopePermissionValue);

/** One catalogue entry. `value`, this scope's current setting when one is set, is a GUESS (decision 0040). */
export const ScopePermissionEntry = z.looseObject({
  id: z.string(),
  type: z.string(),
  title: z.string().optional(),
  description: z.string().optional(),
  dataType: z.string(),
  availableValues: z.array(z.string()),
  defaultValue: ScopePermissionValue.optional(),
  value: ScopePermissionValue.optional(),
  createdAt: Timestamp.optional(),
  updatedAt: Timestamp.optional(),
});
export type ScopePermissionEntry = z.infer<typeof ScopePermissionEntry>;

const PATH = "/groups/:guid/scopes/:scope/permissions";

export const rbacRoutes = {
  getScopePermissions: route({
    api: "chat",
    method: "GET",
    path: PATH,
    response: pageOf(ScopePermissionEntry),
  }),
  setScopePermissions: route({
    api: "chat",
    method: "PUT",
    path: PATH,
    body: z.strictObject({ permissions: ScopePermissions }),
    // Per key `{success, message}` beside the whole map.
    response: dataOf(z.looseObject({ permissions: PermissionMap })),
  }),
  unsetScopePermission: route({
    api: "chat",
    method: "DELETE",
    path: `${PATH}/:permission`,
    response: dataOf(z.looseObject({ permissions: PermissionMap })),
  }),
} as const;

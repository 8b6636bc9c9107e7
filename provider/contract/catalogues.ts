// The permission catalogues of roles and of group scopes (docs/service/roles-and-permissions.md; decision
// 0064): each key's values and default. The blocks (blocks.ts) make the permission maps' schemas from them,
// so nothing here imports the generated schemas.
import { z } from "zod";
import * as ENUMS from "./generated/enums";
import { chatId } from "./ids";
import { LISTED_CATEGORIES, MESSAGE_TYPES, SENT_CATEGORIES } from "./message-types";
import { allowDeny, choice, type OpenValues, type PermissionCatalogue, subset } from "./permissions";

const GROUP_TYPES = ENUMS.GroupType;
const MEMBER_SCOPES = ENUMS.MemberScope;
const RECEIVER_TYPES = ENUMS.ReceiverType;

const MODES = ["all", "friends"] as const;
const roleIds: OpenValues = { rule: "role ids", item: chatId("a role id") };
const customTypes: OpenValues = {
  rule: "custom message types",
  item: z.string().min(1, "a custom message type must not be empty"),
};
const mimeTypes: OpenValues = {
  rule: "MIME types such as image/png",
  item: z.string().regex(/^[a-z]+\/[a-z0-9][a-z0-9.+-]*$/i, "a MIME type looks like 'image/png'"),
};

/**
 * The permission catalogue of a role (RBAC v2): the spec's 28 keys. Values and defaults the spec does not
 * give are the stricter reading (decision 0064).
 */
export const ROLE_PERMISSIONS = {
  listUsers: allowDeny("List users"),
  "listUsers.mode": choice("Which users may be listed", MODES, "all"),
  "listUsers.allowedRoles": subset("Users of which roles may be listed", roleIds),
  "getUserDetails.mode": choice("Whose details may be read", MODES, "all"),
  "getUserDetails.allowedRoles": subset("Details of users of which roles may be read", roleIds),
  sendMessage: allowDeny("Send messages"),
  "sendMessage.mode": choice("To whom messages may be sent", MODES, "all"),
  "sendMessage.allowedReceiverTypes": subset("To users, to groups, or both", RECEIVER_TYPES),
  "sendMessage.allowedReceiverRoles": subset("To users of which roles", roleIds),
  "sendMessage.allowedMessageTypes": subset("Which types of message may be sent", MESSAGE_TYPES),
  "sendMessage.allowedMessageCategories": subset("Which categories of message may be sent", SENT_CATEGORIES),
  "sendMessage.allowedCustomTypes": subset("Which custom message types may be sent", customTypes),
  "sendMessage.allowedMimeTypes": subset("Which kinds of attachment may be sent", mimeTypes),
  editMessage: allowDeny("Edit one's messages"),
  "editMessage.denyForScopes": subset("In groups, the scopes that may not edit", MEMBER_SCOPES),
  deleteMessage: allowDeny("Delete one's messages"),
  "deleteMessage.denyForScopes": subset("In groups, the scopes that may not delete", MEMBER_SCOPES),
  initiateCall: allowDeny("Start calls"),
  "initiateCall.mode": choice("Whom calls may ring", MODES, "all"),
  "initiateCall.allowedReceiverRoles": subset("Users of which roles calls may ring", roleIds),
  createGroup: allowDeny("Create groups"),
  "createGroup.allowedGroupTypes": subset("Which types of group may be created", GROUP_TYPES),
  listGroups: allowDeny("List groups"),
  "listGroups.allowedGroupTypes": subset("Which types of group may be listed", GROUP_TYPES),
  joinGroup: allowDeny("Join groups"),
  "joinGroup.allowedGroupTypes": subset("Which types of group may be joined", GROUP_TYPES),
  "listMessages.allowedMessageCategories": subset(
    "Which categories of message may be read",
    LISTED_CATEGORIES,
  ),
  "listMessages.allowedMessageTypes": subset("Which types of message may be read", MESSAGE_TYPES),
} as const satisfies PermissionCatalogue;
export type RolePermissionKey = keyof typeof ROLE_PERMISSIONS;
export const ROLE_PERMISSION_KEYS = Object.keys(ROLE_PERMISSIONS) as RolePermissionKey[];

const CALL_TYPES = ["audio", "video"] as const;

/**
 * The permission catalogue of a group scope: the spec's eleven keys (its catalogue example says 11 entries,
 * and its set example names them).
 */
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
} as const satisfies PermissionCatalogue;
export type ScopePermissionKey = keyof typeof SCOPE_PERMISSIONS;
export const SCOPE_PERMISSION_KEYS = Object.keys(SCOPE_PERMISSIONS) as ScopePermissionKey[];

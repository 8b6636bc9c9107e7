// The API's error envelope and every error code this project produces or recognises, with its HTTP status:
// the one place for this fact (docs/service/errors-and-limits.md). The emulator answers with these; the client maps them to
// its error classes.
import { z } from "zod";

export const ErrorBody = z.looseObject({
  error: z.looseObject({
    code: z.string(),
    message: z.string().optional(),
    devMessage: z.string().nullable().optional(),
    source: z.string().optional(),
    details: z.record(z.string(), z.array(z.string())).optional(),
  }),
});
export type ErrorBody = z.infer<typeof ErrorBody>;

/**
 * Codes that say the object a create or add names already exists, with their status (the service answers
 * duplicates with 400). The client makes them ConflictErrors; no other code is one, whatever its name.
 */
const CONFLICTS = {
  ERR_UID_ALREADY_EXISTS: 400,
  ERR_GUID_ALREADY_EXISTS: 400,
  ERR_ROLE_ALREADY_EXISTS: 400,
  ERR_WEBHOOK_ALREADY_EXISTS: 400,
  ERR_ALREADY_BANNED: 400,
  ERR_ALREADY_JOINED: 400,
  // documented for notification providers (docs/service/app-configuration.md); the status is a GUESS like the others
  ERR_PROVIDER_ALREADY_EXISTS: 400,
  // not documented: the vendor declares no errors for extensions and moderation (decision 0040)
  ERR_EXTENSION_SETTINGS_ALREADY_EXIST: 400,
  ERR_RULE_ALREADY_EXISTS: 400,
  ERR_KEYWORD_ALREADY_EXISTS: 400,
  // bots (documented code, status a GUESS like the others); MCP servers (slug unique per app; code ours, 0090)
  ERR_BOT_ALREADY_EXISTS: 400,
  ERR_MCP_SERVER_ALREADY_EXISTS: 400,
} as const satisfies Record<string, number>;

/** Status per code. Codes the sources give no status for use the closest documented class. */
export const ERROR_STATUS = {
  // auth (401 for a missing or unknown credential, 403 for a scope that is too low)
  AUTH_ERR_EMPTY_APIKEY: 401,
  AUTH_ERR_APIKEY_NOT_FOUND: 401,
  AUTH_ERR_EMPTY_AUTH_HEADER: 401,
  AUTH_ERR_INVALID_APPID: 401,
  AUTH_ERR_NO_ACCESS: 403,
  // seen live: a non-member acting in a group (source S17 in docs/service/README.md)
  ERR_GROUP_NOT_JOINED: 401,
  ...CONFLICTS,
  // validation
  ERR_BAD_REQUEST: 400,
  ERR_EMPTY_GROUP_PASS: 400,
  ERR_ROLE_DELETE_DENIED: 403,
  ERR_ROLE_DELETE_FAILED: 400,
  ERR_APIKEY_NO_SELF_ACTION: 403,
  ERR_SAME_SCOPE: 400,
  ERR_BANNED_GROUPMEMBER: 400,
  ERR_PLAN_QUOTA_RESTRICTION: 403,
  ERR_EMPTY_RECEIVER: 400,
  ERR_INVALID_RECEIVER_TYPE: 400,
  ERR_EMPTY_MESSAGE_TEXT: 400,
  ERR_EMPTY_CUSTOM_DATA: 400,
  ERR_INVALID_MESSAGE_TYPE: 400,
  ERR_INVALID_MESSAGE_DATA: 400, // a documented code; here an interactive message without data.interactiveData
  ERR_MESSAGE_NOT_A_SENDER: 403,
  // extensions (ERR_EXTENSION_INACTIVE documented, status a GUESS), moderation and group scopes (decision 0040)
  ERR_EXTENSION_INACTIVE: 400,
  ERR_RULE_DELETE_DENIED: 403,
  ERR_KEYWORD_DELETE_DENIED: 403,
  ERR_KEYWORD_IN_USE: 400,
  // friends, blocks, app-pinned conversations, collaborators (documented codes; statuses a GUESS, decision 0090)
  ERR_ALREADY_FRIEND: 400,
  ERR_CANNOT_FORM_SELF_RELATION: 400,
  ERR_CANNOT_BLOCK_SELF: 400,
  ERR_SYSTEM_PINNED_CONVERSATIONS_LIMIT_EXCEEDED: 400,
  ERR_ALREADY_AN_OWNER: 400,
  ERR_SELF_ACTION_DENIED: 403,
  // not found
  ERR_API_NOT_FOUND: 404,
  ERR_UID_NOT_FOUND: 404,
  ERR_GUID_NOT_FOUND: 404,
  ERR_ROLE_NOT_FOUND: 404,
  ERR_APIKEY_NOT_FOUND: 404,
  ERR_AUTH_TOKEN_NOT_FOUND: 404,
  ERR_NOT_A_MEMBER: 404,
  ERR_NOT_A_BANNED_USER: 404,
  ERR_MESSAGE_ID_NOT_FOUND: 404,
  ERR_APP_NOT_FOUND: 404,
  ERR_WEBHOOK_NOT_FOUND: 404,
  ERR_TRIGGER_NOT_FOUND: 404,
  ERR_APP_ARCHIVED: 404,
  ERR_EXTENSION_NOT_FOUND: 404,
  ERR_EXTENSION_SETTINGS_NOT_FOUND: 404,
  ERR_PROVIDER_NOT_FOUND: 404,
  ERR_RULE_NOT_FOUND: 404,
  ERR_KEYWORD_NOT_FOUND: 404,
  ERR_BOT_NOT_FOUND: 404,
  ERR_NOT_A_FRIEND: 404,
  ERR_CONVERSATION_NOT_FOUND: 404,
  ERR_NOT_A_COLLABORATOR: 404,
  // AI agents: codes ours (decision 0090)
  ERR_AGENT_NOT_FOUND: 404,
  ERR_MCP_SERVER_NOT_FOUND: 404,
  // rate limit and server side
  ERR_TOO_MANY_REQUESTS: 429,
  ERR_OPERATION_FAILED: 500,
  ERR_EXCEPTION: 500,
  ERR_MISSION_FAILED: 503,
} as const satisfies Record<string, number>;

export type ErrorCode = keyof typeof ERROR_STATUS;

/** Whether a code says that the object already exists (see CONFLICTS). */
export const isConflictCode = (code: string): boolean => Object.hasOwn(CONFLICTS, code);

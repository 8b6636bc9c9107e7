// Users and their auth tokens (docs/service/users-and-auth-tokens.md).
import { z } from "zod";
import {
  Ack,
  boundedString,
  CsvList,
  chatId,
  dataOf,
  LIMITS,
  Metadata,
  PageQuery,
  pageOf,
  QueryBool,
  requiredName,
  Tags,
  Timestamp,
  Url,
} from "./common";
import { OPERATIONS } from "./generated/routes";
import { route } from "./route";

export const Uid = chatId("uid");

const userFields = {
  name: requiredName("name"),
  avatar: Url("avatar").optional(),
  link: Url("link").optional(),
  role: chatId("role").optional(),
  statusMessage: boundedString("statusMessage", LIMITS.nameLength * 10).optional(),
  metadata: Metadata.optional(),
  tags: Tags.optional(),
};

export const UserCreate = z.strictObject({ uid: Uid, ...userFields, withAuthToken: z.boolean().optional() });
export type UserCreate = z.input<typeof UserCreate>;

// The vendor's spec lets `unset` clear only these (operation update-user, docs/service/users-and-auth-tokens.md); a status message is
// cleared by setting it to "".
export const USER_UNSETTABLE = ["avatar", "link", "metadata"] as const;
export const UserUpdate = z.strictObject({
  ...userFields,
  name: userFields.name.optional(),
  unset: z.array(z.enum(USER_UNSETTABLE)).optional(),
});
export type UserUpdate = z.input<typeof UserUpdate>;

export const User = z.looseObject({
  uid: z.string(),
  name: z.string(),
  avatar: z.string().optional(),
  link: z.string().optional(),
  role: z.string(),
  status: z.string().optional(),
  statusMessage: z.string().optional(),
  metadata: z.record(z.string(), z.unknown()).optional(),
  tags: z.array(z.string()).optional(),
  createdAt: Timestamp,
  updatedAt: Timestamp.optional(),
  deactivatedAt: Timestamp.optional(),
  authToken: z.string().optional(),
});
export type User = z.infer<typeof User>;

export const UserListQuery = PageQuery.extend({
  searchKey: z.string().optional(),
  searchIn: CsvList.optional(),
  status: z.enum(["available", "offline"]).optional(),
  role: z.string().optional(),
  roles: CsvList.optional(),
  tags: CsvList.optional(),
  withTags: QueryBool.optional(),
  onlyDeactivated: QueryBool.optional(),
  withDeactivated: QueryBool.optional(),
});

export const UserDelete = z.strictObject({ permanent: z.boolean().optional() }).optional();

export const AuthToken = z.looseObject({
  uid: z.string(),
  authToken: z.string(),
  createdAt: Timestamp,
  platform: z.string().optional(),
  userAgent: z.string().optional(),
  appInfo: z.record(z.string(), z.unknown()).optional(),
});
export type AuthToken = z.infer<typeof AuthToken>;

export const AuthTokenCreate = z.strictObject({ force: z.boolean().optional() }).optional();
/** Each field optional (the vendor's chat spec, operation update-authtoken, docs/service/users-and-auth-tokens.md: the body is required, its fields are not). */
export const AuthTokenUpdate = z.strictObject({
  platform: boundedString("platform", LIMITS.nameLength).optional(),
  userAgent: boundedString("userAgent", LIMITS.urlLength).optional(),
  appInfo: z.record(z.string(), z.unknown()).optional(),
});

export const userRoutes = {
  createUser: route({ ...OPERATIONS.createUser, body: UserCreate, response: dataOf(User) }),
  listUsers: route({ ...OPERATIONS.listUsers, query: UserListQuery, response: pageOf(User) }),
  getUser: route({ ...OPERATIONS.getUser, response: dataOf(User) }),
  updateUser: route({ ...OPERATIONS.updateUser, body: UserUpdate, response: dataOf(User) }),
  deleteUser: route({ ...OPERATIONS.deleteUser, body: UserDelete, response: dataOf(Ack) }),
  deactivateUsers: route({
    ...OPERATIONS.deactivateUsers,
    body: z.strictObject({ uidsToDeactivate: z.array(Uid).min(1) }),
    response: dataOf(z.looseObject({ deactivatedUids: z.array(z.string()) })),
  }),
  reactivateUsers: route({
    ...OPERATIONS.reactivateUsers,
    body: z.strictObject({ uidsToActivate: z.array(Uid).min(1) }),
    response: dataOf(z.looseObject({ nonDeactivatedUids: z.array(z.string()) })),
  }),
  createAuthToken: route({
    ...OPERATIONS.createAuthToken,
    body: AuthTokenCreate,
    response: dataOf(AuthToken),
  }),
  listAuthTokens: route({ ...OPERATIONS.listAuthTokens, query: PageQuery, response: pageOf(AuthToken) }),
  getAuthToken: route({ ...OPERATIONS.getAuthToken, response: dataOf(AuthToken) }),
  updateAuthToken: route({
    ...OPERATIONS.updateAuthToken,
    body: AuthTokenUpdate,
    response: dataOf(AuthToken),
  }),
  deleteAuthToken: route({ ...OPERATIONS.deleteAuthToken, response: dataOf(Ack) }),
  flushAuthTokens: route({ ...OPERATIONS.flushAuthTokens, response: dataOf(Ack) }),
} as const;

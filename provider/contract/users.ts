// Users and their auth tokens (docs/service/users-and-auth-tokens.md). The schemas are generated from the
// document (provider/contract/generated/schemas.ts); this file names them for the client, the emulator and the kinds.
import type { z } from "zod";
import * as ENUMS from "./generated/enums";
import * as G from "./generated/schemas";
import { ROUTE_SCHEMAS as S } from "./generated/schemas";

export const Uid = G.Uid;

export const UserCreate = G.UserCreate;
export type UserCreate = z.input<typeof UserCreate>;

// The vendor's spec lets `unset` clear only these (operation update-user, docs/service/users-and-auth-tokens.md); a status message is
// cleared by setting it to "".
export const USER_UNSETTABLE = ENUMS.UserUnsettable;
export const UserUpdate = G.UserUpdate;
export type UserUpdate = z.input<typeof UserUpdate>;

export const User = G.User;
export type User = z.infer<typeof User>;

export const UserListQuery = S.listUsers.query;
export const UserDelete = S.deleteUser.body;

export const AuthToken = G.AuthToken;
export type AuthToken = z.infer<typeof AuthToken>;

export const AuthTokenCreate = S.createAuthToken.body;
/** Each field optional (the vendor's chat spec, operation update-authtoken, docs/service/users-and-auth-tokens.md: the body is required, its fields are not). */
export const AuthTokenUpdate = G.AuthTokenUpdate;

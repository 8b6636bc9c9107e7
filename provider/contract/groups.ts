// Groups, their members and banned users (docs/service/groups-and-members.md). The schemas are generated from
// the document (provider/contract/generated/schemas.ts); this file names them for the client, the emulator and the kinds.
import type { z } from "zod";
import * as ENUMS from "./generated/enums";
import * as G from "./generated/schemas";
import { ROUTE_SCHEMAS as S } from "./generated/schemas";
import { groupPassword } from "./rules";

export const Guid = G.Guid;
export const GROUP_TYPES = ENUMS.GroupType;
export const GroupType = G.GroupType;
export const MEMBER_SCOPES = ENUMS.MemberScope;
export const MemberScope = G.MemberScope;
export type MemberScope = z.infer<typeof MemberScope>;

/** `{admins, moderators, participants, usersToBan}`: at most 25 uids in all, per call. */
export const MembersBody = G.MembersBody;
export type MembersBody = z.input<typeof MembersBody>;

/** Type "password" needs a password: shared by the create body and the provider's Group arguments. */
export const passwordRule = groupPassword;

// The vendor's spec requires `type` on create (operation create-group, docs/service/groups-and-members.md); updates may omit it.
export const GroupCreate = G.GroupCreate;
export type GroupCreate = z.input<typeof GroupCreate>;

export const GROUP_UNSETTABLE = ENUMS.GroupUnsettable;
export const GroupUpdate = G.GroupUpdate;
export type GroupUpdate = z.input<typeof GroupUpdate>;

export const Group = G.Group;
export type Group = z.infer<typeof Group>;

/**
 * The list's type filter: the spec's enum is `public, private, protected` while its text says "public,
 * protected, password"; `protected` names the password groups (docs/service/groups-and-members.md).
 * Both spellings are taken.
 */
export const GROUP_LIST_TYPES = ENUMS.GroupListType;
/** The stored type a list filter value selects. */
export const listedGroupType = (t: string) => (t === "protected" ? "password" : t);

export const GroupListQuery = S.listGroups.query;

export const Member = G.Member;
export type Member = z.infer<typeof Member>;

/** One entry of the add-members answer: a failure for one member does not fail the call. */
export const MemberResult = G.MemberResult;
export const AddMembersResult = G.AddMembersResult;
export type AddMembersResult = z.infer<typeof AddMembersResult>;

export const MemberListQuery = S.listMembers.query;

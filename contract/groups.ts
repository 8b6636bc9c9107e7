// Groups, their members and banned users (docs/service/groups-and-members.md).
import { z } from "zod";
import {
  Ack,
  boundedString,
  CsvList,
  chatId,
  dataOf,
  LIMITS,
  Metadata,
  oneOf,
  PageQuery,
  pageOf,
  QueryBool,
  requiredName,
  Tags,
  Timestamp,
  Url,
} from "./common";
import * as ENUMS from "./generated/enums";
import { OPERATIONS } from "./generated/routes";
import { route } from "./route";
import { secret } from "./secret";
import { Uid, User } from "./users";

export const Guid = chatId("guid");
export const GROUP_TYPES = ENUMS.GroupType;
export const GroupType = oneOf(GROUP_TYPES, "type");
export const MEMBER_SCOPES = ENUMS.MemberScope;
export const MemberScope = oneOf(MEMBER_SCOPES, "scope");
export type MemberScope = z.infer<typeof MemberScope>;

/** `{admins, moderators, participants, usersToBan}`: at most 25 uids in all, per call. */
export const MembersBody = z
  .strictObject({
    admins: z.array(Uid).optional(),
    moderators: z.array(Uid).optional(),
    participants: z.array(Uid).optional(),
    usersToBan: z.array(Uid).optional(),
  })
  .refine(
    (m) =>
      (m.admins?.length ?? 0) +
        (m.moderators?.length ?? 0) +
        (m.participants?.length ?? 0) +
        (m.usersToBan?.length ?? 0) <=
      LIMITS.membersPerCall,
    { message: `at most ${LIMITS.membersPerCall} uids per call` },
  );
export type MembersBody = z.input<typeof MembersBody>;

const groupFields = {
  name: requiredName("name"),
  type: GroupType.optional(),
  password: secret(
    boundedString("password", LIMITS.groupPasswordLength).min(1, "password must not be empty"),
  ).optional(),
  icon: Url("icon").optional(),
  description: boundedString("description", LIMITS.descriptionLength).optional(),
  metadata: Metadata.optional(),
  owner: Uid.optional(),
  tags: Tags.optional(),
};

/** Type "password" needs a password: shared by the create body and the provider's Group arguments. */
export const passwordRule = {
  check: (g: { type?: string | undefined; password?: string | undefined }) =>
    g.type !== "password" || !!g.password,
  // `params.code`: the service answers this case with its own code (docs/service/groups-and-members.md).
  message: {
    message: "password is required when type is 'password'",
    path: ["password"],
    params: { code: "ERR_EMPTY_GROUP_PASS" },
  },
};

// The vendor's spec requires `type` on create (operation create-group, docs/service/groups-and-members.md); updates may omit it.
export const GroupCreate = z
  .strictObject({ guid: Guid, ...groupFields, type: GroupType, members: MembersBody.optional() })
  .refine(passwordRule.check, passwordRule.message);
export type GroupCreate = z.input<typeof GroupCreate>;

export const GROUP_UNSETTABLE = ["icon", "description", "metadata"] as const;
export const GroupUpdate = z.strictObject({
  ...groupFields,
  name: groupFields.name.optional(),
  unset: z.array(z.enum(GROUP_UNSETTABLE)).optional(),
});
export type GroupUpdate = z.input<typeof GroupUpdate>;

export const Group = z.looseObject({
  guid: z.string(),
  name: z.string(),
  type: GroupType,
  description: z.string().optional(),
  icon: z.string().optional(),
  owner: z.string().optional(),
  metadata: z.record(z.string(), z.unknown()).optional(),
  tags: z.array(z.string()).optional(),
  membersCount: z.number().int(),
  conversationId: z.string().optional(),
  createdAt: Timestamp,
  updatedAt: Timestamp.optional(),
});
export type Group = z.infer<typeof Group>;

/**
 * The list's type filter: the spec's enum is `public, private, protected` while its text says "public,
 * protected, password"; `protected` names the password groups (docs/service/groups-and-members.md).
 * Both spellings are taken.
 */
export const GROUP_LIST_TYPES = ["public", "private", "protected", "password"] as const;
/** The stored type a list filter value selects. */
export const listedGroupType = (t: string) => (t === "protected" ? "password" : t);

export const GroupListQuery = PageQuery.extend({
  searchKey: z.string().optional(),
  sortBy: z.enum(["name", "guid", "createdAt"]).optional(),
  sortOrder: z.enum(["asc", "desc"]).optional(),
  type: oneOf(GROUP_LIST_TYPES, "type").optional(),
  types: CsvList.optional(),
  tags: CsvList.optional(),
  withTags: QueryBool.optional(),
});

export const Member = User.extend({ scope: MemberScope, joinedAt: Timestamp });
export type Member = z.infer<typeof Member>;

/** One entry of the add-members answer: a failure for one member does not fail the call. */
export const MemberResult = z.looseObject({
  success: z.boolean(),
  data: z.unknown().optional(),
  error: z.looseObject({ code: z.string(), message: z.string().optional() }).optional(),
});
export const AddMembersResult = z.looseObject({
  admins: z.record(z.string(), MemberResult).optional(),
  moderators: z.record(z.string(), MemberResult).optional(),
  participants: z.record(z.string(), MemberResult).optional(),
  usersToBan: z.record(z.string(), MemberResult).optional(),
});
export type AddMembersResult = z.infer<typeof AddMembersResult>;

export const MemberListQuery = PageQuery.extend({
  scopes: CsvList.pipe(z.array(MemberScope)).optional(),
  status: z.enum(["available", "offline"]).optional(),
});

export const groupRoutes = {
  createGroup: route({ ...OPERATIONS.createGroup, body: GroupCreate, response: dataOf(Group) }),
  listGroups: route({ ...OPERATIONS.listGroups, query: GroupListQuery, response: pageOf(Group) }),
  getGroup: route({ ...OPERATIONS.getGroup, response: dataOf(Group) }),
  updateGroup: route({ ...OPERATIONS.updateGroup, body: GroupUpdate, response: dataOf(Group) }),
  deleteGroup: route({ ...OPERATIONS.deleteGroup, response: dataOf(Ack) }),
  addMembers: route({ ...OPERATIONS.addMembers, body: MembersBody, response: dataOf(AddMembersResult) }),
  listMembers: route({ ...OPERATIONS.listMembers, query: MemberListQuery, response: pageOf(Member) }),
  changeMemberScope: route({
    ...OPERATIONS.changeMemberScope,
    body: z.strictObject({ scope: MemberScope }),
    response: dataOf(
      z.looseObject({
        guid: z.string(),
        uid: z.string(),
        scope: MemberScope,
        joinedAt: Timestamp.optional(),
      }),
    ),
  }),
  kickMember: route({ ...OPERATIONS.kickMember, response: dataOf(Ack) }),
  banUser: route({ ...OPERATIONS.banUser, response: dataOf(Ack) }),
  unbanUser: route({ ...OPERATIONS.unbanUser, response: dataOf(Ack) }),
  listBannedUsers: route({ ...OPERATIONS.listBannedUsers, query: PageQuery, response: pageOf(User) }),
} as const;

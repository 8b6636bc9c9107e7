// Data Import: users, groups, members and messages sent in bulk, each keyed by its own id, with the times
// they had elsewhere (a message's sentAt and readAt). docs/service/data-import.md.
import { z } from "zod";
import { chatId, dataOf, Metadata, requiredName, Tags, Timestamp, Url } from "./common";
import { OPERATIONS } from "./generated/routes";
import { GroupType, Guid, MemberScope } from "./groups";
import { ReceiverType } from "./messages";
import { route } from "./route";
import { Uid } from "./users";

/** Entities one import request may carry, and import requests a minute (docs/service/data-import.md). */
export const IMPORT_LIMITS = { perRequest: 50, perMinute: 60 } as const;

/**
 * A map of entities under their keys: 1 to 50 of them, each under the key its own id field holds (the
 * service answers per key, so a key naming another entity would be answered under the wrong name).
 */
const keyed = <T extends z.ZodType>(entity: T, what: string, keyOf: (e: z.output<T>) => string) =>
  z
    .record(z.string(), entity)
    .refine((m) => Object.keys(m).length >= 1, { message: `${what} must hold at least one entry` })
    .refine((m) => Object.keys(m).length <= IMPORT_LIMITS.perRequest, {
      message: `${what} may hold at most ${IMPORT_LIMITS.perRequest} entries a request`,
    })
    .refine((m) => Object.entries(m).every(([k, e]) => k.toLowerCase() === keyOf(e).toLowerCase()), {
      message: `each key of ${what} must be the id its entry holds`,
    });

export const ImportUser = z.strictObject({
  uid: Uid,
  name: requiredName("name"),
  avatar: Url("avatar").optional(),
  link: Url("link").optional(),
  role: chatId("role").optional(),
  metadata: Metadata.optional(),
  tags: Tags.optional(),
  createdAt: Timestamp.optional(),
});
export type ImportUser = z.input<typeof ImportUser>;

export const ImportGroup = z.strictObject({
  guid: Guid,
  name: requiredName("name"),
  type: GroupType,
  owner: Uid,
  icon: Url("icon").optional(),
  description: z.string().max(255, "description must be at most 255 characters").optional(),
  metadata: Metadata.optional(),
  tags: Tags.optional(),
  createdAt: Timestamp.optional(),
});
export type ImportGroup = z.input<typeof ImportGroup>;

/** A member is keyed `<guid>_member_<uid>` (the vendor's `memberId`). */
export const memberIdOf = (guid: string, uid: string) => `${guid}_member_${uid}`;
export const ImportMember = z.strictObject({
  memberId: z.string().min(1, "memberId must not be empty"),
  guid: Guid,
  uid: Uid,
  scope: MemberScope.optional(),
  joinedAt: Timestamp.optional(),
});
export type ImportMember = z.input<typeof ImportMember>;

export const ImportAttachment = z.strictObject({
  url: Url("url"),
  name: z.string().min(1, "name must not be empty"),
  mimeType: z.string().min(1, "mimeType must not be empty"),
  extension: z.string().min(1, "extension must not be empty"),
  size: z.string().optional(),
});

export const ImportMessage = z.strictObject({
  muid: z.string().min(1, "muid must not be empty").max(100, "muid must be at most 100 characters"),
  sender: Uid,
  receiverType: ReceiverType,
  receiver: z.string().min(1, "receiver must not be empty"),
  category: z.enum(["message", "custom"]).optional(),
  type: z.string().min(1, "type must not be empty").optional(),
  data: z
    .strictObject({
      text: z.string().optional(),
      customData: z.record(z.string(), z.unknown()).optional(),
      attachments: z.array(ImportAttachment).optional(),
      metadata: Metadata.optional(),
    })
    .optional(),
  tags: Tags.optional(),
  sentAt: Timestamp,
  deliveredAt: Timestamp.optional(),
  readAt: Timestamp.optional(),
});
export type ImportMessage = z.input<typeof ImportMessage>;

export const ImportUsersBody = z.strictObject({ users: keyed(ImportUser, "users", (u) => u.uid) });
export const ImportGroupsBody = z.strictObject({ groups: keyed(ImportGroup, "groups", (g) => g.guid) });
export const ImportMembersBody = z.strictObject({
  members: keyed(ImportMember, "members", (m) => m.memberId),
});
export const ImportMessagesBody = z.strictObject({
  messages: keyed(ImportMessage, "messages", (m) => m.muid),
});

/** One key's outcome: a failure for one entity does not fail the request. */
export const ImportResult = z.looseObject({
  success: z.boolean(),
  data: z.unknown().optional(),
  error: z.looseObject({ code: z.string(), message: z.string().optional() }).optional(),
});
export type ImportResult = z.infer<typeof ImportResult>;
const ImportAnswer = dataOf(z.record(z.string(), ImportResult));

export const dataImportRoutes = {
  importUsers: route({ ...OPERATIONS.importUsers, body: ImportUsersBody, response: ImportAnswer }),
  importGroups: route({ ...OPERATIONS.importGroups, body: ImportGroupsBody, response: ImportAnswer }),
  importMembers: route({ ...OPERATIONS.importMembers, body: ImportMembersBody, response: ImportAnswer }),
  importMessages: route({ ...OPERATIONS.importMessages, body: ImportMessagesBody, response: ImportAnswer }),
} as const;

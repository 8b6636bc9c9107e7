// Data Import: users, groups, members and messages sent in bulk, each keyed by its own id, with the times
// they had elsewhere (a message's sentAt and readAt). docs/service/data-import.md. The schemas are generated
// from the document (provider/contract/generated/schemas.ts); the keyed maps are the block `importMapOf`.
import type { z } from "zod";
import * as G from "./generated/schemas";

export { IMPORT_LIMITS } from "./blocks";

export const ImportUser = G.ImportUser;
export type ImportUser = z.input<typeof ImportUser>;

export const ImportGroup = G.ImportGroup;
export type ImportGroup = z.input<typeof ImportGroup>;

/** A member is keyed `<guid>_member_<uid>` (the vendor's `memberId`). */
export const memberIdOf = (guid: string, uid: string) => `${guid}_member_${uid}`;
export const ImportMember = G.ImportMember;
export type ImportMember = z.input<typeof ImportMember>;

export const ImportAttachment = G.ImportAttachment;

export const ImportMessage = G.ImportMessage;
export type ImportMessage = z.input<typeof ImportMessage>;

export const ImportUsersBody = G.ImportUsersBody;
export const ImportGroupsBody = G.ImportGroupsBody;
export const ImportMembersBody = G.ImportMembersBody;
export const ImportMessagesBody = G.ImportMessagesBody;

/** One key's outcome: a failure for one entity does not fail the request. */
export const ImportResult = G.ImportResult;
export type ImportResult = z.infer<typeof ImportResult>;

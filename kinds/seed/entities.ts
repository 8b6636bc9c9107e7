// The four things a seed data set holds, each as its file rows are checked and keyed: users, groups, the
// groups' members and messages (the Data Import routes' entities, docs/service/data-import.md).
import { z } from "zod";
import {
  Guid,
  ImportGroup,
  ImportMessage,
  ImportUser,
  MemberScope,
  memberIdOf,
  Timestamp,
  Uid,
} from "../../contract";
import type { Row } from "./rows";

export const ENTITIES = ["users", "groups", "members", "messages"] as const;
export type Entity = (typeof ENTITIES)[number];

/**
 * A member row as a file holds it: the vendor's memberId is made from the two ids. The service refuses a
 * `joinedAt` after now (ERR_IMPORT_INVALID_JOINEDAT, docs/service/data-import.md): refused here first.
 */
export const MemberRow = z.strictObject({
  guid: Guid,
  uid: Uid,
  scope: MemberScope.optional(),
  joinedAt: Timestamp.refine(
    (t) => t <= Date.now() / 1000,
    "joinedAt must not be after now (the service refuses a member who joins in the future)",
  ).optional(),
});

export interface EntitySpec {
  /** What one row is called in plans and messages. */
  readonly noun: string;
  readonly schema: z.ZodType<Row>;
  /** Every field a row may have (the schema's), the key fields among them. */
  readonly fields: readonly string[];
  /** The row's key: its id at the service (a member's `<guid>_member_<uid>`). */
  key(row: Row): string;
  /**
   * What the bucket is chosen by: the key, or for members the group (so one group's members share a bucket
   * and a refresh lists each group once).
   */
  bucketKey(row: Row): string;
  /** Fields that make the key, left out of the digests (the key stands for them). */
  readonly keyFields: readonly string[];
  /** List fields compared in any order. */
  readonly sets: readonly string[];
  /** Fields a CSV cell holds as a number, as JSON, or as a `;`-separated list. */
  readonly numbers: readonly string[];
  readonly json: readonly string[];
  readonly lists: readonly string[];
}

const str = (row: Row, f: string) => String(row[f]);
const fieldsOf = (schema: z.ZodObject) => Object.keys(schema.shape);

export const SPECS: Readonly<Record<Entity, EntitySpec>> = {
  users: {
    noun: "user",
    schema: ImportUser as unknown as z.ZodType<Row>,
    fields: fieldsOf(ImportUser),
    key: (r) => str(r, "uid"),
    bucketKey: (r) => str(r, "uid"),
    keyFields: ["uid"],
    sets: ["tags"],
    numbers: ["createdAt"],
    json: ["metadata"],
    lists: ["tags"],
  },
  groups: {
    noun: "group",
    schema: ImportGroup as unknown as z.ZodType<Row>,
    fields: fieldsOf(ImportGroup),
    key: (r) => str(r, "guid"),
    bucketKey: (r) => str(r, "guid"),
    keyFields: ["guid"],
    sets: ["tags"],
    numbers: ["createdAt"],
    json: ["metadata"],
    lists: ["tags"],
  },
  members: {
    noun: "member",
    schema: MemberRow as unknown as z.ZodType<Row>,
    fields: fieldsOf(MemberRow),
    key: (r) => memberIdOf(str(r, "guid"), str(r, "uid")),
    bucketKey: (r) => str(r, "guid"),
    keyFields: ["guid", "uid"],
    sets: [],
    numbers: ["joinedAt"],
    json: [],
    lists: [],
  },
  messages: {
    noun: "message",
    schema: ImportMessage as unknown as z.ZodType<Row>,
    fields: fieldsOf(ImportMessage),
    key: (r) => str(r, "muid"),
    bucketKey: (r) => str(r, "muid"),
    keyFields: ["muid"],
    sets: ["tags"],
    numbers: ["sentAt", "readAt", "deliveredAt"],
    json: ["data", "data.customData", "data.metadata", "data.attachments"],
    lists: ["tags"],
  },
};

/** A member key's two ids. */
export function memberOfKey(key: string): { guid: string; uid: string } {
  const at = key.indexOf("_member_");
  return { guid: key.slice(0, at), uid: key.slice(at + "_member_".length) };
}

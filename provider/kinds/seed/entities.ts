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

// What a seed row may not say although the import's schema takes it: each would make an object other than
// the row describes, or a history that cannot have happened.
type Rule = (row: Row, add: (field: string, message: string) => void) => void;
const MEMBER_KEY = "_member_";
const afterNow = (t: unknown) => typeof t === "number" && t > Date.now() / 1000;
const notAfterNow =
  (field: string): Rule =>
  (row, add) => {
    if (afterNow(row[field])) add(field, `${field} must not be after now: a seed row is history`);
  };
const RULES: Record<Entity, readonly Rule[]> = {
  users: [notAfterNow("createdAt")],
  groups: [
    notAfterNow("createdAt"),
    (row, add) => {
      if (row.type === "password")
        add(
          "type",
          "a password group cannot be seeded: Data Import takes no password, so it would be made without one (declare it as a Group)",
        );
    },
  ],
  members: [
    (row, add) => {
      for (const f of ["guid", "uid"])
        if (String(row[f]).includes(MEMBER_KEY))
          add(
            f,
            `${f} must not contain "${MEMBER_KEY}" in a member row: the service keys a member as <guid>${MEMBER_KEY}<uid>, and such an id would name another member`,
          );
    },
  ],
  messages: [
    notAfterNow("sentAt"),
    (row, add) => {
      for (const f of ["deliveredAt", "readAt"])
        if (typeof row[f] === "number" && typeof row.sentAt === "number" && row[f] < row.sentAt)
          add(f, `${f} must not be before sentAt`);
    },
  ],
};
/** An entity's import schema with the seed's own rules. */
const seedRow = (entity: Entity, schema: z.ZodType<Row>): z.ZodType<Row> =>
  schema.superRefine((row, c) => {
    for (const rule of RULES[entity])
      rule(row, (field, message) => c.addIssue({ code: "custom", path: [field], message }));
  });

export interface EntitySpec {
  /** What one row is called in plans and messages. */
  readonly noun: string;
  /** One row named for a person (`user ada`, `member ada of group desk`). */
  describe(row: Row): string;
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
    describe: (r) => `user ${str(r, "uid")}`,
    schema: seedRow("users", ImportUser as unknown as z.ZodType<Row>),
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
    describe: (r) => `group ${str(r, "guid")}`,
    schema: seedRow("groups", ImportGroup as unknown as z.ZodType<Row>),
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
    describe: (r) => `member ${str(r, "uid")} of group ${str(r, "guid")}`,
    schema: seedRow("members", MemberRow as unknown as z.ZodType<Row>),
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
    describe: (r) => `message ${str(r, "muid")}`,
    schema: seedRow("messages", ImportMessage as unknown as z.ZodType<Row>),
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

/** A member key's two ids (neither holds the separator: the rules above refuse it). */
export function memberOfKey(key: string): { guid: string; uid: string } {
  const at = key.indexOf(MEMBER_KEY);
  return { guid: key.slice(0, at), uid: key.slice(at + MEMBER_KEY.length) };
}

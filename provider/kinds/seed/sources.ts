// Which declared kind each seed file's rows stand for, and a listed object as seed rows: what the environment
// file's checks (a row also declared as an entry) and `chat-export --seed` need without naming kinds in
// provider/environment/ (decision 0105). Decision 0108, "Environment file and export".
import { LIMITS, memberIdOf } from "../../contract";
import type { Args, Ctx, Listed } from "../../engine/kind";
import { type Entity, SPECS } from "./entities";
import type { Row } from "./rows";

export interface SeedSource {
  readonly entity: Entity;
  /** The kind whose entries (or listed objects) the rows stand for. */
  readonly kind: string;
  /** The id of the kind's entry a row would clash with (a member row: its group's member set). */
  entryId(row: Row): string;
  /** The field naming that id in a row, for messages. */
  readonly entryField: string;
  /**
   * The rows of one listed object (its arguments and outputs, the service's times among them); undefined when
   * a row cannot hold it (a field Data Import does not take).
   */
  rowsOf(args: Args, state: Args): Row[] | undefined;
  /**
   * The service's times a row carries (its history): written as the service has them, and left out of a row
   * only where the seed check would refuse it.
   */
  readonly times: readonly string[];
  /**
   * Fields of the rows that the kind's read leaves out (a member's joinedAt: the member set's read holds
   * scopes only), read from the service for the listed objects: per row key.
   */
  extra?(ctx: Ctx, listed: readonly Listed[]): Promise<Record<string, Row>>;
}

/** A value that says nothing (the service's empty fields). */
const empty = (v: unknown) =>
  v === undefined ||
  v === null ||
  v === "" ||
  (Array.isArray(v) && v.length === 0) ||
  (typeof v === "object" && v !== null && !Array.isArray(v) && Object.keys(v).length === 0);

/** `fields` without empty values, keys sorted (a file that does not depend on the order the API used). */
const rowOf = (fields: Args): Row =>
  Object.fromEntries(
    Object.keys(fields)
      .sort()
      .flatMap((k) => (empty(fields[k]) ? [] : [[k, fields[k]]])),
  );

/** `row` with `more`'s fields that say something, keys sorted. */
export const withFields = (row: Row, more: Args = {}): Row => rowOf({ ...row, ...more });

/** `args` as a row of `entity` if its schema takes it as it is (no field lost). */
function asRow(entity: Entity, args: Args): Row | undefined {
  const row = rowOf(args);
  const r = SPECS[entity].schema.safeParse(row);
  // The schema may normalise (a role lowercased): a row that would not read back the same is left out.
  return r.success && JSON.stringify(rowOf(r.data)) === JSON.stringify(row) ? row : undefined;
}

const SCOPES = { admins: "admin", moderators: "moderator", participants: "participant" } as const;

export const SEED_SOURCES: readonly SeedSource[] = [
  {
    entity: "users",
    kind: "User",
    entryId: (r) => String(r.uid),
    entryField: "uid",
    rowsOf: (a, s) => {
      const row = asRow("users", a);
      return row && [withFields(row, { createdAt: s.createdAt })];
    },
    times: ["createdAt"],
  },
  {
    entity: "groups",
    kind: "Group",
    entryId: (r) => String(r.guid),
    entryField: "guid",
    // A password group is left out: Data Import takes no password, so a copy would have none.
    rowsOf: (a, s) => {
      const row = a.type === "password" ? undefined : asRow("groups", a);
      return row && [withFields(row, { createdAt: s.createdAt })];
    },
    times: ["createdAt"],
  },
  {
    entity: "members",
    kind: "GroupMembers",
    entryId: (r) => String(r.guid),
    entryField: "guid",
    rowsOf: (a) =>
      Object.entries(SCOPES).flatMap(([list, scope]) =>
        ((a[list] as string[] | undefined) ?? []).map((uid) => ({ guid: String(a.guid), uid, scope })),
      ),
    times: ["joinedAt"],
    // When each joined: one more listing of each group's members (GroupMembers reads scopes only).
    extra: async (ctx, listed) => {
      const out: Record<string, Row> = {};
      await Promise.all(
        listed.map(async ({ args }) => {
          const guid = String(args.guid);
          for await (const m of ctx
            .chat()
            .paginate("listMembers", { params: { guid }, query: { perPage: LIMITS.perPageMax } }))
            out[memberIdOf(guid, m.uid)] = { joinedAt: m.joinedAt };
        }),
      );
      return out;
    },
  },
];

/** The fields of a message that Data Import takes (the service's own, such as its id, left out). */
const MESSAGE_FIELDS = [
  "muid",
  "sender",
  "receiverType",
  "receiver",
  "category",
  "type",
  "tags",
  "sentAt",
  "deliveredAt",
  "readAt",
] as const;
const MESSAGE_DATA = ["text", "customData", "attachments", "metadata"] as const;

/**
 * A message as the service lists it, as a seed row; why not when it cannot be one (no muid, which keys a
 * seed message; a deleted message; a category the import does not take, such as the service's own actions).
 */
export function messageRow(m: Args): { row: Row } | { why: "no muid" | "deleted" | "not importable" } {
  if (m.deletedAt !== undefined) return { why: "deleted" };
  if (typeof m.muid !== "string" || m.muid === "") return { why: "no muid" };
  const data = (m.data ?? {}) as Args;
  const row = rowOf({
    ...Object.fromEntries(MESSAGE_FIELDS.map((f) => [f, m[f]])),
    data: rowOf(Object.fromEntries(MESSAGE_DATA.map((f) => [f, data[f]]))),
  });
  return SPECS.messages.schema.safeParse(row).success ? { row } : { why: "not importable" };
}

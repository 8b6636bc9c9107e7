// Which declared kind each seed file's rows stand for, and a listed object as seed rows: what the environment
// file's checks (a row also declared as an entry) and `chat-export --seed` need without naming kinds in
// environment/ (decision 0105). Decision 0108, "Environment file and export".
import type { Args } from "../../engine/kind";
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
  /** The rows of one listed object; undefined when a row cannot hold it (a field Data Import does not take). */
  rowsOf(args: Args): Row[] | undefined;
}

/** `args` as a row of `entity` if its schema takes it as it is (no field lost). */
function asRow(entity: Entity, args: Args): Row | undefined {
  const row = Object.fromEntries(Object.entries(args).filter(([, v]) => v !== undefined));
  const r = SPECS[entity].schema.safeParse(row);
  // The schema may normalise (a role lowercased): a row that would not read back the same is left out.
  return r.success && JSON.stringify(r.data) === JSON.stringify(row) ? row : undefined;
}

const SCOPES = { admins: "admin", moderators: "moderator", participants: "participant" } as const;

export const SEED_SOURCES: readonly SeedSource[] = [
  {
    entity: "users",
    kind: "User",
    entryId: (r) => String(r.uid),
    entryField: "uid",
    rowsOf: (a) => {
      const row = asRow("users", a);
      return row && [row];
    },
  },
  {
    entity: "groups",
    kind: "Group",
    entryId: (r) => String(r.guid),
    entryField: "guid",
    // A password group is left out: Data Import takes no password, so a copy would have none.
    rowsOf: (a) => {
      const row = a.type === "password" ? undefined : asRow("groups", a);
      return row && [row];
    },
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
  },
];

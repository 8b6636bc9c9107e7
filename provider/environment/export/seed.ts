// `chat-export --seed <dir>` (decision 0108, "Environment file and export"): the app's users, groups and
// their members as seed files rather than entries, and its messages of a time range. An object is written
// once: as a seed row, unless something the file still declares names it (a ban, a friend, a declared
// group's member or owner), or its entry holds what a row cannot (a field Data Import does not take, a
// group's scope permissions). The kinds come from provider/kinds/seed/sources.ts: none is named here.
import type { Args, Listed } from "../../engine/kind";
import { ENTITIES, type Entity, SPECS } from "../../kinds/seed/entities";
import type { Row } from "../../kinds/seed/rows";
import { messageRow, SEED_SOURCES, withFields } from "../../kinds/seed/sources";
import {
  type EntryAt,
  entriesOf,
  FILE_KINDS,
  type FileKind,
  heldBy,
  holderOf,
  idOf,
  idOfArgs,
  keyOf,
  kindNamed,
  namedIn,
} from "../graph";
import { environmentProblems, formatPath } from "../load";
import { ExportError, type Exported, type Snapshot } from "./document";

type Json = Record<string, unknown>;

/** The file each entity is written to: NDJSON (one row a line, nested fields as they are), members as CSV. */
export const SEED_FILE_NAMES: Readonly<Record<Entity, string>> = {
  users: "users.ndjson",
  groups: "groups.ndjson",
  members: "members.csv",
  messages: "messages.ndjson",
};

/** Which messages to write: those sent in [since, until], Unix seconds (either end open). */
export interface MessageRange {
  since?: number | undefined;
  until?: number | undefined;
}

export interface SeedExport {
  exported: Exported;
  /** File name in the seed folder → its text. */
  files: Record<string, string>;
}

/** The rows' text: sorted by key, so that two exports of an unchanged app are the same bytes. */
function fileText(entity: Entity, rows: readonly Row[]): string {
  const spec = SPECS[entity];
  const sorted = [...rows].sort((a, b) =>
    spec.key(a) < spec.key(b) ? -1 : spec.key(a) > spec.key(b) ? 1 : 0,
  );
  if (entity === "members")
    return `guid,uid,scope,joinedAt\n${sorted
      .map((r) => `${r.guid},${r.uid},${r.scope ?? ""},${r.joinedAt ?? ""}`)
      .join("\n")}\n`;
  return `${sorted.map((r) => JSON.stringify(r)).join("\n")}\n`;
}

/**
 * The service's times as the rows' history, where the seed check takes them: a time that would make the
 * file refused is left out of its row (counted in the notes), the row kept. The service makes a group before
 * any member joins it, and keeps no time after now, so this is for a service that breaks its own order (a
 * clock set back, times rounded apart); the row then carries the time its import gives it in another app, and
 * in the same app is compared over the fields it holds, so the export still applies with no change.
 */
function historyChecked(out: Partial<Record<Entity, Row[]>>, notes: string[]): void {
  const made = new Map((out.groups ?? []).map((g) => [String(g.guid), g.createdAt]));
  for (const source of SEED_SOURCES) {
    const { entity, times } = source;
    const spec = SPECS[entity];
    let dropped = 0;
    out[entity] = out[entity]?.map((row) => {
      const at = made.get(String(row.guid));
      const early =
        entity === "members" &&
        typeof at === "number" &&
        typeof row.joinedAt === "number" &&
        row.joinedAt < at;
      if (!early && spec.schema.safeParse(row).success) return row;
      const without = Object.fromEntries(Object.entries(row).filter(([f]) => !times.includes(f)));
      if (!spec.schema.safeParse(without).success) return row;
      dropped++;
      return without;
    });
    if (dropped)
      notes.push(
        `${dropped} ${spec.noun}(s) are written without ${times.join(", ")}: the service's value would make the seed check refuse the file (${entity === "members" ? "before the group's createdAt, or " : ""}after now).`,
      );
  }
}

/**
 * `exported` with the app's users, groups and members moved to seed files (`at`: the seed folder as the
 * environment file names it), and the messages of `range` when given.
 */
export function withSeed(exported: Exported, snap: Snapshot, at: string, range?: MessageRange): SeedExport {
  const env = structuredClone(exported.environment) as Json;
  const notes = [...exported.notes];
  const sources = SEED_SOURCES.flatMap((source) => {
    const kind = kindNamed(source.kind) as FileKind;
    return snap.listed[kind.name] === undefined ? [] : [{ source, kind }];
  });
  const seedKinds = new Set(sources.map((s) => s.kind.name));
  /** The entry id of a listed object (a held kind's: its holder's). */
  const idOfListed = (kind: FileKind, l: Listed): string => {
    const holder = holderOf(kind);
    const key = holder && keyOf(holder);
    return key !== undefined ? String(l.args[key]) : (idOfArgs(kind, l.args) ?? l.id);
  };
  /** Per kind with its own section: the ids that stay declared. */
  const stay = new Map<string, Set<string>>();
  const keep = (kind: FileKind, id: string) => {
    const top = holderOf(kind) ?? kind;
    const ids = stay.get(top.name) ?? new Set<string>();
    stay.set(top.name, ids);
    if (ids.has(id)) return false;
    ids.add(id);
    return true;
  };
  const rows = new Map<string, Map<string, Row[]>>();
  for (const { source, kind } of sources) {
    const byId = new Map<string, Row[]>();
    for (const l of snap.listed[kind.name] ?? []) {
      const id = idOfListed(kind, l);
      const extra = snap.rowFields?.[source.entity] ?? {};
      const made = source
        .rowsOf(l.args, l.state)
        ?.map((r) => withFields(r, extra[SPECS[source.entity].key(r)]));
      if (made) byId.set(id, [...(byId.get(id) ?? []), ...made]);
      else keep(kind, id);
    }
    rows.set(kind.name, byId);
  }
  /** Whether an entry becomes seed rows: its kind's (or holder's) object is seeded. */
  const seeded = (k: FileKind, e: EntryAt): boolean => {
    const holder = holderOf(k);
    if (holder && e.holder) return seeded(holder, e.holder);
    const id = idOf(k, e.entry);
    return seedKinds.has(k.name) && id !== undefined && !stay.get(k.name)?.has(id);
  };
  // An entry holding what no row can (a kind inside it that is not seeded) keeps its holder declared.
  for (const { kind } of sources)
    for (const h of heldBy(kind).filter((h) => !seedKinds.has(h.name)))
      for (const e of entriesOf(env, h)) if (e.holder) keep(kind, idOf(kind, e.holder.entry) ?? "");
  // Whatever a declared entry names stays declared, until nothing more is named.
  for (let more = true; more; ) {
    more = false;
    for (const k of FILE_KINDS)
      for (const e of entriesOf(env, k)) {
        if (seeded(k, e)) continue;
        for (const n of namedIn(k, k.file.only ? { [k.file.only]: e.entry } : e.entry))
          if (seedKinds.has(n.kind) && keep(kindNamed(n.kind) as FileKind, n.id)) more = true;
      }
  }

  const out: Partial<Record<Entity, Row[]>> = {};
  for (const { source, kind } of sources) {
    const top = holderOf(kind) ?? kind;
    const written = [...(rows.get(kind.name) ?? [])].filter(
      ([id]) => seedKinds.has(top.name) && !stay.get(top.name)?.has(id),
    );
    out[source.entity] = written.flatMap(([, r]) => r);
    // The seeded objects leave their section (a held kind's leave with their holder's entry).
    if (holderOf(kind)) continue;
    const ids = new Set(written.map(([id]) => id));
    let list: unknown = env;
    for (const p of kind.file.at) list = (list as Json | undefined)?.[p];
    if (!Array.isArray(list)) continue;
    const left = list.filter((entry) => !ids.has(idOf(kind, entry as Json) ?? ""));
    let parent = env;
    for (const p of kind.file.at.slice(0, -1)) parent = parent[p] as Json;
    const last = kind.file.at[kind.file.at.length - 1] as string;
    if (left.length) parent[last] = left;
    else delete parent[last];
  }

  historyChecked(out, notes);

  if (range) {
    const why: Record<string, number> = {};
    const inRange = (snap.messages ?? []).filter((m: Args) => {
      const t = Number(m.sentAt);
      return (
        (range.since === undefined || t >= range.since) && (range.until === undefined || t <= range.until)
      );
    });
    out.messages = inRange.flatMap((m) => {
      const r = messageRow(m);
      if ("row" in r) return [r.row];
      why[r.why] = (why[r.why] ?? 0) + 1;
      return [];
    });
    for (const [reason, n] of Object.entries(why))
      notes.push(`${n} message(s) of the time range are left out of the seed (${reason}).`);
  }

  const files: Record<string, string> = {};
  const section: Json = {};
  for (const entity of ENTITIES) {
    const r = out[entity];
    if (!r?.length) continue;
    files[SEED_FILE_NAMES[entity]] = fileText(entity, r);
    section[entity] = `${at.replace(/\/+$/, "") || "."}/${SEED_FILE_NAMES[entity]}`;
  }
  if (Object.keys(section).length) env.seed = section;
  const { problems } = environmentProblems(env, process.cwd(), false);
  if (problems.length > 0)
    throw new ExportError(
      `the seed split leaves a file that is not valid:\n${problems
        .map((i) => `  ${formatPath(i.path)}: ${i.message}`)
        .join("\n")}`,
    );
  return { exported: { ...exported, environment: env as Exported["environment"], notes }, files };
}

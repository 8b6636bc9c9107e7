// What a seed bucket does at the service: import its new rows in the largest batches Data Import takes (the
// client paces them by Data Import's own budget, provider/contract/route-families.ts); change and remove rows
// through the object routes; read rows back for a refresh. Decision 0108.
import { IMPORT_LIMITS, type ImportResult, LIMITS, memberIdOf, type RouteName } from "../../contract";
import type { Ctx } from "../../engine/kind";
import { collect, hasCode } from "../../engine/util";
import { type Entity, memberOfKey, SPECS } from "./entities";
import {
  forgetGone,
  isChild,
  leftToParents,
  nothingDeclared,
  type Parent,
  parentBack,
  parentGone,
  parentsOfMember,
  parentsOfMessage,
} from "./parents";
import { batches, type FieldDigests, lineOf, type Row, type Rows, rowDigest } from "./rows";

/** Runs `step` over `items`, `width` at a time (the client's budget paces the requests themselves). */
export async function pool<T>(items: readonly T[], width: number, step: (item: T) => Promise<void>) {
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const item = items[next++] as T;
      await step(item);
    }
  };
  await Promise.all(Array.from({ length: Math.min(width, items.length) }, worker));
}

const IMPORT_ROUTE = {
  users: "importUsers",
  groups: "importGroups",
  members: "importMembers",
  messages: "importMessages",
} as const satisfies Record<Entity, RouteName>;
const WRAPPER = { users: "users", groups: "groups", members: "members", messages: "messages" } as const;

/** What the service answers for a key that is there already: the row may be this seed's, from an earlier try. */
const ALREADY = [
  "ERR_UID_ALREADY_EXISTS",
  "ERR_GUID_ALREADY_EXISTS",
  "ERR_ALREADY_JOINED",
  "ERR_IMPORT_MUID_ALREADY_EXISTS",
];

/** The body entry of one row: a member gets its vendor key. */
function entryOf(entity: Entity, row: Row): Row {
  return entity === "members" ? { memberId: memberIdOf(String(row.guid), String(row.uid)), ...row } : row;
}

export interface Imported {
  /** Keys the service refused, with why. */
  failed: { key: string; why: string }[];
  /** Keys that were there already (settled to the row through the object routes). */
  existing: string[];
}

/**
 * Imports `rows` (by key) in batches of 50, at most 4 requests in flight within the data-import budget. A key
 * already there is made as the row says through its object route (a resend after a lost answer, or a killed
 * run, lands here): nothing is made twice.
 */
export async function importRows(ctx: Ctx, entity: Entity, rows: Map<string, Row>): Promise<Imported> {
  const out: Imported = { failed: [], existing: [] };
  // A user or group this process deleted and imports again is there again for the rows made after.
  if (entity === "users" || entity === "groups")
    for (const k of rows.keys())
      parentBack(ctx.appId({}), { what: entity === "users" ? "user" : "group", id: k });
  const runs = batches([...rows.keys()], IMPORT_LIMITS.perRequest);
  await pool(runs, 4, async (keys) => {
    const body = {
      [WRAPPER[entity]]: Object.fromEntries(keys.map((k) => [k, entryOf(entity, rows.get(k) ?? {})])),
    };
    wrote(entity, true);
    const r = await ctx.chat().call(IMPORT_ROUTE[entity], { body } as never);
    const answers = (r as { data: Record<string, ImportResult> }).data;
    for (const k of keys) {
      const a = answers[k];
      if (a?.success) continue;
      if (a?.error && ALREADY.includes(a.error.code)) out.existing.push(k);
      else
        out.failed.push({
          key: k,
          why: a?.error ? `${a.error.code}: ${a.error.message ?? ""}` : "no answer for it",
        });
    }
  });
  // A row already there is compared first, field by field: only what differs is written. One the service
  // says is there but does not list is not there to write (a deleted message keeps its muid taken, a
  // deactivated user its uid): refused, naming it, rather than recorded as made.
  if (out.existing.length) {
    const spec = SPECS[entity];
    const now = await listingOf(ctx, entity, out.existing);
    const hidden = out.existing.filter((k) => !now.has(k));
    out.existing = out.existing.filter((k) => now.has(k));
    for (const k of hidden) out.failed.push({ key: k, why: HIDDEN[entity] });
    await pool(out.existing, 10, async (k) => {
      const wanted = rowDigest(rows.get(k) ?? {}, spec.keyFields, spec.sets);
      const there = now.get(k) ?? {};
      // The fields the row declares (one the service holds but the row leaves out is not the seed's).
      const fields = Object.keys(wanted).filter((f) => wanted[f] !== there[f]);
      if (fields.length) await changeRow(ctx, entity, k, rows.get(k) ?? {}, fields);
    });
  }
  return out;
}

/** Why a key the service has taken is not one the seed can make or take over. */
const HIDDEN: Record<Entity, string> = {
  users:
    "the uid is taken by a user the service does not list (deactivated): reactivate it, or give the row a new uid",
  groups: "the guid is taken by a group the service does not list: give the row a new guid",
  members: "the service says the user is in the group but does not list them as a member",
  messages: "the muid is taken by a message deleted at the service, which keeps it: give the row a new muid",
};

/** Fields the object routes cannot change once made. */
const FIXED: Record<Entity, readonly string[]> = {
  users: ["createdAt"],
  groups: ["createdAt", "type"],
  members: ["joinedAt"],
  messages: [
    "sender",
    "receiver",
    "receiverType",
    "category",
    "type",
    "sentAt",
    "deliveredAt",
    "readAt",
    "tags",
  ],
};

/** Makes one existing row as declared, for `fields` (a field absent from the row is cleared). */
export async function changeRow(ctx: Ctx, entity: Entity, key: string, row: Row, fields: readonly string[]) {
  const spec = SPECS[entity];
  const wanted = fields.filter((f) => !spec.keyFields.includes(f));
  const settable = wanted.filter((f) => !FIXED[entity].includes(f));
  if (settable.length === 0) return;
  wrote(entity);
  const chat = ctx.chat();
  if (entity === "users" || entity === "groups") {
    const body: Row = {};
    const unset: string[] = [];
    for (const f of settable) {
      if (row[f] !== undefined) body[f] = row[f];
      else if (["avatar", "link", "metadata", "icon", "description"].includes(f)) unset.push(f);
      else if (f === "tags") body.tags = [];
      else if (f === "role") body.role = "default";
    }
    if (unset.length) body.unset = unset;
    if (entity === "users") await chat.call("updateUser", { params: { uid: key }, body } as never);
    else await chat.call("updateGroup", { params: { guid: key }, body } as never);
  } else if (entity === "members") {
    const { guid, uid } = memberOfKey(key);
    await chat.call("changeMemberScope", {
      params: { guid, uid },
      body: { scope: (row.scope as string | undefined) ?? "participant" },
    } as never);
  } else {
    const text = (row.data as { text?: string } | undefined)?.text;
    const id = await messageId(ctx, key);
    if (id === undefined) throw new Error(`message ${key} is not at the service`);
    await chat.call("editMessage", {
      params: { id: String(id) },
      body: { data: { text: text ?? "" } },
    } as never);
  }
}

/** The fields of a change that the object routes cannot make (a message's times, a user's createdAt). */
export function unchangeable(entity: Entity, fields: readonly string[]): string[] {
  return fields.filter((f) => FIXED[entity].includes(f) || (entity === "messages" && f !== "data"));
}

/** Removes one row at the service; one already gone is what was wanted. */
export async function removeRow(ctx: Ctx, entity: Entity, key: string) {
  const chat = ctx.chat();
  wrote(entity);
  try {
    if (entity === "users")
      await chat.call("deleteUser", { params: { uid: key }, body: { permanent: true } });
    else if (entity === "groups") await chat.call("deleteGroup", { params: { guid: key } });
    else if (entity === "members") await chat.call("kickMember", { params: memberOfKey(key) } as never);
    else {
      const id = await messageId(ctx, key);
      if (id !== undefined) await chat.call("deleteMessage", { params: { id }, body: { permanent: true } });
      (await messageIndex(ctx, "ids")).ids.delete(key);
    }
  } catch (e) {
    if (
      !hasCode(e, "ERR_UID_NOT_FOUND", "ERR_GUID_NOT_FOUND", "ERR_NOT_A_MEMBER", "ERR_MESSAGE_ID_NOT_FOUND")
    )
      throw e;
  }
  // A user's permanent delete takes their memberships and messages; a group's its members and messages.
  if (entity === "users") parentGone(ctx.appId({}), { what: "user", id: key });
  else if (entity === "groups") parentGone(ctx.appId({}), { what: "group", id: key });
}

/**
 * Removes a bucket's rows (`keys`), ten at a time. A member or message row goes with its user or group when
 * that one goes in this run (parents.ts, `leftToParents`): it is not removed on its own. `alone` is the
 * bucket's recorded rows none of whose users or groups the seed holds (undefined: state from before it was
 * recorded, every row alone).
 */
export async function removeRows(
  ctx: Ctx,
  entity: Entity,
  keys: readonly string[],
  alone: ReadonlySet<string> | undefined,
): Promise<void> {
  // The app as the provider's claims name it (provider/engine/generic.ts).
  const app = ctx.appId({});
  const covered = (k: string) => alone !== undefined && !alone.has(k);
  let left = keys;
  if (isChild(entity)) {
    // With nothing declared in this run (a destroy), no row's user or group is: the covered rows need no
    // listing to be left to them.
    if (nothingDeclared(app)) left = left.filter((k) => !covered(k));
    let parentsOf = (k: string): Parent[] | undefined => parentsOfMember(k);
    if (entity === "messages" && left.length > 0) {
      const index = await messageIndex(ctx, "ids");
      // A message the listing does not hold is gone (with its user or group, or before).
      parentsOf = (k) => index.parents.get(k);
    }
    left = left.filter((k) => {
      const parents = parentsOf(k);
      return parents !== undefined && !leftToParents(app, parents, covered(k));
    });
  }
  await pool(left, 10, (k) => removeRow(ctx, entity, k));
}

// What the service holds, listed once per provider process and shared by every bucket (a refresh of four
// message buckets lists the app's messages once, not four times), kept as digests only: per key, the full
// digest of each of the entity's fields. A write by this process makes a listing stale for what it compares;
// a message's id stays good until this process imports messages (a new muid may then be missing).
/** Per key: the digest of each field the service holds (the entity's fields, empty ones left out). */
type Listing = Map<string, FieldDigests>;

/** Writes this process made (any entity: a user's removal takes its memberships), and message imports. */
let writes = 0;
let messageImports = 0;
function wrote(entity: Entity, imported = false) {
  writes++;
  if (imported && entity === "messages") messageImports++;
}

const listings = new Map<string, { at: number; list: Promise<Listing> }>();

/**
 * Forgets every listing, as a new provider process starts with none (the engine starts one per command, so
 * a change made at the service between two commands is always seen; tests that play several commands in one
 * process call this between them).
 */
export function forgetListings(): void {
  listings.clear();
  messageIndexes.clear();
  forgetGone();
}
function shared(ctx: Ctx, what: string, make: () => Promise<Listing>): Promise<Listing> {
  const key = `${ctx.chat().appId}:${what}`;
  const hit = listings.get(key);
  if (hit && hit.at === writes) return hit.list;
  const entry = { at: writes, list: make() };
  listings.set(key, entry);
  entry.list.catch(() => listings.get(key) === entry && listings.delete(key));
  return entry.list;
}

/** A listed object's digests, for the entity's fields. */
function digestsOfListed(entity: Entity, listed: Row): FieldDigests {
  const spec = SPECS[entity];
  const picked: Row = {};
  for (const f of spec.fields) if (listed[f] !== undefined) picked[f] = listed[f];
  return rowDigest(picked, spec.keyFields, spec.sets);
}

interface MessageIndex {
  /** Every message's id by muid (deleted ones too: a removal deletes them for good). */
  ids: Map<string, string>;
  /** Every message's sender and receiver by muid (what takes it along when it goes). */
  parents: Map<string, Parent[]>;
  /** The digests of the messages not deleted; undefined when listed for ids alone (a destroy needs no more). */
  digests: Listing | undefined;
  at: number;
  imports: number;
}
const messageIndexes = new Map<string, Promise<MessageIndex>>();

/** The app's messages by cursor (pages of 1000), once per process while `need` holds. */
async function messageIndex(ctx: Ctx, need: "ids" | "digests"): Promise<MessageIndex> {
  const key = ctx.chat().appId;
  const hit = messageIndexes.get(key);
  if (hit) {
    const index = await hit;
    const fresh =
      need === "ids" ? index.imports === messageImports : index.digests !== undefined && index.at === writes;
    if (fresh) return index;
    if (messageIndexes.get(key) !== hit) return messageIndex(ctx, need);
  }
  const made = (async () => {
    const digests = need === "digests" ? new Map<string, FieldDigests>() : undefined;
    const index: MessageIndex = {
      ids: new Map(),
      parents: new Map(),
      digests,
      at: writes,
      imports: messageImports,
    };
    let id = "0";
    for (;;) {
      const r = await ctx
        .chat()
        .call("listMessages", { query: { limit: LIMITS.perPageMax, id, affix: "append" } });
      for (const m of r.data) {
        if (typeof m.muid !== "string") continue;
        index.ids.set(m.muid, String(m.id));
        index.parents.set(m.muid, parentsOfMessage(m as Row));
        if (!digests || m.deletedAt !== undefined) continue;
        const { entities: _e, reactions: _r, ...data } = (m.data ?? {}) as Row;
        digests.set(m.muid, digestsOfListed("messages", { ...(m as Row), data }));
      }
      const next = (r.meta as { next?: { id?: unknown } }).next?.id;
      if (next === undefined || r.data.length === 0) return index;
      id = String(next);
    }
  })();
  messageIndexes.set(key, made);
  made.catch(() => messageIndexes.get(key) === made && messageIndexes.delete(key));
  return made;
}

/** A message's id by its muid (undefined: not at the service). */
async function messageId(ctx: Ctx, muid: string): Promise<string | undefined> {
  return (await messageIndex(ctx, "ids")).ids.get(muid);
}

/** What the service holds for `keys` (and maybe more), as digests. */
async function listingOf(ctx: Ctx, entity: Entity, keys: readonly string[]): Promise<Listing> {
  const chat = ctx.chat();
  const all = (rows: Row[], key: string): Listing =>
    new Map(rows.map((r) => [String(r[key]), digestsOfListed(entity, r)]));
  if (entity === "users")
    return shared(ctx, "users", async () =>
      all(
        (await collect(
          chat.paginate("listUsers", { query: { perPage: LIMITS.perPageMax, withTags: true } }),
          LIMITS.perPageMax,
        )) as Row[],
        "uid",
      ),
    );
  if (entity === "groups")
    return shared(ctx, "groups", async () =>
      all(
        (await collect(
          chat.paginate("listGroups", { query: { perPage: LIMITS.perPageMax, withTags: true } }),
          LIMITS.perPageMax,
        )) as Row[],
        "guid",
      ),
    );
  if (entity === "messages") return (await messageIndex(ctx, "digests")).digests ?? new Map();
  // Members: each group the keys name, listed once (a bucket holds whole groups).
  const out: Listing = new Map();
  const guids = [...new Set(keys.map((k) => memberOfKey(k).guid))];
  await pool(guids, 10, async (guid) => {
    const listed = await shared(ctx, `members:${guid}`, async () => {
      const got: Listing = new Map();
      try {
        const members = await collect(
          chat.paginate("listMembers", { params: { guid }, query: { perPage: LIMITS.perPageMax } }),
          LIMITS.perPageMax,
        );
        for (const m of members)
          got.set(
            memberIdOf(guid, m.uid),
            digestsOfListed(entity, { guid, uid: m.uid, scope: m.scope, joinedAt: m.joinedAt }),
          );
      } catch (e) {
        if (!hasCode(e, "ERR_GUID_NOT_FOUND")) throw e;
      }
      return got;
    });
    for (const [k, d] of listed) out.set(k, d);
  });
  return out;
}

/**
 * The recorded rows as the service holds them now, over the fields each recorded row names: a row gone drops
 * out, a field changed gets another digest, a field cleared drops out.
 */
export async function digestsNow(ctx: Ctx, entity: Entity, recorded: Rows): Promise<Rows> {
  const now = await listingOf(ctx, entity, [...recorded.keys()]);
  const out: Rows = new Map();
  for (const [key, line] of recorded) {
    const there = now.get(key);
    if (!there) continue;
    const picked: FieldDigests = {};
    for (const f of Object.keys(line.fields)) if (there[f] !== undefined) picked[f] = there[f];
    out.set(key, lineOf(picked));
  }
  return out;
}

// What a seed bucket does at the service: import its new rows in the largest batches Data Import takes, at
// its own pace; change and remove rows through the object routes; read rows back for a refresh. Decision 0108.
import { IMPORT_LIMITS, type ImportResult, LIMITS, memberIdOf, type RouteName } from "../../contract";
import type { Ctx } from "../../engine/kind";
import { collect, hasCode } from "../../engine/util";
import { type Entity, memberOfKey, SPECS } from "./entities";
import { batches, type Row, rowDigest } from "./rows";

/** Import requests a minute this process starts (the service's budget, 60; `CHAT_IMPORT_REQUESTS_PER_MINUTE`). */
export function importsPerMinute(): number {
  const v = Number(process.env.CHAT_IMPORT_REQUESTS_PER_MINUTE);
  return Number.isInteger(v) && v > 0 ? v : IMPORT_LIMITS.perMinute;
}

/** A sliding log of import starts: never more than the budget in any minute (as client/budget.ts does). */
const started: number[] = [];
async function importSlot(): Promise<void> {
  for (;;) {
    const now = Date.now();
    while (started.length && (started[0] ?? 0) <= now - 60_000) started.shift();
    if (started.length < importsPerMinute()) {
      started.push(now);
      return;
    }
    await new Promise((r) => setTimeout(r, (started[0] ?? now) + 60_000 - now + 5));
  }
}

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
  const runs = batches([...rows.keys()], IMPORT_LIMITS.perRequest);
  await pool(runs, 4, async (keys) => {
    await importSlot();
    const body = {
      [WRAPPER[entity]]: Object.fromEntries(keys.map((k) => [k, entryOf(entity, rows.get(k) ?? {})])),
    };
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
  // A message already there is the one imported before (its muid is the message's own key). Another row
  // already there is compared first, field by field: only what differs is written.
  if (entity !== "messages" && out.existing.length) {
    const spec = SPECS[entity];
    const wanted: Record<string, Record<string, string>> = {};
    for (const k of out.existing) wanted[k] = rowDigest(rows.get(k) ?? {}, spec.keyFields, spec.sets);
    const now = await digestsNow(ctx, entity, wanted);
    await pool(out.existing, 10, async (k) => {
      const fields = Object.keys({ ...wanted[k], ...now[k] }).filter((f) => wanted[k]?.[f] !== now[k]?.[f]);
      if (fields.length) await changeRow(ctx, entity, k, rows.get(k) ?? {}, fields);
    });
  }
  return out;
}

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
    const id = (await messagesByMuid(ctx)).get(key)?.id;
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
  try {
    if (entity === "users")
      await chat.call("deleteUser", { params: { uid: key }, body: { permanent: true } });
    else if (entity === "groups") await chat.call("deleteGroup", { params: { guid: key } });
    else if (entity === "members") await chat.call("kickMember", { params: memberOfKey(key) } as never);
    else {
      const id = String((await messagesByMuid(ctx)).get(key)?.id ?? "");
      if (id) await chat.call("deleteMessage", { params: { id }, body: { permanent: true } });
    }
  } catch (e) {
    if (
      !hasCode(e, "ERR_UID_NOT_FOUND", "ERR_GUID_NOT_FOUND", "ERR_NOT_A_MEMBER", "ERR_MESSAGE_ID_NOT_FOUND")
    )
      throw e;
  }
}

type Listed = Record<string, unknown>;

/** Every message of the app by muid, listed once per context (cursor pages of 1000). */
function messagesByMuid(ctx: Ctx): Promise<Map<string, Listed>> {
  return ctx.once("seed:messages", async () => {
    const out = new Map<string, Listed>();
    let id = "0";
    for (;;) {
      const r = await ctx
        .chat()
        .call("listMessages", { query: { limit: LIMITS.perPageMax, id, affix: "append" } });
      for (const m of r.data) if (typeof m.muid === "string") out.set(m.muid, m as Listed);
      const next = (r.meta as { next?: { id?: unknown } }).next?.id;
      if (next === undefined || r.data.length === 0) return out;
      id = String(next);
    }
  });
}

/** The row as the service holds it now, in the file's terms (undefined: gone). */
async function nowOf(ctx: Ctx, entity: Entity, keys: readonly string[]): Promise<Map<string, Row>> {
  const out = new Map<string, Row>();
  const chat = ctx.chat();
  if (entity === "users") {
    const all = await ctx.once("seed:users", () =>
      collect(
        chat.paginate("listUsers", { query: { perPage: LIMITS.perPageMax, withTags: true } }),
        LIMITS.perPageMax,
      ),
    );
    for (const u of all) out.set(u.uid, u as Row);
  } else if (entity === "groups") {
    const all = await ctx.once("seed:groups", () =>
      collect(
        chat.paginate("listGroups", { query: { perPage: LIMITS.perPageMax, withTags: true } }),
        LIMITS.perPageMax,
      ),
    );
    for (const g of all) out.set(g.guid, g as Row);
  } else if (entity === "members") {
    const guids = [...new Set(keys.map((k) => memberOfKey(k).guid))];
    await pool(guids, 10, async (guid) => {
      try {
        const members = await collect(
          chat.paginate("listMembers", { params: { guid }, query: { perPage: LIMITS.perPageMax } }),
          LIMITS.perPageMax,
        );
        for (const m of members)
          out.set(memberIdOf(guid, m.uid), { guid, uid: m.uid, scope: m.scope, joinedAt: m.joinedAt });
      } catch (e) {
        if (!hasCode(e, "ERR_GUID_NOT_FOUND")) throw e;
      }
    });
  } else {
    for (const [muid, m] of await messagesByMuid(ctx)) {
      if (m.deletedAt !== undefined) continue;
      const { entities: _e, reactions: _r, ...data } = (m.data ?? {}) as Row;
      out.set(muid, { ...m, data });
    }
  }
  return out;
}

/**
 * The recorded rows' digests as the service holds them now, for the fields each recorded row has: a row gone
 * drops out, a field changed gets another digest, a field cleared drops out.
 */
export async function digestsNow(
  ctx: Ctx,
  entity: Entity,
  recorded: Record<string, Record<string, string>>,
): Promise<Record<string, Record<string, string>>> {
  const spec = SPECS[entity];
  const keys = Object.keys(recorded);
  const now = await nowOf(ctx, entity, keys);
  const out: Record<string, Record<string, string>> = {};
  for (const key of keys) {
    const row = now.get(key);
    if (!row) continue;
    const fields = Object.keys(recorded[key] ?? {});
    const picked: Row = {};
    for (const f of fields) picked[f] = row[f];
    out[key] = rowDigest(picked, spec.keyFields, spec.sets);
  }
  return out;
}

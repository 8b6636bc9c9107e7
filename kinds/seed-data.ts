// SeedData (decision 0108): one bucket of a data set kept in a file (users, groups, members or messages). The
// engine sees a handful of these, not a resource per row; each records its rows' per-field digests, so a
// preview names the rows added, changed and removed (`rows.<key>.<field>`), a no-change preview asks the
// service nothing, a refresh shows drift per row, and an up writes only the rows that changed: new rows
// through Data Import (batches of 50, within its budget), changed and removed ones through the object routes.
import { resolve } from "node:path";
import { z } from "zod";
import { declare } from "../engine/fields";
import type { Kind } from "../engine/kind";
import { partialCreate } from "../engine/kind";
import { digestsOf, rowsOfBucket } from "./seed/buckets";
import { ENTITIES, type Entity, SPECS } from "./seed/entities";
import { readSeed } from "./seed/files";
import { type Digests, planOf, type Row, renderPlan } from "./seed/rows";
import { changeRow, digestsNow, importRows, pool, removeRow, unchangeable } from "./seed/service";

const Digest = z.record(z.string(), z.string());
export const SeedDataArgs = z.strictObject({
  entity: z.enum(ENTITIES),
  file: z.string().min(1, "file must name a seed file"),
  bucket: z.number().int().min(0, "bucket must be at least 0"),
  buckets: z.number().int().min(1, "buckets must be at least 1").max(1000, "buckets must be at most 1000"),
  rows: z.record(z.string(), Digest),
});
export type SeedDataArgs = z.output<typeof SeedDataArgs>;

export const SeedDataOutputs = z.object({
  count: z.number().int().describe("Rows in the bucket."),
});
type SeedDataState = z.output<typeof SeedDataOutputs>;

/** The bucket's rows from its file, checked against what the preview recorded (the file may have moved on). */
function declaredRows(a: SeedDataArgs, keys: readonly string[]): Map<string, Row> {
  const rows = rowsOfBucket(a.entity, readSeed(resolve(a.file), a.entity), a.bucket, a.buckets);
  const wanted = new Map<string, Row>();
  for (const k of keys) {
    const row = rows.get(k);
    if (row) wanted.set(k, row);
  }
  const now = digestsOf(a.entity, wanted);
  const stale = keys.filter((k) => JSON.stringify(now[k]) !== JSON.stringify(a.rows[k]));
  if (stale.length)
    throw new Error(
      `${a.file} changed since these rows were planned (${SPECS[a.entity].noun} ${stale.slice(0, 5).join(", ")}): run the command again`,
    );
  return wanted;
}

const refused = (a: SeedDataArgs, failed: { key: string; why: string }[]) =>
  new Error(
    `${a.file}: the service refused ${failed.length} ${SPECS[a.entity].noun}(s): ${failed
      .slice(0, 5)
      .map((f) => `${f.key} (${f.why})`)
      .join("; ")}`,
  );

const idOf = (a: SeedDataArgs) => `${a.file}#${a.entity}:${a.bucket}/${a.buckets}`;

/** The bucket an id names, its rows as its file declares them now. */
function argsOfId(id: string): SeedDataArgs {
  const m = /^(.+)#(users|groups|members|messages):(\d+)\/(\d+)$/.exec(id);
  if (!m) throw new Error(`SeedData id "${id}" is not of the form <file>#<entity>:<bucket>/<buckets>`);
  const [, file = "", entity = "users", b = "0", n = "1"] = m;
  const e = entity as Entity;
  const rows = rowsOfBucket(e, readSeed(resolve(file), e), Number(b), Number(n));
  return { entity: e, file, bucket: Number(b), buckets: Number(n), rows: digestsOf(e, rows) };
}

/** Rows of the recorded map whose keys are in `keys`. */
const only = (rows: Digests, keys: Iterable<string>): Digests => {
  const out: Digests = {};
  for (const k of keys) if (rows[k]) out[k] = rows[k];
  return out;
};

export const seedData: Kind<SeedDataArgs, SeedDataState> = {
  name: "SeedData",
  doc: "One bucket of a seed data set kept in a file: users, groups, members or messages with their times. Made by `seedData` (or the environment file's `seed:` section), one resource per bucket. Id: `<file>#<entity>:<bucket>/<buckets>`.",
  ...declare(SeedDataArgs, SeedDataOutputs, {
    entity: { doc: "What the file holds: users, groups, members or messages.", replace: true },
    file: {
      doc: "The seed file (JSON, NDJSON or CSV), relative to the program's directory; read again at each write.",
      local: true,
    },
    bucket: {
      doc: "Which bucket of the file this resource holds (rows by a hash of their key).",
      replace: true,
    },
    buckets: { doc: "How many buckets the file is split into.", replace: true },
    rows: {
      doc: "Per row key, per field: a digest of the value (seedData computes them; no value is kept).",
    },
  }),
  api: "chat",
  file: {
    omitted: "declared by the file's `seed:` section, which names seed files, not entries",
    seed: { child: "seed" },
  },

  async create(ctx, a) {
    const rows = declaredRows(a, Object.keys(a.rows));
    const made = await importRows(ctx, a.entity, rows);
    const state = { count: rows.size };
    if (made.failed.length) {
      const bad = new Set(made.failed.map((f) => f.key));
      const done = Object.keys(a.rows).filter((k) => !bad.has(k));
      // What was made is recorded, so the next up imports only the rest and a destroy removes it.
      throw partialCreate(refused(a, made.failed), idOf(a), {
        ...a,
        rows: only(a.rows, done),
        ...state,
      });
    }
    return { id: idOf(a), state };
  },

  async read(ctx, id, prior) {
    // Nothing recorded (an import, a lookup): the bucket the id names, with the rows its file declares.
    const a = prior.rows ? prior : argsOfId(id);
    const rows = await digestsNow(ctx, a.entity, a.rows);
    return { args: { ...a, rows }, state: { count: Object.keys(rows).length } };
  },

  async update(ctx, _id, olds, news) {
    const plan = planOf(olds.rows, news.rows);
    const fixed = plan.changed.flatMap((c) =>
      unchangeable(news.entity, c.fields).map((f) => `${SPECS[news.entity].noun} ${c.key}: ${f}`),
    );
    if (fixed.length)
      throw new Error(
        `these fields cannot change once imported (give the row a new key instead): ${fixed.slice(0, 10).join("; ")}`,
      );
    const rows = declaredRows(news, [...plan.added, ...plan.changed.map((c) => c.key)]);
    await pool(plan.removed, 10, (k) => removeRow(ctx, news.entity, k));
    await pool(plan.changed, 10, (c) => changeRow(ctx, news.entity, c.key, rows.get(c.key) ?? {}, c.fields));
    const added = new Map(plan.added.map((k) => [k, rows.get(k) ?? {}]));
    const made = added.size ? await importRows(ctx, news.entity, added) : { failed: [] };
    if (made.failed.length) throw refused(news, made.failed);
    return { count: Object.keys(news.rows).length };
  },

  async delete(ctx, _id, a) {
    await pool(Object.keys(a.rows), 10, (k) => removeRow(ctx, a.entity, k));
  },
};

/** The plan of a bucket's change in lines a person reads (`+ user alice`, `~ user bob: name`). */
export const describeChange = (entity: Entity, olds: Digests, news: Digests): string[] =>
  renderPlan(planOf(olds, news), SPECS[entity].noun);

// SeedData (decision 0108): one bucket of a data set kept in a file (users, groups, members or messages). The
// engine sees a handful of these, not a resource per row; each records its rows as one string, a line per row
// with the row's digest and a short one per field (provider/kinds/seed/rows.ts), so a `preview --diff` names the rows
// added, changed and removed and their fields, a no-change preview asks the service nothing, a refresh shows
// drift per row, and an up writes only the rows that changed: new rows through Data Import (batches of 50,
// within its budget), changed and removed ones through the object routes.
import { resolve } from "node:path";
import { z } from "zod";
import { declare, none } from "../engine/fields";
import type { Ctx, Kind } from "../engine/kind";
import { CheckRefusal, partialCreate } from "../engine/kind";
import { digestsOf, linesOf, MAX_BUCKETS, rowsOfBucket } from "./seed/buckets";
import { cachedBucketsOf } from "./seed/cache";
import { ENTITIES, type Entity, SPECS } from "./seed/entities";
import { readSeed, SeedFileError } from "./seed/files";
import { aloneOf, isChild, recordedAlone, renderAlone, seedWho } from "./seed/parents";
import {
  isKept,
  keptOfInputs,
  onlyRows,
  parseRows,
  planOf,
  type Row,
  type Rows,
  recordedKeys,
  recordedRows,
  renderKept,
  renderPlan,
  renderRows,
  rowsProblem,
} from "./seed/rows";
import { changeRow, digestsNow, importRows, pool, removeRows, unchangeable } from "./seed/service";

/** A bucket's rows as recorded: well-formed lines (rows.ts), named by their line when not. */
const RowLines = z.string().superRefine((text, c) => {
  const problem = rowsProblem(text);
  if (problem) c.addIssue({ code: "custom", message: problem });
});
export const SeedDataArgs = z
  .strictObject({
    entity: z.enum(ENTITIES),
    file: z.string().min(1, "file must name a seed file"),
    bucket: z.number().int().min(0, "bucket must be at least 0").default(0),
    buckets: z
      .number()
      .int()
      .min(1, "buckets must be at least 1")
      .max(MAX_BUCKETS, `buckets must be at most ${MAX_BUCKETS}`)
      .default(1),
    rows: RowLines.optional(),
  })
  .superRefine((a, c) => {
    if (a.bucket >= a.buckets)
      c.addIssue({
        code: "custom",
        path: ["bucket"],
        message: `bucket must be less than buckets (${a.buckets}): buckets are numbered from 0`,
      });
  });
export type SeedDataArgs = z.output<typeof SeedDataArgs>;

export const SeedDataOutputs = z.object({
  count: z.number().int().describe("Rows in the bucket."),
  alone: z
    .string()
    .optional()
    .describe(
      "Members and messages: the rows none of whose users or groups a seed file of the program declares, as a JSON list of keys. A removal deletes these one by one; the others go with their seeded user or group (decision 0124).",
    ),
});
type SeedDataState = z.output<typeof SeedDataOutputs>;

/** The bucket's rows from its file, checked against what the preview recorded (the file may have moved on). */
function declaredRows(a: SeedDataArgs, planned: Rows, keys: readonly string[]): Map<string, Row> {
  const rows = rowsOfBucket(a.entity, readSeed(resolve(a.file), a.entity), a.bucket, a.buckets);
  const wanted = new Map<string, Row>();
  for (const k of keys) {
    const row = rows.get(k);
    if (row) wanted.set(k, row);
  }
  const now = linesOf(a.entity, wanted);
  const stale = keys.filter((k) => now.get(k)?.digest !== planned.get(k)?.digest);
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

/** A bucket's rows alone (parents.ts), for members and messages: computed at each write. */
const aloneState = (ctx: Ctx, entity: Entity, keys: Iterable<string>, rows: ReadonlyMap<string, Row>) =>
  isChild(entity) ? { alone: renderAlone(aloneOf(ctx.appId({}), entity, keys, rows)) } : {};

/** The rows alone as state recorded them (the kind's delete and update are given the outputs too). */
const aloneBefore = (recorded: SeedDataArgs) =>
  recordedAlone((recorded as SeedDataArgs & Partial<SeedDataState>).alone);

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

export const seedData: Kind<SeedDataArgs, SeedDataState> = {
  name: "SeedData",
  doc: "One bucket of a seed data set kept in a file: users, groups, members or messages with their times. Made by `seedData` (or the environment file's `seed:` section), one resource per bucket; or declared directly, with the file's name alone (one bucket of one: the whole file), or one resource per bucket number below `buckets`. Id: `<file>#<entity>:<bucket>/<buckets>`.",
  ...declare(SeedDataArgs, SeedDataOutputs, {
    entity: { doc: "What the file holds.", replace: true },
    file: {
      doc: "The seed file (JSON, NDJSON or CSV), relative to the program's directory; read again at each write.",
      local: true,
    },
    bucket: {
      doc: "Which bucket of the file this resource holds (rows by a hash of their key), below buckets.",
      replace: true,
    },
    buckets: {
      doc: "How many buckets the file is split into; declare one resource per bucket number.",
      replace: true,
    },
    rows: {
      doc: "The bucket's rows, a line each sorted by key: `<key>: <row digest> <field>=<digest> ...`; no value is kept. Leave it out and the provider computes it from the file at each preview (seedData computes it in the program). The output keeps each row's digest and field names only.",
      default: none,
    },
  }),
  api: "chat",
  // A bucket's rows are those its count puts there: with another count they would belong to other
  // resources, and the old ones' delete (at the end of that up) would remove rows still declared. A bucket
  // that holds no rows can move. A field the object routes cannot change (a message's times, a user's
  // createdAt) is refused here, where the recorded inputs hold each field's digest (the outputs do not): a
  // row that needs it is a new row, under a new key.
  checkChange: (olds, news) => {
    if (olds.rows === news.rows && olds.buckets === news.buckets) return [];
    const before = recordedRows(olds.rows);
    if (olds.buckets !== undefined && olds.buckets !== news.buckets && before.size > 0)
      return [
        {
          property: "buckets",
          reason: `buckets cannot change from ${olds.buckets} to ${news.buckets} for a seed already up: rows would move to other buckets and removing the old buckets would delete them; keep buckets: ${olds.buckets} (seedData's default was 16 before it became 4), or destroy these SeedData resources first`,
        },
      ];
    // Only fields whose recorded digest is known (a kept form names fields without one).
    const fixed = planOf(before, parseRows(news.rows ?? "")).changed.flatMap((c) =>
      unchangeable(
        news.entity,
        c.fields.filter((f) => before.get(c.key)?.fields[f] !== ""),
      ).map((f) => `${SPECS[news.entity].noun} ${c.key}: ${f}`),
    );
    return fixed.length
      ? [
          {
            property: "rows",
            reason: `these fields cannot change once imported (give the row a new key instead): ${fixed.slice(0, 10).join("; ")}${fixed.length > 10 ? ` and ${fixed.length - 10} more` : ""}`,
          },
        ]
      : [];
  },
  // A program in a language without `seedData` names the file alone: the rows are computed here, at check,
  // so the engine records and diffs them as if the program had (the file is read where writes read it).
  fills: ["rows"],
  fill: (args) => {
    if (args.rows !== undefined) return args;
    const at = SeedDataArgs.safeParse(args);
    if (!at.success) return args; // the schema names what is wrong
    const { entity, file, bucket, buckets } = at.data;
    try {
      const b = cachedBucketsOf(entity, file, buckets)[bucket];
      return b ? { ...args, rows: b.rows } : args;
    } catch (e) {
      if (e instanceof SeedFileError) throw new CheckRefusal("file", e.message);
      throw e;
    }
  },
  // A user or group row is that object's declaration: refused when a resource or another seed file declares
  // it too. (Member and message rows name their objects by what they belong to; not compared.)
  claims: (a) => ({
    who: seedWho(a.file),
    claims:
      a.entity === "users" || a.entity === "groups"
        ? [...recordedKeys(a.rows ?? "")].map((id) => ({ what: SPECS[a.entity].noun, id, property: "rows" }))
        : [],
  }),
  // State keeps each row's digest and field names, not the per-field digests: only the preview's display
  // reads those, from the inputs (decision 0108).
  kept: (a) => {
    // Diff reads both sides at every preview: outputs already kept as they are, new inputs line by line.
    if (isKept(a.rows)) return a;
    const lines = typeof a.rows === "string" ? keptOfInputs(a.rows) : undefined;
    if (lines !== undefined) return { ...a, rows: lines };
    try {
      return { ...a, rows: renderKept(recordedRows(a.rows)) };
    } catch {
      return a; // a value not known yet (preview), or one check refuses naming what is wrong with it
    }
  },
  file: {
    omitted: "declared by the file's `seed:` section, which names seed files, not entries",
    seed: { child: "seed" },
  },

  async create(ctx, a) {
    const planned = parseRows(a.rows ?? "");
    const rows = declaredRows(a, planned, [...planned.keys()]);
    const made = await importRows(ctx, a.entity, rows);
    const state = { count: rows.size, ...aloneState(ctx, a.entity, rows.keys(), rows) };
    if (made.failed.length) {
      const bad = new Set(made.failed.map((f) => f.key));
      const done = [...planned.keys()].filter((k) => !bad.has(k));
      // What was made is recorded, so the next up imports only the rest and a destroy removes it.
      throw partialCreate(refused(a, made.failed), idOf(a), {
        ...a,
        rows: renderKept(onlyRows(planned, done)),
        count: done.length,
        ...aloneState(ctx, a.entity, done, rows),
      });
    }
    return { id: idOf(a), state };
  },

  async read(ctx, id, prior) {
    // Nothing recorded (an import, a lookup): the bucket the id names, with the rows its file declares.
    // State of the first format (a map per row) reads as the same lines.
    const a = prior.rows !== undefined ? prior : argsOfId(id);
    const rows = await digestsNow(ctx, a.entity, recordedRows(a.rows));
    // The arguments alone: a recorded output (`count`) among them would show as removed at the next preview.
    const { entity, file, bucket, buckets } = a;
    const alone = recordedAlone((prior as SeedDataArgs & Partial<SeedDataState>).alone);
    const state = {
      count: rows.size,
      ...(alone && { alone: renderAlone([...alone].filter((k) => rows.has(k))) }),
    };
    return { args: { entity, file, bucket, buckets, rows: renderRows(rows) }, state };
  },

  async update(ctx, _id, olds, news) {
    // `olds` are the kept rows (digests and field names; the first format's map reads as the same): a row
    // changed when its digest did. Fields the routes cannot change were refused at check (checkChange).
    const before = recordedRows(olds.rows);
    const after = parseRows(news.rows ?? "");
    const plan = planOf(before, after);
    const rows = declaredRows(news, after, [...plan.added, ...plan.changed.map((c) => c.key)]);
    await removeRows(ctx, news.entity, plan.removed, aloneBefore(olds));
    // A changed row is written whole (every field it has or had): what is written rests on the row's digest,
    // not on the short per-field ones, which only name the fields.
    await pool(plan.changed, 10, (c) =>
      changeRow(ctx, news.entity, c.key, rows.get(c.key) ?? {}, [
        ...new Set([
          ...Object.keys(before.get(c.key)?.fields ?? {}),
          ...Object.keys(after.get(c.key)?.fields ?? {}),
        ]),
      ]),
    );
    const added = new Map(plan.added.map((k) => [k, rows.get(k) ?? {}]));
    const made = added.size ? await importRows(ctx, news.entity, added) : { failed: [] };
    if (made.failed.length) throw refused(news, made.failed);
    // Which rows are alone, over every row the bucket holds now (the file's, read again).
    const all = isChild(news.entity)
      ? rowsOfBucket(news.entity, readSeed(resolve(news.file), news.entity), news.bucket, news.buckets)
      : new Map<string, Row>();
    return { count: after.size, ...aloneState(ctx, news.entity, after.keys(), all) };
  },

  async delete(ctx, _id, a) {
    await removeRows(ctx, a.entity, recordedKeys(a.rows), aloneBefore(a));
  },
};

/** The plan of a bucket's change in lines a person reads (`+ user alice`, `~ user bob: name`). */
export const describeChange = (entity: Entity, olds: unknown, news: unknown): string[] =>
  renderPlan(planOf(recordedRows(olds), recordedRows(news)), SPECS[entity].noun);

// Rows of a seed data set as the engine sees them: split into stable buckets by a hash of their key, and
// recorded as ONE string per bucket, a line per row (decision 0108): `<key>: <row digest> <field>=<digest> ...`.
// One string is cheap for the engine to diff and write (a map of digests per field was some 700,000 property
// values at full size); it is a YAML mapping, so the engine's display decodes it and a `preview --diff` names
// the row (`~ rows: (yaml) { ~ u7: ... }`) with the short per-field digests showing which field. What is
// written rests on the row digest (48 bits); the short ones only say which field to name. No value is kept.
import { hash as digestOf } from "node:crypto";
import { canonical } from "../../engine/normalize";

/** A row's fields, as read from a file and checked against its entity's schema. */
export type Row = Record<string, unknown>;
/** Per field: a digest of its value (FIELD_DIGEST hex characters, computed, never recorded whole). */
export type FieldDigests = Record<string, string>;
/**
 * One recorded row: the digest of all its fields, and per field its short digest ("" in the kept form, which
 * names the fields without their digests).
 */
export interface RowLine {
  digest: string;
  fields: Record<string, string>;
}
/** A bucket's recorded rows by key. */
export type Rows = Map<string, RowLine>;

// One-shot hashing: a full-size seed hashes about a million values per run (a Hash object each was the cost).
const hash = (text: string): string => digestOf("sha256", text, "hex");

/**
 * The bucket a row key falls in: a hash of the key alone, so a row keeps its bucket when other rows are added
 * or removed (only a change of the bucket count moves rows).
 */
export function bucketOf(key: string, buckets: number): number {
  return Number.parseInt(hash(key).slice(0, 8), 16) % buckets;
}

/** The recorded form's version: what provider/kinds/seed/cache.ts keys its entries by. Change it with any digest rule. */
export const ROWS_FORMAT = "rows-1: sha256 12/12/4";

/** Digest characters of a field's value and of a whole row: 48 bits, so two values do not meet by chance. */
const DIGEST_LENGTH = 12;
/** Characters of the per-field digest a line records: enough to say which field changed, not to decide it. */
export const SHORT_LENGTH = 4;

/** One field's digest: of its canonical JSON (absent, "", [] and {} are alike; key order does not count). */
export const fieldDigest = (value: unknown, asSet = false): string =>
  hash(canonical(value, asSet)).slice(0, DIGEST_LENGTH);

/** The digests of a row's fields, `key` fields and empty values left out; `sets` compared in any order. */
export function rowDigest(row: Row, omit: readonly string[], sets: readonly string[] = []): FieldDigests {
  const out: FieldDigests = {};
  for (const field of Object.keys(row).sort()) {
    if (omit.includes(field)) continue;
    const text = canonical(row[field], sets.includes(field));
    if (text !== "null") out[field] = hash(text).slice(0, DIGEST_LENGTH);
  }
  return out;
}

/** A row's line from its fields' digests: the row digest is of every field's full digest. */
export function lineOf(fields: FieldDigests): RowLine {
  const names = Object.keys(fields).sort();
  const digest = hash(names.map((f) => `${f}=${fields[f]}`).join("\n")).slice(0, DIGEST_LENGTH);
  return {
    digest,
    fields: Object.fromEntries(names.map((f) => [f, (fields[f] ?? "").slice(0, SHORT_LENGTH)])),
  };
}

// A key YAML reads as itself (not a number, a boolean or null) is written plain; any other is JSON-quoted,
// which is also a YAML double-quoted scalar.
const PLAIN = /^[A-Za-z_][A-Za-z0-9_.-]*$/;
const YAML_WORDS = /^(true|false|null|yes|no|on|off|y|n)$/i;
const keyText = (key: string) => (PLAIN.test(key) && !YAML_WORDS.test(key) ? key : JSON.stringify(key));

/** The recorded form of a bucket's rows: a line per row, sorted by key (empty for no rows). */
export function renderRows(rows: Rows): string {
  return [...rows.keys()]
    .sort()
    .map((k) => {
      const r = rows.get(k) as RowLine;
      const fields = Object.keys(r.fields)
        .sort()
        .map((f) => ` ${f}=${r.fields[f]}`)
        .join("");
      return `${keyText(k)}: ${r.digest}${fields}\n`;
    })
    .join("");
}

/** The header of the kept form: the field names most of the bucket's rows have. */
const COMMON = "# fields:";

/**
 * The kept form of a bucket's rows (what state keeps as the resource's outputs): a line per row with its
 * digest alone, the field names said once in a `# fields:` header for the rows that have the bucket's most
 * common set, and on the line for the others (`-` for none). Only the preview's display reads the per-field
 * digests, and it reads them from the inputs: the outputs need to say which rows and fields a bucket wrote,
 * and whether a row changed. Some three times smaller than the inputs' lines, and the engine carries both.
 */
export function renderKept(rows: Rows): string {
  return writeKept(
    [...rows.keys()].sort().map((k) => {
      const r = rows.get(k) as RowLine;
      return { head: `${keyText(k)}: ${r.digest}`, set: Object.keys(r.fields).sort().join(" ") };
    }),
  );
}

// The inputs' line of a row: what renderRows writes (the fields' names are each token's, before its `=`).
const INPUT_LINE = /^(.*: [0-9a-f]{12})((?: [A-Za-z_][A-Za-z0-9_.]*=[0-9a-f]{4})*)$/;

/**
 * The kept form of the inputs' rows string, line by line (diff reads the new inputs in this form at every
 * preview: building the rows would cost it some 30 ms per 10,000 rows); undefined for a string that is not
 * the inputs' well-formed lines, sorted as renderRows writes them.
 */
export function keptOfInputs(text: string): string | undefined {
  const entries: { head: string; set: string }[] = [];
  for (const line of text.split("\n")) {
    if (line === "") continue;
    const m = INPUT_LINE.exec(line);
    if (!m) return undefined;
    entries.push({ head: m[1] ?? "", set: (m[2] ?? "").replace(/=[0-9a-f]{4}/g, "").trim() });
  }
  return writeKept(entries);
}

/** The kept form's text: each row's head (key and digest), its field set unless it is the common one. */
function writeKept(rows: readonly { head: string; set: string }[]): string {
  const sets = new Map<string, number>();
  for (const { set } of rows) sets.set(set, (sets.get(set) ?? 0) + 1);
  const common = [...sets].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))[0]?.[0];
  if (common === undefined) return "";
  const lines = rows.map(({ head, set }) => `${head}${set === common ? "" : ` ${set || "-"}`}\n`);
  return `${COMMON} ${common || "-"}\n${lines.join("")}`;
}

/** Whether a recorded value is in the kept form (what renderKept writes; an empty bucket is "" in both). */
export const isKept = (value: unknown): value is string =>
  typeof value === "string" && value.startsWith(COMMON);

const DIGEST = /^[0-9a-f]{12}$/;
const SHORT = /^[0-9a-f]{4}$/;
const FIELD = /^[A-Za-z_][A-Za-z0-9_.]*$/;

// A row of either form: per-field digests (the inputs), or field names (the kept form; `-` for none).
const LINE =
  /^([A-Za-z_][A-Za-z0-9_.-]*|"(?:[^"\\]|\\.)*"): [0-9a-f]{12}(?:(?: [A-Za-z_][A-Za-z0-9_.]*=[0-9a-f]{4})*|(?: [A-Za-z_][A-Za-z0-9_.]*)+| -)$/;

/**
 * Whether a recorded string is well formed, without building its rows (check runs at every preview, for
 * every bucket): undefined when it is, else what `parseRows` says of it.
 */
export function rowsProblem(text: string): string | undefined {
  const keys = new Set<string>();
  for (const line of text.split("\n")) {
    if (line === "" || line.startsWith(COMMON)) continue;
    // The parser says what is wrong (and reads what this quick test does not take, as create will).
    const key = LINE.exec(line)?.[1];
    if (key === undefined || keys.has(key)) {
      try {
        parseRows(text);
      } catch (e) {
        return (e as Error).message;
      }
    }
    if (key !== undefined) keys.add(key);
  }
  return undefined;
}

/** The rows of a recorded string; a malformed line is named by its number. */
export function parseRows(text: string): Rows {
  const rows: Rows = new Map();
  const lines = text.split("\n");
  // The kept form's common field names (its header), for the rows that name none.
  let common: string[] | undefined;
  lines.forEach((line, i) => {
    if (line === "") return;
    if (line.startsWith(COMMON)) {
      const names = line.slice(COMMON.length).trim();
      common = names === "-" ? [] : names.split(" ");
      return;
    }
    const bad = (why: string) => new Error(`rows line ${i + 1}: ${why} ("${line.slice(0, 80)}")`);
    let key: string;
    let rest: string;
    if (line.startsWith('"')) {
      let end = 1;
      while (end < line.length && line[end] !== '"') end += line[end] === "\\" ? 2 : 1;
      try {
        key = JSON.parse(line.slice(0, end + 1)) as string;
      } catch {
        throw bad("the quoted key is not a JSON string");
      }
      rest = line.slice(end + 1);
    } else {
      const at = line.indexOf(": ");
      key = line.slice(0, at);
      rest = at < 0 ? "" : line.slice(at);
    }
    if (!rest.startsWith(": ")) throw bad("expected `<key>: <digest> <field>=<digest> ...`");
    const [digest = "", ...parts] = rest.slice(2).split(" ");
    if (!DIGEST.test(digest)) throw bad("the row digest is not 12 hex characters");
    const fields: Record<string, string> = {};
    if (parts.length === 0) {
      // The kept form's header set (the inputs' form has none: a row without fields).
      for (const f of common ?? []) fields[f] = "";
    } else if (parts.some((p) => p.includes("="))) {
      // The inputs' form: `<field>=<4 hex>` each.
      for (const p of parts) {
        const eq = p.lastIndexOf("=");
        const name = p.slice(0, eq);
        const d = p.slice(eq + 1);
        if (eq < 1 || !FIELD.test(name) || !SHORT.test(d)) throw bad(`"${p}" is not <field>=<4 hex>`);
        fields[name] = d;
      }
    } else if (!(parts.length === 1 && parts[0] === "-")) {
      // The kept form: field names alone, their digests unknown (""); `-` for none.
      for (const p of parts) {
        if (!FIELD.test(p)) throw bad(`"${p}" is not a field name`);
        fields[p] = "";
      }
    }
    if (rows.has(key)) throw bad(`row ${key} is there twice`);
    rows.set(key, { digest, fields });
  });
  return rows;
}

/**
 * The recorded rows of a bucket, in either form its state may hold: this string, or the map per row, per
 * field of 12-hex digests that the first SeedData recorded (read as the same lines, exactly).
 */
export function recordedRows(value: unknown): Rows {
  if (typeof value === "string") return parseRows(value);
  const rows: Rows = new Map();
  if (value && typeof value === "object")
    for (const [key, fields] of Object.entries(value as Record<string, FieldDigests>))
      rows.set(key, lineOf(fields ?? {}));
  return rows;
}

/** The keys of recorded rows, in either form, without reading their digests (a delete needs no more). */
export function recordedKeys(value: unknown): string[] {
  if (typeof value !== "string") return value && typeof value === "object" ? Object.keys(value) : [];
  const keys: string[] = [];
  for (const line of value.split("\n")) {
    if (line === "" || line.startsWith(COMMON)) continue;
    if (!line.startsWith('"')) {
      keys.push(line.slice(0, line.indexOf(": ")));
      continue;
    }
    let end = 1;
    while (end < line.length && line[end] !== '"') end += line[end] === "\\" ? 2 : 1;
    keys.push(JSON.parse(line.slice(0, end + 1)) as string);
  }
  return keys;
}

/** The rows of `rows` whose keys are in `keys`. */
export function onlyRows(rows: Rows, keys: Iterable<string>): Rows {
  const out: Rows = new Map();
  for (const k of keys) {
    const r = rows.get(k);
    if (r) out.set(k, r);
  }
  return out;
}

/**
 * What changed between two recorded bucket states: rows added, removed, and per changed row (its row
 * digest differs) the fields whose short digests differ, or that came or went. A changed row whose short
 * digests all agree (a 1 in 65,536 chance per field) has no field named: it is still written whole.
 */
export interface Plan {
  added: string[];
  removed: string[];
  changed: { key: string; fields: string[] }[];
}

export function planOf(olds: Rows, news: Rows): Plan {
  const added = [...news.keys()].filter((k) => !olds.has(k));
  const removed = [...olds.keys()].filter((k) => !news.has(k));
  const changed: Plan["changed"] = [];
  for (const [key, now] of news) {
    const before = olds.get(key);
    if (!before || before.digest === now.digest) continue;
    const fields = [...new Set([...Object.keys(before.fields), ...Object.keys(now.fields)])]
      .filter((f) => before.fields[f] !== now.fields[f])
      .sort();
    changed.push({ key, fields });
  }
  return {
    added: added.sort(),
    removed: removed.sort(),
    changed: changed.sort((a, b) => (a.key < b.key ? -1 : 1)),
  };
}

/** A plan in lines a person reads: `+ uid`, `~ uid: name, tags`, `- uid`; the first `limit` of each. */
export function renderPlan(plan: Plan, noun: string, limit = 20): string[] {
  const more = (n: number) => (n > limit ? [`  … and ${n - limit} more`] : []);
  return [
    ...plan.added.slice(0, limit).map((k) => `+ ${noun} ${k}`),
    ...more(plan.added.length),
    ...plan.changed
      .slice(0, limit)
      .map((c) => `~ ${noun} ${c.key}: ${c.fields.length ? c.fields.join(", ") : "(a field)"}`),
    ...more(plan.changed.length),
    ...plan.removed.slice(0, limit).map((k) => `- ${noun} ${k}`),
    ...more(plan.removed.length),
  ];
}

/** `items` in runs of at most `size` (the last one shorter), in order. */
export function batches<T>(items: readonly T[], size: number): T[][] {
  if (size < 1) throw new Error("a batch holds at least one item");
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

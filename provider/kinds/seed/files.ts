// Reading a seed file kept in a repository: JSON (an array of rows), NDJSON (a row a line) or CSV (a header
// row, then a row a line; `data.text` style headers fill nested fields). Every problem names the file, the
// line and the field. CSV is read with csv-parse (quoted cells, commas and line breaks inside them).
import { readFileSync, statSync } from "node:fs";
import { extname } from "node:path";
import { parse as parseCsv } from "csv-parse/sync";
import type { z } from "zod";
import { type Entity, type EntitySpec, SPECS } from "./entities";
import type { Row } from "./rows";

export const FORMATS = ["json", "ndjson", "csv"] as const;
export type Format = (typeof FORMATS)[number];

/** A seed file's format by its extension (`.jsonl` is NDJSON). */
export function formatOf(file: string): Format | undefined {
  const ext = extname(file).toLowerCase();
  if (ext === ".json") return "json";
  if (ext === ".ndjson" || ext === ".jsonl") return "ndjson";
  if (ext === ".csv") return "csv";
  return undefined;
}

export class SeedFileError extends Error {
  constructor(readonly problems: readonly string[]) {
    super(
      problems.length === 1
        ? (problems[0] ?? "")
        : `${problems.length} problems:\n${problems.slice(0, 20).join("\n")}${problems.length > 20 ? "\n…" : ""}`,
    );
    this.name = "SeedFileError";
  }
}

interface Raw {
  line: number;
  value: unknown;
}

/** Line of each top-level item of a JSON array: counted from the text, not guessed. */
function jsonRows(text: string, file: string): Raw[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (e) {
    throw new SeedFileError([`${file}: not valid JSON (${(e as Error).message})`]);
  }
  if (!Array.isArray(parsed)) throw new SeedFileError([`${file}: a JSON seed file holds an array of rows`]);
  const starts: number[] = [];
  let depth = 0;
  let line = 1;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === "\n") line++;
    if (inString) {
      if (c === "\\") i++;
      else if (c === '"') inString = false;
      continue;
    }
    if (c === '"') {
      if (depth === 1) starts.push(line);
      inString = true;
    } else if (c === "{" || c === "[") {
      if (depth === 1) starts.push(line);
      depth++;
    } else if (c === "}" || c === "]") depth--;
    else if (depth === 1 && /[-0-9tfn]/.test(c ?? "") && /[[,\s]/.test(text[i - 1] ?? "")) starts.push(line);
  }
  return parsed.map((value, i) => ({ line: starts[i] ?? 1, value }));
}

/** One row a line; a line that is not JSON is a problem of its own, and the others are still checked. */
function ndjsonRows(text: string, file: string, problems: string[]): Raw[] {
  const out: Raw[] = [];
  text.split("\n").forEach((l, i) => {
    if (l.trim() === "") return;
    try {
      out.push({ line: i + 1, value: JSON.parse(l) });
    } catch (e) {
      problems.push(`${file}:${i + 1}: not valid JSON (${(e as Error).message})`);
    }
  });
  return out;
}

/**
 * A CSV cell as its field's type: numbers (decimal only: `0x10` is not 16), JSON, `;` lists; an empty cell is
 * absent. A line break inside a quoted cell is `\n` whatever the file's line ends (a checkout with CRLF and
 * one with LF hold the same rows).
 */
function cell(spec: EntitySpec, field: string, raw: string, where: string, problems: string[]): unknown {
  const text = raw.replace(/\r\n/g, "\n");
  if (text === "") return undefined;
  if (spec.numbers.includes(field)) return /^\s*-?\d+(\.\d+)?\s*$/.test(text) ? Number(text) : text;
  if (spec.json.includes(field)) {
    try {
      return JSON.parse(text);
    } catch {
      problems.push(`${where}: ${field}: not valid JSON`);
      return undefined;
    }
  }
  if (spec.lists.includes(field))
    return text
      .split(";")
      .map((t) => t.trim())
      .filter(Boolean);
  return text;
}

function csvRows(text: string, file: string, spec: EntitySpec, problems: string[]): Raw[] {
  let records: { record: string[]; info: { lines: number } }[];
  try {
    records = parseCsv(text, { info: true, skip_empty_lines: true, bom: true }) as unknown as typeof records;
  } catch (e) {
    throw new SeedFileError([`${file}: ${(e as Error).message}`]);
  }
  const [head, ...body] = records;
  if (!head) return [];
  const columns = head.record.map((c) => c.trim());
  return body.map(({ record, info }) => {
    const where = `${file}:${info.lines}`;
    const value: Row = {};
    columns.forEach((column, i) => {
      const v = cell(spec, column, record[i] ?? "", where, problems);
      if (v === undefined) return;
      const path = column.split(".");
      let at = value;
      for (const p of path.slice(0, -1)) {
        if (at[p] === undefined) at[p] = {};
        at = at[p] as Row;
      }
      at[path[path.length - 1] ?? column] = v;
    });
    return { line: info.lines, value };
  });
}

function issuePath(issue: z.core.$ZodIssue): string {
  return issue.path.length ? issue.path.map(String).join(".") : "(row)";
}

/** A field left out reads as the rule it breaks. */
const issueMessage = (issue: z.core.$ZodIssue): string =>
  issue.code === "invalid_type" && / received undefined$/.test(issue.message)
    ? `${issuePath(issue)} is required`
    : issue.message;

/** The rows of `text` (the file `file`), checked against the entity's schema, by key, with their lines. */
export function parseSeed(
  text: string,
  file: string,
  entity: Entity,
): Map<string, { row: Row; line: number }> {
  const spec = SPECS[entity];
  const format = formatOf(file);
  if (!format) throw new SeedFileError([`${file}: a seed file ends in .json, .ndjson, .jsonl or .csv`]);
  // Editors on Windows start a file with a byte-order mark; it is not part of the first row.
  const body = text.replace(/^\uFEFF/, "");
  // A blank file is more often a mistake (a truncated write, a bad merge) than an empty data set, and it
  // would remove every row the seed holds: an empty data set is said as one.
  if (body.trim() === "")
    throw new SeedFileError([
      `${file}: the file is empty; a seed with no rows is \`[]\` in a .json file or a header line alone in a .csv file`,
    ]);
  const problems: string[] = [];
  const raws =
    format === "json"
      ? jsonRows(body, file)
      : format === "ndjson"
        ? ndjsonRows(body, file, problems)
        : csvRows(body, file, spec, problems);
  const rows = new Map<string, { row: Row; line: number }>();
  for (const { line, value } of raws) {
    const r = spec.schema.safeParse(value);
    if (!r.success) {
      for (const i of r.error.issues) problems.push(`${file}:${line}: ${issuePath(i)}: ${issueMessage(i)}`);
      continue;
    }
    const key = spec.key(r.data);
    const seen = rows.get(key);
    if (seen)
      problems.push(
        `${file}:${line}: ${spec.keyFields.join(", ")}: ${spec.describe(r.data)} is already on line ${seen.line}`,
      );
    else rows.set(key, { row: r.data, line });
  }
  if (problems.length) throw new SeedFileError(problems);
  return rows;
}

/** Parsed files by path, entity, size and time: the buckets of one file share one parse in a process. */
const parsed = new Map<string, { stamp: string; rows: Map<string, { row: Row; line: number }> }>();

/** `parseSeed` of a file on disk (parsed once while it stays the same). */
export function readSeed(file: string, entity: Entity): Map<string, { row: Row; line: number }> {
  let stamp = "";
  try {
    const s = statSync(file);
    stamp = `${s.size}:${s.mtimeMs}`;
  } catch {
    // not there: reading it says so
  }
  const hit = parsed.get(`${entity}:${file}`);
  if (stamp && hit?.stamp === stamp) return hit.rows;
  const rows = readSeedNow(file, entity);
  if (stamp) parsed.set(`${entity}:${file}`, { stamp, rows });
  return rows;
}

function readSeedNow(file: string, entity: Entity): Map<string, { row: Row; line: number }> {
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch (e) {
    throw new SeedFileError([
      `${file}: cannot be read (${(e as NodeJS.ErrnoException).code ?? (e as Error).message})`,
    ]);
  }
  return parseSeed(text, file, entity);
}

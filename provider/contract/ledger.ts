// The coverage ledger (docs/service/ledger.yaml, decision 0119): one row per operation the vendor's
// documentation indexes list, what of ours uses it or why it is out of scope, its evidence and its status.
// Read by the scripts that render it and diff it with a fresh index, and by the tests that hold it in step
// with the OpenAPI document; the doctor reads its generated list of guesses (generated/ledger.ts).
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { parse } from "yaml";
import { z } from "zod";

export const LEDGER_FILE = join("docs", "service", "ledger.yaml");

/** Where the vendor's documentation pages live; a row's `page` is the path under it. */
export const DOCS_ORIGIN = "https://www.cometchat.com/docs";

export const STATUSES = ["confirmed", "unconfirmed"] as const;
export type Status = (typeof STATUSES)[number];

const COMMIT_EVIDENCE = /^cometchat\/docs \S+@[0-9a-f]{40}$/;
const URL_EVIDENCE = /^https:\/\/\S+$/;

const Row = z
  .strictObject({
    page: z.string().regex(/^(\/[a-z0-9-]+)+$/, "must be a docs path such as /rest-api/users/create"),
    title: z.string().min(1),
    method: z.enum(["GET", "POST", "PUT", "PATCH", "DELETE"]).optional(),
    path: z.string().startsWith("/").optional(),
    api: z.enum(["chat", "management", "calls", "campaigns"]),
    operationId: z
      .string()
      .regex(/^[a-z][A-Za-z0-9]*$/)
      .optional(),
    outOfScope: z.string().min(1).optional(),
    status: z.enum(STATUSES, { error: "must be confirmed or unconfirmed" }),
    guess: z.string().min(1).optional(),
    // What the operation removes besides its object, as the vendor states it (a seed's destroy rests on it).
    takes: z
      .strictObject({
        what: z.string().min(1),
        evidence: z.string().regex(URL_EVIDENCE, "must be the https URL of the page that states it"),
      })
      .optional(),
    evidence: z
      .string({ error: "is required: the page, or cometchat/docs <file>@<commit>" })
      .refine((e) => URL_EVIDENCE.test(e) || COMMIT_EVIDENCE.test(e), {
        message: "must be an https URL or cometchat/docs <file>@<40-hex commit>",
      }),
  })
  .superRefine((r, ctx) => {
    const problem = (path: string, message: string) =>
      ctx.addIssue({ code: "custom", path: [path], message });
    if ((r.method === undefined) !== (r.path === undefined)) problem("path", "method and path go together");
    if (r.method === undefined && r.status !== "unconfirmed")
      problem("method", "a row without its route is unconfirmed (its guess says the route was not read)");
    if (r.method === undefined && r.operationId !== undefined)
      problem("method", "an operation of ours has a known route");
    if (r.operationId === undefined && r.outOfScope === undefined)
      problem("operationId", "a row names our operation or says why it is out of scope (outOfScope)");
    if ((r.status === "unconfirmed") !== (r.guess !== undefined))
      problem("guess", "an unconfirmed row says what is inferred (guess), and only an unconfirmed one");
  });
export type Row = z.output<typeof Row>;

const Index = z.strictObject({
  heading: z.string().min(1),
  url: z.string().regex(URL_EVIDENCE),
  read: z.string().regex(COMMIT_EVIDENCE, "must be cometchat/docs <file>@<40-hex commit>"),
  sections: z.record(z.string(), z.array(Row)),
});

const File = z.strictObject({
  awaiting: z.array(z.string()).default([]),
  unlisted: z.record(z.string(), z.array(Row)).default({}),
  indexes: z.record(z.string().regex(/^[a-z][a-z-]*$/), Index),
});

/** The `index` of rows no index lists (pages that still state a route we use). */
export const UNLISTED = "unlisted";

export interface LedgerRow extends Row {
  /** The index that lists the row (its key under `indexes`), or UNLISTED. */
  index: string;
  /** The index's heading above it. */
  section: string;
}
export interface IndexInfo {
  id: string;
  heading: string;
  url: string;
  read: string;
}
export interface Ledger {
  /** Operations other branches are adding to the document: rows may name them before it holds them. */
  awaiting: readonly string[];
  indexes: readonly IndexInfo[];
  rows: readonly LedgerRow[];
}

/** The ledger in `text`; a bad row is refused naming its index, section, page and field. */
export function parseLedger(text: string, source = LEDGER_FILE): Ledger {
  const parsed = File.safeParse(parse(text));
  if (!parsed.success) {
    type Rows = Record<string, { page?: string }[]>;
    const raw = parse(text) as { indexes?: Record<string, { sections?: Rows }>; unlisted?: Rows };
    const lines = parsed.error.issues.map((i) => {
      const at = i.path.map(String);
      // indexes.<id>.sections.<section>.<n>.<field> or unlisted.<section>.<n>.<field>
      const [index, section, n, field] =
        at[0] === "indexes" ? [at[1], at[3], at[4], at.slice(5)] : [UNLISTED, at[1], at[2], at.slice(3)];
      const list =
        at[0] === "indexes"
          ? raw.indexes?.[index as string]?.sections?.[section as string]
          : raw.unlisted?.[section as string];
      const page = n !== undefined && /^\d+$/.test(n) ? list?.[Number(n)]?.page : undefined;
      const where = page ? `${index} / ${section} / ${page}` : at.join(".");
      return `${where}${page && field.length ? `: ${field.join(".")}` : ""}: ${i.message}`;
    });
    throw new Error(`${source}: ${lines.join("; ")}`);
  }
  const indexes: IndexInfo[] = [];
  const rows: LedgerRow[] = [];
  for (const [section, list] of Object.entries(parsed.data.unlisted))
    for (const r of list) rows.push({ ...r, index: UNLISTED, section });
  for (const [id, { sections, ...info }] of Object.entries(parsed.data.indexes)) {
    indexes.push({ id, ...info });
    for (const [section, list] of Object.entries(sections))
      for (const r of list) rows.push({ ...r, index: id, section });
  }
  const pages = new Set<string>();
  for (const r of rows) {
    if (pages.has(r.page)) throw new Error(`${source}: ${r.page} has two rows`);
    pages.add(r.page);
  }
  return { awaiting: parsed.data.awaiting, indexes, rows };
}

/** The repository's ledger. */
export function readLedger(root = "."): Ledger {
  return parseLedger(readFileSync(join(root, LEDGER_FILE), "utf8"));
}

/** A row's page as a link. */
export const pageUrl = (page: string): string => `${DOCS_ORIGIN}${page}`;

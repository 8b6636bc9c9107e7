// What `npm run generate` writes from the coverage ledger (docs/service/ledger.yaml, decision 0119): the
// page docs/service/coverage.md, the list of guesses in the guide's "Using the real service"
// (docs/guide/real-service.md), and
// provider/contract/generated/ledger.ts, the guesses chat-doctor checks first. Which kind, lookup or command
// uses an operation is read from the code (the operation's name where a kind calls it), never written by hand.
// test/unit/ledger.test.ts fails when any of them is stale.
import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { parse } from "yaml";
import { type Ledger, type LedgerRow, pageUrl, readLedger, UNLISTED } from "../provider/contract/ledger";
import { describeProbe, PROBES } from "../provider/doctor/guesses";
import { type KindName, kinds } from "../provider/kinds";

export const COVERAGE_PAGE = join("docs", "service", "coverage.md");
export const GUESSES_MODULE = join("provider", "contract", "generated", "ledger.ts");
/** The guide page that lists the guesses (the README links it: its "Using the real service"). */
export const GUESSES_PAGE = join("docs", "guide", "real-service.md");
const DOCUMENT = join("provider", "contract", "openapi", "chat-service.yaml");
const LINE_WIDTH = 110; // biome.json's
const SHORT_KEY = 2 + 3; // biome.json's indent width, and the formatter's overlap for a break after a key

// ---- who uses an operation, from the code ------------------------------------------------------------------

const kebab = (k: string) => k.replace(/([a-z0-9])([A-Z])/g, "$1-$2").toLowerCase();

function sources(root: string, dir: string): string[] {
  return readdirSync(join(root, dir)).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(join(root, path)).isDirectory()) return sources(root, path);
    return path.endsWith(".ts") ? [path.replaceAll("\\", "/")] : [];
  });
}

/** The operation ids of the document, in its order. */
export function documentOperations(root = "."): string[] {
  const doc = parse(readFileSync(join(root, DOCUMENT), "utf8")) as {
    paths: Record<string, Record<string, { operationId?: string }>>;
  };
  return Object.values(doc.paths).flatMap((item) =>
    Object.values(item).flatMap((op) =>
      op && typeof op === "object" && op.operationId ? [op.operationId] : [],
    ),
  );
}

/**
 * For each operation, what calls it: kinds (their own file first; a file a family of kinds shares counts for
 * the kinds importing it when no kind's own file names the operation), SeedData, the data lookups, chat-export,
 * the Environment component and chat-recover.
 */
export function usedBy(operations: readonly string[], root = "."): Map<string, string[]> {
  const files = ["provider/kinds", "provider/environment", "provider/recover"].flatMap((d) =>
    sources(root, d),
  );
  const text = new Map(files.map((f) => [f, readFileSync(join(root, f), "utf8")]));
  const ownFile = new Map(
    (Object.keys(kinds) as KindName[]).map((k) => [`provider/kinds/${kebab(k)}.ts`, k]),
  );
  const importers = (file: string): string[] => {
    const stem = file.replace(/^provider\/kinds\//, "").replace(/\.ts$/, "");
    return [...ownFile].filter(([f]) => text.get(f)?.includes(`from "./${stem}"`)).map(([, k]) => k);
  };
  const lookupsFile = "provider/kinds/data-lookups.ts";
  const lookups = text.get(lookupsFile) ?? "";
  const lookupAt = (at: number): string | undefined => {
    const spec = [...lookups.slice(0, at).matchAll(/\nconst (\w+)\b/g)].pop()?.[1];
    return spec ? new RegExp(`(\\w+): ${spec},`).exec(lookups)?.[1] : undefined;
  };
  const out = new Map<string, string[]>();
  for (const op of operations) {
    const own = new Set<string>();
    const family = new Set<string>();
    const other = new Set<string>();
    for (const [file, body] of text) {
      const at = body.indexOf(`"${op}"`);
      if (at < 0) continue;
      if (ownFile.has(file)) own.add(ownFile.get(file) as string);
      else if (file === lookupsFile) {
        for (const m of body.matchAll(new RegExp(`"${op}"`, "g"))) {
          const name = lookupAt(m.index);
          if (name) other.add(`lookup ${name}`);
        }
      } else if (file.startsWith("provider/kinds/seed/")) other.add("SeedData");
      else if (file.startsWith("provider/kinds/")) for (const k of importers(file)) family.add(k);
      else if (file.startsWith("provider/environment/export/")) other.add("chat-export");
      else if (file.startsWith("provider/environment/")) other.add("Environment");
      else if (file.startsWith("provider/recover/")) other.add("chat-recover");
    }
    out.set(op, [...(own.size ? own : family), ...other].sort());
  }
  return out;
}

// ---- the page ---------------------------------------------------------------------------------------------

const esc = (s: string) => s.replaceAll("|", "\\|");
const evidence = (e: string) => {
  const m = /^cometchat\/docs (\S+)@([0-9a-f]{40})$/.exec(e);
  if (m) return `\`${m[1]}@${(m[2] as string).slice(0, 8)}\``;
  return `[${e.replace(/^https:\/\/www\.cometchat\.com\/docs/, "").replace(/\.md$/, "")}](${e})`;
};
const route = (r: LedgerRow) => (r.method ? `\`${r.method} ${r.path}\`` : "route not read");

/** What the page says of a row of ours: the operation and what calls it, or why nothing does. */
function ours(r: LedgerRow, uses: Map<string, string[]>): string {
  const by = r.operationId ? (uses.get(r.operationId) ?? []) : [];
  const op = r.operationId ? `\`${r.operationId}\`${by.length ? ` (${by.join(", ")})` : ""}` : "";
  const why = r.outOfScope ? `out of scope: ${r.outOfScope}` : "";
  return esc([op, why].filter(Boolean).join("; "));
}

export interface Counts {
  rows: number;
  confirmed: number;
  unconfirmed: number;
  /** Rows no kind, lookup or command of ours manages (those with `outOfScope`). */
  outOfScope: number;
  /** Rows whose operation something of ours calls. */
  used: number;
}

export function countsOf(ledger: Ledger, uses: Map<string, string[]>): Counts {
  const rows = ledger.rows;
  return {
    rows: rows.length,
    confirmed: rows.filter((r) => r.status === "confirmed").length,
    unconfirmed: rows.filter((r) => r.status === "unconfirmed").length,
    outOfScope: rows.filter((r) => r.outOfScope).length,
    used: rows.filter((r) => r.operationId && (uses.get(r.operationId) ?? []).length > 0).length,
  };
}

const guessesOf = (ledger: Ledger) => ledger.rows.filter((r) => r.status === "unconfirmed" && r.operationId);
const unreadOf = (ledger: Ledger) => ledger.rows.filter((r) => r.status === "unconfirmed" && !r.operationId);
const checkedBy = (r: LedgerRow) => {
  const probe = r.operationId ? PROBES[r.operationId] : undefined;
  return probe ? describeProbe(probe) : "no probe";
};

export function renderCoverage(ledger: Ledger, uses: Map<string, string[]>): string {
  const c = countsOf(ledger, uses);
  const table = (rows: readonly LedgerRow[]) => [
    "| operation | route | ours | status | evidence |",
    "| --- | --- | --- | --- | --- |",
    ...rows.map(
      (r) =>
        `| [${esc(r.title)}](${pageUrl(r.page)}) | ${route(r)} | ${ours(r, uses)} | ${r.status} | ${evidence(r.evidence)} |`,
    ),
  ];
  const lines = [
    "# Coverage: every operation the vendor documents, and ours",
    "",
    "<!-- generated by npm run generate from docs/service/ledger.yaml: edit the ledger, not this page -->",
    "",
    "One row per operation page of the vendor's machine-readable documentation indexes (its `llms.txt`-style",
    "indexes of the REST, AI-agent, moderation, notification, campaign and call APIs; every page has a Markdown",
    "twin holding the operation's OpenAPI block), in the indexes' order: the route, the operation of",
    "[our OpenAPI document](../../provider/contract/openapi/chat-service.yaml) on it and what calls that",
    "operation (read from the code), or why it is out of scope, and the evidence of its wire. **confirmed**: a",
    "public source states the wire (the page's OpenAPI block, the vendor's OpenAPI file at a commit, or the page's",
    "front matter naming the route in that file); **unconfirmed**: our inference. The data is",
    "[ledger.yaml](ledger.yaml) (decision",
    "[0119](../decisions/0119-coverage-ledger.md)); `npm run contract:news -- <index>` lists what a fresh index",
    "holds that it does not.",
    "",
    `**${c.rows} operations**: ${c.confirmed} confirmed, ${c.unconfirmed} unconfirmed; ${c.used} called by a kind,`,
    `lookup or command of ours; ${c.outOfScope} out of scope.`,
    "",
    "## What rests on our reading",
    "",
    "The operations of ours whose wire no public source states in full. `chat-doctor` checks them first",
    "([Using the real service](../guide/real-service.md)).",
    "",
    "| operation | route | our reading | chat-doctor checks it by |",
    "| --- | --- | --- | --- |",
    ...guessesOf(ledger).map(
      (r) => `| \`${r.operationId}\` | ${route(r)} | ${esc(r.guess ?? "")} | ${esc(checkedBy(r))} |`,
    ),
    "",
    "## Deletes that take their dependents",
    "",
    "What an operation removes besides its object, as the vendor states it: a seed's destroy deletes the",
    "seeded users and groups and lets their rows go with them (decision 0124).",
    "",
    "| operation | route | also removes | stated by |",
    "| --- | --- | --- | --- |",
    ...ledger.rows
      .filter((r) => r.takes)
      .map(
        (r) =>
          `| \`${r.operationId ?? r.title}\` | ${route(r)} | ${esc(r.takes?.what ?? "")} | ${evidence(r.takes?.evidence ?? "")} |`,
      ),
    "",
    `Out of scope, and their routes not read (${unreadOf(ledger).length} pages): ${unreadOf(ledger)
      .map((r) => `[${r.title}](${pageUrl(r.page)})`)
      .join(", ")}.`,
  ];
  for (const ix of ledger.indexes) {
    const rows = ledger.rows.filter((r) => r.index === ix.id);
    lines.push("", `## ${ix.heading}`, "", `Index: ${ix.url} (read: ${evidence(ix.read)}).`);
    for (const section of [...new Set(rows.map((r) => r.section))])
      lines.push("", `### ${section}`, "", ...table(rows.filter((r) => r.section === section)));
  }
  const unlisted = ledger.rows.filter((r) => r.index === UNLISTED);
  if (unlisted.length)
    lines.push(
      "",
      "## Pages no index lists",
      "",
      "Pages that still state a route we use, though no index lists them today.",
      "",
      ...table(unlisted),
    );
  return `${lines.join("\n")}\n`;
}

// ---- the guide's list of guesses - ---------------------------------------------------------------------------

const START = "<!-- guesses: generated by npm run generate from docs/service/ledger.yaml -->";
const END = "<!-- /guesses -->";

export function renderGuesses(ledger: Ledger, uses: Map<string, string[]>): string {
  const c = countsOf(ledger, uses);
  const guesses = guessesOf(ledger);
  const unread = unreadOf(ledger);
  return [
    START,
    `**What rests on our reading.** The [coverage ledger](../service/coverage.md) holds every operation the`,
    `vendor's documentation indexes list (${c.rows}: ${c.confirmed} whose wire a public source states, ${c.unconfirmed} our`,
    `inference). These ${guesses.length} operations of ours are inferred; \`chat-doctor\` checks them first, before anything else`,
    "(those marked --write need `chat-doctor --write` on a sandbox app), so the first run against a real app says",
    "which of them hold:",
    "",
    "| operation | route | our reading | checked by |",
    "| --- | --- | --- | --- |",
    ...guesses.map(
      (r) => `| \`${r.operationId}\` | ${route(r)} | ${esc(r.guess ?? "")} | ${esc(checkedBy(r))} |`,
    ),
    "",
    `Also unconfirmed, and out of scope (nothing of ours calls them): the routes of ${unread.length} pages not read,`,
    `${unread.map((r) => r.title).join(", ")}.`,
    END,
  ].join("\n");
}

export function readmeWithGuesses(readme: string, block: string): string {
  const start = readme.indexOf(START);
  const end = readme.indexOf(END);
  if (start < 0 || end < start) throw new Error(`${GUESSES_PAGE} has no ${START} … ${END} block`);
  return readme.slice(0, start) + block + readme.slice(end + END.length);
}

// ---- the doctor's list ------------------------------------------------------------------------------------------

export function renderGuessModule(ledger: Ledger): string {
  // As the formatter lays it out: a value that does not fit its key's line goes on the next.
  const field = (key: string, value: unknown) => {
    const one = `    ${key}: ${JSON.stringify(value)},`;
    // A key shorter than the indent plus 3 (`page`) keeps its value on its line, however long (as Prettier's).
    return one.length <= LINE_WIDTH || key.length < SHORT_KEY
      ? one
      : `    ${key}:\n      ${JSON.stringify(value)},`;
  };
  const item = (r: LedgerRow) =>
    [
      "  {",
      field("operationId", r.operationId),
      field("method", r.method),
      field("path", r.path),
      field("guess", r.guess),
      field("page", pageUrl(r.page)),
      "  },",
    ].join("\n");
  return [
    "// GENERATED by scripts/ledger-docs.ts from docs/service/ledger.yaml: the operations of ours whose wire",
    "// rests on our reading (its unconfirmed rows), which chat-doctor checks first (decision 0119).",
    "// Do not edit; change the ledger and run `npm run generate`.",
    "",
    "export interface Guess {",
    "  operationId: string;",
    "  method: string;",
    "  path: string;",
    "  /** What is inferred. */",
    "  guess: string;",
    "  /** The vendor's page of the operation. */",
    "  page: string;",
    "}",
    "",
    "export const GUESSES: readonly Guess[] = [",
    ...guessesOf(ledger).map(item),
    "];",
    "",
  ].join("\n");
}

// ---- all of it ------------------------------------------------------------------------------------------------

/** Every file the ledger writes, and its text. */
export function ledgerOutputs(root = "."): Record<string, string> {
  const ledger = readLedger(root);
  const uses = usedBy(documentOperations(root), root);
  return {
    [COVERAGE_PAGE]: renderCoverage(ledger, uses),
    [GUESSES_MODULE]: renderGuessModule(ledger),
    [GUESSES_PAGE]: readmeWithGuesses(
      readFileSync(join(root, GUESSES_PAGE), "utf8"),
      renderGuesses(ledger, uses),
    ),
  };
}

if (require.main === module) {
  for (const [file, text] of Object.entries(ledgerOutputs())) writeFileSync(file, text);
  const c = countsOf(readLedger(), usedBy(documentOperations()));
  process.stdout.write(
    `ledger: ${c.rows} rows, ${c.confirmed} confirmed, ${c.unconfirmed} unconfirmed, ${c.outOfScope} out of scope\n`,
  );
}

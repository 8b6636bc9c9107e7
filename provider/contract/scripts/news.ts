// `npm run contract:news -- <index file or URL>...`: what the vendor's current documentation index says that
// the coverage ledger (docs/service/ledger.yaml) does not: operation pages it lists that no row holds,
// and rows of that index it no longer lists. A script, not a test: the index is read from a file the user
// saved (or fetched by URL when online), so CI never depends on the vendor's site (decision 0119).
import { readFileSync } from "node:fs";
import { DOCS_ORIGIN, type Ledger, type LedgerRow, readLedger } from "../ledger";

/** One operation page an index lists. */
export interface Listed {
  page: string;
  title: string;
}

export interface News {
  /** The ledger's index this text is (by its heading). */
  index: string;
  /** Operation pages the index lists that no row of the ledger holds. */
  fresh: Listed[];
  /** Rows of this index whose page the index no longer lists. */
  gone: LedgerRow[];
  /** How many operation pages the index lists. */
  listed: number;
}

const HEADING = /^#\s+(.+?)\s+—\s+LLM docs index/m;
const LINK = /\[([^\]]*)\]\(([^)\s]+)\)/g;

/**
 * Pages under /rest-api/ that describe rather than operate: overviews, setup, limits and errors. Anything
 * else at least two levels under /rest-api/ is one operation (the vendor's layout: /rest-api/<area>/<page>).
 */
const NOT_OPERATIONS = new Set([
  "overview",
  "setup-and-authentication",
  "users-and-groups",
  "error-codes",
  "properties-and-constraints",
  "rate-limits",
]);

/** A link as a docs path: origin, `.md` twin suffix, anchor and trailing slash taken off. */
export function pageOf(href: string): string | undefined {
  let p = href.split("#")[0] ?? "";
  if (p.startsWith(DOCS_ORIGIN)) p = p.slice(DOCS_ORIGIN.length);
  else if (/^https?:/.test(p)) return undefined;
  else if (p.startsWith("/docs/")) p = p.slice("/docs".length);
  p = p.replace(/\.md$/, "").replace(/\/+$/, "");
  return p.startsWith("/") ? p : undefined;
}

export const isOperationPage = (page: string): boolean => {
  const parts = page.split("/").filter(Boolean);
  return parts[0] === "rest-api" && parts.length >= 3 && !NOT_OPERATIONS.has(parts[parts.length - 1] ?? "");
};

/** The operation pages an index text lists, once each, in its order. */
export function operationPages(text: string): Listed[] {
  const seen = new Map<string, Listed>();
  for (const [, title, href] of text.matchAll(LINK)) {
    const page = pageOf(href as string);
    if (page && isOperationPage(page) && !seen.has(page)) seen.set(page, { page, title: title as string });
  }
  return [...seen.values()];
}

/** Which of the ledger's indexes `text` is, by its "# <heading> — LLM docs index" line. */
export function indexOf(ledger: Ledger, text: string): string {
  const heading = HEADING.exec(text)?.[1]?.trim();
  const known = ledger.indexes.map((i) => `"${i.heading}"`).join(", ");
  if (!heading)
    throw new Error(`no "# <heading> — LLM docs index" line: is this a docs index? (known: ${known})`);
  const found = ledger.indexes.find((i) => i.heading === heading);
  if (!found) throw new Error(`the index "${heading}" is not one the ledger follows (known: ${known})`);
  return found.id;
}

/** What `text` (one of the vendor's indexes) lists that the ledger does not hold, and the reverse. */
export function newsOf(ledger: Ledger, text: string): News {
  const index = indexOf(ledger, text);
  const listed = operationPages(text);
  const held = new Set(ledger.rows.map((r) => r.page));
  const pages = new Set(listed.map((l) => l.page));
  return {
    index,
    fresh: listed.filter((l) => !held.has(l.page)),
    gone: ledger.rows.filter((r) => r.index === index && !pages.has(r.page)),
    listed: listed.length,
  };
}

const route = (r: LedgerRow) => (r.method ? `${r.method} ${r.path}` : "route not read");

/** The report of one index, and whether it holds news. */
export function describe(n: News): { text: string; news: boolean } {
  const lines = [`${n.index}: ${n.listed} operation pages listed`];
  if (n.fresh.length > 0) {
    lines.push(
      `  documented, not in the ledger (${n.fresh.length}): add a row each (docs/service/ledger.yaml)`,
    );
    for (const f of n.fresh) lines.push(`    + ${f.page}  "${f.title}"  ${DOCS_ORIGIN}${f.page}.md`);
  }
  if (n.gone.length > 0) {
    lines.push(`  in the ledger, not listed by this index (${n.gone.length}): moved, renamed or withdrawn?`);
    for (const g of n.gone)
      lines.push(`    - ${g.page}  ${route(g)}${g.operationId ? `  (ours: ${g.operationId})` : ""}`);
  }
  if (n.fresh.length === 0 && n.gone.length === 0)
    lines.push("  nothing new: every page is held, every row listed");
  return { text: lines.join("\n"), news: n.fresh.length + n.gone.length > 0 };
}

async function textOf(source: string): Promise<string> {
  if (!/^https?:\/\//.test(source)) return readFileSync(source, "utf8");
  const res = await fetch(source, { signal: AbortSignal.timeout(30_000) }).catch((e: unknown) => {
    throw new Error(
      `${source}: ${e instanceof Error ? e.message : String(e)} (offline? save the index as text and give the file)`,
    );
  });
  if (!res.ok) throw new Error(`${source}: HTTP ${res.status}`);
  return res.text();
}

export async function main(sources: string[], ledger: Ledger = readLedger()): Promise<number> {
  if (sources.length === 0) {
    process.stderr.write(
      "usage: npm run contract:news -- <index file or URL>...\n" +
        `  the vendor's LLM docs indexes, saved as text or fetched: ${ledger.indexes.map((i) => i.url).join(", ")}\n`,
    );
    return 2;
  }
  let news = false;
  for (const source of sources) {
    const report = describe(newsOf(ledger, await textOf(source)));
    process.stdout.write(`${report.text}\n`);
    news ||= report.news;
  }
  return news ? 1 : 0;
}

if (require.main === module) {
  main(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (e: unknown) => {
      process.stderr.write(`contract:news: ${e instanceof Error ? e.message : String(e)}\n`);
      process.exit(2);
    },
  );
}

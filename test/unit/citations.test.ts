// The repository stands on its own (issue 21): what the code and the docs cite is in the repository. The
// facts about the service are in docs/service/, the bug classes in docs/bug-classes.md. Notes that lived
// beside the clone (the vendor facts, the design notes, the owner's service description) are cited no more,
// and the vendor's OpenAPI files are named only as sources, in docs/service/.
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync, statSync } from "node:fs";
import { dirname, join, normalize } from "node:path";

const root = join(__dirname, "..", "..");

/** Tracked files with their text (binary and very large files left out). */
function trackedTexts(): { path: string; text: string }[] {
  const paths = execFileSync("git", ["ls-files", "-z"], { cwd: root, encoding: "utf8" })
    .split("\0")
    .filter((p) => p !== "");
  const texts: { path: string; text: string }[] = [];
  for (const path of paths) {
    const full = join(root, path);
    // A tracked file deleted in the work tree (an edit in progress) has nothing to cite.
    if (!existsSync(full) || !statSync(full).isFile() || statSync(full).size > 2_000_000) continue;
    const text = readFileSync(full, "utf8");
    if (!text.includes("\0")) texts.push({ path, text });
  }
  return texts;
}

const files = trackedTexts();
const tracked = new Set(files.map((f) => f.path));

/** Each match of `pattern` in the tracked files, as `path:line: match` with the match's groups. */
function mentions(pattern: RegExp, only: (path: string) => boolean = () => true) {
  const found: { where: string; path: string; match: RegExpExecArray }[] = [];
  for (const { path, text } of files) {
    if (!only(path)) continue;
    for (const match of text.matchAll(new RegExp(pattern.source, `${pattern.flags.replace("g", "")}g`))) {
      const line = text.slice(0, match.index).split("\n").length;
      found.push({ where: `${path}:${line}: ${match[0]}`, path, match });
    }
  }
  return found;
}

// Built from parts, so that this file does not mention them itself.
const OUTSIDE_NOTES = ["chat-api", "design", "service-spec"].map((n) => `${n}.md`);
const VENDOR_SPECS = ["chat-apis", "management-apis"].map((n) => `${n}.json`);
const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** Whether `cited`, as written in `from`, names a tracked file (relative to `from` or to the root). */
function resolves(from: string, cited: string): boolean {
  const candidates = [normalize(join(dirname(from), cited)), normalize(cited)];
  return candidates.some((c) => tracked.has(c));
}

/** GitHub's anchors for the headings of a Markdown text. */
function anchors(markdown: string): Set<string> {
  return new Set(
    [...markdown.matchAll(/^#{1,6}\s+(.+)$/gm)].map((m) =>
      (m[1] ?? "")
        .trim()
        .toLowerCase()
        .replace(/[^\p{L}\p{N}\s_-]/gu, "")
        .replace(/\s/g, "-"),
    ),
  );
}

describe("citations stay inside the repository", () => {
  it("finds the repository's files through git", () => {
    expect(tracked.has("package.json")).toBe(true);
    expect(tracked.has("docs/service/README.md")).toBe(true);
    expect(tracked.has("docs/bug-classes.md")).toBe(true);
  });

  it("cites no note that lives outside the repository", () => {
    const name = new RegExp(`[\\w./-]*\\b(?:${OUTSIDE_NOTES.map(escapeRegExp).join("|")})`, "g");
    const dangling = mentions(name)
      .filter(({ path, match }) => !resolves(path, match[0]))
      .map((m) => m.where);
    expect(dangling).toEqual([]);
  });

  it("cites no path outside the work tree (a sibling folder, an absolute path on one machine)", () => {
    const outside = mentions(/(?:\.\.\/)+shared\/|\/work\/(?:notes|shared)\//g).map((m) => m.where);
    expect(outside).toEqual([]);
  });

  it("names the vendor's OpenAPI files only as sources, in docs/service/", () => {
    const named = mentions(
      new RegExp(VENDOR_SPECS.map(escapeRegExp).join("|"), "g"),
      (p) => !p.startsWith("docs/service/"),
    );
    expect(named.map((m) => m.where)).toEqual([]);
    // …and docs/service/ does name them, with their repository.
    const sources = readFileSync(join(root, "docs/service/README.md"), "utf8");
    for (const spec of VENDOR_SPECS) expect(sources).toContain(spec);
    expect(sources).toContain("cometchat/docs");
  });

  it("cites only pages of docs/service/ and docs/bug-classes.md that exist", () => {
    const missing = mentions(/docs\/(?:service\/[\w-]+|bug-classes)\.md/g)
      .filter(({ match }) => !tracked.has(match[0]))
      .map((m) => m.where);
    expect(missing).toEqual([]);
  });

  it("cites bug classes by numbers that docs/bug-classes.md has", () => {
    const page = readFileSync(join(root, "docs/bug-classes.md"), "utf8");
    const numbers = [...page.matchAll(/^(\d+)\. \*\*/gm)].map((m) => Number(m[1]));
    expect(numbers).toEqual(numbers.map((_, i) => i + 1));
    expect(numbers.length).toBeGreaterThanOrEqual(12);
    const cited = mentions(/bug class(?:es)? (\d+)(?: and (\d+))?/gi).flatMap(({ where, match }) =>
      [match[1], match[2]].filter((n) => n !== undefined).map((n) => ({ where, n: Number(n) })),
    );
    expect(cited.length).toBeGreaterThan(0);
    expect(cited.filter(({ n }) => !numbers.includes(n)).map((c) => c.where)).toEqual([]);
  });

  it("has no broken relative link in docs/service/ and docs/bug-classes.md", () => {
    const broken = mentions(
      /\]\((?!https?:|mailto:)([^)#\s]*)(?:#([^)\s]+))?\)/g,
      (p) => p.startsWith("docs/service/") || p === "docs/bug-classes.md",
    )
      .filter(({ path, match }) => {
        const target = match[1] ? normalize(join(dirname(path), match[1])) : path;
        const full = join(root, target);
        if (!existsSync(full)) return true;
        const anchor = match[2];
        if (anchor === undefined || !target.endsWith(".md")) return false;
        return !anchors(readFileSync(full, "utf8")).has(anchor);
      })
      .map((m) => m.where);
    expect(broken).toEqual([]);
  });
});

// The README as a package user reads it (issue 45): from the packed tarball, not the clone. Every relative link
// of README.md, and of the documents it links, opens a file the package holds; every path it names in code
// (`dist/plugin/bin/…`, `docs/guide/…`) is in the package; links into the repository are absolute and name a
// file that is there. It starts with a table of contents and the user's quick start, stays under 500 lines,
// and the versions it installs are package.json's.
import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, normalize, relative } from "node:path";

const root = join(__dirname, "..", "..");
const REPOSITORY = "https://github.com/pulumi-chat/pulumi-chat/";
const { version, devDependencies } = JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as {
  version: string;
  devDependencies: Record<string, string>;
};
/** The @pulumi/random the package is built and tested with (its lockfile's): its `random` plugin is the one. */
const RANDOM = devDependencies["@pulumi/random"] as string;

let work = "";
let pkg = "";
beforeAll(() => {
  work = mkdtempSync(join(tmpdir(), "chat-readme-pack-"));
  // --ignore-scripts: prepack would compile again; `npm test` (scripts/env.sh) has built dist/.
  const out = execFileSync("npm", ["pack", "--ignore-scripts", "--json", "--pack-destination", work], {
    cwd: root,
    encoding: "utf8",
  });
  const [packed] = JSON.parse(out) as { filename: string }[];
  execFileSync("tar", ["-xzf", join(work, packed?.filename ?? ""), "-C", work]);
  pkg = join(work, "package");
  if (!existsSync(join(pkg, "dist", "sdk", "nodejs", "index.js")))
    throw new Error(
      "the package holds no compiled code: run `npx tsc -p tsconfig.json` (or source scripts/env.sh)",
    );
}, 120_000);
afterAll(() => rmSync(work, { recursive: true, force: true }));

const read = (file: string) => readFileSync(join(pkg, file), "utf8");
/** Markdown without its fenced blocks (a link-like text in code is not a link). */
const prose = (md: string) => md.replace(/^```[^\n]*\n[\s\S]*?^```\s*$/gm, "");
/** The targets of a document's Markdown links. */
const links = (md: string) => [...prose(md).matchAll(/\]\(([^)\s]+)\)/g)].map((m) => m[1] ?? "");
const isRelative = (l: string) => !/^[a-z]+:/.test(l) && !l.startsWith("#");
/** GitHub's anchor of a heading. */
const slug = (h: string) =>
  h
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, "")
    .replace(/\s/g, "-");
const anchors = (md: string) =>
  new Set([...prose(md).matchAll(/^#{1,6} (.+)$/gm)].map((m) => slug(m[1] ?? "")));

/** The Markdown files under a folder of the clone, relative to it. */
function markdownUnder(dir: string): string[] {
  return (readdirSync(join(root, dir), { recursive: true }) as string[])
    .filter((f) => f.endsWith(".md") && !f.includes("node_modules"))
    .map((f) => join(dir, f));
}

/** The package's Markdown documents a user reaches from the README: itself and what it links. */
function reached(): string[] {
  const linked = links(read("README.md"))
    .filter(isRelative)
    .map((l) => normalize(l.split("#")[0] ?? ""))
    .filter((f) => f.endsWith(".md") && existsSync(join(pkg, f)));
  return ["README.md", ...new Set(linked)];
}

/** Paths written in code spans that name a file of this repository (a package file, once installed). */
function namedPaths(md: string): string[] {
  const spans = [...md.matchAll(/`([^`\n]+)`/g)].map((m) => m[1] ?? "");
  return spans.flatMap((s) => {
    const m =
      /^(?:node_modules\/pulumi-chat\/)?((?:provider|sdk|test|scripts|docs|examples|dist|seed|demo)\/[^\s<>*{}]*)$/.exec(
        s,
      );
    if (m?.[1]) return [m[1]];
    // A repository document by name (CONTRIBUTING.md, …).
    return /^[A-Z][A-Z_-]+\.md$/.test(s) ? [s] : [];
  });
}

describe("the README as the package holds it", () => {
  it("is under 500 lines and starts with a table of contents linking its sections, then the user's quick start", () => {
    const readme = read("README.md");
    expect(readme.split("\n").length).toBeLessThan(500);
    const sections = [...readme.matchAll(/^## (.+)$/gm)].map((m) => m[1] ?? "");
    expect(sections.slice(0, 3)).toEqual(["Contents", "Quick start", "Install"]);
    const toc = readme.split("## Contents")[1]?.split("\n## ")[0] ?? "";
    const tocLinks = links(toc);
    expect(tocLinks.length).toBeGreaterThanOrEqual(sections.length - 1);
    const own = anchors(readme);
    expect(tocLinks.filter((l) => !own.has(l.slice(1)))).toEqual([]);
    // Every top section is listed.
    expect(sections.slice(1).filter((s) => !tocLinks.includes(`#${slug(s)}`))).toEqual([]);
    const quick = readme.split("## Quick start")[1]?.split("\n## ")[0] ?? "";
    for (const step of [
      "npm init -y && npm pkg set main=index.ts",
      `npm install pulumi-chat @pulumi/pulumi @pulumi/random@${RANDOM}`,
      "npx chat-emulator",
      "pulumi config set --secret chat:apiKey",
      "pulumi up",
    ])
      expect([step, quick.includes(step)]).toEqual([step, true]);
  });

  it("links only what the package holds, from the README and every document it links", () => {
    const docs = reached();
    expect(docs.length).toBeGreaterThan(5);
    const broken: string[] = [];
    for (const doc of docs) {
      const text = read(doc);
      for (const l of links(text)) {
        if (l.startsWith("#")) {
          if (doc === "README.md" && !anchors(text).has(l.slice(1))) broken.push(`${doc}: ${l}`);
          continue;
        }
        if (!isRelative(l)) continue;
        const target = normalize(join(dirname(doc), l.split("#")[0] ?? ""));
        if (target.startsWith("..") || !existsSync(join(pkg, target))) broken.push(`${doc}: ${l}`);
      }
    }
    expect(broken).toEqual([]);
  });

  it("names in code only paths the package holds (README and the guides)", () => {
    const guides = readdirSync(join(pkg, "docs", "guide")).map((f) => `docs/guide/${f}`);
    const missing = ["README.md", ...guides].flatMap((doc) =>
      namedPaths(read(doc))
        .filter((p) => !existsSync(join(pkg, p)))
        .map((p) => `${doc}: ${p}`),
    );
    expect(missing).toEqual([]);
  });

  it("never leaves npm's default main (index.js, which names no file: two warnings on every run) in a recipe", () => {
    const guides = readdirSync(join(pkg, "docs", "guide")).map((f) => `docs/guide/${f}`);
    const recipes = ["README.md", ...guides].flatMap((doc) =>
      read(doc)
        .split("\n")
        .filter((l) => /npm init -y/.test(l))
        .map((l) => [doc, /npm init -y && npm pkg set main=index\.ts\b/.test(l)] as const),
    );
    expect(recipes.length).toBeGreaterThanOrEqual(2);
    expect(recipes.filter(([, fixed]) => !fixed)).toEqual([]);
  });

  it("links the repository's own files by absolute address, each one there", () => {
    const absolute = reached().flatMap((doc) =>
      links(read(doc))
        .filter((l) => l.startsWith(REPOSITORY))
        .map((l) => [doc, l] as const),
    );
    expect(absolute.length).toBeGreaterThan(0);
    const gone = absolute.filter(([, l]) => {
      const m = /^(?:blob|tree)\/main\/([^#]+)/.exec(l.slice(REPOSITORY.length));
      return m ? !existsSync(join(root, m[1] ?? "")) : false;
    });
    expect(gone).toEqual([]);
  });

  it("installs package.json's version in every language", () => {
    const readme = read("README.md");
    const said = [
      ...readme.matchAll(/resource chat (\S+)/g),
      ...readme.matchAll(/sdk\/go\/chat@v(\S+?)[`\s]/g),
      ...readme.matchAll(/io\.github\.pulumi-chat:chat:([^`\s]+)/g),
      ...readme.matchAll(/^Version (\S+)\./gm),
    ].map((m) => m[1]);
    expect(said.length).toBeGreaterThanOrEqual(4);
    expect(new Set(said)).toEqual(new Set([version]));
  });

  it("pins @pulumi/random in every line installing the package for a program: npm's newest may have no plugin here", () => {
    // README.md, docs/ and examples/: a line installing the package with @pulumi/pulumi is a program's.
    const files = ["README.md", ...markdownUnder("docs"), ...markdownUnder("examples")];
    const lines = files.flatMap((f) =>
      readFileSync(join(root, f), "utf8")
        .split("\n")
        .filter((l) => /npm install pulumi-chat @pulumi\/pulumi/.test(l))
        .map((l) => [f, l] as const),
    );
    expect(lines.length).toBeGreaterThanOrEqual(6);
    expect(
      lines.filter(
        ([, l]) =>
          !l.includes(`@pulumi/random@${RANDOM} `) &&
          !l.includes(`@pulumi/random@${RANDOM}\``) &&
          !l.endsWith(`@pulumi/random@${RANDOM}`),
      ),
    ).toEqual([]);
    expect(/^\d+\.\d+\.\d+$/.test(RANDOM)).toBe(true);
  });

  it("is the README of the clone (the tarball is not stale)", () => {
    expect(relative(root, pkg).startsWith("..")).toBe(true);
    expect(read("README.md")).toBe(readFileSync(join(root, "README.md"), "utf8"));
  });
});

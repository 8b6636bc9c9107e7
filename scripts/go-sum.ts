// The two go.sum lines of the Go SDK (sdk/go/chat) at package.json's version, computed as the go command does
// (golang.org/x/mod/sumdb/dirhash Hash1 over the files of the module zip, named <module>@<version>/<path>, and
// over go.mod alone), so that the packaged examples/go/go.sum can hold them without Go. `npm run generate:sdks`
// writes them (scripts/gen-sdks.sh runs this); test/unit/sdks.test.ts fails when they are stale; `npm run
// release` compares them with those of the zip it made (decision 0126).
import { createHash } from "node:crypto";
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";

export const GO_SDK_DIR = join("sdk", "go", "chat");
export const EXAMPLE_GO_SUM = join("examples", "go", "go.sum");

/** dirhash.Hash1: sha256 over "<sha256 hex>  <name>\n" of each file, sorted by name, in base64. */
function hash1(files: [name: string, content: Buffer][]): string {
  const summary = [...files]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([name, content]) => `${createHash("sha256").update(content).digest("hex")}  ${name}\n`)
    .join("");
  return `h1:${createHash("sha256").update(summary).digest("base64")}`;
}

/** The files a module zip holds: every regular file (this module has no nested module, vendor or VCS folder). */
function moduleFiles(dir: string): string[] {
  const out: string[] = [];
  const walk = (d: string) => {
    for (const e of readdirSync(d, { withFileTypes: true })) {
      const p = join(d, e.name);
      if (e.isDirectory()) walk(p);
      else if (e.isFile()) out.push(relative(dir, p).split("\\").join("/"));
    }
  };
  walk(dir);
  return out;
}

/** The go.sum lines for the module in `root`/sdk/go/chat at `version` (without its "v"). */
export function goSumLines(root: string, version: string): string[] {
  const dir = join(root, GO_SDK_DIR);
  const goMod = readFileSync(join(dir, "go.mod"));
  const path = /^module\s+(\S+)/m.exec(goMod.toString())?.[1];
  if (!path) throw new Error(`${GO_SDK_DIR}/go.mod names no module`);
  const at = `${path}@v${version}`;
  const zip = hash1(moduleFiles(dir).map((f) => [`${at}/${f}`, readFileSync(join(dir, f))]));
  return [`${path} v${version} ${zip}`, `${path} v${version}/go.mod ${hash1([["go.mod", goMod]])}`];
}

/** examples/go/go.sum with the module's lines replaced by `lines` (kept in go.sum's order). */
export function withGoSum(goSum: string, lines: string[]): string {
  const path = lines[0]?.split(" ")[0] ?? "";
  const kept = goSum.split("\n").filter((l) => l && !l.startsWith(`${path} `));
  return `${[...kept, ...lines].sort((a, b) => goSumOrder(a, b)).join("\n")}\n`;
}

/** go.sum's order: by module path, then version as go writes it; only this module's lines move. */
function goSumOrder(a: string, b: string): number {
  const [pa = ""] = a.split(" ");
  const [pb = ""] = b.split(" ");
  return pa === pb ? 0 : pa < pb ? -1 : 1;
}

if (require.main === module) {
  const root = join(__dirname, "..", "..");
  const { version } = JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as { version: string };
  const file = join(root, EXAMPLE_GO_SUM);
  writeFileSync(file, withGoSum(readFileSync(file, "utf8"), goSumLines(root, version)));
  process.stdout.write(`wrote the Go SDK's lines into ${EXAMPLE_GO_SUM}\n`);
}

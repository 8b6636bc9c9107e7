// `npm run release [-- --dry-run]`: everything a release publishes, written under release/ (git-ignored), each
// in the layout its registry serves, so that test/e2e/release-rehearsal.test.ts can serve the folder on loopback
// in place of each registry (docs/decisions/0126-release-artifacts-and-registries.md):
//   npm/     the npm tarball (`npm pack`)
//   pypi/    files/ (wheel and sdist of the `pulumi-chat` distribution) and simple/ (PEP 503 index pages)
//   go/      sdk/go/chat as a module proxy serves it: <module>/@v/{list,<v>.info,<v>.mod,<v>.zip}
//   maven/   io.github.pulumi-chat:chat as a Maven repository holds it (pom, jar, sources, checksums)
//   plugin/  pulumi-resource-chat-v<v>-<os>-<arch>.tar.gz for the platforms this machine can build, SHA256SUMS
//   release.json  the version, the tags, every file with its sha256, and the platforms not built (and why)
// The version is package.json's; every other place that names it must agree (checked first, by file).
// --dry-run also runs each registry's own checks without publishing (`npm publish --dry-run`, `twine check`).
import { execFile } from "node:child_process";
import { createHash } from "node:crypto";
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { homedir } from "node:os";
import { join, relative } from "node:path";
import { promisify } from "node:util";
import { PLUGIN_FILE } from "./plugin-bundle";
import { buildSea, SEA_FILE } from "./plugin-sea";
import { venvWith } from "./python-venv";

const run = promisify(execFile);

export const RELEASE_DIR = "release";
export const GO_MODULE = "github.com/pulumi-chat/pulumi-chat/sdk/go/chat";
export const PYTHON_DISTRIBUTION = "pulumi-chat";
export const MAVEN_GROUP = "io.github.pulumi-chat";
export const MAVEN_ARTIFACT = "chat";

/** The platforms a release names, as Pulumi spells them in archive names (os, arch). */
export const PLATFORMS = [
  ["linux", "amd64"],
  ["linux", "arm64"],
  ["darwin", "amd64"],
  ["darwin", "arm64"],
  ["windows", "amd64"],
] as const;

export interface Release {
  version: string;
  tags: { repository: string; goModule: string };
  files: Record<string, string>;
  plugin: { built: string[]; notBuilt: Record<string, string> };
  goSum: string[];
}

const archiveName = (version: string, os: string, arch: string) =>
  `pulumi-resource-chat-v${version}-${os}-${arch}.tar.gz`;

/** The version of package.json, and every file that must name the same one (a clear error per file). */
export function checkVersions(root: string): string {
  const read = (...p: string[]) => readFileSync(join(root, ...p), "utf8");
  const version = (JSON.parse(read("package.json")) as { version: string }).version;
  const places: [string, RegExp][] = [
    ["sdk/schema.json", /^ {2}"version": "([^"]+)"/m],
    ["sdk/python/setup.py", /^VERSION = "([^"]+)"/m],
    ["sdk/java/pom.xml", /<artifactId>chat<\/artifactId>\n {2}<version>([^<]+)<\/version>/],
    ["examples/python/requirements.txt", /^pulumi-chat==(\S+)$/m],
    ["examples/go/go.mod", /\tgithub\.com\/pulumi-chat\/pulumi-chat\/sdk\/go\/chat v(\S+)/],
    ["examples/java/pom.xml", /<artifactId>chat<\/artifactId>\n\s*<version>([^<]+)<\/version>/],
  ];
  const wrong = places.flatMap(([file, re]) => {
    const found = re.exec(read(...file.split("/")))?.[1];
    return found === version ? [] : [`${file} names ${found ?? "no version"}`];
  });
  if (wrong.length)
    throw new Error(
      `package.json is version ${version}, but ${wrong.join("; ")} (npm run generate:sdks writes the SDKs)`,
    );
  return version;
}

const cacheRoot = () =>
  process.env.PULUMI_CHAT_CACHE ??
  join(process.env.XDG_CACHE_HOME ?? join(homedir(), ".cache"), "pulumi-chat");
const sha256 = (file: string) => createHash("sha256").update(readFileSync(file)).digest("hex");
const hashOf = (...files: string[]) =>
  createHash("sha256")
    .update(files.map((f) => readFileSync(f)).join("\0"))
    .digest("hex")
    .slice(0, 12);

async function npmTarball(root: string, out: string): Promise<void> {
  mkdirSync(join(out, "npm"), { recursive: true });
  // dist/ is built by `npm run release` (npm run build) before this runs: no second build through prepack.
  await run("npm", ["pack", "--ignore-scripts", "--silent", "--pack-destination", join(out, "npm")], {
    cwd: root,
    maxBuffer: 64 * 1024 * 1024,
  });
}

/** A virtualenv with pypa's build and twine, made once per machine beside the engine cache. */
const pythonTools = (): Promise<string> =>
  venvWith(join(cacheRoot(), "release", "python"), [
    "build==1.2.2.post1",
    "setuptools==75.8.0",
    "wheel==0.45.1",
    "twine==6.0.1",
  ]);

async function pythonPackages(root: string, out: string): Promise<string> {
  const python = await pythonTools();
  const files = join(out, "pypi", "files");
  // Built in a copy: setuptools writes build/ and *.egg-info beside the sources.
  const src = join(out, "pypi", ".src");
  cpSync(join(root, "sdk", "python"), src, {
    recursive: true,
    filter: (f) => !/(\/build|\.egg-info|__pycache__)$/.test(f),
  });
  await run(python, ["-m", "build", "--no-isolation", "--sdist", "--wheel", "--outdir", files, src], {
    maxBuffer: 64 * 1024 * 1024,
  });
  rmSync(src, { recursive: true, force: true });
  // The "simple" repository API (PEP 503): a page per project, each link with its file's sha256.
  const links = readdirSync(files)
    .sort()
    .map((f) => `<a href="../../files/${f}#sha256=${sha256(join(files, f))}">${f}</a><br/>`);
  const project = join(out, "pypi", "simple", PYTHON_DISTRIBUTION);
  mkdirSync(project, { recursive: true });
  writeFileSync(
    join(project, "index.html"),
    `<!DOCTYPE html>\n<html lang="en"><body>\n${links.join("\n")}\n</body></html>\n`,
  );
  writeFileSync(
    join(out, "pypi", "simple", "index.html"),
    `<!DOCTYPE html>\n<html lang="en"><body>\n<a href="${PYTHON_DISTRIBUTION}/">${PYTHON_DISTRIBUTION}</a>\n</body></html>\n`,
  );
  return python;
}

/** sdk/go/chat laid out by scripts/gomodproxy (golang.org/x/mod's zip rules); returns the go.sum lines. */
async function goModule(root: string, out: string, version: string): Promise<string[]> {
  const src = join(root, "scripts", "gomodproxy");
  const tool = join(
    cacheRoot(),
    "release",
    `gomodproxy-${hashOf(join(src, "main.go"), join(src, "go.mod"), join(src, "go.sum"))}`,
  );
  const env = { ...process.env, CGO_ENABLED: "0", GOTOOLCHAIN: "local", GOFLAGS: "-mod=readonly" };
  if (!existsSync(tool)) await run("go", ["build", "-trimpath", "-o", tool, "."], { cwd: src, env });
  // The version's time: the commit's, so that two runs on one commit write the same .info.
  const { stdout: time } = await run("git", ["log", "-1", "--format=%cI"], { cwd: root });
  const when = new Date(time.trim()).toISOString().replace(/\.000Z$/, "Z");
  const { stdout } = await run(tool, [join(root, "sdk", "go", "chat"), `v${version}`, when, join(out, "go")]);
  return stdout.trim().split("\n");
}

async function mavenRepository(root: string, out: string): Promise<void> {
  await run(
    "mvn",
    [
      "-B",
      "-q",
      "deploy",
      "-DskipTests",
      // Not into ~/.m2: the rehearsal must find the artifact through the served repository only.
      "-Dmaven.install.skip=true",
      `-DaltDeploymentRepository=release::file://${join(out, "maven")}`,
    ],
    { cwd: join(root, "sdk", "java"), maxBuffer: 64 * 1024 * 1024 },
  );
}

/** The self-contained plugin of this machine's platform (reused when newer than the bundle), as its archive. */
async function pluginArchives(root: string, out: string, version: string): Promise<Release["plugin"]> {
  const os = { linux: "linux", darwin: "darwin", win32: "windows" }[process.platform as string];
  const arch = { x64: "amd64", arm64: "arm64" }[process.arch as string];
  const sea = join(root, SEA_FILE);
  if (os && os !== "windows" && arch) {
    // Reused while it holds the same bundle (every build rewrites the bundle's file, not always its bytes).
    const stamp = join(root, "dist", "sea", "bundle.sha256");
    const bundle = sha256(join(root, PLUGIN_FILE));
    if (!existsSync(sea) || !existsSync(stamp) || readFileSync(stamp, "utf8") !== bundle) {
      buildSea(root);
      writeFileSync(stamp, bundle);
    }
  }
  const dir = join(out, "plugin");
  mkdirSync(dir, { recursive: true });
  const built: string[] = [];
  const notBuilt: Record<string, string> = {};
  for (const [o, a] of PLATFORMS) {
    const name = archiveName(version, o, a);
    if (o === os && a === arch && o !== "windows") {
      // The archive holds the executable at its root, as `pulumi plugin install` expects, and the license.
      await run("tar", [
        "-czf",
        join(dir, name),
        "-C",
        join(root, "dist", "sea"),
        "pulumi-resource-chat",
        "-C",
        root,
        "LICENSE",
      ]);
      built.push(name);
    } else if (o === "windows") {
      notBuilt[name] =
        "build:sea makes Linux and macOS executables only (decision 0110): Windows uses the bundle";
    } else {
      notBuilt[name] =
        `needs a ${o}-${a} Node binary to inject the plugin into; this machine has only its own ` +
        `(${process.platform}-${process.arch}) and cannot download another: the release workflow builds it on a ${o}-${a} runner`;
    }
  }
  writeFileSync(join(dir, "SHA256SUMS"), built.map((f) => `${sha256(join(dir, f))}  ${f}\n`).join(""));
  return { built, notBuilt };
}

/** Every file under `dir`, relative to it, with its sha256. */
function listFiles(dir: string): Record<string, string> {
  const files: Record<string, string> = {};
  const walk = (d: string) => {
    for (const e of readdirSync(d, { withFileTypes: true })) {
      const p = join(d, e.name);
      if (e.isDirectory()) walk(p);
      else if (e.name !== "release.json") files[relative(dir, p)] = sha256(p);
    }
  };
  walk(dir);
  return Object.fromEntries(Object.entries(files).sort(([a], [b]) => a.localeCompare(b)));
}

/** The go.sum lines the packaged Go example must carry for the module just laid out. */
function checkGoSum(root: string, goSum: string[]): void {
  const file = join(root, "examples", "go", "go.sum");
  const have = readFileSync(file, "utf8");
  const missing = goSum.filter((l) => !have.split("\n").includes(l));
  if (missing.length)
    throw new Error(
      `examples/go/go.sum lacks the lines of the released Go module; write them:\n${missing.join("\n")}`,
    );
}

export async function release(root: string, options: { dryRun?: boolean } = {}): Promise<Release> {
  const version = checkVersions(root);
  const out = join(root, RELEASE_DIR);
  rmSync(out, { recursive: true, force: true });
  mkdirSync(out, { recursive: true });
  const [, python, goSum, , plugin] = await Promise.all([
    npmTarball(root, out),
    pythonPackages(root, out),
    goModule(root, out, version),
    mavenRepository(root, out),
    pluginArchives(root, out, version),
  ]);
  checkGoSum(root, goSum);
  const result: Release = {
    version,
    tags: { repository: `v${version}`, goModule: `sdk/go/chat/v${version}` },
    files: listFiles(out),
    plugin,
    goSum,
  };
  writeFileSync(join(out, "release.json"), `${JSON.stringify(result, null, 2)}\n`);
  if (options.dryRun) {
    // Each registry's own checks, with nothing sent.
    const tarball = join(out, "npm", `pulumi-chat-${version}.tgz`);
    await run("npm", ["publish", "--dry-run", "--ignore-scripts", tarball], { cwd: root });
    const files = join(out, "pypi", "files");
    const dists = readdirSync(files).map((f) => join(files, f));
    await run(python, ["-m", "twine", "check", "--strict", ...dists], {
      maxBuffer: 16 * 1024 * 1024,
    });
  }
  return result;
}

if (require.main === module) {
  const root = join(__dirname, "..", "..");
  const dryRun = process.argv.includes("--dry-run");
  release(root, { dryRun }).then(
    (r) => {
      process.stdout.write(
        `${RELEASE_DIR}/ holds version ${r.version}: ${Object.keys(r.files).length} files; plugin archives for ` +
          `${r.plugin.built.join(", ") || "no platform"}\n` +
          Object.entries(r.plugin.notBuilt)
            .map(([name, why]) => `  not built: ${name}: ${why}\n`)
            .join("") +
          (dryRun ? "dry run: npm publish --dry-run and twine check passed; nothing was published\n" : ""),
      );
    },
    (e: unknown) => {
      process.stderr.write(`release: ${e instanceof Error ? e.message : String(e)}\n`);
      process.exit(1);
    },
  );
}

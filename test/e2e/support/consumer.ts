// A user's project outside the repository: the package packed as it would be published, installed from the
// tarball with npm (the registry only; packages npm already has cached are not fetched again), and the
// lowest Node version `engines` claims, installed once from npm into the per-user cache.
import { execFile } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { homedir, tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { repoRoot } from "./stack";

const run = promisify(execFile);

export interface PackedFile {
  path: string;
}

/** `npm pack` of the compiled package (scripts/env.sh has built dist/): the tarball and its file list. */
export async function pack(dest: string): Promise<{ tarball: string; files: string[] }> {
  // --ignore-scripts: prepack would compile again, under other tests that load dist/.
  const { stdout } = await run("npm", ["pack", "--ignore-scripts", "--json", "--pack-destination", dest], {
    cwd: repoRoot,
  });
  const [result] = JSON.parse(stdout) as { filename: string; files: PackedFile[] }[];
  if (!result) throw new Error(`npm pack answered nothing: ${stdout}`);
  return { tarball: join(dest, result.filename), files: result.files.map((f) => f.path) };
}

/** The version of a package as the repository has it installed. */
export const installedVersion = (name: string): string =>
  (
    JSON.parse(readFileSync(join(repoRoot, "node_modules", name, "package.json"), "utf8")) as {
      version: string;
    }
  ).version;

/**
 * A fresh project in the system's temporary folder with the tarball installed as a user installs it: the
 * package and the Pulumi SDKs the user chose (here the versions the repository tests). Its optional peer
 * fastify is left out, as a user who never starts the emulator would.
 */
export async function consumerProject(tarball: string): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), "pulumi-chat-consumer-"));
  const manifest = {
    name: "chat-consumer",
    private: true,
    dependencies: {
      "@pulumi/pulumi": installedVersion("@pulumi/pulumi"),
      // The random plugin these machines serve is the repository's version (scripts/env.sh), not npm's newest.
      "@pulumi/random": installedVersion("@pulumi/random"),
      "pulumi-chat": `file:${tarball}`,
    },
  };
  writeFileSync(join(dir, "package.json"), `${JSON.stringify(manifest, null, 2)}\n`);
  await run("npm", ["install", "--prefer-offline", "--no-audit", "--no-fund"], { cwd: dir });
  return dir;
}

/** The floor of `engines.node` (">=22.12" → "22.12.0"). */
export function nodeFloor(): string {
  const manifest = JSON.parse(readFileSync(join(repoRoot, "package.json"), "utf8")) as {
    engines: { node: string };
  };
  const m = /^>=\s*(\d+)(?:\.(\d+))?(?:\.(\d+))?$/.exec(manifest.engines.node);
  if (!m) throw new Error(`engines.node is not a ">=" floor: ${manifest.engines.node}`);
  return `${m[1]}.${m[2] ?? 0}.${m[3] ?? 0}`;
}

/** The folder holding `node` of that exact version: the npm `node` package, cached under ~/.cache/pulumi-chat. */
export async function nodeBin(version: string): Promise<string> {
  const cache =
    process.env.PULUMI_CHAT_CACHE ??
    join(process.env.XDG_CACHE_HOME ?? join(homedir(), ".cache"), "pulumi-chat");
  const dir = join(cache, `node-${version}`);
  const bin = join(dir, "node_modules", ".bin");
  if (!existsSync(join(bin, "node"))) {
    mkdirSync(dir, { recursive: true });
    await run("npm", ["install", "--no-save", "--no-audit", "--no-fund", "--prefix", dir, `node@${version}`]);
  }
  const { stdout } = await run(join(bin, "node"), ["--version"]);
  if (stdout.trim() !== `v${version}`) throw new Error(`${bin}/node is ${stdout.trim()}, not v${version}`);
  return bin;
}

/** Writes a Pulumi project (Pulumi.yaml and its files) into `dir`. */
export function writeProject(
  dir: string,
  name: string,
  files: Record<string, string>,
  runtime = "nodejs",
): string {
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, "Pulumi.yaml"), `name: ${name}\nruntime: ${runtime}\n`);
  for (const [file, text] of Object.entries(files)) writeFileSync(join(dir, file), text);
  return dir;
}

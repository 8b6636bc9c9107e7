// `npm run build:sea`: the `chat` plugin as one self-contained executable, dist/sea/pulumi-resource-chat, for
// machines without Node.js (a Go or Python team's CI image): the one-file bundle (scripts/plugin-bundle.ts) made
// a Node single-executable application, injected into a copy of the Node binary that runs this script (the
// project's Node 24) with postject. Linux and macOS; elsewhere the bundle stays the way
// (docs/decisions/0110-sdks-in-the-repository.md). Not in the npm package: a release asset per platform.
import { execFileSync } from "node:child_process";
import { chmodSync, copyFileSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { PLUGIN_FILE } from "./plugin-bundle";

export const SEA_FILE = join("dist", "sea", "pulumi-resource-chat");
/** The marker Node's binary carries for an injected application (Node's documentation names it). */
const FUSE = "NODE_SEA_FUSE_fce680ab2cc467b6e072b8b5df1996b2";

/** Runs postject: the installed devDependency, else the same pinned version through `npm exec`. */
function postject(args: string[], root: string): void {
  let cli: string | undefined;
  try {
    cli = require.resolve("postject/dist/cli.js");
  } catch {
    cli = undefined;
  }
  if (cli) {
    execFileSync(process.execPath, [cli, ...args], { stdio: "inherit" });
    return;
  }
  const pkg = JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as {
    devDependencies: Record<string, string>;
  };
  const version = pkg.devDependencies.postject;
  if (!version) throw new Error("package.json pins no postject in devDependencies");
  execFileSync("npm", ["exec", "--yes", `--package=postject@${version}`, "--", "postject", ...args], {
    stdio: "inherit",
    cwd: root,
  });
}

export function buildSea(root: string): string {
  if (process.platform !== "linux" && process.platform !== "darwin")
    throw new Error(`build:sea makes Linux and macOS executables, not ${process.platform}: use the bundle`);
  const bundle = join(root, PLUGIN_FILE);
  statSync(bundle); // made by `npm run build`
  const dir = join(root, "dist", "sea");
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const blob = join(dir, "plugin.blob");
  const config = join(dir, "sea-config.json");
  writeFileSync(
    config,
    JSON.stringify({ main: bundle, output: blob, disableExperimentalSEAWarning: true, useCodeCache: true }),
  );
  execFileSync(process.execPath, ["--experimental-sea-config", config], { stdio: "inherit" });
  const out = join(root, SEA_FILE);
  copyFileSync(process.execPath, out);
  chmodSync(out, 0o755);
  const mac = process.platform === "darwin";
  if (mac) execFileSync("codesign", ["--remove-signature", out]);
  postject(
    [
      out,
      "NODE_SEA_BLOB",
      blob,
      "--sentinel-fuse",
      FUSE,
      ...(mac ? ["--macho-segment-name", "NODE_SEA"] : []),
    ],
    root,
  );
  if (mac) execFileSync("codesign", ["--sign", "-", out]);
  rmSync(blob);
  rmSync(config);
  return out;
}

if (require.main === module) {
  buildSea(join(__dirname, "..", ".."));
  process.stdout.write(`wrote ${SEA_FILE}\n`);
}

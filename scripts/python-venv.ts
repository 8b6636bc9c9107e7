// A virtualenv holding exactly `wanted`, made once per folder: kept while its "ready" marker names the same
// requirements, so a repeated run (tests, releases) costs one file read.
import { execFile } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { promisify } from "node:util";

const run = promisify(execFile);

/** The python of the virtualenv at `venv` with `wanted` installed (pip requirement strings). */
export async function venvWith(venv: string, wanted: readonly string[]): Promise<string> {
  const python = join(venv, "bin", "python");
  const ready = join(venv, "ready");
  if (!existsSync(ready) || readFileSync(ready, "utf8") !== wanted.join(" ")) {
    mkdirSync(venv, { recursive: true });
    if (!existsSync(python)) await run("python3", ["-m", "venv", venv]);
    await run(python, ["-m", "pip", "install", "--quiet", ...wanted], { maxBuffer: 16 * 1024 * 1024 });
    writeFileSync(ready, wanted.join(" "));
  }
  return python;
}

// A Pulumi project in a temporary folder, driven by the `pulumi` CLI as a user drives it (any runtime: YAML,
// Python), on a throwaway file backend, with the plugin of this clone (dist/plugin/bin) named in Pulumi.yaml.
// Every line the CLI prints is kept, for the secrets scan.
import { execFile } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import type { StackConfig } from "../../support/emulator";
import { repoRoot } from "./stack";

const run = promisify(execFile);
export const PLUGIN_DIR = join(repoRoot, "dist", "plugin", "bin");

export interface CliProject {
  dir: string;
  /** Everything the CLI printed so far. */
  readonly printed: string[];
  /** Runs `pulumi <args>` in the project; rejects with the output when it fails (unless `allowFailure`). */
  pulumi(args: string[], opts?: { allowFailure?: boolean; env?: Record<string, string> }): Promise<string>;
  /** Writes Pulumi.yaml: the project header (name, runtime, the plugin) followed by `body`. */
  write(body: string, runtime?: string): void;
  dispose(): Promise<void>;
}

export interface CliProjectOptions {
  /** Variables for every command (e.g. a PULUMI_HOME the plugin is installed in). */
  env?: Record<string, string>;
  /** Name this clone's plugin folder in Pulumi.yaml (default); false: the engine finds an installed one. */
  localPlugin?: boolean;
  /** Where the project folder is made (default: the system's temporary folder). */
  under?: string;
}

/** `runtime` is Pulumi.yaml's runtime line (`yaml`, `python`). The stack is configured with `config`. */
export async function cliProject(
  name: string,
  runtime: string,
  config: StackConfig,
  options: CliProjectOptions = {},
): Promise<CliProject> {
  if (options.under) mkdirSync(options.under, { recursive: true });
  const dir = mkdtempSync(join(options.under ?? tmpdir(), `pulumi-chat-${name}-`));
  const backend = mkdtempSync(join(tmpdir(), "pulumi-chat-backend-"));
  const env: Record<string, string | undefined> = {
    ...process.env,
    PULUMI_BACKEND_URL: `file://${backend}`,
    PULUMI_CONFIG_PASSPHRASE: "e2e-only",
    PULUMI_SKIP_UPDATE_CHECK: "true",
    PULUMI_DISABLE_AUTOMATIC_PLUGIN_ACQUISITION: "true",
    NO_COLOR: "1",
    ...options.env,
  };
  // The stack's config is the one source of credentials, as in a user's project.
  for (const k of Object.keys(env)) if (k.startsWith("CHAT_")) delete env[k];
  const printed: string[] = [];
  const project: CliProject = {
    dir,
    printed,
    async pulumi(args, opts = {}) {
      try {
        const r = await run("pulumi", ["--non-interactive", ...args], {
          cwd: dir,
          env: { ...env, ...opts.env },
          maxBuffer: 64 * 1024 * 1024,
        });
        printed.push(r.stdout, r.stderr);
        return `${r.stdout}${r.stderr}`;
      } catch (e) {
        const { stdout = "", stderr = "" } = e as { stdout?: string; stderr?: string };
        printed.push(stdout, stderr);
        if (opts.allowFailure) return `${stdout}${stderr}`;
        throw new Error(`pulumi ${args.join(" ")} failed:\n${stdout}\n${stderr}`);
      }
    },
    write(body, as = runtime) {
      const plugins = `plugins:\n  providers:\n    - name: chat\n      path: ${PLUGIN_DIR}\n`;
      const header = `name: ${name}\nruntime: ${as}\n${options.localPlugin === false ? "" : plugins}`;
      writeFileSync(join(dir, "Pulumi.yaml"), `${header}${body}`);
    },
    async dispose() {
      await project.pulumi(["destroy", "--yes", "--skip-preview"], { allowFailure: true });
      rmSync(dir, { recursive: true, force: true });
      rmSync(backend, { recursive: true, force: true });
    },
  };
  project.write("");
  await project.pulumi(["stack", "init", "dev"]);
  for (const [key, { value, secret }] of Object.entries(config))
    await project.pulumi(["config", "set", ...(secret ? ["--secret"] : []), "--", key, value]);
  return project;
}

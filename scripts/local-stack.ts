// A local Pulumi program folder (Pulumi.yaml + index.ts) run through the Automation API, so the real language
// host is exercised, on a throwaway file backend. Used by the e2e tests and by the fault soak.
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { LocalWorkspace, type OutputMap, type Stack, type UpdateSummary } from "@pulumi/pulumi/automation";

/** What `pulumi up` as a person types it printed and left: the stack's outputs and the update's summary. */
export interface TypedUp {
  stdout: string;
  outputs: OutputMap;
  summary: UpdateSummary;
}

export interface TestStack {
  stack: Stack;
  backendDir: string;
  /**
   * `pulumi up --yes` through the CLI, as a person or a CI script types it: a preview first, then the update
   * (the Automation API's up skips the preview, and values not known yet are only seen there).
   */
  up(opts?: { onOutput?: (out: string) => void }): Promise<TypedUp>;
  /** Destroys what is left and removes the stack and its backend. */
  dispose(): Promise<void>;
}

export async function localStack(
  programDir: string,
  stackName = "test",
  env: Record<string, string> = {},
): Promise<TestStack> {
  const backendDir = mkdtempSync(join(tmpdir(), "pulumi-chat-backend-"));
  const stack = await LocalWorkspace.createOrSelectStack(
    { stackName, workDir: programDir },
    {
      envVars: {
        PULUMI_BACKEND_URL: `file://${backendDir}`,
        PULUMI_CONFIG_PASSPHRASE: "e2e-only",
        PULUMI_SKIP_UPDATE_CHECK: "true",
        PULUMI_DISABLE_AUTOMATIC_PLUGIN_ACQUISITION: "true",
        PULUMI_NODEJS_TRANSPILE_ONLY: "true",
        ...env,
      },
    },
  );
  return {
    stack,
    backendDir,
    up: (opts) => typedUp(stack, opts?.onOutput),
    async dispose() {
      try {
        await stack.destroy();
        await stack.workspace.removeStack(stackName);
      } finally {
        rmSync(backendDir, { recursive: true, force: true });
      }
    },
  };
}

/** `pulumi up --yes` of `stack` through the CLI; rejects with everything it printed when it fails. */
export async function typedUp(stack: Stack, onOutput?: (out: string) => void): Promise<TypedUp> {
  const args = ["up", "--yes", "--non-interactive", "--stack", stack.name];
  const child = spawn("pulumi", args, {
    cwd: stack.workspace.workDir,
    env: { ...process.env, ...stack.workspace.envVars },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let printed = "";
  const take = (chunk: Buffer) => {
    printed += chunk.toString();
    onOutput?.(chunk.toString());
  };
  child.stdout.on("data", take);
  child.stderr.on("data", take);
  const code = await new Promise<number | null>((resolve, reject) => {
    child.on("error", reject);
    child.on("close", resolve);
  });
  if (code !== 0) throw new Error(`pulumi ${args.join(" ")} failed (exit ${code}):\n${printed}`);
  const [summary] = await stack.history(1);
  if (!summary) throw new Error(`pulumi up succeeded but the stack ${stack.name} records no update`);
  return { stdout: printed, outputs: await stack.outputs(), summary };
}

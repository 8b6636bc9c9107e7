// A local Pulumi program folder (Pulumi.yaml + index.ts) run through the Automation API, so the real language
// host is exercised, on a throwaway file backend. Used by the e2e tests and by the fault soak.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { LocalWorkspace, type Stack } from "@pulumi/pulumi/automation";

export interface TestStack {
  stack: Stack;
  backendDir: string;
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

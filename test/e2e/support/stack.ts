// Local programs on a throwaway file backend (scripts/local-stack.ts), and what the e2e tests share.
import { execFileSync } from "node:child_process";
import { join } from "node:path";

export { localStack, type TestStack } from "../../../scripts/local-stack";

export const repoRoot = join(__dirname, "..", "..", "..");

/** What `pulumi version` prints for the engine on PATH. */
export function engineVersion(): string {
  return execFileSync("pulumi", ["version"], { env: { ...process.env, PULUMI_SKIP_UPDATE_CHECK: "true" } })
    .toString()
    .trim();
}

// A stack's `chat:*` config as a Lookup, read through the Pulumi CLI (secrets decrypted in memory only):
// chat-doctor --stack, and live mode's --stack.
import { execFileSync } from "node:child_process";
import type { Lookup } from "../client/config";

export function stackLookup(stack: string, cwd: string = process.cwd()): Lookup {
  let out: string;
  try {
    out = execFileSync("pulumi", ["config", "--json", "--show-secrets", "--stack", stack], {
      cwd,
      encoding: "utf8",
      stdio: ["ignore", "pipe", "pipe"],
      env: process.env,
    });
  } catch (e) {
    throw new Error(`cannot read the config of stack ${stack} through the Pulumi CLI: ${pulumiReason(e)}`);
  }
  const config = JSON.parse(out) as Record<string, { value?: unknown }>;
  return (key) => {
    const v = config[key]?.value;
    return v === undefined || v === "" ? undefined : String(v);
  };
}

/** Pulumi's own words for a failed command (its stderr, on one line), else why it could not run. */
export function pulumiReason(e: unknown): string {
  const stderr = (e as { stderr?: unknown }).stderr;
  const said = typeof stderr === "string" ? stderr : Buffer.isBuffer(stderr) ? stderr.toString("utf8") : "";
  const lines = said
    .split("\n")
    .map((l) => l.trim())
    .filter(Boolean);
  if (lines.length) return lines.join(" ");
  return (e as { code?: unknown }).code === "ENOENT"
    ? "the pulumi command is not on PATH"
    : e instanceof Error
      ? e.message
      : String(e);
}

// A stack's `chat:*` config as a Lookup, read through the Pulumi CLI (secrets decrypted in memory only):
// chat-doctor --stack, and live mode's --stack.
import { execFileSync } from "node:child_process";
import type { Lookup } from "../client/config";

export function stackLookup(stack: string, cwd: string = process.cwd()): Lookup {
  const out = execFileSync("pulumi", ["config", "--json", "--show-secrets", "--stack", stack], {
    cwd,
    encoding: "utf8",
    stdio: ["ignore", "pipe", "pipe"],
  });
  const config = JSON.parse(out) as Record<string, { value?: unknown }>;
  return (key) => {
    const v = config[key]?.value;
    return v === undefined || v === "" ? undefined : String(v);
  };
}

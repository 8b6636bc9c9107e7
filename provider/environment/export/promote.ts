// `chat-export --compare <stack> [--write]`: the app chat-export reads (staging) against the environment file a
// stack's project reads (production): the plan on standard output, and with --write the entries production
// lacks added to its file, with the secret config keys they name to set in that stack (decision 0130).
import { readFileSync, writeFileSync } from "node:fs";
import { dirname, relative } from "node:path";
import { parseDocument } from "yaml";
import { ENTRY_KINDS } from "../entries";
import { comparePlan, type PromotionPlan, secretKeysIn } from "./compare";
import type { Exported } from "./document";
import { planText } from "./plan-text";
import { promotedText } from "./promote-write";
import { stackEnvironmentFile } from "./stack-file";

type Json = Record<string, unknown>;

export interface PromoteOptions {
  stack: string;
  /** The stack's file, located and read before the app is (stackEnvironment). */
  target: StackEnvironment;
  write: boolean;
  /** Whether the management API was read: without it its kinds (webhooks, …) are not compared. */
  management: boolean;
  /** The app read, for the plan's heading. */
  app: { appId: string; region: string };
}

export interface Promoted {
  plan: PromotionPlan;
  text: string;
  /** The file compared (and written with --write). */
  file: string;
  /** The secret config keys the added entries name: to set in the stack before its next `pulumi up`. */
  secrets: string[];
  /** Whether the file was written: --write with entries to add. */
  written: boolean;
}

export interface StackEnvironment {
  file: string;
  text: string;
  /** The file's content in the file's shape. */
  env: Json;
}

/** The stack's environment file (located, parsed) as an object in the file's shape. */
export function stackEnvironment(stack: string, dir: string): StackEnvironment {
  const { file } = stackEnvironmentFile(dir, stack);
  const text = readFileSync(file, "utf8");
  const doc = parseDocument(text);
  if (doc.errors.length > 0)
    throw new Error(`${file} is not valid YAML: ${doc.errors[0]?.message.split("\n")[0]}; check the file`);
  const value: unknown = doc.toJS();
  return { file, text, env: value !== null && typeof value === "object" ? (value as Json) : {} };
}

/** A path as the plan names it: from the current folder when it is under it, else whole. */
function shownPath(file: string): string {
  const rel = relative(process.cwd(), file);
  return rel === "" || rel.startsWith("..") ? file : rel;
}

/** Compares `staging` (the export of the app) with the stack's file; writes the entries to add when asked. */
export function promote(staging: Exported, opts: PromoteOptions): Promoted {
  const { file, text, env } = opts.target;
  const read = ENTRY_KINDS.filter((k) => opts.management || k.api !== "management");
  const plan = comparePlan(staging.environment as Json, env, read);
  const added = plan.kinds.flatMap((k) => k.added.map((a) => a.entry));
  const secrets = [...new Set(secretKeysIn(added))].sort();
  const write = opts.write && added.length > 0;
  if (write) writeFileSync(file, promotedText(text, plan, file, dirname(file)));
  const heading = {
    from: `app ${opts.app.appId} (${opts.app.region})`,
    to: `stack ${opts.stack} (${shownPath(file)})`,
  };
  return { plan, text: planText(plan, heading, write), file, secrets, written: write };
}

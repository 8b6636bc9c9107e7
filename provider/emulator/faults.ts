// Fault injection: added latency, 5xx answers, 429 bursts and "applied but the response was lost", each
// optionally limited to a method and a path glob, with a probability and a hit budget. Rolls come from the
// fault random stream, so a seeded run injects the same faults into the same sequence of requests.
import { z } from "zod";
import type { Random } from "./rng";

export const FAULT_KINDS = ["latency", "error", "rateLimit", "dropAfterApply"] as const;
export type FaultKind = (typeof FAULT_KINDS)[number];

export interface FaultRule {
  kind: FaultKind;
  /** e.g. "POST"; any method when absent. */
  method?: string;
  // A glob on the API path: `*` within one segment, `**` across segments, e.g. "/v3/users/*", "/apps/*/webhooks".
  path?: string;
  /** Default 1. */
  probability?: number;
  /** Stop after this many hits. */
  times?: number;
  /** For "error": 500..599, default 500. */
  status?: number;
  /** For "latency". */
  latencyMs?: number;
  /** For "rateLimit", default 1. */
  retryAfterSeconds?: number;
}

export const FaultRuleSchema = z.strictObject({
  kind: z.enum(FAULT_KINDS),
  method: z.string().min(1).optional(),
  path: z.string().min(1).optional(),
  probability: z.number().min(0).max(1).optional(),
  times: z.number().int().min(1).optional(),
  status: z.number().int().min(500).max(599).optional(),
  latencyMs: z.number().int().min(0).max(600_000).optional(),
  retryAfterSeconds: z.number().int().min(0).max(86_400).optional(),
}) satisfies z.ZodType<FaultRule>;
export const FaultRulesSchema = z.array(FaultRuleSchema);

/** What the faults decided for one request. */
export interface FaultDecision {
  latencyMs: number;
  /** The first firing error, rateLimit or dropAfterApply rule, if any. */
  outcome?: FaultRule & { kind: "error" | "rateLimit" | "dropAfterApply" };
}

export function globToRegExp(glob: string): RegExp {
  let re = "";
  for (let i = 0; i < glob.length; i++) {
    const c = glob.charAt(i);
    if (c === "*" && glob.charAt(i + 1) === "*") {
      re += ".*";
      i++;
    } else if (c === "*") re += "[^/]*";
    else re += c.replace(/[.+?^${}()|[\]\\]/g, "\\$&");
  }
  return new RegExp(`^${re}$`);
}

interface ActiveRule {
  rule: FaultRule;
  path?: RegExp;
  remaining: number;
}

export class Faults {
  private active: ActiveRule[] = [];

  constructor(private readonly random: Random) {}

  set(rules: readonly FaultRule[]): void {
    this.active = FaultRulesSchema.parse(rules).map((rule) => ({
      rule,
      ...(rule.path ? { path: globToRegExp(rule.path) } : {}),
      remaining: rule.times ?? Number.POSITIVE_INFINITY,
    }));
  }

  clear(): void {
    this.active = [];
  }

  /** The rules with their remaining hits (for the admin endpoint). */
  list(): (FaultRule & { remaining?: number })[] {
    return this.active.map((a) => ({
      ...a.rule,
      ...(Number.isFinite(a.remaining) ? { remaining: a.remaining } : {}),
    }));
  }

  decide(method: string, path: string): FaultDecision {
    const decision: FaultDecision = { latencyMs: 0 };
    if (this.active.length === 0) return decision;
    for (const a of this.active) {
      if (a.remaining <= 0) continue;
      if (a.rule.method && a.rule.method.toUpperCase() !== method) continue;
      if (a.path && !a.path.test(path)) continue;
      const kind = a.rule.kind;
      if (kind !== "latency" && decision.outcome) continue;
      // Roll only for rules that match, so that the roll sequence depends on the matching requests alone.
      if (this.random.next() >= (a.rule.probability ?? 1)) continue;
      a.remaining--;
      if (kind === "latency") decision.latencyMs += a.rule.latencyMs ?? 0;
      else decision.outcome = { ...a.rule, kind };
    }
    return decision;
  }
}

const NUMERIC_KEYS = new Set(["probability", "times", "status", "latencyMs", "retryAfterSeconds"]);

/**
 * A rule from the command line: JSON (`{"kind":"error",…}`) or `key=value` pairs separated by commas
 * (`kind=error,method=POST,path=/v3/users,probability=0.5`). Throws with the reason when it is not valid.
 */
export function parseFaultRule(text: string): FaultRule {
  let raw: unknown;
  if (text.trim().startsWith("{")) raw = JSON.parse(text);
  else {
    const o: Record<string, unknown> = {};
    for (const pair of text.split(",")) {
      const eq = pair.indexOf("=");
      if (eq <= 0) throw new Error(`"${pair}" is not key=value`);
      const key = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      o[key] = NUMERIC_KEYS.has(key) ? Number(value) : value;
    }
    raw = o;
  }
  const r = FaultRuleSchema.safeParse(raw);
  if (!r.success)
    throw new Error(r.error.issues.map((i) => `${i.path.join(".") || "rule"}: ${i.message}`).join("; "));
  return r.data;
}

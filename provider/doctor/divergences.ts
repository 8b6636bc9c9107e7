// A doctor report's divergences as a file the contract takes in (issue 29 item 4): one entry per route and
// field, with what the schema said and what the service sent (shapes only). Saved under provider/contract/observed/,
// it fails `npm test` (test/unit/observed.test.ts) until the document admits what was seen or
// provider/contract/divergences.yaml records why not.
import { stringify } from "yaml";
import type { Divergence, Report } from "./report";

export interface ObservedEntry {
  route: string;
  method: string;
  path: string;
  field: string;
  /** The contract's complaint, e.g. "Invalid input: expected number, received string". */
  problem: string;
  /** What arrived: a JSON type, "absent", or an enum's refused word JSON-quoted. */
  received: string;
}

export interface ObservedFile {
  /** Where and when it was seen (no credential). */
  source: { appId?: string; region?: string; chatBase?: string; managementBase?: string; checkedAt: string };
  divergences: ObservedEntry[];
}

/** The divergences of `report`, grouped by route, as a plain object. */
export function observed(report: Report, now: Date = new Date()): ObservedFile {
  const all: Divergence[] = report.checks.flatMap((c) => c.divergences ?? []);
  const { source: _from, ...where } = report.target;
  return {
    source: { ...where, checkedAt: now.toISOString() },
    divergences: all
      .map((d) => ({
        route: d.route,
        method: d.method,
        path: d.path,
        field: d.field,
        problem: d.problem,
        received: d.received ?? "unknown",
      }))
      .sort((a, b) => `${a.route} ${a.field}`.localeCompare(`${b.route} ${b.field}`)),
  };
}

/** The YAML text of `observed(report)`. */
export const divergencesFile = (report: Report, now?: Date): string =>
  `# chat-doctor: what the service answered that the contract does not describe (shapes only, no values).\n${stringify(observed(report, now))}`;

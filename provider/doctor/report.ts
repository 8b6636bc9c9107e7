// What chat-doctor reports: one line per check, divergences from the contract by route and field, never a
// value (a value may be secret: only field paths and the schema's expected and received shapes).

export type Status = "ok" | "fail" | "skip";

/** One place where the service's answer does not match the route's response schema. */
export interface Divergence {
  /** Route name of the route table (contract), e.g. "listUsers". */
  route: string;
  method: string;
  /** The route's path template, e.g. "/users". */
  path: string;
  /** Field path in the answer ("(root)" for the whole), e.g. "data.0.createdAt". */
  field: string;
  /** What the schema wants and what arrived, as shapes (e.g. "expected number, received string"). */
  problem: string;
  /** What arrived there: a JSON type ("string", "absent", …) or an enum's refused word, JSON-quoted. */
  received?: string;
}

export interface Check {
  name: string;
  status: Status;
  /** One line: what was found, or what to fix (naming the setting). */
  detail: string;
  divergences?: Divergence[];
}

export interface Report {
  /** Where the doctor looked (no credential). */
  target: { appId?: string; region?: string; chatBase?: string; managementBase?: string; source: string };
  checks: Check[];
  /** True when nothing failed. */
  ok: boolean;
  summary: string;
}

/** The summary line, and whether the service matches. */
export function summarise(checks: Check[]): Pick<Report, "ok" | "summary"> {
  const n = (s: Status) => checks.filter((c) => c.status === s).length;
  const divergences = checks.reduce((sum, c) => sum + (c.divergences?.length ?? 0), 0);
  const ok = n("fail") === 0;
  return {
    ok,
    summary:
      `${ok ? "the service matches" : "the service does not match"}: ${n("ok")} ok, ${n("fail")} failed, ` +
      `${n("skip")} skipped, ${divergences} divergence${divergences === 1 ? "" : "s"} from the contract`,
  };
}

/** The report as text: one line per check (and per divergence), then the summary. */
export function formatReport(r: Report): string {
  const mark = { ok: "ok  ", fail: "FAIL", skip: "skip" } as const;
  const lines = r.checks.flatMap((c) => [
    `${mark[c.status]} ${c.name}: ${c.detail}`,
    ...(c.divergences ?? []).map(
      (d) =>
        `       ${d.method} ${d.path} (${d.route}) ${d.field}: ${d.problem}${d.received ? ` (received ${d.received})` : ""}`,
    ),
  ]);
  return [...lines, r.summary].join("\n");
}

/** `text` with each secret replaced: the last guard before anything is printed. */
export function redact(text: string, secrets: readonly string[]): string {
  let out = text;
  for (const s of secrets) if (s.length >= 4) out = out.split(s).join("***");
  return out;
}

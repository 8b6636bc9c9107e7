// `npm run soak:crash`: the crash campaign (scripts/crash-campaign.ts) over many kill points: phases (create,
// update and replace, destroy, refresh) in turn, kill points spread over each phase's writes, the fault campaign's
// faults on every other point, and a graceful SIGINT or SIGTERM every fifth. Prints a Markdown table
// (docs/crash-soak.md holds a recorded run). A measurement, not a test: every point is reported.
import { writeFileSync } from "node:fs";
import { cpus, totalmem } from "node:os";
import { type CrashPhase, type CrashResult, type KillPoint, runKillPoint } from "./crash-campaign";

// commander 15 is ESM-only; Node 24 loads ES modules with require() (docs/decisions/0001-commonjs-on-node-24.md).
type CommanderModule = typeof import("commander", { with: { "resolution-mode": "import" }});
const { Command } = require("commander") as CommanderModule;

const program = new Command()
  .name("soak:crash")
  .description("Kills pulumi up/destroy at many points, recovers with chat-recover, and prints a table")
  .option("--points <n>", "how many kill points", "21")
  .option("--out <file>", "also write the table (Markdown) to this file")
  .parse();
const opts = program.opts<{ points: string; out?: string }>();

const PHASES: CrashPhase[] = ["create", "update", "destroy", "refresh"];
/** Writes each phase makes with 50 users (a refresh: reads), roughly: kill points are spread inside them. */
const SPAN: Record<CrashPhase, number> = { create: 150, update: 100, destroy: 130, refresh: 90 };

export function killPoints(n: number): KillPoint[] {
  return Array.from({ length: n }, (_, i) => {
    const phase = PHASES[i % PHASES.length] as CrashPhase;
    const round = Math.floor(i / PHASES.length);
    return {
      phase,
      seed: i + 1,
      afterWrites: 5 + Math.floor(((round * 0.37 + 0.1) % 1) * (SPAN[phase] - 10)),
      faults: i % 2 === 1,
      ...(i % 5 === 4 ? { signal: i % 10 === 4 ? ("SIGINT" as const) : ("SIGTERM" as const) } : {}),
    };
  });
}

const log = (s: string) => process.stderr.write(`${s}\n`);
const cell = (s: string) => s.replaceAll("|", "\\|").replaceAll("\n", " ");

function row(r: CrashResult): string {
  const p = r.point;
  const steps = r.recovery.filter((l) => !/stack .* of project|checkpoint: ok/.test(l)).length;
  return `| ${p.phase} | ${p.signal ?? "SIGKILL"} | ${p.faults ? "on" : "off"} | ${r.killedAt} | ${r.stopSeconds.toFixed(2)} | ${r.writesAfter} | ${r.providers.length} | ${r.pendingCreates} | ${steps} | ${r.orphans} | ${r.duplicates} | ${r.runs} | ${r.problems.length ? `FAILED: ${cell(r.problems.join("; ")).slice(0, 300)}` : "converged"} | ${r.seconds.toFixed(0)} |`;
}

async function main(): Promise<void> {
  const results: CrashResult[] = [];
  for (const point of killPoints(Number(opts.points))) {
    log(
      `${point.phase} ${point.signal ?? "SIGKILL"} after ${point.afterWrites} writes (seed ${point.seed}) ...`,
    );
    const r = await runKillPoint(point);
    log(r.problems.length ? `  problems: ${r.problems.join("; ").slice(0, 500)}` : "  converged");
    results.push(r);
  }
  const lines = [
    `Machine: ${cpus().length} × ${cpus()[0]?.model ?? "cpu"}, ${Math.round(totalmem() / 2 ** 30)} GiB; node ${process.version}; ${new Date().toISOString().slice(0, 10)}.`,
    "",
    "| phase | signal | faults | killed after writes | stopped in s | writes after | providers left | pending creates | recovery steps | orphans | duplicates | runs to converge | result | s |",
    "|---|---|---|---|---|---|---|---|---|---|---|---|---|---|",
    ...results.map(row),
  ];
  const table = lines.join("\n");
  process.stdout.write(`${table}\n`);
  if (opts.out) writeFileSync(opts.out, `${table}\n`);
  if (results.some((r) => r.problems.length)) process.exitCode = 1;
}

if (require.main === module)
  main().catch((e: unknown) => {
    log(e instanceof Error ? (e.stack ?? e.message) : String(e));
    process.exit(1);
  });

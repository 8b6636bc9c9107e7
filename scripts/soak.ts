// `npm run soak`: the fault campaign (scripts/faults-campaign.ts) over many seeds, with a fault-free baseline
// run first, printed as a Markdown table (docs/soak.md holds a recorded run). A measurement, not a test: a
// seed that needs more than one run is reported, not hidden.
import { writeFileSync } from "node:fs";
import { cpus, totalmem } from "node:os";
import { type Phase, runSeed, type SeedResult } from "./faults-campaign";

// commander 15 is ESM-only; Node 24 loads ES modules with require() (docs/decisions/0001-commonjs-on-node-24.md).
type CommanderModule = typeof import("commander", { with: { "resolution-mode": "import" }});
const { Command } = require("commander") as CommanderModule;

const program = new Command()
  .name("soak")
  .description("Runs the fault campaign over many seeds and prints a table")
  .option("--seeds <n>", "how many seeds (1..n)", "10")
  .option("--max-runs <n>", "engine runs allowed per phase before a seed counts as failed", "3")
  .option("--out <file>", "also write the table (Markdown) to this file")
  .parse();
const opts = program.opts<{ seeds: string; maxRuns: string; out?: string }>();
const seeds = Array.from({ length: Number(opts.seeds) }, (_, i) => i + 1);
const maxRuns = Number(opts.maxRuns);

const log = (s: string) => process.stderr.write(`${s}\n`);

async function main(): Promise<void> {
  log("baseline: the same program without faults");
  const base = await runSeed(0, { faults: [], maxRuns: 1 });
  if (base.problems.length) throw new Error(`the fault-free baseline failed: ${base.problems.join("; ")}`);
  const results: SeedResult[] = [];
  for (const seed of seeds) {
    log(`seed ${seed} ...`);
    const r = await runSeed(seed, { maxRuns });
    log(`seed ${seed}: ${r.problems.length ? `problems: ${r.problems.join("; ")}` : "ok"}`);
    results.push(r);
  }
  const row = (p: Phase | undefined, b: Phase | undefined) =>
    p && b
      ? [p.runs, p.requests, p.requests - b.requests, p.faults, p.seconds.toFixed(1)]
      : ["-", "-", "-", "-", "-"];
  const lines = [
    `Machine: ${cpus().length} × ${cpus()[0]?.model ?? "cpu"}, ${Math.round(totalmem() / 2 ** 30)} GiB; ` +
      `node ${process.version}; ${new Date().toISOString().slice(0, 10)}. Faults: 10% 503 on every route, ` +
      "3% 429 (Retry-After 1 s), 2% of POST/PUT/DELETE answers dropped after applying.",
    "",
    "| seed | up runs | up requests | extra requests (faults) | faults injected | up s | destroy runs | destroy requests | extra requests (faults) | faults injected | destroy s | result |",
    "|---|---|---|---|---|---|---|---|---|---|---|---|",
    `| baseline | ${row(base.up, base.up).join(" | ")} | ${row(base.destroy, base.destroy).join(" | ")} | no faults |`,
    ...results.map(
      (r) =>
        `| ${r.seed} | ${row(r.up, base.up).join(" | ")} | ${row(r.destroy, base.destroy).join(" | ")} | ${
          r.problems.length
            ? `FAILED: ${r.problems.join("; ").replaceAll("|", "\\|").slice(0, 300)}`
            : "converged"
        } |`,
    ),
  ];
  const table = lines.join("\n");
  process.stdout.write(`${table}\n`);
  if (opts.out) writeFileSync(opts.out, `${table}\n`);
  if (results.some((r) => r.problems.length)) process.exitCode = 1;
}

main().catch((e: unknown) => {
  log(e instanceof Error ? (e.stack ?? e.message) : String(e));
  process.exit(1);
});

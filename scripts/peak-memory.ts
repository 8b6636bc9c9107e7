// The provider processes' peak memory while a benchmark step runs, and the CPU time of the processes of one
// stack's command: read from /proc (Linux), for the tables of scripts/bench-*.ts.
import { readdirSync, readFileSync } from "node:fs";

/** CPU seconds of a step's processes, by what they are. */
export interface StepCpu {
  /** The `pulumi` CLI (the engine). */
  engine: number;
  /** The program's Node process (the language host's `cmd/run`). */
  program: number;
  /** The dynamic provider (or the plugin). */
  provider: number;
}

const TICKS_PER_SECOND = 100; // Linux's USER_HZ

/** What a process is, by its command line; undefined for one a step does not count. */
function roleOf(cmdline: string): keyof StepCpu | "other" {
  if (cmdline.includes("dynamic-provider") || cmdline.includes("pulumi-resource-chat")) return "provider";
  if (cmdline.includes("cmd/run/index.js") || cmdline.includes("cmd/run ")) return "program";
  if (/(^|\/)pulumi\0/.test(cmdline)) return "engine";
  return "other";
}

/**
 * Highest peak RSS (VmHWM, MiB) of the provider processes (dynamic, or the plugin) seen while `run` runs;
 * with `marker` (a text of the stack's environment, such as its backend folder), only that stack's
 * processes count (other work on the machine has its own), and their CPU time is summed by role.
 */
export async function withPeakMemory<T>(
  run: () => Promise<T>,
  marker?: string,
): Promise<{ result: T; peakMiB: number; cpu: StepCpu }> {
  let peak = 0;
  const ticks = new Map<string, { role: keyof StepCpu; ticks: number }>();
  const sample = () => {
    for (const pid of readdirSync("/proc").filter((d) => /^\d+$/.test(d))) {
      try {
        const cmdline = readFileSync(`/proc/${pid}/cmdline`, "utf8");
        const role = roleOf(cmdline);
        if (role === "other") continue;
        if (marker && !readFileSync(`/proc/${pid}/environ`, "utf8").includes(marker)) continue;
        if (role === "provider") {
          const hwm = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
          if (hwm) peak = Math.max(peak, Number(hwm[1]) / 1024);
        }
        // utime and stime: fields 14 and 15, counted after the command's closing parenthesis.
        const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
        const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
        const used = Number(fields[11]) + Number(fields[12]);
        const key = `${pid}:${fields[19]}`; // pid and start time: a reused pid is another process
        ticks.set(key, { role, ticks: Math.max(used, ticks.get(key)?.ticks ?? 0) });
      } catch {
        // the process ended between listing and reading
      }
    }
  };
  const timer = setInterval(sample, 100);
  try {
    const result = await run();
    sample();
    const cpu: StepCpu = { engine: 0, program: 0, provider: 0 };
    for (const { role, ticks: t } of ticks.values()) cpu[role] += t / TICKS_PER_SECOND;
    return { result, peakMiB: peak, cpu };
  } finally {
    clearInterval(timer);
  }
}

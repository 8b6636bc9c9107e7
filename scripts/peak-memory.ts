// The provider processes' peak memory while a benchmark step runs: read from /proc (Linux), for the tables of
// scripts/bench-*.ts.
import { readdirSync, readFileSync } from "node:fs";

/** Highest peak RSS (VmHWM, MiB) of the provider processes (dynamic, or the plugin) seen while `run` runs. */
export async function withPeakMemory<T>(run: () => Promise<T>): Promise<{ result: T; peakMiB: number }> {
  let peak = 0;
  const sample = () => {
    for (const pid of readdirSync("/proc").filter((d) => /^\d+$/.test(d))) {
      try {
        const cmdline = readFileSync(`/proc/${pid}/cmdline`, "utf8");
        if (!cmdline.includes("dynamic-provider") && !cmdline.includes("pulumi-resource-chat")) continue;
        const hwm = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
        if (hwm) peak = Math.max(peak, Number(hwm[1]) / 1024);
      } catch {
        // the process ended between listing and reading
      }
    }
  };
  const timer = setInterval(sample, 100);
  try {
    return { result: await run(), peakMiB: peak };
  } finally {
    clearInterval(timer);
  }
}

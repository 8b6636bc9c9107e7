// The dynamic-provider process must not outlive the engine that started it (docs/decisions/0080). The engine
// starts it through a `sh` wrapper in a process group of its own, so a CI runner that kills the CLI's group
// leaves it running, reparented, still retrying writes that race the next run. It watches the engine and
// stops the moment the engine is gone: on a timer, and synchronously before every request it sends.
import { readFileSync } from "node:fs";

interface Proc {
  pid: number;
  /** Start time in clock ticks since boot: a pid reused by another process has another one. */
  start: string;
}

/** `/proc/<pid>/stat` as [name, state, parent, start], or undefined when there is no such process. */
function stat(pid: number): { name: string; state: string; ppid: number; start: string } | undefined {
  let text: string;
  try {
    text = readFileSync(`/proc/${pid}/stat`, "utf8");
  } catch {
    return undefined;
  }
  // "pid (name) state ppid … starttime …": the name may hold spaces and parentheses, so split after the last ")".
  const close = text.lastIndexOf(")");
  const rest = text.slice(close + 2).split(" ");
  return {
    name: text.slice(text.indexOf("(") + 1, close),
    state: rest[0] ?? "",
    ppid: Number(rest[1]),
    start: rest[19] ?? "",
  };
}

/** The nearest ancestor that is the engine (`pulumi`), else the parent; undefined without /proc. */
function findEngine(): Proc | undefined {
  let pid = process.ppid;
  for (let depth = 0; depth < 4 && pid > 1; depth++) {
    const s = stat(pid);
    if (!s) break;
    if (s.name === "pulumi") return { pid, start: s.start };
    pid = s.ppid;
  }
  const parent = stat(process.ppid);
  return parent ? { pid: process.ppid, start: parent.start } : undefined;
}

let watched: { engine?: Proc; parent: number } | undefined;

function engineGone(): boolean {
  if (!watched) return false;
  const { engine, parent } = watched;
  if (!engine) return process.ppid !== parent; // no /proc: the parent is all we can see
  const s = stat(engine.pid);
  return !s || s.start !== engine.start || s.state === "Z" || s.state === "X";
}

function stop(): never {
  // Nothing is flushed or retried: every write the dead run did not finish is for the next run to recover.
  process.exit(70);
}

/**
 * Starts watching the engine; called once the code runs inside the dynamic-provider process. Returns whether
 * it watches (it does not in a process without an engine ancestor, e.g. a test calling the provider).
 */
export function watchEngine(intervalMs = 200): boolean {
  if (watched) return true;
  watched = { engine: findEngine(), parent: process.ppid };
  setInterval(() => {
    if (engineGone()) stop();
  }, intervalMs).unref();
  return true;
}

/** Stops the process at once when the engine is gone: called before every request goes out. */
export function assertEngineAlive(): void {
  if (engineGone()) stop();
}

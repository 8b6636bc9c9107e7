// The part of an app's request budget that processes on one machine share (issue 47 item 2, decision 0125):
// the service counts an app's requests whatever process sends them, so eight `pulumi up` of one app, each
// with a budget of its own, would send eight times the limit. Each process publishes its own sliding log
// (requests in flight, and when its answered ones were answered) in one small file per app, and reads the
// others' before each start, all under a lock file: together they never start more than the limit.
import { createHash } from "node:crypto";
import {
  closeSync,
  mkdirSync,
  openSync,
  readFileSync,
  statSync,
  unlinkSync,
  writeFileSync,
  writeSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { BUDGET_DIR_ENV } from "./config";

/** What one process publishes: its pid (a dead one's requests in flight are dropped), in flight, answers. */
interface OwnerLog {
  pid: number;
  inFlight: number;
  answered: number[];
}

/** The other processes' part of the window, as one process reads it. */
export interface OthersInWindow {
  inFlight: number;
  /** When their requests still in the window were answered, oldest first. */
  answered: number[];
}

/** A lock held longer than this was left by a process stopped while holding it: it is taken over. */
const STALE_LOCK_MS = 5_000;
const SPIN = new Int32Array(new SharedArrayBuffer(4));

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** The folder of shared budgets: CHAT_BUDGET_DIR (config.ts), else one under the OS temp folder; "off": none. */
export function sharedBudgetDir(env: NodeJS.ProcessEnv = process.env): string | undefined {
  const dir = env[BUDGET_DIR_ENV];
  if (dir === "off") return undefined;
  return dir && dir !== "" ? dir : join(tmpdir(), "pulumi-chat-budgets");
}

let owners = 0;

export class SharedLog {
  readonly #file: string;
  readonly #lock: string;
  /** This budget's name in the file: two budgets of one process (tests) are two owners. */
  readonly #owner = `${process.pid}.${++owners}.${Math.random().toString(36).slice(2, 8)}`;

  /** `key` names the app (endpoint and app id, never a secret); the file is named by its hash. */
  constructor(dir: string, key: string) {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    const name = createHash("sha256").update(key).digest("hex").slice(0, 32);
    this.#file = join(dir, `${name}.json`);
    this.#lock = join(dir, `${name}.lock`);
  }

  /**
   * Under the lock: reads the others' part of the window at `now` (answers older than `windowMs` and dead
   * processes' requests in flight are dropped), lets `decide` take a slot from it, and publishes what `decide` returns as this
   * budget's own log.
   */
  transact(now: number, windowMs: number, decide: (others: OthersInWindow) => OwnerLog): void {
    this.#acquireLock();
    try {
      const all = this.#read();
      const others: OthersInWindow = { inFlight: 0, answered: [] };
      const kept: Record<string, OwnerLog> = {};
      for (const [owner, log] of Object.entries(all)) {
        if (owner === this.#owner) continue;
        // A process that has exited (a provider's run ends, the next starts) leaves its answers: the service
        // counts them until they leave the window. Its requests in flight will never be answered.
        const inFlight = log.pid !== process.pid && !alive(log.pid) ? 0 : log.inFlight;
        const answered = log.answered.filter((t) => t > now - windowMs);
        if (inFlight === 0 && answered.length === 0) continue;
        kept[owner] = { pid: log.pid, inFlight, answered };
        others.inFlight += inFlight;
        others.answered.push(...answered);
      }
      others.answered.sort((a, b) => a - b);
      const mine = decide(others);
      if (mine.inFlight > 0 || mine.answered.length > 0) kept[this.#owner] = mine;
      writeFileSync(this.#file, JSON.stringify(kept), { mode: 0o600 });
    } finally {
      this.#releaseLock();
    }
  }

  /** Takes this budget's log out of the file: a budget forgotten (resetBudgets) no longer counts. */
  leave(): void {
    try {
      this.#acquireLock();
    } catch {
      return;
    }
    try {
      const all = this.#read();
      if (!(this.#owner in all)) return;
      delete all[this.#owner];
      writeFileSync(this.#file, JSON.stringify(all), { mode: 0o600 });
    } catch {
      // a file that cannot be written: the entry leaves the window by itself
    } finally {
      this.#releaseLock();
    }
  }

  #read(): Record<string, OwnerLog> {
    let text: string;
    try {
      text = readFileSync(this.#file, "utf8");
    } catch {
      return {};
    }
    try {
      const parsed: unknown = JSON.parse(text);
      const out: Record<string, OwnerLog> = {};
      if (parsed === null || typeof parsed !== "object") return out;
      for (const [owner, v] of Object.entries(parsed as Record<string, Partial<OwnerLog>>)) {
        if (Number.isInteger(v?.pid) && Number.isInteger(v?.inFlight) && Array.isArray(v?.answered))
          out[owner] = { pid: v.pid as number, inFlight: v.inFlight as number, answered: v.answered };
      }
      return out;
    } catch {
      return {}; // a torn file (a process killed while writing): the logs start again
    }
  }

  // The lock is held for a read and a write of a small file: a busy lock is waited for a millisecond at a
  // time; one left by a dead process, or held far longer than that takes, is taken over.
  #acquireLock(): void {
    for (;;) {
      try {
        const fd = openSync(this.#lock, "wx", 0o600);
        try {
          writeSync(fd, String(process.pid));
        } finally {
          closeSync(fd);
        }
        return;
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code !== "EEXIST") throw e;
      }
      if (this.#lockIsStale()) {
        try {
          unlinkSync(this.#lock);
        } catch {
          // another process took it over first
        }
        continue;
      }
      Atomics.wait(SPIN, 0, 0, 1);
    }
  }

  #lockIsStale(): boolean {
    try {
      const pid = Number(readFileSync(this.#lock, "utf8"));
      if (Number.isInteger(pid) && pid > 0 && pid !== process.pid && !alive(pid)) return true;
      return Date.now() - statSync(this.#lock).mtimeMs > STALE_LOCK_MS;
    } catch {
      return false; // gone already: the next try creates it
    }
  }

  #releaseLock(): void {
    try {
      unlinkSync(this.#lock);
    } catch {
      // taken over as stale: nothing of ours to remove
    }
  }
}

// What a killed run leaves in a file (diy) backend, found and repaired (decision 0080): the stack's lock,
// which names the process and host that took it, and a checkpoint whose metadata sidecar (`<file>.attrs`,
// written after the data) was cut short, so every later command fails with "failed to load checkpoint: EOF".
import { existsSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { homedir, hostname } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

export interface StackLock {
  file: string;
  pid: number;
  hostname: string;
  /** When the run took it (ms since the epoch): when the run began. */
  takenAt: number;
}

export type LockState =
  | { kind: "none" }
  | { kind: "stale"; lock: StackLock }
  | { kind: "live"; lock: StackLock }
  | { kind: "elsewhere"; lock: StackLock };

/** The folder of a `file://` backend URL, or undefined for other backends. */
export function fileBackendDir(url: string): string | undefined {
  if (!url.startsWith("file://")) return undefined;
  const rest = url.slice("file://".length);
  if (rest === "~" || rest.startsWith("~/")) return join(homedir(), rest.slice(1));
  return fileURLToPath(`file://${rest.split("?")[0] ?? ""}`);
}

/** The stack's folder names in the backend: project-scoped (current) or the legacy flat layout. */
function candidates(root: string, sub: "stacks" | "locks", project: string, stack: string): string[] {
  const base = join(root, ".pulumi", sub);
  return sub === "stacks"
    ? [join(base, project, stack), join(base, stack)]
    : [join(base, "organization", project, stack), join(base, stack)];
}

/** Reads the stack's lock files and says whether the process that holds each is gone. */
export function lockState(root: string, project: string, stack: string): LockState {
  for (const dir of candidates(root, "locks", project, stack)) {
    if (!existsSync(dir)) continue;
    for (const name of readdirSync(dir).filter((n) => n.endsWith(".json"))) {
      const file = join(dir, name);
      let c: { pid?: unknown; hostname?: unknown; timestamp?: unknown };
      try {
        c = JSON.parse(readFileSync(file, "utf8"));
      } catch {
        // A lock cut short by the kill holds nothing to check: its process is gone with the write.
        return { kind: "stale", lock: { file, pid: 0, hostname: hostname(), takenAt: Number.NaN } };
      }
      const lock: StackLock = {
        file,
        pid: Number(c.pid),
        hostname: String(c.hostname ?? ""),
        takenAt: parseTime(String(c.timestamp ?? "")),
      };
      if (lock.hostname !== hostname()) return { kind: "elsewhere", lock };
      return { kind: alive(lock.pid) ? "live" : "stale", lock };
    }
  }
  return { kind: "none" };
}

/** Go's RFC 3339 with nanoseconds, which Date.parse does not take beyond milliseconds. */
function parseTime(s: string): number {
  return Date.parse(s.replace(/(\.\d{3})\d+/, "$1"));
}

/** Whether `pid` is a running Pulumi CLI (a pid reused by another program is not). */
function alive(pid: number): boolean {
  if (!(pid > 0)) return false;
  try {
    process.kill(pid, 0);
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === "EPERM";
  }
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    const state = stat.slice(stat.lastIndexOf(")") + 2, stat.lastIndexOf(")") + 3);
    return stat.includes("(pulumi)") && state !== "Z";
  } catch {
    return true; // no /proc: a live pid is taken as the run's
  }
}

export function removeLock(lock: StackLock): void {
  rmSync(lock.file, { force: true });
}

export type CheckpointState =
  | { kind: "ok" }
  | { kind: "repaired"; what: string }
  | { kind: "broken"; file: string; backup: string | undefined };

const parses = (file: string): boolean => {
  try {
    JSON.parse(readFileSync(file, "utf8"));
    return true;
  } catch {
    return false;
  }
};

/**
 * Checks the stack's checkpoint file. An empty or cut metadata sidecar beside intact data is removed (it only
 * holds the blob's content type; the backend reads a file without one). Data that does not parse is never
 * replaced here: the caller decides, and only when told to, whether the backup takes its place.
 */
export function checkCheckpoint(root: string, project: string, stack: string): CheckpointState {
  for (const base of candidates(root, "stacks", project, stack)) {
    const file = `${base}.json`;
    if (!existsSync(file)) continue;
    if (!parses(file)) {
      const backup = `${file}.bak`;
      return { kind: "broken", file, backup: existsSync(backup) && parses(backup) ? backup : undefined };
    }
    const attrs = `${file}.attrs`;
    if (existsSync(attrs) && !parses(attrs)) {
      rmSync(attrs);
      return {
        kind: "repaired",
        what: `removed the checkpoint's cut metadata file ${attrs} (the data is intact)`,
      };
    }
    return { kind: "ok" };
  }
  return { kind: "ok" };
}

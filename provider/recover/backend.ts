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

/** The stack's metadata sidecars (`*.attrs`): beside its checkpoint, its backup, its history and its backups. */
function sidecars(root: string, project: string, stack: string): string[] {
  const out: string[] = [];
  const p = join(root, ".pulumi");
  for (const base of candidates(root, "stacks", project, stack))
    for (const f of [`${base}.json.attrs`, `${base}.json.bak.attrs`]) if (existsSync(f)) out.push(f);
  for (const dir of [
    join(p, "history", project, stack),
    join(p, "backups", project, stack),
    join(p, "history", stack),
  ])
    if (existsSync(dir)) for (const n of readdirSync(dir)) if (n.endsWith(".attrs")) out.push(join(dir, n));
  if (existsSync(join(p, "meta.yaml.attrs"))) out.push(join(p, "meta.yaml.attrs"));
  return out;
}

/**
 * Checks the stack's checkpoint. Metadata sidecars that a kill cut short (empty, or not JSON) are removed: they
 * hold only the blob's content type, and the backend reads a file without one. Data that does not parse is
 * never replaced here: the caller decides, and only when told to, whether the backup takes its place.
 */
export function checkCheckpoint(root: string, project: string, stack: string): CheckpointState {
  for (const base of candidates(root, "stacks", project, stack)) {
    const file = `${base}.json`;
    if (!existsSync(file) || parses(file)) continue;
    const backup = `${file}.bak`;
    return { kind: "broken", file, backup: existsSync(backup) && parses(backup) ? backup : undefined };
  }
  const cut = sidecars(root, project, stack).filter((f) => !parses(f));
  for (const f of cut) rmSync(f);
  return cut.length
    ? {
        kind: "repaired",
        what: `removed ${cut.length} metadata file(s) cut short by the kill: ${cut.join(", ")}`,
      }
    : { kind: "ok" };
}

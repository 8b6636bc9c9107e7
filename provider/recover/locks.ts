// The stack's lock on every backend the CLI supports (decision 0125). The DIY backends (file, S3-compatible,
// Azure Blob, Google Cloud Storage) keep one object per run that holds the stack, at
// `.pulumi/locks/<org>/<project>/<stack>/<id>.json` ("organization" is the one org; stacks made before projects
// were: `.pulumi/locks/<stack>/`), holding the pid, user, host and start of that run (pulumi's
// pkg/backend/diy/lock.go, v3.259). A run that finds another run's object gives up ("currently locked"), so a
// killed run's object blocks every later one until removed. Pulumi Cloud keeps no such object: it holds the
// update as in progress until `pulumi cancel`.
//
// Where the objects can be read (file, and S3 with the CLI's credentials) each is judged: its process gone on
// this host (stale, removed), running (live, never touched), or on another host (removed with --unlock only).
// Where they cannot (Azure, Google, S3 without static keys), and on Pulumi Cloud, the only way out is the CLI's
// `pulumi cancel`, which removes every lock of the stack: chat-recover runs it only with --unlock.
import { existsSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { homedir, hostname } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { pulumi } from "./pulumi";
import { type ObjectStore, s3Credentials, s3Location, s3Store } from "./s3";

export interface StackLock {
  /** Where the lock is: a file's path, an object's key, or a description where there is none. */
  file: string;
  pid: number;
  hostname: string;
  /** When the run took it (ms since the epoch): when the run began. */
  takenAt: number;
}

export type LockState =
  | { kind: "none" }
  | { kind: "stale"; lock: StackLock; all: StackLock[] }
  | { kind: "live"; lock: StackLock; all: StackLock[] }
  | { kind: "elsewhere"; lock: StackLock; all: StackLock[] }
  /** A backend whose locks chat-recover cannot read: `why` says which and what to do. */
  | { kind: "unreadable"; why: string };

export interface FoundLock {
  key: string;
  text: string;
}

/** The folder of a `file://` backend URL, or undefined for other backends. */
export function fileBackendDir(url: string): string | undefined {
  if (!url.startsWith("file://")) return undefined;
  const rest = url.slice("file://".length);
  if (rest === "~" || rest.startsWith("~/")) return join(homedir(), rest.slice(1));
  return fileURLToPath(`file://${rest.split("?")[0] ?? ""}`);
}

/** The lock folders of a stack, relative to the backend's root. */
export function lockDirs(project: string, stack: string): string[] {
  return [join(".pulumi", "locks", "organization", project, stack), join(".pulumi", "locks", stack)];
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

type Judged = { kind: "stale" | "live" | "elsewhere"; lock: StackLock };

function judgeOne({ key, text }: FoundLock): Judged {
  let c: { pid?: unknown; hostname?: unknown; timestamp?: unknown };
  try {
    c = JSON.parse(text);
  } catch {
    // A lock cut short by the kill holds nothing to check: its process is gone with the write.
    return { kind: "stale", lock: { file: key, pid: 0, hostname: hostname(), takenAt: Number.NaN } };
  }
  const lock: StackLock = {
    file: key,
    pid: Number(c.pid),
    hostname: String(c.hostname ?? ""),
    takenAt: parseTime(String(c.timestamp ?? "")),
  };
  if (lock.hostname !== hostname()) return { kind: "elsewhere", lock };
  return { kind: alive(lock.pid) ? "live" : "stale", lock };
}

const RANK = { live: 3, elsewhere: 2, stale: 1 } as const;

/** The stack's locks judged together: the one that decides is a live one, else another host's, else a stale one. */
export function judge(found: FoundLock[]): LockState {
  if (!found.length) return { kind: "none" };
  const judged = found.map(judgeOne);
  const first = judged.reduce((a, b) => (RANK[b.kind] > RANK[a.kind] ? b : a));
  return { kind: first.kind, lock: first.lock, all: judged.map((j) => j.lock) };
}

export interface LockBackend {
  /** What the backend is, for the log ("file backend", "S3 bucket state", …). */
  what: string;
  state(): Promise<LockState>;
  /** Removes the stack's locks: those of `state` where they were read, else through `pulumi cancel`. */
  release(state: LockState): Promise<void>;
}

export interface Where {
  url: string;
  project: string;
  stack: string;
  cli: { cwd: string; stack: string; env?: NodeJS.ProcessEnv };
}

/** Reads locks from an object store (a bucket, or the file backend's folder). */
function storeBackend(what: string, store: ObjectStore, project: string, stack: string): LockBackend {
  return {
    what,
    async state() {
      const found: FoundLock[] = [];
      for (const dir of lockDirs(project, stack)) {
        // Only the stack's own folder: a legacy stack named like a project must not see the project's locks.
        for (const key of await store.list(`${dir}/`))
          if (key.endsWith(".json") && !key.slice(dir.length + 1).includes("/"))
            found.push({ key, text: await store.read(key) });
      }
      return judge(found);
    },
    async release(state) {
      if (state.kind === "none" || state.kind === "unreadable") return;
      for (const l of state.all) await store.remove(l.file);
    },
  };
}

/** Pulumi Cloud: an update still marked in progress is a run that may be going on anywhere. */
function cloudBackend(w: Where): LockBackend {
  return {
    what: `Pulumi Cloud (${w.url})`,
    async state() {
      const history = JSON.parse(
        await pulumi(["stack", "history", "--json", "--page-size", "1"], w.cli),
      ) as Array<{
        result?: string;
        startTime?: string;
        version?: number;
      }>;
      const last = history[0];
      if (last?.result !== "in-progress") return { kind: "none" };
      const lock: StackLock = {
        file: `update ${last.version ?? "?"}`,
        pid: 0,
        hostname: "an unknown runner (Pulumi Cloud records no host)",
        takenAt: Date.parse(last.startTime ?? ""),
      };
      return { kind: "elsewhere", lock, all: [lock] };
    },
    async release(state) {
      if (state.kind !== "none") await pulumi(["cancel", "--yes"], w.cli);
    },
  };
}

/** A DIY backend whose lock objects chat-recover cannot read: only `pulumi cancel` reaches them. */
function cancelOnly(w: Where, why: string): LockBackend {
  return {
    what: w.url.replace(/\?.*$/, ""),
    async state() {
      return { kind: "unreadable", why };
    },
    async release() {
      await pulumi(["cancel", "--yes"], w.cli);
    },
  };
}

/** The lock backend of the stack's backend URL. */
export function lockBackend(w: Where): LockBackend {
  const env = w.cli.env ?? process.env;
  const root = fileBackendDir(w.url);
  if (root) return storeBackend("file backend", fileStore(root), w.project, w.stack);
  const scheme = /^([a-z0-9+]+):\/\//.exec(w.url)?.[1] ?? "";
  if (scheme === "s3") {
    const creds = s3Credentials(w.url, env);
    const loc = s3Location(w.url, env);
    if (creds) return storeBackend(`S3 bucket ${loc.bucket}`, s3Store(loc, creds), w.project, w.stack);
    return cancelOnly(
      w,
      "no AWS_ACCESS_KEY_ID/AWS_SECRET_ACCESS_KEY or static profile keys to read the bucket's locks with",
    );
  }
  if (scheme === "http" || scheme === "https") return cloudBackend(w);
  return cancelOnly(w, `chat-recover does not read the lock objects of ${scheme}:// backends`);
}

/** The file backend's folder as an object store (keys relative to the root, with '/'). */
function fileStore(root: string): ObjectStore {
  return {
    async list(prefix) {
      const dir = join(root, prefix);
      if (!existsSync(dir)) return [];
      return readdirSync(dir, { withFileTypes: true })
        .filter((e) => e.isFile())
        .map((e) => `${prefix}${e.name}`);
    },
    async read(key) {
      return readFileSync(join(root, key), "utf8");
    },
    async remove(key) {
      rmSync(join(root, key), { force: true });
    },
  };
}

// `chat-recover`: puts a stack back in order after a killed or cancelled run, so that the next `pulumi up`
// (or `destroy`) converges (decision 0080; README "Interrupted runs"). Safe to run before every `up`: with
// nothing to repair it changes nothing. In order:
// 1. the checkpoint: a cut metadata file is removed; data that does not parse stops here (the backup is put
//    in its place only with --restore-backup, never silently);
// 2. the lock, on every backend (locks.ts, decision 0125): one whose process is gone (same host) is removed;
//    one from another host, or one that cannot be read (Pulumi Cloud's update in progress; Azure, Google),
//    only with --unlock; one whose process runs stops here. A stale lock is removed with nothing else to do;
// 3. the pending creates: settled against the service (pending.ts), and the state imported.
import { copyFileSync, renameSync } from "node:fs";
import { setStackConfig } from "../client/config";
import { checkCheckpoint, fileBackendDir } from "./backend";
import { type LockState, lockBackend } from "./locks";
import { type ExportedDeployment, type Settled, settlePending } from "./pending";
import { pulumi, whereIs } from "./pulumi";

export interface RecoverOptions {
  cwd: string;
  stack?: string | undefined;
  /** Remove a lock taken on another host (when no run of the stack can be going on there). */
  unlock?: boolean;
  /** Put the checkpoint's backup in place of data that does not parse (the broken file is kept beside it). */
  restoreBackup?: boolean;
  /** When the killed run began, when its lock is gone (ISO time): objects made since then are its own. */
  since?: string | undefined;
  dryRun?: boolean;
  env?: NodeJS.ProcessEnv;
  log?: (line: string) => void;
}

export interface RecoverResult {
  lock: LockState["kind"];
  /** Whether the stack's locks were removed. */
  unlocked: boolean;
  checkpoint: string;
  settled: Settled[];
  /** Pending operations of other providers, left for `pulumi refresh`. */
  foreign: string[];
  imported: boolean;
}

/** A refusal that says exactly what to do; the CLI prints its message alone. */
export class RecoverRefused extends Error {}

export async function recover(opts: RecoverOptions): Promise<RecoverResult> {
  const log = opts.log ?? (() => {});
  const where = { cwd: opts.cwd, stack: opts.stack, ...(opts.env ? { env: opts.env } : {}) };
  const { url, project, stack } = await whereIs(where);
  const cli = { ...where, stack };
  const root = fileBackendDir(url);
  const locks = lockBackend({ url, project, stack, cli });
  log(`stack ${stack} of project ${project} (${locks.what})`);

  let checkpoint = "ok";
  if (root) {
    const cp = checkCheckpoint(root, project, stack);
    if (cp.kind === "repaired") checkpoint = cp.what;
    if (cp.kind === "broken") {
      if (!cp.backup)
        throw new RecoverRefused(
          `the checkpoint ${cp.file} does not parse and there is no readable backup: restore it from your own backups`,
        );
      if (!opts.restoreBackup)
        throw new RecoverRefused(
          `the checkpoint ${cp.file} does not parse; its backup ${cp.backup} does, but is older (the last run's changes are not in it): run chat-recover --restore-backup to put the backup in its place (the broken file is kept), then pulumi refresh and pulumi up`,
        );
      const kept = `${cp.file}.broken-${Date.now()}`;
      renameSync(cp.file, kept);
      copyFileSync(cp.backup, cp.file);
      checkpoint = `restored ${cp.file} from its backup (the broken file is ${kept})`;
    }
    log(`checkpoint: ${checkpoint}`);
  }

  const lock = await locks.state();
  if (lock.kind === "live")
    throw new RecoverRefused(
      `a pulumi run (pid ${lock.lock.pid}) on this host holds the stack's lock: let it finish or stop it, then run chat-recover again`,
    );
  if (lock.kind === "elsewhere" && !opts.unlock)
    throw new RecoverRefused(
      `the stack's lock was taken by ${lock.lock.pid ? `pid ${lock.lock.pid} on host ` : ""}${lock.lock.hostname} at ${new Date(lock.lock.takenAt).toISOString()}; if no run of this stack is going on there, run chat-recover --unlock`,
    );
  if (lock.kind === "stale" || lock.kind === "elsewhere")
    log(
      `lock: taken by ${lock.lock.pid ? `pid ${lock.lock.pid} on ` : ""}${lock.lock.hostname}; ${lock.kind === "stale" ? "that run is gone" : "--unlock: taken as gone"}`,
    );
  if (lock.kind === "unreadable")
    log(
      `lock: not read (${lock.why}); ${opts.unlock ? "--unlock: pulumi cancel removes any" : "if pulumi up says the stack is locked and no run of it is going on, run chat-recover --unlock (it runs pulumi cancel)"}`,
    );
  const release =
    lock.kind === "stale" || lock.kind === "elsewhere" || (lock.kind === "unreadable" && !!opts.unlock);

  const since = await runStart(lock, opts, cli);
  const config = JSON.parse(await pulumi(["config", "--json", "--show-secrets"], cli)) as Record<
    string,
    { value?: string }
  >;
  setStackConfig((key) => config[key]?.value);
  const exported = JSON.parse(await pulumi(["stack", "export", "--show-secrets"], cli)) as ExportedDeployment;
  const settledAll = await settlePending(exported, {
    since: since === undefined ? undefined : Math.floor(since / 1000),
    ...(opts.dryRun ? { dryRun: true } : {}),
  });
  for (const s of settledAll?.settled ?? [])
    log(
      `pending ${s.urn}: ${s.outcome}${s.id ? ` (id ${s.id})` : ""}${s.removed ? `; ${s.removed} double(s) removed` : ""}`,
    );
  for (const f of settledAll?.foreign ?? [])
    log(`pending ${f}: not a chat resource; pulumi refresh settles it (--clear-pending-creates)`);
  // Without the lock (e.g. after `pulumi cancel`), the run's start is a guess on the safe side: say how to give it.
  const leftAlone = settledAll?.settled.some((s) => s.outcome === "made before the run: left alone");
  if (leftAlone && lock.kind === "none" && !opts.since)
    log(
      `the killed run's lock was gone, so its start is taken as ${since === undefined ? "unknown" : new Date(since).toISOString()}: if it made the objects left alone above, run chat-recover again with --since <when it began>`,
    );

  if (opts.dryRun) {
    log("dry run: nothing changed");
    return result(false);
  }
  if (release) {
    await locks.release(lock);
    log("lock: removed");
  }
  if (settledAll) {
    await pulumi(["stack", "import"], cli, JSON.stringify(settledAll.deployment)).catch((e: unknown) => {
      const said = e instanceof Error ? e.message : String(e);
      if (lock.kind === "unreadable" && /currently locked/.test(said))
        throw new RecoverRefused(
          `the stack is locked (${lock.why}): if no run of this stack is going on, run chat-recover --unlock (it runs pulumi cancel)`,
        );
      throw e;
    });
    log(`state: ${settledAll.settled.length} pending operation(s) settled`);
  }
  log(
    settledAll || release || checkpoint !== "ok"
      ? "recovered: run the interrupted command again (pulumi up, or pulumi destroy)"
      : "nothing to recover",
  );
  return result(settledAll !== undefined);

  function result(imported: boolean): RecoverResult {
    return {
      lock: lock.kind,
      unlocked: release && !opts.dryRun,
      checkpoint,
      settled: settledAll?.settled ?? [],
      foreign: settledAll?.foreign ?? [],
      imported,
    };
  }
}

/** When the killed run began (ms): its lock says; else the end of the last finished run; else --since. */
async function runStart(
  lock: LockState,
  opts: RecoverOptions,
  cli: { cwd: string; stack: string; env?: NodeJS.ProcessEnv },
): Promise<number | undefined> {
  if (opts.since) {
    const t = Date.parse(opts.since);
    if (!Number.isFinite(t))
      throw new RecoverRefused(`--since: ${opts.since} is not a time (e.g. 2026-11-23T14:05:00Z)`);
    return t;
  }
  if ((lock.kind === "stale" || lock.kind === "elsewhere") && Number.isFinite(lock.lock.takenAt))
    return Math.min(...lock.all.map((l) => l.takenAt).filter(Number.isFinite));
  const history = JSON.parse(await pulumi(["stack", "history", "--json"], cli)) as Array<{
    endTime?: string;
  }>;
  const ends = history.map((h) => Date.parse(h.endTime ?? "")).filter(Number.isFinite);
  return ends.length ? Math.max(...ends) : undefined;
}

// The crash campaign (issue "Survive the CI runner"): the fault campaign's program (test/e2e/programs/faults)
// run by the `pulumi` CLI in a process group of its own, which is SIGKILLed, as a CI runner's timeout does,
// once a given number of writes has reached the emulator: in the first `up` (creates), in an `up` of the
// changed program (updates and replacements) or in a `destroy`. Then, as the README says: `chat-recover`, one
// `pulumi up` (or `destroy`), and the checks: no write reached the service after the kill, no process of the
// dead run is left, the emulator holds exactly what is declared (or nothing after a destroy), a preview
// shows no change, and a destroy leaves nothing. Used by test/e2e/crash.test.ts and `npm run soak:crash`.
import { type ChildProcess, execFile, spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import { readdirSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import type { OutputMap } from "@pulumi/pulumi/automation";
import { type FaultRule, type RunningEmulator, startEmulator } from "../provider/emulator";
import { type Declared, declaredOf, problemsOf } from "./campaign-check";
import { appState, checkService, configureProgram, FAULTS, PROGRAM_DIR } from "./faults-campaign";
import { localStack } from "./local-stack";
import { startS3Backend } from "./s3-backend";

export type CrashPhase = "create" | "update" | "destroy" | "refresh";

export interface KillPoint {
  phase: CrashPhase;
  /**
   * Kill once this many writes (POST, PUT, PATCH, DELETE) of the phase have reached the emulator; for a
   * refresh, which only reads, this many requests.
   */
  afterWrites: number;
  seed: number;
  /** The fault campaign's faults during the killed run (retries in flight when it dies). */
  faults?: boolean;
  /** SIGKILL (a runner's timeout) or a graceful SIGINT/SIGTERM (a cancelled job). */
  signal?: NodeJS.Signals;
  /** Users in the program (default 50: group 0 has 43 members). */
  users?: number;
  /** The state backend: a file folder (default) or an S3-compatible server on loopback (scripts/s3-backend.ts). */
  backend?: "file" | "s3";
}

export interface CrashResult {
  point: KillPoint;
  /** Writes that had reached the service when the signal was sent. */
  killedAt: number;
  /**
   * Writes that reached the service after every process of the run was gone and what they had sent was read
   * (a graceful stop finishes its steps first).
   */
  writesAfter: number;
  /** Processes of the dead run still alive 1 s after the signal. */
  survivors: string[];
  /** Of those, dynamic-provider processes (the ones that could still write). */
  providers: string[];
  /** Seconds from the signal until the run's process group was gone. */
  stopSeconds: number;
  pendingCreates: number;
  /** What chat-recover said it did. */
  recovery: string[];
  /**
   * Objects the stack declared before the killed run and no longer does that the service still holds, and
   * objects held twice (campaign-check.ts).
   */
  orphans: number;
  duplicates: number;
  /** Engine runs after recovery until it converged (1 is the goal). */
  runs: number;
  seconds: number;
  problems: string[];
}

const WRITE = new Set(["POST", "PUT", "PATCH", "DELETE"]);
const writes = (emu: RunningEmulator, since = 0, reads = false) =>
  emu.admin.requests().filter((r) => (reads || WRITE.has(r.method)) && r.at >= since).length;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Writes that reached the service from a process still alive after the run's processes were gone (every one
 * that carries `mark`, or 10 s). A request that a killed process had sent is in the emulator's sockets already;
 * a request of ours, answered, comes after the event loop has read those, so only what is logged after it
 * counts, however slow the machine (a window of wall-clock time counted late answers on a loaded machine).
 */
async function writesAfterDrain(emu: RunningEmulator, mark: string): Promise<number> {
  const deadline = Date.now() + 10_000;
  while (processesMarked(mark).length && Date.now() < deadline) await sleep(50);
  await fetch(`${emu.url}/drained`).catch(() => undefined);
  const drained = Date.now();
  await sleep(2000); // what a process that outlived the kill would send meanwhile
  return writes(emu, drained + 1);
}

/** Processes whose environment carries `mark`: every process of one run, whatever group it is in. */
export function processesMarked(mark: string): string[] {
  const out: string[] = [];
  for (const pid of readdirSync("/proc").filter((p) => /^\d+$/.test(p))) {
    try {
      if (!readFileSync(`/proc/${pid}/environ`, "latin1").includes(mark)) continue;
      const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
      if (stat.slice(stat.lastIndexOf(")") + 2).startsWith("Z")) continue;
      out.push(
        `${pid} ${readFileSync(`/proc/${pid}/cmdline`, "latin1").replaceAll("\0", " ").slice(0, 120)}`,
      );
    } catch {
      // gone meanwhile, or not ours to read
    }
  }
  return out;
}

/** The credentials the emulator holds: app keys, API keys and auth tokens (none may appear in plain text). */
function secretsOf(emu: RunningEmulator): string[] {
  const apps = (
    emu.admin.dump() as {
      apps: Record<string, { apiKeys: Record<string, unknown>; authTokens: Record<string, unknown[]> }>;
    }
  ).apps;
  return Object.values(apps)
    .flatMap((a) => [
      ...Object.keys(a.apiKeys),
      ...Object.values(a.authTokens).flatMap((ts) =>
        ts.map((t) => String((t as { authToken?: unknown }).authToken ?? t)),
      ),
    ])
    .filter((s) => s.length >= 8);
}

function run(
  cmd: string,
  args: string[],
  cwd: string,
  env: NodeJS.ProcessEnv,
): Promise<{ code: number; out: string }> {
  return new Promise((resolve) => {
    execFile(cmd, args, { cwd, env, maxBuffer: 2 ** 28 }, (err, stdout, stderr) =>
      resolve({
        code: err ? Number((err as { code?: unknown }).code ?? 1) || 1 : 0,
        out: `${stdout}${stderr}`,
      }),
    );
  });
}

export async function runKillPoint(
  point: KillPoint,
  onOutput: (l: string) => void = () => {},
): Promise<CrashResult> {
  const started = performance.now();
  const emu = await startEmulator({ port: 0, seed: point.seed, bootstrapApp: false });
  const stackName = `crash-${point.phase}-${point.seed}-${point.afterWrites}`;
  const s3 = point.backend === "s3" ? await startS3Backend() : undefined;
  const t = await localStack(PROGRAM_DIR, stackName, s3?.env ?? {}).catch(async (e: unknown) => {
    await s3?.close();
    await emu.close();
    throw e;
  });
  const result: CrashResult = {
    point,
    killedAt: 0,
    writesAfter: 0,
    survivors: [],
    providers: [],
    stopSeconds: 0,
    pendingCreates: 0,
    recovery: [],
    orphans: 0,
    duplicates: 0,
    runs: 0,
    seconds: 0,
    problems: [],
  };
  const problems = result.problems;
  const mark = `PULUMI_CHAT_CRASH_RUN=${randomUUID()}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    ...t.stack.workspace.envVars,
    [mark.split("=")[0] ?? ""]: mark.split("=")[1],
  };
  const runOpts = { onOutput };
  try {
    await configureProgram(t, emu, point.users ?? 50);
    if (point.phase !== "create") await t.stack.up(runOpts);
    // What the stack declared before the killed run: what it no longer declares after must be gone.
    const before: Declared[] = declaredOf(await t.stack.exportStack());
    if (point.phase === "update") await t.stack.setConfig("faults:variant", { value: "1" });

    // The killed run: the CLI as a user runs it, in a process group of its own.
    const faults: FaultRule[] = point.faults ? FAULTS : [];
    emu.admin.setFaults(faults);
    const phaseStart = Date.now();
    const verb = point.phase === "create" || point.phase === "update" ? "up" : point.phase;
    const counted = (since = phaseStart) => writes(emu, since, point.phase === "refresh");
    const child: ChildProcess = spawn(
      "pulumi",
      [verb, "--yes", "--skip-preview", "--non-interactive", "--stack", stackName],
      {
        cwd: PROGRAM_DIR,
        env,
        detached: true,
        stdio: ["ignore", "pipe", "pipe"],
      },
    );
    child.stdout?.on("data", (b: Buffer) => onOutput(b.toString()));
    child.stderr?.on("data", (b: Buffer) => onOutput(b.toString()));
    const exited = new Promise<void>((r) => child.on("exit", () => r()));
    let done = false;
    void exited.then(() => {
      done = true;
    });
    while (!done && counted() < point.afterWrites) await sleep(5);
    if (done) {
      problems.push(`the ${verb} finished after ${counted()} requests counted, before the kill point`);
      return result;
    }
    const signal = point.signal ?? "SIGKILL";
    const killTime = Date.now();
    result.killedAt = counted();
    process.kill(-(child.pid ?? 0), signal);
    // A graceful stop may take its time (the issue allows 10 s); a kill is immediate.
    const deadline = Date.now() + 15_000;
    while (!done && Date.now() < deadline) await sleep(20);
    result.stopSeconds = (Date.now() - killTime) / 1000;
    if (!done) {
      problems.push(`the run was still going ${result.stopSeconds.toFixed(1)} s after ${signal}`);
      process.kill(-(child.pid ?? 0), "SIGKILL");
    }
    await sleep(1000);
    result.survivors = processesMarked(mark);
    result.providers = result.survivors.filter((p) => p.includes("dynamic-provider"));
    result.writesAfter = await writesAfterDrain(emu, mark);
    emu.admin.clearFaults();
    for (const s of processesMarked(mark)) process.kill(Number(s.split(" ")[0]), "SIGKILL");

    const exported = await run("pulumi", ["stack", "export", "--stack", stackName], PROGRAM_DIR, env);
    try {
      result.pendingCreates =
        (
          JSON.parse(exported.out) as { deployment: { pending_operations?: Array<{ type: string }> } }
        ).deployment.pending_operations?.filter((o) => o.type === "creating").length ?? 0;
    } catch {
      result.pendingCreates = -1; // the checkpoint does not load: recovery's job
    }

    // The documented recovery: one command, then one run of the interrupted command.
    const cli = join(PROGRAM_DIR, "..", "..", "..", "..", "dist", "provider", "recover", "cli.js");
    const rec = await run(process.execPath, [cli, "--stack", stackName], PROGRAM_DIR, env);
    result.recovery = rec.out.split("\n").filter((l) => l.startsWith("chat-recover:"));
    if (rec.code !== 0) {
      problems.push(`chat-recover failed: ${rec.out.slice(-1500)}`);
      return result;
    }
    // The state it imported keeps every secret encrypted, and its output names none.
    const checkpoint = s3
      ? (await run("pulumi", ["stack", "export", "--stack", stackName], PROGRAM_DIR, env)).out
      : readFileSync(join(t.backendDir, ".pulumi", "stacks", "faults-e2e", `${stackName}.json`), "utf8");
    if (checkpoint.includes('"plaintext"'))
      problems.push("the recovered checkpoint holds a secret in plain text");
    for (const s of [emu.credentials.managementSecret, ...secretsOf(emu)])
      if (checkpoint.includes(s) || rec.out.includes(s))
        problems.push("a secret is in plain text after recovery");
    let outputs: OutputMap | undefined;
    for (result.runs = 1; result.runs <= 2; result.runs++) {
      try {
        if (point.phase === "destroy") await t.stack.destroy(runOpts);
        else outputs = (await t.stack.up(runOpts)).outputs;
        break;
      } catch (e) {
        problems.push(
          `run ${result.runs} after recovery failed: ${(e instanceof Error ? e.message : String(e)).slice(-1500)}`,
        );
      }
    }
    if (result.runs > 1) return result;

    const apps = (emu.admin.dump() as { apps: Record<string, { state?: string }> }).apps;
    const live = Object.entries(apps).filter(([, a]) => a.state !== "archived");
    if (point.phase === "destroy") {
      if (live.length) problems.push(`after destroy ${live.length} app(s) are still live`);
    } else if (outputs) {
      if (live.length !== 1) problems.push(`${live.length} live apps, 1 declared`);
      const declared = declaredOf(await t.stack.exportStack());
      const found = await checkService(emu, outputs, declared, before);
      problems.push(...problemsOf(found));
      result.orphans = found.left.length;
      result.duplicates = found.doubled.length;
      const preview = await t.stack.preview(runOpts);
      const changes = Object.entries(preview.changeSummary).filter(([k]) => k !== "same");
      if (changes.length) problems.push(`the preview after it shows changes: ${JSON.stringify(changes)}`);
      await t.stack.destroy(runOpts);
      const appId = String(outputs.appId?.value);
      const state = appState(emu, appId);
      if (state !== "archived") problems.push(`after destroy the app is ${state ?? "gone"}`);
    }
    // A graceful stop lets the steps in flight finish (their writes land after the signal); a kill must not.
    if (signal === "SIGKILL" && result.writesAfter > 0)
      problems.push(`${result.writesAfter} write(s) reached the service after the kill`);
    // Pulumi's language host is left too, idle: it checks the engine every 5 minutes and then exits.
    if (result.providers.length)
      problems.push(`provider processes of the killed run survived it: ${result.providers.join("; ")}`);
    return result;
  } finally {
    result.seconds = (performance.now() - started) / 1000;
    emu.admin.clearFaults();
    await t.stack.workspace.removeStack(stackName, { force: true }).catch(() => undefined);
    rmSync(t.backendDir, { recursive: true, force: true });
    await s3?.close();
    await emu.close();
  }
}

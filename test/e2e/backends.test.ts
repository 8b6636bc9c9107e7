// A team's CI on a shared state backend (issue 47): an S3-compatible server on loopback (s3rver, checking every
// request's signature) holds the state. The CLI's process group is SIGKILLed, as a runner's timeout does, while it
// creates and while it updates (the service failing now and then), and while it refreshes (a lock and nothing
// pending); then one `chat-recover` and one `pulumi up` converge, exactly as on the file backend
// (scripts/crash-campaign.ts checks the service, the preview and the destroy). And two runs of one stack at once:
// the second fails at once on the lock, with one line saying so, and the first one's state is whole.
import { type ChildProcess, execFile, spawn } from "node:child_process";
import { join } from "node:path";
import { startEmulator } from "../../provider/emulator";
import { type KillPoint, runKillPoint } from "../../scripts/crash-campaign";
import { configureProgram, PROGRAM_DIR } from "../../scripts/faults-campaign";
import { localStack } from "../../scripts/local-stack";
import { startS3Backend } from "../../scripts/s3-backend";
import { until } from "../support/clock";
import { repoRoot } from "./support/stack";

const POINTS: KillPoint[] = [
  { phase: "create", afterWrites: 70, seed: 11, faults: true, backend: "s3" },
  { phase: "update", afterWrites: 40, seed: 12, faults: true, backend: "s3" },
  { phase: "refresh", afterWrites: 5, seed: 13, faults: true, backend: "s3" },
];

describe("a killed run on an S3 backend: one chat-recover, then one up", () => {
  it.each(POINTS.map((p) => [`SIGKILL during ${p.phase} after ${p.afterWrites} requests`, p] as const))(
    "%s",
    async (_name, point) => {
      const output: string[] = [];
      const r = await runKillPoint(point, (l) => output.push(l));
      if (r.problems.length) console.error(output.slice(-80).join(""));
      expect(r.problems).toEqual([]);
      expect(r.runs).toBe(1);
      expect(r.writesAfter).toBe(0);
      expect(r.orphans + r.duplicates).toBe(0);
      // The dead run's lock object was read (its host is this one, its process gone) and removed.
      expect(r.recovery.join("\n")).toMatch(/lock: taken by pid \d+ on .*; that run is gone/);
      expect(r.recovery).toContain("chat-recover: lock: removed");
      if (point.phase === "refresh") expect(r.pendingCreates).toBe(0);
      expect(r.recovery.at(-1)).toMatch(/recovered: run the interrupted command again/);
    },
  );
});

const exec = (cmd: string, args: string[], env: NodeJS.ProcessEnv) =>
  new Promise<{ code: number; stdout: string; stderr: string }>((resolve) =>
    execFile(cmd, args, { cwd: PROGRAM_DIR, env, maxBuffer: 2 ** 28 }, (err, stdout, stderr) =>
      resolve({ code: err ? 1 : 0, stdout, stderr }),
    ),
  );

describe("two runs of one stack at once on an S3 backend", () => {
  it("the second fails at once on the lock, chat-recover leaves a live run alone, the first finishes whole", async () => {
    const emu = await startEmulator({ port: 0, seed: 21, bootstrapApp: false });
    const s3 = await startS3Backend();
    const t = await localStack(PROGRAM_DIR, "race", s3.env);
    const env = { ...process.env, ...t.stack.workspace.envVars };
    let first: ChildProcess | undefined;
    try {
      await configureProgram(t, emu, 50);
      first = spawn("pulumi", ["up", "--yes", "--skip-preview", "--non-interactive", "--stack", "race"], {
        cwd: PROGRAM_DIR,
        env,
        detached: true,
        stdio: "ignore",
      });
      const firstExit = new Promise<number | null>((r) => first?.on("exit", (code) => r(code)));
      // Hold the first run mid-way (its engine stopped, its lock taken) for as long as the second needs.
      const writes = () => emu.admin.requests().filter((q) => q.method !== "GET").length;
      await until(() => writes() >= 10, "the first run to write", 120_000);
      process.kill(-(first.pid ?? 0), "SIGSTOP");

      const second = await exec("pulumi", ["up", "--yes", "--non-interactive", "--stack", "race"], env);
      expect(second.code).toBe(1);
      const said = `${second.stdout}${second.stderr}`.split("\n").filter((l) => /^error:/.test(l));
      expect(said).toEqual([
        expect.stringMatching(
          /^error: the stack is currently locked by 1 lock\(s\)\. Either wait for the other process\(es\) to end or delete the lock file with `pulumi cancel`\.$/,
        ),
      ]);

      const cli = join(repoRoot, "dist", "provider", "recover", "cli.js");
      const rec = await exec(process.execPath, [cli, "--stack", "race"], env);
      expect(rec.code).toBe(1);
      expect(rec.stderr.trim()).toBe(
        `chat-recover: stack race of project faults-e2e (S3 bucket state)\nchat-recover: a pulumi run (pid ${first.pid}) on this host holds the stack's lock: let it finish or stop it, then run chat-recover again`,
      );

      process.kill(-(first.pid ?? 0), "SIGCONT");
      expect(await firstExit).toBe(0);
      const exported = JSON.parse(
        (await exec("pulumi", ["stack", "export", "--stack", "race"], env)).stdout,
      ) as {
        deployment: { pending_operations?: unknown[]; resources?: unknown[] };
      };
      expect(exported.deployment.pending_operations ?? []).toEqual([]);
      const preview = await t.stack.preview();
      expect(Object.keys(preview.changeSummary).filter((k) => k !== "same")).toEqual([]);
    } finally {
      if (first?.pid) {
        try {
          process.kill(-first.pid, "SIGCONT");
        } catch {
          // already gone
        }
      }
      await t.stack.destroy().catch(() => undefined);
      await s3.close();
      await emu.close();
    }
  });
});

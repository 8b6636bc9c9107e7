// Survive the CI runner (scripts/crash-campaign.ts): the real engine's process group is SIGKILLed while it
// creates, while it updates and replaces, and while it destroys, each time with the service failing now and
// then (retries in flight); then `chat-recover` and one run of the same command converge: exactly the declared
// objects (no orphan, no double key or token), a preview with no change, and a destroy that leaves nothing.
// No write reaches the service after the kill, and no provider process outlives it. A cancelled job (SIGINT,
// SIGTERM) stops within 10 s under faults, and the next run converges the same way.
// `npm run soak:crash` runs more kill points and prints the table in docs/crash-soak.md.
import { execFile } from "node:child_process";
import { rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { type KillPoint, runKillPoint } from "../../scripts/crash-campaign";
import { PROGRAM_DIR } from "../../scripts/faults-campaign";
import { localStack, repoRoot } from "./support/stack";

const POINTS: KillPoint[] = [
  { phase: "create", afterWrites: 70, seed: 1, faults: true },
  { phase: "update", afterWrites: 60, seed: 2, faults: true },
  { phase: "destroy", afterWrites: 50, seed: 3, faults: true },
  { phase: "create", afterWrites: 40, seed: 4, faults: true, signal: "SIGINT" },
  { phase: "update", afterWrites: 30, seed: 5, faults: true, signal: "SIGTERM" },
];

describe("a killed or cancelled run never needs hand surgery", () => {
  it.each(
    POINTS.map(
      (p) => [`${p.signal ?? "SIGKILL"} during ${p.phase} after ${p.afterWrites} writes`, p] as const,
    ),
  )("%s", async (_name, point) => {
    const output: string[] = [];
    const r = await runKillPoint(point, (l) => output.push(l));
    if (r.problems.length) console.error(output.slice(-80).join(""));
    expect(r.problems).toEqual([]);
    expect(r.killedAt).toBeGreaterThanOrEqual(point.afterWrites);
    // A graceful stop lets the steps in flight finish: only a kill must send nothing after the signal.
    if (!point.signal) expect(r.writesAfter).toBe(0);
    expect(r.providers).toEqual([]);
    expect(r.runs).toBe(1);
    expect(r.orphans + r.duplicates).toBe(0);
    if (point.signal) expect(r.stopSeconds).toBeLessThan(10);
    // The recovery said what it did, in one line per step.
    expect(r.recovery.at(-1)).toMatch(/recovered|nothing to recover/);
  });
});

describe("a checkpoint cut short by a kill", () => {
  it("every command fails with EOF until chat-recover removes the cut metadata file; the stack then loads", async () => {
    const t = await localStack(PROGRAM_DIR, "cut-sidecar");
    const env = { ...process.env, ...t.stack.workspace.envVars };
    const pulumi = (args: string[]) =>
      new Promise<{ code: number; out: string }>((resolve) =>
        execFile("pulumi", args, { cwd: PROGRAM_DIR, env }, (err, stdout, stderr) =>
          resolve({ code: err ? 1 : 0, out: `${stdout}${stderr}` }),
        ),
      );
    try {
      const attrs = join(t.backendDir, ".pulumi", "stacks", "faults-e2e", "cut-sidecar.json.attrs");
      writeFileSync(attrs, ""); // what a kill between the data and its sidecar leaves
      const before = await pulumi(["stack", "export", "--stack", "cut-sidecar"]);
      expect(before.code).toBe(1);
      expect(before.out).toContain("EOF");
      const cli = join(repoRoot, "dist", "provider", "recover", "cli.js");
      const rec = await new Promise<string>((resolve) =>
        execFile(process.execPath, [cli, "--stack", "cut-sidecar"], { cwd: PROGRAM_DIR, env }, (_e, o, e) =>
          resolve(`${o}${e}`),
        ),
      );
      expect(rec).toMatch(/checkpoint: removed 1 metadata file\(s\) cut short by the kill/);
      expect((await pulumi(["stack", "export", "--stack", "cut-sidecar"])).code).toBe(0);
    } finally {
      await t.stack.workspace.removeStack("cut-sidecar", { force: true }).catch(() => undefined);
      rmSync(t.backendDir, { recursive: true, force: true });
    }
  });
});

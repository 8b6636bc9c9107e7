// What a killed run leaves in a file backend (provider/recover/backend.ts): a lock whose process is gone, and metadata
// sidecars cut short; a checkpoint that does not parse is reported with its backup, never replaced here.
import { spawn } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { hostname, tmpdir } from "node:os";
import { join } from "node:path";
import { checkCheckpoint, fileBackendDir } from "../../provider/recover/backend";
import { lockBackend } from "../../provider/recover/locks";
import { until } from "../support/clock";

function backend(): { root: string; stacks: string; locks: string } {
  const root = mkdtempSync(join(tmpdir(), "recover-backend-"));
  const stacks = join(root, ".pulumi", "stacks", "proj");
  const locks = join(root, ".pulumi", "locks", "organization", "proj", "dev");
  mkdirSync(stacks, { recursive: true });
  mkdirSync(locks, { recursive: true });
  return { root, stacks, locks };
}
const lockState = (root: string, project: string, stack: string) =>
  lockBackend({ url: `file://${root}`, project, stack, cli: { cwd: root, stack } }).state();
const lock = (dir: string, content: object | string) =>
  writeFileSync(join(dir, "0b1d.json"), typeof content === "string" ? content : JSON.stringify(content));

describe("file backend repair", () => {
  it("reads file:// URLs, home-relative ones too", () => {
    expect(fileBackendDir("file:///var/state")).toBe("/var/state");
    expect(fileBackendDir("file://~/state")).toMatch(/\/state$/);
    expect(fileBackendDir("s3://bucket")).toBeUndefined();
  });

  it("removes a cut metadata sidecar beside intact data, and keeps sound ones", () => {
    const b = backend();
    writeFileSync(join(b.stacks, "dev.json"), JSON.stringify({ version: 3 }));
    writeFileSync(join(b.stacks, "dev.json.attrs"), "");
    writeFileSync(join(b.stacks, "dev.json.bak.attrs"), '{"user.content_type":"application/json"}');
    const r = checkCheckpoint(b.root, "proj", "dev");
    expect(r.kind).toBe("repaired");
    expect(existsSync(join(b.stacks, "dev.json.attrs"))).toBe(false);
    expect(existsSync(join(b.stacks, "dev.json.bak.attrs"))).toBe(true);
    expect(checkCheckpoint(b.root, "proj", "dev").kind).toBe("ok");
  });

  it("reports a checkpoint that does not parse, with its readable backup, and changes nothing", () => {
    const b = backend();
    writeFileSync(join(b.stacks, "dev.json"), '{"version": 3, "deploym');
    writeFileSync(join(b.stacks, "dev.json.bak"), JSON.stringify({ version: 3 }));
    expect(checkCheckpoint(b.root, "proj", "dev")).toEqual({
      kind: "broken",
      file: join(b.stacks, "dev.json"),
      backup: join(b.stacks, "dev.json.bak"),
    });
    expect(readFileSync(join(b.stacks, "dev.json"), "utf8")).toBe('{"version": 3, "deploym');
    writeFileSync(join(b.stacks, "dev.json.bak"), "");
    expect(checkCheckpoint(b.root, "proj", "dev")).toMatchObject({ kind: "broken", backup: undefined });
  });

  it("tells a lock whose process is gone from a live one and from another host's", async () => {
    const b = backend();
    expect((await lockState(b.root, "proj", "dev")).kind).toBe("none");
    const gone = spawn("true");
    await new Promise((r) => gone.on("exit", r));
    lock(b.locks, { pid: gone.pid, hostname: hostname(), timestamp: "2026-11-23T10:00:00.123456789Z" });
    const stale = await lockState(b.root, "proj", "dev");
    expect(stale.kind).toBe("stale");
    expect(stale.kind === "stale" && stale.lock.takenAt).toBe(Date.parse("2026-11-23T10:00:00.123Z"));

    // A live CLI (its process is named pulumi) holds it.
    const dir = mkdtempSync(join(tmpdir(), "fake-cli-"));
    writeFileSync(join(dir, "pulumi"), "#!/bin/sh\nwhile :; do sleep 1; done\n", { mode: 0o755 });
    const cli = spawn(join(dir, "pulumi"), [], { stdio: "ignore" });
    const named = () => {
      try {
        return readFileSync(`/proc/${cli.pid}/stat`, "utf8").includes("(pulumi)");
      } catch {
        return false;
      }
    };
    try {
      await until(named, "the fake CLI to run under its name", 8_000); // under the unit layer's 10 s
      lock(b.locks, { pid: cli.pid, hostname: hostname(), timestamp: "2026-11-23T10:00:00Z" });
      expect((await lockState(b.root, "proj", "dev")).kind).toBe("live");
    } finally {
      cli.kill("SIGKILL");
    }
    // A pid that now belongs to another program is not the run's.
    lock(b.locks, { pid: process.pid, hostname: hostname(), timestamp: "2026-11-23T10:00:00Z" });
    expect((await lockState(b.root, "proj", "dev")).kind).toBe("stale");

    lock(b.locks, { pid: 1, hostname: "runner-7", timestamp: "2026-11-23T10:00:00Z" });
    expect((await lockState(b.root, "proj", "dev")).kind).toBe("elsewhere");
    // A lock the kill cut short.
    lock(b.locks, "");
    expect((await lockState(b.root, "proj", "dev")).kind).toBe("stale");
  });
});

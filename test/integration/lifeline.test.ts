// The provider process dies with its engine (provider/client/lifeline.ts): a process tree shaped like the engine's
// (a `pulumi` process that starts the provider through `sh`, in a process group of its own) is killed at the
// engine, and the provider must stop at once: by its timer when idle, and before its next request when busy.
import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { until } from "../support/clock";

const lifeline = join(__dirname, "..", "..", "dist", "provider", "client", "lifeline.js");

/**
 * Starts a fake engine: a script named `pulumi` (so /proc names it so, as the Go CLI is named) that starts
 * the provider through `sh` in a process group of its own, as the engine does, and stays.
 */
function engineWithProvider(providerCode: string): { engine: ChildProcess; dir: string } {
  const dir = mkdtempSync(join(tmpdir(), "lifeline-"));
  writeFileSync(join(dir, "provider.js"), providerCode);
  const pulumi = join(dir, "pulumi");
  writeFileSync(
    pulumi,
    `#!/bin/sh\nsetsid sh -c '"${process.execPath}" "${dir}/provider.js"; true' </dev/null >/dev/null 2>&1 &\nwhile :; do sleep 1; done\n`,
    { mode: 0o755 },
  );
  return { engine: spawn(pulumi, [], { stdio: "ignore" }), dir };
}

/** The text of `file` once it exists (an event), and `enough` holds of it. */
async function waitFor(file: string, enough: (text: string) => boolean = () => true): Promise<string> {
  const read = () => (existsSync(file) ? readFileSync(file, "utf8") : undefined);
  await until(() => {
    const text = read();
    return text !== undefined && enough(text);
  }, file);
  return read() ?? "";
}
const running = (pid: number) => {
  try {
    process.kill(pid, 0);
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    return !stat.slice(stat.lastIndexOf(")") + 2).startsWith("Z");
  } catch {
    return false;
  }
};

describe("the provider process dies with its engine", () => {
  // Each provider writes a line per round of its own: "tick" beside the lifeline's timer (same interval,
  // started after it, so the lifeline looked as often), "write" after each check before a request. Every
  // wait is for an event (lines written, the process gone), never for a length of time.
  it.each([
    [
      "idle: its timer",
      `require(${JSON.stringify(lifeline)}).watchEngine(50); setInterval(() => fs.appendFileSync(__dirname + "/rounds", "tick\\n"), 50);`,
    ],
    [
      "busy: before its next request",
      `const l = require(${JSON.stringify(lifeline)}); l.watchEngine(60_000); setInterval(() => { l.assertEngineAlive(); fs.appendFileSync(__dirname + "/rounds", "write\\n"); }, 20);`,
    ],
  ])("%s", async (_name, body) => {
    const { engine, dir } = engineWithProvider(
      `const fs = require("node:fs"); process.on("exit", (code) => fs.writeFileSync(__dirname + "/exit", String(code))); fs.writeFileSync(__dirname + "/provider.pid", String(process.pid)); ${body} setInterval(() => {}, 1000);`,
    );
    // The file exists a moment before its text does: wait for the whole pid, never read an empty one as 0.
    const pid = Number(await waitFor(join(dir, "provider.pid"), (t) => /^\d+$/.test(t)));
    // With its engine alive, it runs: the lifeline looked three times and let it go on.
    await waitFor(join(dir, "rounds"), (t) => t.split("\n").length > 3);
    expect(running(pid)).toBe(true);
    expect(existsSync(join(dir, "exit"))).toBe(false);
    engine.kill("SIGKILL");
    // It stops by itself, through the lifeline's own exit (70), not by a signal of the kill: the idle one by
    // its timer, the busy one (whose timer is a minute away) by the check before its next request.
    await until(() => !running(pid), "the provider to stop");
    expect(readFileSync(join(dir, "exit"), "utf8")).toBe("70");
  });

  it("in a process without an engine ancestor it watches its parent, and a live parent keeps it running", async () => {
    const { watchEngine, assertEngineAlive } = require(
      lifeline,
    ) as typeof import("../../provider/client/lifeline");
    expect(watchEngine(60_000)).toBe(true);
    expect(() => assertEngineAlive()).not.toThrow();
  });
});

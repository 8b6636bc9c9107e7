// The provider process dies with its engine (provider/client/lifeline.ts): a process tree shaped like the engine's
// (a `pulumi` process that starts the provider through `sh`, in a process group of its own) is killed at the
// engine, and the provider must stop at once: by its timer when idle, and before its next request when busy.
import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

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

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
async function waitFor(file: string): Promise<string> {
  for (let i = 0; i < 200 && !existsSync(file); i++) await sleep(25);
  return readFileSync(file, "utf8");
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
  it.each([
    ["idle: its timer", `require(${JSON.stringify(lifeline)}).watchEngine(50);`],
    [
      "busy: before its next request",
      `const l = require(${JSON.stringify(lifeline)}); l.watchEngine(60_000); setInterval(() => { l.assertEngineAlive(); require("node:fs").appendFileSync(__dirname + "/writes", "write\\n"); }, 20);`,
    ],
  ])("%s", async (_name, body) => {
    const { engine, dir } = engineWithProvider(
      `require("node:fs").writeFileSync(__dirname + "/provider.pid", String(process.pid)); ${body} setInterval(() => {}, 1000);`,
    );
    const pid = Number(await waitFor(join(dir, "provider.pid")));
    await sleep(300);
    expect(running(pid)).toBe(true); // with its engine alive, it runs
    engine.kill("SIGKILL");
    const killed = Date.now();
    while (running(pid) && Date.now() - killed < 5000) await sleep(10);
    expect(running(pid)).toBe(false);
    // The busy one sent nothing after the engine was gone: its writes stopped with it.
    if (existsSync(join(dir, "writes"))) {
      const before = readFileSync(join(dir, "writes"), "utf8").length;
      await sleep(200);
      expect(readFileSync(join(dir, "writes"), "utf8").length).toBe(before);
    }
  });

  it("in a process without an engine ancestor it watches its parent, and a live parent keeps it running", async () => {
    const { watchEngine, assertEngineAlive } = require(
      lifeline,
    ) as typeof import("../../provider/client/lifeline");
    expect(watchEngine(60_000)).toBe(true);
    expect(() => assertEngineAlive()).not.toThrow();
  });
});

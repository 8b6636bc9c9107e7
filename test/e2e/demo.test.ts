// `npm run demo` itself, from a clean state (fresh backend and emulator state), twice: the second run
// must find nothing to do.
import { spawnSync } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { LocalWorkspace } from "@pulumi/pulumi/automation";
import { repoRoot } from "./support/stack";

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, "127.0.0.1", () => {
      const address = srv.address();
      srv.close(() =>
        typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port")),
      );
    });
  });
}

describe("npm run demo", () => {
  it("provisions the environment, proves no drift, and is idempotent", async () => {
    const state = mkdtempSync(join(tmpdir(), "demo-"));
    const env = {
      ...process.env,
      CHAT_DEMO_STATE_DIR: state,
      CHAT_DEMO_PORT: String(await freePort()),
      CHAT_DEMO_STACK: "demo-e2e",
      PULUMI_BACKEND_URL: `file://${state}`,
    };
    const run = () =>
      spawnSync("npm", ["run", "demo"], { cwd: repoRoot, env, encoding: "utf8", timeout: 9 * 60_000 });

    const first = run();
    expect({
      status: first.status,
      tail: first.stdout.slice(-2000) + first.stderr.slice(-2000),
    }).toMatchObject({ status: 0 });
    // The first up as a person types it: the CLI's preview of a new stack, then the update.
    expect(first.stdout).toMatch(/Previewing update \(demo-e2e\)/);
    expect(first.stdout).toMatch(/\+ 50 created/);
    expect(first.stdout).toMatch(/chat:User\s+4\s/);
    // The seed section's files, two buckets each (seed/).
    expect(first.stdout).toMatch(/chat:SeedData\s+8\s/);
    expect(first.stdout).toMatch(/appApiKey\s+\[secret\]/);
    expect(first.stdout).toMatch(/no changes: 50 resources match the declaration/);

    const second = run();
    expect(second.status).toBe(0);
    expect(second.stdout).toMatch(/50 unchanged/);

    // Tear the demo stack down so that the test leaves no stack behind.
    const stack = await LocalWorkspace.selectStack(
      { stackName: "demo-e2e", workDir: repoRoot },
      { envVars: { PULUMI_BACKEND_URL: `file://${state}` } },
    );
    await stack.workspace.removeStack("demo-e2e", { force: true });
  });
});

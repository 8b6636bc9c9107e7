// `npm run demo` itself, from a clean state (fresh backend and emulator state), twice: the second run
// must find nothing to do. The counts it must show are the environment file's (support/declared.ts).
import { spawnSync } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { LocalWorkspace } from "@pulumi/pulumi/automation";
import { DEMO_PROJECT, DEMO_SECRETS } from "../../scripts/demo-secrets";
import { declaredResources, total } from "./support/declared";
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
  it(
    "provisions the environment, proves no drift, and is idempotent",
    async () => {
      const declared = await declaredResources(
        join(repoRoot, "chat-environment.yaml"),
        DEMO_PROJECT,
        DEMO_SECRETS,
      );
      const n = total(declared);
      const state = mkdtempSync(join(tmpdir(), "demo-"));
      const env = {
        ...process.env,
        CHAT_DEMO_STATE_DIR: state,
        CHAT_DEMO_PORT: String(await freePort()),
        CHAT_DEMO_STACK: "demo-e2e",
        PULUMI_BACKEND_URL: `file://${state}`,
      };
      // A bound for a hang only (a run takes about a minute alone, many times that on a loaded machine).
      const run = () =>
        spawnSync("npm", ["run", "demo"], { cwd: repoRoot, env, encoding: "utf8", timeout: 25 * 60_000 });

      const first = run();
      expect({
        status: first.status,
        tail: first.stdout.slice(-2000) + first.stderr.slice(-2000),
      }).toMatchObject({ status: 0 });
      // The first up as a person types it: the CLI's preview of a new stack, then the update.
      expect(first.stdout).toMatch(/Previewing update \(demo-e2e\)/);
      expect(first.stdout).toMatch(new RegExp(`\\+ ${n} created`));
      // Every kind's resources, as many as the file declares (the seed section's: a few per file, seed/).
      for (const [type, count] of declared)
        if (/^chat:\w+$/.test(type)) expect(first.stdout).toMatch(new RegExp(`${type}\\s+${count}\\s`));
      expect(first.stdout).toMatch(/appApiKey\s+\[secret\]/);
      expect(first.stdout).toMatch(new RegExp(`no changes: ${n} resources match the declaration`));

      const second = run();
      expect({
        status: second.status,
        tail: second.stdout.slice(-2000) + second.stderr.slice(-2000),
      }).toMatchObject({ status: 0 });
      expect(second.stdout).toMatch(new RegExp(`${n} unchanged`));

      // Tear the demo stack down so that the test leaves no stack behind.
      const stack = await LocalWorkspace.selectStack(
        { stackName: "demo-e2e", workDir: repoRoot },
        { envVars: { PULUMI_BACKEND_URL: `file://${state}` } },
      );
      await stack.workspace.removeStack("demo-e2e", { force: true });
    },
    55 * 60_000,
  );
});

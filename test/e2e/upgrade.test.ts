// Users' stacks keep working: the state release 0.1.0 left (recorded by scripts/record-upgrade.ts from a
// checkout of that release, on its emulator) is imported into a fresh backend, and this checkout's provider
// and plugin must plan nothing for it: every step `same` (no update, no replacement, no renamed type token
// or id), and no write reaches the service.
import { execFile } from "node:child_process";
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { type RunningEmulator, startEmulator } from "../../provider/emulator";
import { UPGRADE } from "../../scripts/upgrade-fixture";
import { PLUGIN_DIR } from "./support/cli-project";
import { repoRoot } from "./support/stack";

const run = promisify(execFile);
const fixtures = join(repoRoot, "test", "fixtures", "upgrade");

interface Plan {
  steps?: { op: string; urn: string }[];
  changeSummary?: Record<string, number>;
}

describe("a stack written by release 0.1.0", () => {
  let emu: RunningEmulator;
  const temp: string[] = [];
  const tempDir = (prefix: string) => {
    const d = mkdtempSync(join(tmpdir(), prefix));
    temp.push(d);
    return d;
  };

  beforeAll(async () => {
    const state = join(tempDir("upgrade-emulator-"), UPGRADE.emulatorState);
    copyFileSync(join(fixtures, UPGRADE.emulatorState), state);
    emu = await startEmulator({ port: UPGRADE.port, stateFile: state });
  });
  afterAll(async () => {
    await emu?.close();
    rmSync(join(repoRoot, `Pulumi.${UPGRADE.stacks.root}.yaml`), { force: true });
    for (const d of temp) rmSync(d, { recursive: true, force: true });
  });

  /** The recorded stack `name` imported into a fresh backend, for the program in `dir`; pulumi for it. */
  async function imported(name: "root" | "plugin", dir: string) {
    const stack = UPGRADE.stacks[name];
    const env = {
      ...process.env,
      PULUMI_BACKEND_URL: `file://${tempDir("upgrade-backend-")}`,
      PULUMI_CONFIG_PASSPHRASE: UPGRADE.passphrase,
      PULUMI_SKIP_UPDATE_CHECK: "true",
      PULUMI_DISABLE_AUTOMATIC_PLUGIN_ACQUISITION: "true",
      NO_COLOR: "1",
    };
    const pulumi = async (...args: string[]) => {
      try {
        return (await run("pulumi", ["--non-interactive", ...args, "--stack", stack], { cwd: dir, env }))
          .stdout;
      } catch (e) {
        const { stdout = "", stderr = "" } = e as { stdout?: string; stderr?: string };
        throw new Error(`pulumi ${args.join(" ")}:\n${stdout}\n${stderr}`);
      }
    };
    await run("pulumi", ["--non-interactive", "stack", "init", stack], { cwd: dir, env });
    // The recorded config (its encryption salt is the recorded state's), then the state.
    copyFileSync(join(fixtures, `${name}.config.yaml`), join(dir, `Pulumi.${stack}.yaml`));
    await pulumi("stack", "import", "--file", join(fixtures, `${name}.state.json`));
    return pulumi;
  }

  /** The steps of a preview that are not `same`, and the writes the service saw meanwhile. */
  async function changes(pulumi: (...args: string[]) => Promise<string>) {
    emu.admin.clearRequests();
    const plan = JSON.parse(await pulumi("preview", "--json")) as Plan;
    const steps = (plan.steps ?? []).filter((s) => s.op !== "same").map((s) => `${s.op} ${s.urn}`);
    const writes = emu.admin.requests().filter((r) => r.method !== "GET");
    return { steps, writes, summary: plan.changeSummary };
  }

  it("the root project (the Environment component's dynamic resources) previews with no changes", async () => {
    const pulumi = await imported("root", repoRoot);
    const { steps, writes, summary } = await changes(pulumi);
    expect(summary).toEqual({ same: 34 });
    expect(steps).toEqual([]);
    expect(writes).toEqual([]);
    await pulumi("preview", "--expect-no-changes");
    await pulumi("refresh", "--yes", "--expect-no-changes");
  });

  it("a YAML program on the chat plugin previews with no changes", async () => {
    const dir = tempDir("upgrade-yaml-");
    writeFileSync(
      join(dir, "Pulumi.yaml"),
      `${UPGRADE.pluginHeader(PLUGIN_DIR)}${readFileSync(join(fixtures, "plugin.yaml"), "utf8")}`,
    );
    const pulumi = await imported("plugin", dir);
    const { steps, writes, summary } = await changes(pulumi);
    expect(summary).toEqual({ same: 12 });
    expect(steps).toEqual([]);
    expect(writes).toEqual([]);
    // A refresh finds nothing changed either: what this release reads equals what 0.1.0 recorded.
    const refresh = await pulumi("refresh", "--yes", "--diff", "--expect-no-changes");
    expect(refresh).not.toMatch(/[+~-]\s*role\b/); // bob never had a role declared (issue 33's drift noise)
  });
});

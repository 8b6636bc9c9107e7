// Users' stacks keep working: the state an earlier checkout left (recorded by scripts/record-upgrade.ts from
// that checkout, on its emulator) is imported into a fresh backend, and this checkout's provider and plugin
// must plan nothing for it: every step `same` (no update, no replacement, no renamed type token or id), and
// no write reaches the service. Release 0.1.0, and 92a4f4f: the last commit before the move to provider/ and
// sdk/nodejs/ (decision 0115), whose root stack holds every kind of its time, seed data included.
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
/** Each recorded checkout: its fixtures folder and how many resources each stack holds. */
const RECORDED = [
  { name: "release 0.1.0", dir: "upgrade", root: 34, plugin: 12 },
  { name: "commit 92a4f4f", dir: "upgrade-92a4f4f", root: 50, plugin: 12 },
] as const;

interface Plan {
  steps?: { op: string; urn: string }[];
  changeSummary?: Record<string, number>;
}

describe.each(RECORDED)("a stack written by $name", ({ dir: fixtureDir, root, plugin }) => {
  const fixtures = join(repoRoot, "test", "fixtures", fixtureDir);
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
    expect(summary).toEqual({ same: root });
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
    expect(summary).toEqual({ same: plugin });
    expect(steps).toEqual([]);
    expect(writes).toEqual([]);
    // A refresh finds nothing changed either: what this release reads equals what 0.1.0 recorded.
    const refresh = await pulumi("refresh", "--yes", "--diff", "--expect-no-changes");
    expect(refresh).not.toMatch(/[+~-]\s*role\b/); // bob never had a role declared (issue 33's drift noise)
  });
});

// Records the state a release leaves, for the upgrade test (test/e2e/upgrade.test.ts): run against a checkout of
// that release (built: dist/), it provisions two stacks on that release's emulator and keeps what a user keeps:
// - the root project (the Environment component over chat-environment.yaml: dynamic resources),
// - a Pulumi YAML program on that release's `chat` plugin (test/fixtures/upgrade/plugin.yaml),
// each as `pulumi stack export` writes it with its stack config file, and the emulator's state file.
//   node dist/scripts/record-upgrade.js <release checkout> <out dir>
// Needs scripts/env.sh's environment (the engine on PATH, offline settings).
import { execFileSync } from "node:child_process";
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { LocalWorkspace, type Stack } from "@pulumi/pulumi/automation";
import type { RunningEmulator } from "../provider/emulator";
import { DEMO_SECRETS } from "./demo-secrets";
import { UPGRADE } from "./upgrade-fixture";

async function main(): Promise<void> {
  const [releaseArg, outArg] = process.argv.slice(2);
  if (!releaseArg || !outArg) throw new Error("usage: record-upgrade <release checkout> <out dir>");
  const release = resolve(releaseArg);
  const out = resolve(outArg);
  mkdirSync(out, { recursive: true });
  const fixtures = join(__dirname, "..", "..", "test", "fixtures", "upgrade");
  const { startEmulator } = require(
    join(release, "dist", "emulator"),
  ) as typeof import("../provider/emulator");
  const stateFile = join(out, UPGRADE.emulatorState);
  rmSync(stateFile, { force: true });
  const emu: RunningEmulator = await startEmulator({ port: UPGRADE.port, stateFile, seed: 7 });
  const backend = mkdtempSync(join(tmpdir(), "record-upgrade-"));
  const envVars = {
    PULUMI_BACKEND_URL: `file://${backend}`,
    PULUMI_CONFIG_PASSPHRASE: UPGRADE.passphrase,
    PULUMI_SKIP_UPDATE_CHECK: "true",
    PULUMI_DISABLE_AUTOMATIC_PLUGIN_ACQUISITION: "true",
  };
  const config = {
    "chat:managementKey": { value: emu.credentials.managementKey },
    "chat:managementSecret": { value: emu.credentials.managementSecret, secret: true },
    "chat:managementEndpoint": { value: emu.managementUrl },
    "chat:endpoint": { value: emu.chatEndpoint },
    "chat:appId": { value: emu.credentials.app?.appId ?? "" },
    "chat:apiKey": { value: emu.credentials.app?.apiKey ?? "", secret: true },
  };
  /** Up, then the state and the stack's config file into `out` under `name`. */
  const record = async (stack: Stack, dir: string, name: string) => {
    const up = await stack.up();
    if (up.summary.result !== "succeeded") throw new Error(`${name}: up ${up.summary.result}`);
    // The CLI's export, secrets encrypted (the Automation API's shows them).
    const state = execFileSync("pulumi", ["stack", "export", "--stack", stack.name], {
      cwd: dir,
      env: { ...process.env, ...envVars },
    });
    writeFileSync(join(out, `${name}.state.json`), state);
    copyFileSync(join(dir, `Pulumi.${stack.name}.yaml`), join(out, `${name}.config.yaml`));
    console.log(`${name}: ${JSON.stringify(up.summary.resourceChanges)}`);
  };
  try {
    const root = await LocalWorkspace.createOrSelectStack(
      { stackName: UPGRADE.stacks.root, workDir: release },
      { envVars },
    );
    await root.setAllConfig({ ...config, ...DEMO_SECRETS });
    await record(root, release, "root");
    rmSync(join(release, `Pulumi.${UPGRADE.stacks.root}.yaml`), { force: true });

    const yaml = mkdtempSync(join(tmpdir(), "record-upgrade-yaml-"));
    const plugin = join(release, "dist", "plugin", "bin");
    writeFileSync(
      join(yaml, "Pulumi.yaml"),
      `${UPGRADE.pluginHeader(plugin)}${readFileSync(join(fixtures, "plugin.yaml"), "utf8")}`,
    );
    const y = await LocalWorkspace.createOrSelectStack(
      { stackName: UPGRADE.stacks.plugin, workDir: yaml },
      { envVars },
    );
    await y.setAllConfig(config);
    await record(y, yaml, "plugin");
    rmSync(yaml, { recursive: true, force: true });
  } finally {
    await emu.close();
    rmSync(backend, { recursive: true, force: true });
  }
}

main().catch((e: unknown) => {
  console.error(e instanceof Error ? e.message : String(e));
  process.exit(1);
});

// The plugin without Node.js (decision 0110): the single executable `npm run build:sea` makes runs the YAML
// program of examples/yaml through up, a no-change preview and destroy from a PATH that holds only the engine
// (`pulumi`, the YAML language host) and the plugin executable, checked against the emulator. The one-file
// bundle, a Node script, cannot start there: the same PATH has no `node`.
import { execFile } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { promisify } from "node:util";
import { buildSea, SEA_FILE } from "../../scripts/plugin-sea";
import { type Emulated, emulatorConfig, startEmulated } from "../support/emulator";
import { type CliProject, cliProject, PLUGIN_DIR } from "./support/cli-project";
import { repoRoot } from "./support/stack";

const run = promisify(execFile);

interface AppDump {
  users: Record<string, { name: string; role: string }>;
  groups: Record<string, { members: Record<string, { scope: string }> }>;
}

describe("the plugin as a single executable, on a PATH without node", () => {
  let emu: Emulated;
  let bin: string;
  let path: string;
  const projects: CliProject[] = [];

  beforeAll(async () => {
    emu = await startEmulated();
    buildSea(repoRoot); // from the bundle `npm run build` made
    // The engine's binaries, found where the PATH of this run has them, linked into an empty folder.
    bin = mkdtempSync(join(tmpdir(), "pulumi-chat-nonode-"));
    const { stdout } = await run("sh", ["-c", "command -v pulumi"]);
    const engine = dirname(stdout.trim());
    for (const b of ["pulumi", "pulumi-language-yaml"]) symlinkSync(join(engine, b), join(bin, b));
    path = [bin, dirname(join(repoRoot, SEA_FILE))].join(":");
  });
  afterAll(async () => {
    for (const p of projects) await p.dispose();
    rmSync(bin, { recursive: true, force: true });
    await emu?.close();
  });

  /** A project of examples/yaml whose Pulumi.yaml names `pluginDir`, every command run with PATH=`path`. */
  async function project(name: string, pluginDir: string): Promise<CliProject> {
    const p = await cliProject(name, "yaml", emulatorConfig(emu), { env: { PATH: path } });
    projects.push(p);
    const yaml = readFileSync(join(repoRoot, "examples", "yaml", "Pulumi.yaml"), "utf8");
    writeFileSync(
      join(p.dir, "Pulumi.yaml"),
      `${yaml.replace(/^name: .*$/m, `name: ${name}`)}plugins:\n  providers:\n    - name: chat\n      path: ${pluginDir}\n`,
    );
    return p;
  }

  it("has no node on that PATH", async () => {
    await expect(run("/bin/sh", ["-c", "command -v node"], { env: { PATH: path } })).rejects.toThrow();
    await expect(run("/bin/sh", ["-c", "command -v pulumi"], { env: { PATH: path } })).resolves.toBeTruthy();
  });

  it("runs examples/yaml with the executable: up, a no-change preview, destroy", async () => {
    const p = await project("sea-yaml", dirname(join(repoRoot, SEA_FILE)));
    expect(await p.pulumi(["up", "--yes"])).toMatch(/\+ 7 created/);
    const app = (emu.admin.dump() as { apps: Record<string, AppDump> }).apps[emu.appId] as AppDump;
    expect(app.users.ada).toMatchObject({ name: "Ada", role: "agents" });
    expect(app.groups.desk?.members).toMatchObject({
      ada: { scope: "admin" },
      grace: { scope: "participant" },
    });
    await p.pulumi(["preview", "--expect-no-changes"]);
    expect(await p.pulumi(["destroy", "--yes", "--skip-preview"])).toMatch(/- 7 deleted/);
    const after = (emu.admin.dump() as { apps: Record<string, AppDump> }).apps[emu.appId] as AppDump;
    expect([after.users.ada, after.groups.desk]).toEqual([undefined, undefined]);
    const printed = p.printed.join("\n");
    for (const s of [emu.connection.apiKey, emu.managementConnection.secret])
      expect(printed).not.toContain(s);
  });

  it("the one-file bundle (a Node script) does not start on that PATH", async () => {
    const p = await project("bundle-yaml", PLUGIN_DIR);
    const out = await p.pulumi(["preview"], { allowFailure: true });
    // exit status 127: `#!/usr/bin/env node` finds no node.
    expect(out).toMatch(/could not read plugin \[[^\]]*pulumi-resource-chat\]: exit status 127/);
    expect(out).not.toMatch(/\+ 7 to create/);
  });
});

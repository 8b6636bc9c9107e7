// The Environment component served by the `chat` plugin (issue 32 item 5): a Pulumi YAML program declares a
// whole environment from its file, or from the same content inline, through up, a no-change preview and
// destroy on the real engine; its children are the plugin's own resources, its secrets stay secret. And a
// seed file declared by `SeedData` with the file alone, as a program without `seedData` does.
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { type Emulated, emulatorConfig, startEmulated } from "../support/emulator";
import { type CliProject, cliProject } from "./support/cli-project";

const GIPHY_KEY = "env-plugin-giphy-61";

const FILE = `
app:
  create: { name: yaml-environment, region: eu }
roles:
  - { role: moderators, name: Moderators, restrictedFeatures: [u.deleteGroup] }
users:
  - { uid: alice, name: Alice, role: moderators }
  - { uid: bob, name: Bob }
groups:
  - guid: general
    name: General
    members: { admins: [alice], participants: [bob] }
apiKeys:
  - { name: ci, scope: authOnly }
webhooks:
  - id: events
    name: Events
    url: https://hooks.example.com/chat
    basicAuth: { username: hooks }
    triggers: [message_sent]
extensions:
  - extension: gifs-giphy
    secrets: { giphyApiKey: { secret: giphy-api-key } }
seed: { users: seed/users.csv, buckets: 2 }
`;

const PROGRAM = `
resources:
  env:
    type: chat:index:Environment
    properties:
      file: chat-environment.yaml
outputs:
  appId: \${env.appId}
  keys: \${env.apiKeyValues}
  hookPasswords: \${env.webhookBasicAuthPasswords}
`;

describe("the Environment component from the plugin", () => {
  let emu: Emulated;
  const projects: CliProject[] = [];

  beforeAll(async () => {
    emu = await startEmulated();
  });
  afterAll(async () => {
    for (const p of projects) await p.dispose();
    await emu?.close();
  });

  it("provisions an environment file from Pulumi YAML: up, a no-change preview, destroy, no secret printed", async () => {
    const p = await cliProject("yaml-environment", "yaml", emulatorConfig(emu));
    projects.push(p);
    writeFileSync(join(p.dir, "chat-environment.yaml"), FILE);
    seedFiles(p.dir);
    p.write(PROGRAM);
    await p.pulumi(["config", "set", "--secret", "giphy-api-key", GIPHY_KEY]);

    const up = await p.pulumi(["up", "--yes"]);
    expect(up).toMatch(/chat:index:Environment/);
    const outputs = JSON.parse(await p.pulumi(["stack", "output", "--json"])) as Record<string, unknown>;
    expect([outputs.keys, outputs.hookPasswords]).toEqual(["[secret]", "[secret]"]);
    const appId = String(outputs.appId);
    // Asked for on purpose: this one command's answer is left out of the scan below.
    const asked = p.printed.length;
    const shown = JSON.parse(await p.pulumi(["stack", "output", "--json", "--show-secrets"])) as {
      keys: Record<string, string>;
      hookPasswords: Record<string, string>;
    };
    p.printed.splice(asked);
    expect(Object.keys(shown.keys)).toEqual(["ci"]);
    expect(Object.keys(shown.hookPasswords)).toEqual(["events"]);

    // The objects are in the new app, made by the plugin's own resources under the component.
    const dump = emu.admin.dump() as {
      apps: Record<string, { users: Record<string, { role: string }>; groups: Record<string, unknown> }>;
    };
    const app = dump.apps[appId];
    // The declared users and the seeded ones (seed: section).
    expect(Object.keys(app?.users ?? {}).sort()).toEqual(["alice", "bob", "cleo", "dan"]);
    expect(app?.users.alice?.role).toBe("moderators");
    expect(Object.keys(app?.groups ?? {})).toEqual(["general"]);
    const resources = JSON.parse(await p.pulumi(["stack", "export"])) as {
      deployment: { resources: { type: string; parent?: string }[] };
    };
    const types = resources.deployment.resources.map((r) => r.type);
    expect(types).toEqual(
      expect.arrayContaining([
        "chat:index:Environment",
        "chat:index:User",
        "chat:index:Group",
        "chat:index:SeedData",
      ]),
    );
    expect(types.filter((t) => t.startsWith("pulumi-nodejs:dynamic"))).toEqual([]);

    await p.pulumi(["preview", "--expect-no-changes"]);

    // The same content inline (`spec`) is the same environment: nothing to do.
    p.write(PROGRAM.replace("file: chat-environment.yaml", `spec:\n${indent(FILE, 8)}`));
    await p.pulumi(["preview", "--expect-no-changes"]);

    await p.pulumi(["destroy", "--yes", "--skip-preview"]);
    const apps = await emu.mgmt.call("listApps", {});
    expect(JSON.stringify(apps.data)).not.toContain(appId);

    const printed = p.printed.join("\n");
    for (const secret of [
      GIPHY_KEY,
      emu.connection.apiKey,
      ...Object.values(shown.keys),
      ...Object.values(shown.hookPasswords),
    ])
      expect(printed.split(secret).length - 1).toBe(0);
  });

  it("names the rule a bad environment breaks, before anything is made", async () => {
    const p = await cliProject("yaml-environment-bad", "yaml", emulatorConfig(emu));
    projects.push(p);
    writeFileSync(join(p.dir, "chat-environment.yaml"), FILE.replace("role: moderators }", "role: nobody }"));
    seedFiles(p.dir);
    p.write(PROGRAM);
    await p.pulumi(["config", "set", "--secret", "giphy-api-key", GIPHY_KEY]);
    const out = await p.pulumi(["preview"], { allowFailure: true });
    expect(out).toMatch(/nobody/);
    expect(out).not.toMatch(/\n\s+at .*\.js:\d+/); // one clean error, no stack trace
  });
  it("seeds a file from Pulumi YAML with SeedData naming the file alone: the plan names the changed row", async () => {
    const p = await cliProject("yaml-seed-alone", "yaml", emulatorConfig(emu));
    projects.push(p);
    seedFiles(p.dir);
    p.write(`
resources:
  people:
    type: chat:index:SeedData
    properties:
      entity: users
      file: seed/users.csv
outputs:
  count: \${people.count}
`);
    const appId = emu.credentials.app?.appId ?? "";
    const users = () =>
      (emu.admin.dump() as { apps: Record<string, { users: Record<string, { name: string }> }> }).apps[appId]
        ?.users ?? {};
    await p.pulumi(["up", "--yes"]);
    expect(await p.pulumi(["stack", "output", "count"])).toMatch(/^2\s*$/);
    expect([users().cleo?.name, users().dan?.name]).toEqual(["Cleo", "Dan"]);
    await p.pulumi(["preview", "--expect-no-changes"]);

    // The provider reads the file again at each preview: the changed row, and its field, are in the plan.
    writeFileSync(join(p.dir, "seed", "users.csv"), "uid,name\ncleo,Cleo\ndan,Daniel\n");
    const plan = await p.pulumi(["preview", "--diff"]);
    expect(plan).toMatch(/~ dan\s*: .*name=[0-9a-f]{4}" => ".*name=[0-9a-f]{4}/);
    expect(plan).not.toMatch(/[~+-] cleo\s*:/);
    await p.pulumi(["up", "--yes"]);
    expect(users().dan?.name).toBe("Daniel");
    await p.pulumi(["preview", "--expect-no-changes"]);

    await p.pulumi(["destroy", "--yes", "--skip-preview"]);
    expect([users().cleo, users().dan]).toEqual([undefined, undefined]);
  });
});

/** The seed files FILE names, next to it. */
function seedFiles(dir: string): void {
  mkdirSync(join(dir, "seed"), { recursive: true });
  writeFileSync(join(dir, "seed", "users.csv"), "uid,name\ncleo,Cleo\ndan,Dan\n");
}

const indent = (text: string, n: number) =>
  text
    .trim()
    .split("\n")
    .map((l) => `${" ".repeat(n)}${l}`)
    .join("\n");

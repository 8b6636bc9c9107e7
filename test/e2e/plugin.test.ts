import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { parse, stringify } from "yaml";
import { setStackConfig } from "../../provider/client/config";
import type { Kind } from "../../provider/engine/kind";
import { chatPlugin } from "../../provider/hosts/plugin/provider";
import { kinds } from "../../provider/kinds";
import { type Emulated, emulatorConfig, startEmulated } from "../support/emulator";
import { cases, withIds } from "../support/kinds";
import { type CliProject, cliProject } from "./support/cli-project";

const HOOK_PASSWORD = "yamlHookPassword71";
const GIPHY_KEY = "yaml-giphy-key-72";

/** The environment the issue names, in Pulumi YAML: a new app and, inside it, what a team declares. */
const ENVIRONMENT = `
config:
  hookPassword:
    type: string
    secret: true
  giphyKey:
    type: string
    secret: true
resources:
  app:
    type: chat:index:App
    properties:
      name: yaml-env-app
      region: eu
      skipSampleData: true
  moderators:
    type: chat:index:Role
    properties:
      role: moderators
      name: Moderators
      connection: \${app.connection}
  alice:
    type: chat:index:User
    properties:
      uid: alice
      name: Alice
      role: \${moderators.role}
      connection: \${app.connection}
  # An explicit provider for the new app: its resources need no connection of their own.
  appProvider:
    type: pulumi:providers:chat
    properties:
      appId: \${app.appId}
      region: eu
      apiKey: \${app.apiKey}
      endpoint: \${app.connection.endpoint}
  bob:
    type: chat:index:User
    properties:
      uid: bob
      name: Bob
    options:
      provider: \${appProvider}
  team:
    type: chat:index:Group
    properties:
      guid: team
      name: Team
      owner: \${alice.uid}
      connection: \${app.connection}
  members:
    type: chat:index:GroupMembers
    properties:
      guid: \${team.guid}
      admins:
        - \${alice.uid}
      participants:
        - \${bob.uid}
      connection: \${app.connection}
  ciKey:
    type: chat:index:ApiKey
    properties:
      name: ci
      scope: authOnly
    options:
      provider: \${appProvider}
  hook:
    type: chat:index:Webhook
    properties:
      appId: \${app.appId}
      webhookId: alerts
      name: Alerts
      webhookURL: https://hooks.example.com/alerts
      useBasicAuth: true
      username: ci
      password: \${hookPassword}
  triggers:
    type: chat:index:WebhookTriggers
    properties:
      appId: \${app.appId}
      webhookId: \${hook.webhookId}
      triggers:
        - message_sent
        - group_member_added
  giphy:
    type: chat:index:Extension
    properties:
      appId: \${app.appId}
      extension: gifs-giphy
      secrets:
        giphyApiKey: \${giphyKey}
outputs:
  appId: \${app.appId}
  ciKey: \${ciKey.apiKey}
  members: \${members.participants}
`;

/** The step of each resource a `pulumi preview --json` plans, by name. */
function steps(json: string): Record<string, string> {
  const plan = JSON.parse(json) as { steps?: { op: string; urn: string }[] };
  const out: Record<string, string> = {};
  for (const s of plan.steps ?? [])
    if (!s.urn.includes("pulumi:pulumi:Stack")) out[s.urn.split("::").pop() ?? ""] = s.op;
  return out;
}

describe("the chat plugin on the real engine", () => {
  let emu: Emulated;
  const projects: CliProject[] = [];
  /** Secret values the stacks hold: none may be printed. */
  const secrets: string[] = [HOOK_PASSWORD, GIPHY_KEY];

  beforeAll(async () => {
    emu = await startEmulated();
    secrets.push(emu.connection.apiKey, emu.managementConnection.secret);
  });
  afterAll(async () => {
    for (const p of projects) await p.dispose();
    await emu?.close();
  });

  it("runs a Pulumi YAML environment: up, a no-change preview, drift shown by refresh and reverted by up, destroy", async () => {
    const p = await cliProject("yaml-env", "yaml", emulatorConfig(emu));
    projects.push(p);
    p.write(ENVIRONMENT);
    await p.pulumi(["config", "set", "--secret", "hookPassword", HOOK_PASSWORD]);
    await p.pulumi(["config", "set", "--secret", "giphyKey", GIPHY_KEY]);

    const up = await p.pulumi(["up", "--yes"]);
    expect(up).toMatch(/\+ 12 created/);
    const outputs = JSON.parse(await p.pulumi(["stack", "output", "--json"])) as Record<string, unknown>;
    expect(outputs.ciKey).toBe("[secret]");
    expect(outputs.members).toEqual(["bob"]);
    await p.pulumi(["preview", "--expect-no-changes"]);
    // A refresh right after finds nothing changed: no field the service fills in by default shows as drift.
    await p.pulumi(["refresh", "--yes", "--expect-no-changes"]);
    // bob and the key are in the new app (the explicit provider's), not in the configured one.
    const dump = emu.admin.dump() as {
      apps: Record<string, { users: Record<string, unknown>; apiKeys: Record<string, { name: string }> }>;
    };
    const newApp = dump.apps[String(outputs.appId)];
    expect(Object.keys(newApp?.users ?? {}).sort()).toEqual(["alice", "bob"]);
    expect(Object.values(newApp?.apiKeys ?? {}).map((k) => k.name)).toContain("ci");
    secrets.push(...Object.keys(newApp?.apiKeys ?? {})); // the new app's keys, by value: never printed

    // Someone renames the webhook in the dashboard: refresh shows it, the next up puts it back.
    const appId = String(outputs.appId);
    await emu.mgmt.call("updateWebhook", {
      params: { appId, webhookId: "alerts" },
      body: { name: "Renamed" },
    });
    const refresh = await p.pulumi(["refresh", "--yes", "--diff"]);
    expect(refresh).toMatch(/name\s*: "Alerts" => "Renamed"/);
    expect(steps(await p.pulumi(["preview", "--json"]))).toMatchObject({ hook: "update" });
    await p.pulumi(["up", "--yes"]);
    const hook = await emu.mgmt.call("getWebhook", { params: { appId, webhookId: "alerts" } });
    expect(hook.data.name).toBe("Alerts");
    await p.pulumi(["preview", "--expect-no-changes"]);

    const destroy = await p.pulumi(["destroy", "--yes", "--skip-preview"]);
    expect(destroy).toMatch(/- 12 deleted/);
    const apps = await emu.mgmt.call("listApps", {});
    expect(JSON.stringify(apps.data)).not.toContain(appId);
  });

  it("imports every kind by id with `pulumi import`: the code it writes previews with no changes", async () => {
    const config = emulatorConfig(emu);
    setStackConfig((key) => config[key]?.value);
    // One object of every kind, made outside the stack (here through the provider itself).
    const made: { type: string; name: string; id: string; kind: Kind; set: Record<string, unknown> }[] = [];
    const ids = new Map<string, string>();
    for (const c of cases(emu.appId)) {
      const urn = `urn:pulumi:dev::imports::chat:index:${c.kind}::${c.name}`;
      const checked = await chatPlugin.check(urn, {}, withIds(c.set, (n) => ids.get(n)) as never);
      expect(checked.failures).toEqual([]);
      const { id } = await chatPlugin.create(urn, checked.inputs);
      ids.set(c.name, id);
      const kind = kinds[c.kind] as unknown as Kind;
      made.push({ type: `chat:index:${c.kind}`, name: c.name, id, kind, set: c.set });
      for (const k of kind.secrets ?? []) secrets.push(...leaves(c.set[k]));
    }
    setStackConfig(() => undefined);

    const p = await cliProject("imports", "yaml", config);
    projects.push(p);
    // Every kind imports, MCP servers too (the API reads them by slug).
    const importable = made;
    const file = join(p.dir, "import.json");
    writeFileSync(
      file,
      JSON.stringify({ resources: importable.map((m) => ({ type: m.type, name: m.name, id: m.id })) }),
    );
    const out = join(p.dir, "imported.yaml");
    const imported = await p.pulumi(["import", "--file", file, "--yes", "--protect=false", "--out", out]);
    expect(imported).toContain(`= ${importable.length} imported`);

    // The written code holds no secret (a required one is a placeholder): the program adds them, as from
    // secret config.
    const written = readFileSync(out, "utf8");
    for (const s of secrets) expect(written).not.toContain(s);
    const code = parse(written) as {
      resources: Record<string, { properties?: Record<string, unknown> }>;
    };
    expect(Object.keys(code.resources).sort()).toEqual(importable.map((m) => m.name).sort());
    const withSecrets: string[] = [];
    for (const m of importable) {
      const declared = code.resources[m.name]?.properties ?? {};
      for (const k of m.kind.secrets ?? []) {
        if (!(k in m.set)) continue;
        declared[k] = { "fn::secret": m.set[k] };
        withSecrets.push(m.name);
      }
      if (code.resources[m.name])
        code.resources[m.name] = { ...code.resources[m.name], properties: declared };
    }
    p.write(stringify(code));
    const plan = steps(await p.pulumi(["preview", "--json"]));
    for (const m of importable) plan[m.name] ??= "same"; // the plan lists only what it would act on
    // Secrets the service returns compare equal; those it never returns (passwords, credentials) are written
    // by the first up, in place. Nothing is replaced, made or deleted.
    for (const m of importable)
      expect([m.name, plan[m.name]]).toEqual([
        m.name,
        withSecrets.includes(m.name) ? expect.stringMatching(/^(same|update)$/) : "same",
      ]);
    await p.pulumi(["up", "--yes"]);
    await p.pulumi(["preview", "--expect-no-changes"]);
    // refresh reconciles the inputs with the service: nothing moved, so nothing to change after it either.
    await p.pulumi(["refresh", "--yes"]);
    await p.pulumi(["preview", "--expect-no-changes"]);
  });

  it("prints no secret the stacks hold, in any line of any command", () => {
    const printed = projects.flatMap((p) => p.printed).join("\n");
    for (const s of secrets.filter((x) => x.length >= 8)) expect(printed).not.toContain(s);
  });
});

/** The text values inside `v` (a secret argument's parts). */
function leaves(v: unknown): string[] {
  if (typeof v === "string") return [v];
  if (typeof v === "object" && v !== null) return Object.values(v).flatMap(leaves);
  return [];
}

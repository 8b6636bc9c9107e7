// Mistakes in an environment file, on the real engine: each fails the preview with the one-line format
// (`file:line:column: path: rule`), naming the place, and the emulator records no write (issue 43).
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DEMO_SECRETS } from "../../scripts/demo-secrets";
import { emulatorConfig } from "../support/emulator";
import { CLASSES, mutations } from "../support/mutations";
import { cliProject } from "./support/cli-project";
import { type EmulatedStack, emulatedStack } from "./support/emulated";
import { repoRoot } from "./support/stack";

const PROGRAM = join(__dirname, "programs", "seed-environment");

describe("mistakes in an environment file, at preview", () => {
  let t: EmulatedStack;
  let dir: string;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), "env-mistakes-e2e-"));
    cpSync(join(repoRoot, "seed"), join(dir, "seed"), { recursive: true });
    t = await emulatedStack(PROGRAM, "env-mistakes");
  });
  afterAll(async () => {
    await t?.dispose();
    rmSync(dir, { recursive: true, force: true });
  });

  /** Previews `text` as the stack's environment file: the error's message; nothing may be written. */
  async function refused(text: string): Promise<string> {
    const file = join(dir, "chat-environment.yaml");
    writeFileSync(file, text);
    await t.stack.setConfig("e2e:file", { value: file });
    t.emu.admin.clearRequests();
    const message = await t.stack.preview().then(
      () => "",
      (e: unknown) => (e instanceof Error ? e.message : String(e)),
    );
    expect(t.emu.admin.requests().filter((r) => r.method !== "GET")).toEqual([]);
    return message;
  }

  // The corpus's first mutation of each class (test/support/mutations.ts), with the repository's secret values.
  const VALID = readFileSync(join(repoRoot, "chat-environment.yaml"), "utf8");
  const sample = CLASSES.map((c) => mutations(VALID).find((m) => m.class === c));
  const setSecrets = async (config: Record<string, string | undefined> = {}) => {
    for (const [key, v] of Object.entries(DEMO_SECRETS)) {
      const name = key.split(":")[1] as string;
      if (name in config && config[name] === undefined) await t.stack.removeConfig(name);
      else await t.stack.setConfig(name, { value: config[name] ?? v.value, secret: true });
    }
  };

  it("previews the file the mutations start from", async () => {
    await setSecrets();
    expect(await refused(VALID)).toBe("");
  });

  it.each(sample.map((m) => [m?.class ?? "", m] as const))(
    "%s: refused at preview, nothing written",
    async (_, m) => {
      if (!m) throw new Error("no mutation of the class");
      await setSecrets(m.config);
      const said = await refused(m.text);
      const at = m.path.reduce<string>(
        (s, p) => (typeof p === "number" ? `${s}[${p}]` : s ? `${s}.${p}` : String(p)),
        "",
      );
      expect(said).toMatch(/the declared environment is not valid:\n/);
      const lines = said.split("\n").filter((l) => /^chat-environment\.yaml:\d+:\d+: /.test(l.trim()));
      // One problem (Pulumi may print the message more than once).
      expect(new Set(lines).size).toBe(1);
      expect(lines[0]?.trim()).toMatch(
        new RegExp(
          `^chat-environment\\.yaml:\\d+:\\d+: ${at.replace(/[.[\]]/g, "\\$&")}(\\.\\w+)?( \\(config [^)]+\\))?: \\S`,
        ),
      );
    },
  );

  // One of each class the preview once said late, apart or not at all: a misspelt tool, a banned member, a
  // missing certificate, a secret key not set beside schema problems, a group the app does not hold.
  const MANY = `app: { existing: true }
users:
  - { uid: ann, name: Ann, rolee: x }
groups:
  - { guid: sales, name: Sales, type: public, members: { participants: [ann] } }
groupBans:
  - { guid: sales, uids: [ann] }
  - { guid: suport, uids: [] }
aiAgents:
  - name: helper
    tools: [gmail]
    toolActions: { gmial: [GMAIL_SEND_EMAIL] }
    toolConnections: { gmail: { secret: gmail-conn } }
notifications:
  push:
    certificates:
      - { type: p8, path: no-such-key.p8 }
`;
  const PROBLEMS = [
    'chat-environment.yaml:3:28: users[0].rolee: no such field (did you mean "role"?)',
    'chat-environment.yaml:7:27: groupBans[0].uids[0]: user "ann" is banned from group "sales" and declared its member: the service refuses to add a banned user (ERR_BANNED_GROUPMEMBER) and a ban removes a member; keep one of the two (see chat-environment.yaml:5:73: groups[0].members.participants[0])',
    'chat-environment.yaml:8:7: groupBans[1].guid: guid "suport" is neither declared in groups nor in the app',
    'chat-environment.yaml:12:20: aiAgents[0].toolActions.gmial: toolActions names the tool "gmial", which tools does not hold (did you mean "gmail"?)',
    "chat-environment.yaml:13:24: aiAgents[0].toolConnections.gmail (config seed-environment:gmail-conn): is not set: pulumi config set --secret gmail-conn <value>",
    "chat-environment.yaml:17:21: notifications.push.certificates[0].path: cannot read the file no-such-key.p8",
  ];
  /** The lines of the preview's Diagnostics, from the one after "Diagnostics:", trimmed, up to a blank one. */
  const diagnostics = (out: string) => {
    const lines = out.split("\n");
    const from = lines.findIndex((l) => l.trim() === "Diagnostics:") + 1;
    const to = lines.findIndex((l, i) => i > from && l.trim() === "");
    return lines.slice(from, to).map((l) => l.trim());
  };

  it("says every problem of a file at once, the error reading as the problems only", async () => {
    await t.stack.removeConfig("gmail-conn").catch(() => undefined);
    const said = await refused(MANY);
    expect(diagnostics(said)).toEqual([
      "pulumi:pulumi:Stack (seed-environment-env-mistakes):",
      "error: the declared environment is not valid:",
      ...PROBLEMS,
    ]);
    expect(said).not.toContain("error serializing property");
    expect(said).not.toContain("PromiseRejectionHandledWarning");
  });

  it("says them the same way through the plugin, once (a Pulumi YAML program)", async () => {
    const p = await cliProject("yaml-env-many", "yaml", emulatorConfig(t.emu));
    try {
      writeFileSync(join(p.dir, "chat-environment.yaml"), MANY);
      p.write(
        "resources:\n  env:\n    type: chat:index:Environment\n    properties:\n      file: chat-environment.yaml\n",
      );
      t.emu.admin.clearRequests();
      const out = await p.pulumi(["preview"], { allowFailure: true });
      // The YAML runtime names the resource whose construct failed; the rest is the problems, said once.
      expect(diagnostics(out)).toEqual([
        "pulumi:pulumi:Stack (yaml-env-many-dev):",
        "error: chat:index:Environment resource 'env' has a problem: the declared environment is not valid:",
        ...PROBLEMS.map((l) => l.replace("seed-environment:", "yaml-env-many:")),
      ]);
      expect(out).not.toContain("error serializing property");
      expect(out).not.toContain("PromiseRejectionHandledWarning");
      expect(t.emu.admin.requests().filter((r) => r.method !== "GET")).toEqual([]);
    } finally {
      await p.dispose();
    }
  });

  it("refuses a secret config value its field does not take, naming the key and never the value", async () => {
    await t.stack.setConfig("hook-password", { value: "has-a-hyphen", secret: true });
    const said = await refused(`app: { existing: true }
webhooks:
  - id: orders
    name: Orders
    url: "https://hooks.example.com/orders"
    basicAuth: { username: hooks, password: { secret: hook-password } }
`);
    expect(said).toContain(
      "chat-environment.yaml:6:35: webhooks[0].basicAuth.password (config seed-environment:hook-password): may contain only letters and digits",
    );
    expect(said).not.toContain("has-a-hyphen");
  });
});

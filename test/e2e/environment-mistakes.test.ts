// Mistakes in an environment file, on the real engine: each fails the preview with the one-line format
// (`file:line:column: path: rule`), naming the place, and the emulator records no write (issue 43).
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DEMO_SECRETS } from "../../scripts/demo-secrets";
import { CLASSES, mutations } from "../support/mutations";
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

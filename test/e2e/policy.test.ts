// The policy pack (provider/policy, docs/guide/policies.md) on the real engine against the emulator: a
// TypeScript program and a YAML program (the chat plugin) that break each rule fail their preview, naming the
// resource and the rule; kept within the rules they pass; each rule's enforcement level is configurable.
import { execFile } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { RULES } from "../../provider/policy/rules";
import { type Emulated, emulatorConfig, startEmulated } from "../support/emulator";
import { type CliProject, cliProject } from "./support/cli-project";
import { localStack, repoRoot, type TestStack } from "./support/stack";

const run = promisify(execFile);
/** The compiled pack, as the package ships it (dist/provider/policy). */
const PACK = join(repoRoot, "dist", "provider", "policy");
const HOOK_PASSWORD = "policyHookPassword93";

/** A --policy-pack-config file: per rule, its enforcement level and config. */
function packConfig(config: Record<string, Record<string, unknown>>): string {
  const file = join(mkdtempSync(join(tmpdir(), "pulumi-chat-policy-config-")), "policy-config.json");
  writeFileSync(file, JSON.stringify(config));
  return file;
}

/** The violations a preview printed: [rule, resource name] pairs, from its "Policies:" section. */
function violations(printed: string): [string, string][] {
  const out: [string, string][] = [];
  for (const m of printed.matchAll(/- \[(?:mandatory|advisory)\]\s+(chat-[a-z0-9-]+)\s+\(([^)]+)\)/g))
    out.push([m[1] ?? "", (m[2] ?? "").split(": ").pop() ?? ""]);
  return out.sort();
}

/** The YAML twin of programs/policy: the rules listed in `breaks` broken, the others kept. */
function yamlProgram(breaks: number[]): string {
  const b = new Set(breaks);
  return `
config:
  hookPassword:
    type: string
resources:
  adminKey:
    type: chat:index:ApiKey
    properties:
      name: admin
      scope: ${b.has(1) ? "fullAccess" : "authOnly"}
  alerts:
    type: chat:index:Webhook
    properties:
      webhookId: alerts
      name: Alerts
      webhookURL: ${b.has(2) ? "http" : "https"}://hooks.example.com/alerts
      useBasicAuth: ${!b.has(2)}
      username: ci
      password: \${${b.has(5) ? "hookPassword" : "secretPassword"}}
${b.has(3) ? "" : "      version: 2\n"}${
  b.has(4)
    ? ""
    : `  noSpam:
    type: chat:index:ModerationRule
    properties:
      ruleId: no-spam
      name: No spam
      enabled: true
      action: [blockMessage]
      conditions:
        - operand: text
          category: word
          isListReferencePresent: false
          value: [spam]
`
}  helper:
    type: chat:index:AiAgent
    properties:
      name: helper
      instructions: Be brief.
${b.has(6) ? "      mcpServers: [docs-search]\n" : ""}variables:
  secretPassword:
    fn::secret: \${hookPassword}
outputs:
  adminKey: \${adminKey.apiKey}
`;
}

describe("the policy pack on the real engine", () => {
  let emu: Emulated;
  beforeAll(async () => {
    emu = await startEmulated();
  });
  afterAll(async () => {
    await emu?.close();
  });

  describe("a TypeScript program", () => {
    let t: TestStack;
    /** `pulumi <args>` in the program's folder on its stack; the exit code and everything printed. */
    const pulumi = async (args: string[]): Promise<{ code: number; printed: string }> => {
      try {
        const r = await run("pulumi", ["--non-interactive", ...args, "--stack", t.stack.name], {
          cwd: t.stack.workspace.workDir,
          env: { ...process.env, ...t.stack.workspace.envVars, NO_COLOR: "1" },
          maxBuffer: 64 * 1024 * 1024,
        });
        return { code: 0, printed: `${r.stdout}${r.stderr}` };
      } catch (e) {
        const {
          code = 1,
          stdout = "",
          stderr = "",
        } = e as { code?: number; stdout?: string; stderr?: string };
        return { code, printed: `${stdout}${stderr}` };
      }
    };
    const breaking = (rules: number[]) => t.stack.setConfig("policy:break", { value: rules.join(",") });
    /** The stack counts as production through the policies' `productionStacks` (the YAML test uses the tag). */
    let PRODUCTION: string;

    beforeAll(async () => {
      t = await localStack(join(__dirname, "programs", "policy"), "policy-ts");
      await t.stack.setAllConfig({ ...emulatorConfig(emu), "policy:hookPassword": { value: HOOK_PASSWORD } });
      PRODUCTION = packConfig({
        [RULES.productionModeration]: { productionStacks: ["policy-ts"] },
        [RULES.productionAgentTools]: { productionStacks: ["policy-ts"] },
      });
    });
    afterAll(async () => {
      await t?.dispose();
    });

    // A mandatory violation stops the preview where it is found, so each rule is broken alone.
    it.each([
      [
        2,
        [
          [RULES.webhookHttpsBasicAuth, "alerts"],
          [RULES.webhookHttpsBasicAuth, "alerts"],
        ],
      ],
      [3, [[RULES.newWebhookVersion, "alerts"]]],
      [4, [[RULES.productionModeration, "policy-e2e-policy-ts"]]],
      [6, [[RULES.productionAgentTools, "helper"]]],
    ])(
      "fails the preview of a new stack breaking rule %i, naming the resource and the rule",
      async (rule, expected) => {
        await breaking([rule]);
        const r = await pulumi(["preview", "--policy-pack", PACK, "--policy-pack-config", PRODUCTION]);
        expect({ failed: r.code !== 0, violations: violations(r.printed) }).toEqual({
          failed: true,
          violations: expected,
        });
      },
    );

    it("holds rule 5 in TypeScript even from plain config: the SDK wraps every x-secret argument", async () => {
      await breaking([5]);
      const r = await pulumi(["preview", "--policy-pack", PACK, "--policy-pack-config", PRODUCTION]);
      expect(r.printed).not.toContain(HOOK_PASSWORD);
      expect({ failed: r.code !== 0, violations: violations(r.printed) }).toEqual({
        failed: false,
        violations: [],
      });
    });

    it("passes the preview of the same stack kept within the rules", async () => {
      await breaking([]);
      const r = await pulumi(["preview", "--policy-pack", PACK, "--policy-pack-config", PRODUCTION]);
      expect({ failed: r.code !== 0, violations: violations(r.printed) }).toEqual({
        failed: false,
        violations: [],
      });
    });

    it("fails once a full-access key is exported, inside any text; version-1 webhooks pass only in a legacy stack", async () => {
      await breaking([1, 3]);
      const up = await pulumi(["up", "--yes", "--skip-preview"]);
      expect(up.code).toBe(0);
      const legacy = packConfig({ [RULES.newWebhookVersion]: { legacyWebhookStacks: ["policy-ts"] } });
      const r = await pulumi(["preview", "--policy-pack", PACK, "--policy-pack-config", legacy]);
      expect(r.code).not.toBe(0);
      // The program exports the key itself and a header holding it ("Bearer <key>").
      expect(violations(r.printed)).toEqual([
        [RULES.fullAccessKeyOutput, "adminKey"],
        [RULES.fullAccessKeyOutput, "adminKey"],
      ]);
      expect(r.printed).toMatch(/stack output 'adminKey' exposes the full-access API key of 'adminKey'/);
      expect(r.printed).toMatch(/stack output 'adminHeader' exposes the full-access API key of 'adminKey'/);
      // The same stack, not listed as legacy, is a new stack: its version-1 webhook fails too.
      const unlisted = await pulumi(["preview", "--policy-pack", PACK]);
      expect(violations(unlisted.printed)).toContainEqual([RULES.newWebhookVersion, "alerts"]);
    });

    it("keeps a legacy stack's version-1 webhook clean when it is changed in place", async () => {
      await breaking([3]);
      await pulumi(["up", "--yes", "--skip-preview"]);
      await t.stack.setConfig("policy:webhookName", { value: "Alerts renamed" });
      const legacy = packConfig({
        [RULES.newWebhookVersion]: { legacyWebhookStacks: ["policy-e2e/policy-ts"] },
      });
      const r = await pulumi(["preview", "--policy-pack", PACK, "--policy-pack-config", legacy]);
      await t.stack.removeConfig("policy:webhookName");
      expect(r.printed).toMatch(/~ .*alerts/);
      expect({ failed: r.code !== 0, violations: violations(r.printed) }).toEqual({
        failed: false,
        violations: [],
      });
    });

    it("takes each rule's enforcement level from the pack's config: advisory passes, disabled is silent", async () => {
      await breaking([1]);
      // The key has its full access once it exists: the rule sees its value from then on (as after its creation).
      expect((await pulumi(["up", "--yes", "--skip-preview"])).code).toBe(0);
      const advisory = await pulumi([
        "preview",
        "--policy-pack",
        PACK,
        "--policy-pack-config",
        packConfig({ [RULES.fullAccessKeyOutput]: { enforcementLevel: "advisory" } }),
      ]);
      expect(advisory.code).toBe(0);
      expect(advisory.printed).toMatch(new RegExp(`\\[advisory\\]\\s+${RULES.fullAccessKeyOutput}`));
      const disabled = await pulumi([
        "preview",
        "--policy-pack",
        PACK,
        "--policy-pack-config",
        packConfig({ [RULES.fullAccessKeyOutput]: { enforcementLevel: "disabled" } }),
      ]);
      expect(disabled.code).toBe(0);
      expect(disabled.printed).not.toContain(RULES.fullAccessKeyOutput);
    });
  });
  describe("a YAML program (the chat plugin)", () => {
    let p: CliProject;
    const preview = async (breaks: number[], config?: Record<string, Record<string, unknown>>) => {
      p.write(yamlProgram(breaks));
      const printed = await p.pulumi(
        ["preview", "--policy-pack", PACK, ...(config ? ["--policy-pack-config", packConfig(config)] : [])],
        { allowFailure: true },
      );
      return { failed: !/^Resources:/m.test(printed) || /error: /.test(printed), printed };
    };

    beforeAll(async () => {
      p = await cliProject("policy-yaml", "yaml", emulatorConfig(emu));
      // Plain, as a careless `pulumi config set` leaves it; the clean variant passes it through fn::secret.
      await p.pulumi(["config", "set", "hookPassword", HOOK_PASSWORD]);
      // This stack is production by its tag (the TypeScript one by the policies' productionStacks).
      await p.pulumi(["stack", "tag", "set", "chat:production", "true"]);
    });
    afterAll(async () => {
      await p?.dispose();
    });

    it.each([
      [
        2,
        [
          [RULES.webhookHttpsBasicAuth, "alerts"],
          [RULES.webhookHttpsBasicAuth, "alerts"],
        ],
      ],
      [3, [[RULES.newWebhookVersion, "alerts"]]],
      [4, [[RULES.productionModeration, "policy-yaml-dev"]]],
      [6, [[RULES.productionAgentTools, "helper"]]],
    ])(
      "fails the preview of a new stack breaking rule %i, naming the resource and the rule",
      async (rule, expected) => {
        const r = await preview([rule]);
        expect({ failed: r.failed, violations: violations(r.printed) }).toEqual({
          failed: true,
          violations: expected,
        });
        expect(r.printed).not.toContain(HOOK_PASSWORD);
      },
    );

    it("holds rule 5 in YAML even from plain config: the plugin's schema marks every x-secret input secret", async () => {
      const r = await preview([5]);
      expect(r.printed).not.toContain(HOOK_PASSWORD);
      expect({ failed: r.failed, violations: violations(r.printed) }).toEqual({
        failed: false,
        violations: [],
      });
    });

    it("passes the preview of the same stack kept within the rules", async () => {
      const r = await preview([]);
      expect({ failed: r.failed, violations: violations(r.printed) }).toEqual({
        failed: false,
        violations: [],
      });
    });

    it("names the provider whose secret setting is plain config (rule 5)", async () => {
      const key = "chat:managementSecret";
      const value = emulatorConfig(emu)[key]?.value ?? "";
      await p.pulumi(["config", "set", "--plaintext", "--", key, value]);
      const r = await preview([]);
      await p.pulumi(["config", "set", "--secret", "--", key, value]);
      expect(r.failed).toBe(true);
      expect(violations(r.printed)).toEqual([
        [RULES.plainSecretArguments, expect.stringMatching(/^default/)],
      ]);
      expect(r.printed).toMatch(/sets the secret argument 'managementSecret' in plain text/);
      expect(r.printed).not.toContain(value);
    });

    it("fails once a full-access key is exported; version-1 webhooks pass in a legacy stack", async () => {
      p.write(yamlProgram([1, 3]));
      await p.pulumi(["up", "--yes", "--skip-preview"]);
      const r = await preview([1, 3], { [RULES.newWebhookVersion]: { legacyWebhookStacks: ["dev"] } });
      expect({ failed: r.failed, violations: violations(r.printed) }).toEqual({
        failed: true,
        violations: [[RULES.fullAccessKeyOutput, "adminKey"]],
      });
    });
  });
});

// Issue 20 on the real engine: for every kind with a secret argument (found in the registry, not listed
// here), a preview with (a) an invalid secret and (b) a valid secret beside an invalid sibling fails naming
// the field and the rule, and nothing the engine prints holds 8 characters in a row of any secret. The
// engine prints `property <p> value <v>` for a failure on a named property, so this is where a leak shows.
import { randomBytes } from "node:crypto";
import { join } from "node:path";
import type { Kind } from "../../provider/engine/kind";
import { kinds } from "../../provider/kinds";
import { type Sample, samples } from "../support/kinds";
import { type EmulatedStack, emulatedStack } from "./support/emulated";
import { leaked } from "./support/leaks";

type Args = Record<string, unknown>;
const secrets: string[] = [];
/** A fresh secret, remembered so the output can be searched for it (a short prefix: no word of a message). */
const secret = (what: string, length = 40) => {
  const s = `${what.slice(0, 4)}${randomBytes(length).toString("hex")}`.slice(0, length);
  secrets.push(s);
  return s;
};

/** Every kind's secret sample (test/support/kinds/<kind>.ts), its secrets drawn here. */
const SAMPLES: Partial<Record<string, Sample>> = samples(secret);

/** The kind's arguments that are secret (kind.secrets also names secret outputs). */
const secretArgs = (k: Kind) => (k.secrets ?? []).filter((s) => s in k.args.shape);
const withSecrets = Object.values(kinds as unknown as Record<string, Kind>).filter(
  (k) => secretArgs(k).length,
);

/** The default bad secret: a string 101 characters long, or an object with a misspelt key holding one. */
function defaultBadSecret(arg: string, value: unknown): [Args, RegExp] {
  if (typeof value === "string")
    return [{ [arg]: secret(arg, 101) }, new RegExp(`${arg} must be at most 100 characters`)];
  const [first] = Object.keys(value as Args);
  const typo = `${first}Typo`;
  return [
    { [arg]: { ...(value as Args), [typo]: secret("typo") } },
    new RegExp(`${arg}\\.${typo} is not a field of .*closest valid: "${first}"`),
  ];
}

interface Case {
  name: string;
  kind: string;
  args: Args;
  rule: RegExp;
}
const cases: Case[] = withSecrets.flatMap((k) => {
  const sample = SAMPLES[k.name];
  if (!sample) return [{ name: `${k.name}: has a sample`, kind: k.name, args: {}, rule: /no sample/ }];
  const valid = sample.valid();
  const [arg = ""] = secretArgs(k);
  const [bad, badRule] = sample.badSecret?.() ?? defaultBadSecret(arg, valid[arg]);
  const [field, value, rule] = sample.sibling;
  return [
    { name: `${k.name}: an invalid ${arg}`, kind: k.name, args: { ...valid, ...bad }, rule: badRule },
    {
      name: `${k.name}: a valid ${arg} beside an invalid ${field}`,
      kind: k.name,
      args: { ...valid, [field]: value },
      rule,
    },
  ];
});
// The credentials every resource takes: a connection's key beside an invalid field of the connection.
cases.push({
  name: "User: a connection's apiKey beside an invalid region",
  kind: "User",
  args: { uid: "ann", name: "Ann", connection: { appId: "app", apiKey: secret("apikey"), region: "mars" } },
  rule: /connection\.region: region "mars" is not valid/,
});

describe("no secret in the engine's output when a preview fails (every kind with a secret)", () => {
  let t: EmulatedStack;
  beforeAll(async () => {
    t = await emulatedStack(join(__dirname, "programs", "secrets"), "secrets");
  });
  afterAll(async () => t?.dispose());

  it("covers every kind of the registry that has a secret argument", () => {
    expect(withSecrets.map((k) => k.name).filter((n) => !SAMPLES[n])).toEqual([]);
    expect(withSecrets.length).toBeGreaterThanOrEqual(10);
  });

  it.each(cases.map((c) => [c.name, c] as const))("%s", async (_name, c) => {
    await t.stack.setConfig("e2e:case", { value: JSON.stringify({ kind: c.kind, args: c.args }) });
    const printed: string[] = [];
    let failure = "";
    try {
      await t.stack.preview({ onOutput: (s) => printed.push(s) });
    } catch (e) {
      const err = e as Error & { commandResult?: { stdout: string; stderr: string } };
      failure = [err.message, err.commandResult?.stdout, err.commandResult?.stderr].join("\n");
    }
    const output = `${printed.join("")}\n${failure}`;
    expect(failure).not.toBe(""); // the preview failed
    expect(output).toMatch(new RegExp(`${c.kind} resource 'subject' has a problem: `));
    expect(output).toMatch(c.rule);
    expect(output).not.toMatch(/property \S+ value/);
    expect(leaked(output, secrets)).toBeUndefined();
  });
});

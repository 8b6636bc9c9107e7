// chat-export and the values the service never gives back: every argument the document marks secret (an
// uploaded certificate, a password, an agent's headers, ...) that an object holds is written as a secret
// config key to set (the file's one convention for secrets), never left out, so that the file cannot be used
// as is without the user being told what to fill. Walks every kind with a secret argument, from its fixture's
// secret sample (an object holding its secrets), as the service lists it: without them.
import {
  entryFrom,
  exportedSecret,
  getPath,
  type SecretPlaceholder,
  secretsOf,
} from "../../provider/environment/entries";
import { FILE_KINDS } from "../../provider/environment/graph";
import { entrySecretProblems } from "../../provider/environment/secret-values";
import { samples } from "../support/kinds";

const SAMPLES = samples((what) => `S3cret${what.replace(/[^A-Za-z0-9]/g, "")}`);
// Extensions are read from the service's catalogue, by hand (test/unit/export.test.ts): not from a listing.
const withSecrets = FILE_KINDS.filter((k) => secretsOf(k).length > 0 && k.name !== "Extension");

/** The sample's arguments as the service lists them: no secret argument (their top-level fields). */
function listed(kindName: string): { given: Record<string, unknown>; read: Record<string, unknown> } {
  const sample = SAMPLES[kindName as keyof typeof SAMPLES];
  if (!sample) throw new Error(`${kindName} has a secret argument and no secret sample`);
  const given = sample.valid();
  const k = withSecrets.find((x) => x.name === kindName);
  // An object of secrets whose fields the kind cannot tell from the others (no `each.may`) is as read: its
  // fields are known only where the service gives them (an API tool's headers).
  const tops = new Set(
    secretsOf(k as never)
      .filter((s) => !s.each || s.each.may)
      .map((s) => s.path.split(".")[0]),
  );
  const read = Object.fromEntries(Object.entries(given).filter(([a]) => !tops.has(a)));
  return { given, read };
}

/** The entry with each secret reference to a key not in `values` deleted, as the header asks. */
function withoutUnheld(value: unknown, values: ReadonlyMap<string, string>): unknown {
  if (value === null || typeof value !== "object" || Array.isArray(value)) return value;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) {
    const key = (v as { secret?: unknown } | null)?.secret;
    if (typeof key === "string" && Object.keys(v as object).length === 1) {
      if (values.has(key)) out[k] = v;
    } else out[k] = withoutUnheld(v, values);
  }
  return out;
}

describe("chat-export: the secrets an object holds", () => {
  it("are looked at for every kind with a secret argument", () => {
    expect(withSecrets.map((k) => k.name)).toEqual(
      expect.arrayContaining(["PushCertificate", "ExternalAgent", "McpServer", "Webhook", "AiAgent"]),
    );
  });

  it.each(withSecrets.map((k) => [k.name, k] as const))(
    "%s: each is written as a secret config key to set, which the file's check asks for until it is set",
    (_, k) => {
      const { given, read } = listed(k.name);
      const placeholders: SecretPlaceholder[] = [];
      const entry = entryFrom(k, read, placeholders) as Record<string, unknown>;
      const held = secretsOf(k).filter((s) => getPath(given, s.path) !== undefined);
      expect(held.length).toBeGreaterThan(0);
      // Each held one named (one key per field of an object of secrets: an agent's tool connections).
      const values = new Map<string, string>();
      const text = (v: unknown) => (typeof v === "string" ? v : JSON.stringify(v));
      for (const s of held) {
        const ref = getPath(entry, s.field);
        const value = getPath(given, s.path);
        const refs = s.each
          ? Object.keys(value as object).map(
              (part) =>
                [(ref as Record<string, unknown>)?.[part], (value as Record<string, unknown>)[part]] as const,
            )
          : [[ref, value] as const];
        for (const [r, v] of refs) {
          expect([s.field, r]).toEqual([s.field, { secret: expect.any(String) }]);
          const key = (r as { secret: string }).secret;
          expect(placeholders.map((p) => p.key)).toContain(key);
          values.set(key, text(v));
        }
      }
      // Not set: the check names each key the entry holds and says how to set it. Each set to the object's
      // value, and those the object does not hold deleted (the header says to): it passes.
      const named = placeholders
        .map((p) => p.key)
        .filter((key) => JSON.stringify(entry).includes(`"${key}"`));
      const unset = entrySecretProblems(k, entry, () => undefined, "app");
      expect(unset.map((p) => p.message)).toEqual(
        named.map((key) => `is not set: pulumi config set --secret ${key} <value>`),
      );
      const filled = withoutUnheld(entry, values) as Record<string, unknown>;
      expect(entrySecretProblems(k, filled, (key) => values.get(key), "app")).toEqual([]);
    },
  );

  it("are named by keys a stack config takes, whatever the object's id holds", () => {
    const agent = FILE_KINDS.find((k) => k.name === "AgentVariable");
    if (!agent) throw new Error("no AgentVariable");
    const [secret] = secretsOf(agent);
    expect(exportedSecret(agent, secret?.path ?? "", "api.key v2").key).toMatch(
      /^[A-Za-z][A-Za-z0-9_-]{0,99}$/,
    );
  });
});

describe("what the header says a tool's connection key holds", () => {
  it("names the agent, the tool and the shape", () => {
    const agent = FILE_KINDS.find((k) => k.name === "AiAgent");
    if (!agent) throw new Error("no AiAgent section");
    expect(exportedSecret(agent, "toolConnections", "Mail helper", "gmail")).toEqual({
      key: "toolConnection-Mail-helper-gmail",
      what: 'the connection settings (a JSON object) of a tool of AI agent "Mail helper": tool "gmail"',
    });
  });
});

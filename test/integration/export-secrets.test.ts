// chat-export's round trip of the values the service never gives back (test/unit/export-secrets.test.ts walks
// the kinds): an app holding an object of each listed kind with a secret argument, made from the kind's
// secret sample, is exported; the written file's preview check names every secret config key it asks for,
// with the command that sets it, and passes once each is set to the object's value (those the object does
// not hold deleted, as the file's header says).
import { getPath, secretsOf } from "../../provider/environment/entries";
import { exportEnvironment } from "../../provider/environment/export";
import { entriesOf, FILE_KINDS } from "../../provider/environment/graph";
import { parseEnvironment, previewCheck } from "../../provider/environment/load";
import { namedSecrets } from "../../provider/environment/secret-values";
import { CrudProvider, type KindName, kinds } from "../../provider/kinds";
import { FAST, useEmulated } from "../support/emulator";
import { samples } from "../support/kinds";

const SAMPLES = samples((what) => `S3cret${what.replace(/[^A-Za-z0-9]/g, "")}`);
// With a section of their own and a listing (extensions are read from the catalogue: test/integration/export.test.ts).
const KINDS = FILE_KINDS.filter((k) => secretsOf(k).length > 0 && k.list && k.file.within === undefined);

/** Deletes the field at `path` of `entry` (an object left empty goes too). */
function deletePath(entry: Record<string, unknown>, path: readonly (string | number)[]): void {
  const [head, ...rest] = path;
  if (head === undefined) return;
  if (rest.length === 0) delete entry[head];
  else {
    const inner = entry[head] as Record<string, unknown>;
    deletePath(inner, rest);
    if (Object.keys(inner).length === 0) delete entry[head];
  }
}

describe("chat-export: the secrets of an app's objects", () => {
  const emu = useEmulated({ clientOptions: FAST });
  /** The secret values the objects were made with, by the top-level argument, per kind. */
  const made = new Map<string, Record<string, unknown>>();

  beforeAll(async () => {
    // What the samples name: the user a bot is.
    await emu()
      .chatClient()
      .call("createUser", { body: { uid: "helper", name: "Helper" } });
    for (const k of KINDS) {
      const valid = SAMPLES[k.name as KindName]?.valid();
      if (!valid) throw new Error(`${k.name} has a secret argument and no secret sample`);
      const p = new CrudProvider(kinds[k.name as KindName] as never);
      const options =
        k.api === "management"
          ? { managementConnection: emu().managementConnection, appId: emu().app.appId }
          : { connection: emu().connection };
      const { inputs, failures } = await p.check({}, { ...valid, ...options });
      if (failures.length > 0) throw new Error(`${k.name}: ${JSON.stringify(failures)}`);
      await p.create(inputs);
      made.set(k.name, valid);
    }
  });

  it("are looked at for the kinds the trial found", () => {
    expect(KINDS.map((k) => k.name)).toEqual(
      expect.arrayContaining(["PushCertificate", "ExternalAgent", "McpServer", "Webhook", "AiAgent"]),
    );
  });

  it("are each written as a key to set: the preview names each, and passes once they are set", async () => {
    const a = emu().app;
    const { yaml, exported } = await exportEnvironment({
      chat: emu().chatClient(),
      management: emu().managementClient(),
      apiKey: a.apiKey,
    });
    const keys = exported.secrets.map((s) => s.key);
    for (const k of ["push-certificate-p12-content", "push-certificate-p12-password"])
      expect(keys).toContain(k);
    for (const s of exported.secrets) expect(yaml).toContain(`pulumi config set --secret ${s.key}`);
    const env = parseEnvironment(yaml, "exported.yaml");

    const unset = previewCheck({ spec: env }, () => undefined, "app").problems;
    expect(unset.map((p) => p.message).sort()).toEqual(
      keys.map((key) => `is not set: pulumi config set --secret ${key} <value>`).sort(),
    );

    // Each key set to what its object was made with; those the object does not hold deleted.
    const values = new Map<string, string>();
    for (const k of KINDS)
      for (const { entry } of entriesOf(env, k))
        for (const n of namedSecrets(k, entry)) {
          const v = getPath(made.get(k.name) ?? {}, n.arg.join("."));
          if (v !== undefined) values.set(n.key, typeof v === "string" ? v : JSON.stringify(v));
          else deletePath(entry, n.path);
        }
    const problems = previewCheck({ spec: env }, (key) => values.get(key), "app").problems;
    expect(problems).toEqual([]);
  });
});

// The `chat` resource plugin's provider (provider/hosts/plugin/provider.ts) in process, on the emulator: the plugin protocol's
// side of the kinds (type tokens, wrapped secrets, unknowns), `pulumi import` of every kind (read by id alone,
// then check and diff of the inputs the engine would write code from), and the get/list functions. The real
// engine runs it in test/e2e/plugin.test.ts.

import { setStackConfig } from "../../../provider/client/config";
import type { Kind } from "../../../provider/engine/kind";
import { chatPlugin } from "../../../provider/hosts/plugin/provider";
import {
  isSecret,
  type Props,
  revealProps,
  secret,
  UNKNOWN,
  type Value,
} from "../../../provider/hosts/plugin/wire";
import { kinds } from "../../../provider/kinds";
import { emulatorConfig, unique, useEmulated } from "../../support/emulator";
import { cases, withIds } from "../../support/kinds";

const urn = (kind: string, name: string) => `urn:pulumi:dev::p::chat:index:${kind}::${name}`;

describe("the chat plugin's provider, on the emulator", () => {
  const emulated = useEmulated();
  beforeAll(() => {
    const config = emulatorConfig(emulated());
    setStackConfig((key) => config[key]?.value);
  });
  afterAll(() => setStackConfig(() => undefined));

  /** check then create, as the engine does for a new resource. */
  async function make(kind: string, name: string, inputs: Props) {
    const checked = await chatPlugin.check(urn(kind, name), {}, inputs);
    expect(checked.failures).toEqual([]);
    return { inputs: checked.inputs, ...(await chatPlugin.create(urn(kind, name), checked.inputs)) };
  }

  it("hands back the kind's secrets, every connection and whatever the program made secret as secrets", async () => {
    const uid = unique("plugin-u");
    const user = await make("User", "u", { uid, name: "U", metadata: secret({ team: "a" }) });
    expect(isSecret(user.inputs.metadata)).toBe(true);
    expect(isSecret(user.outs.metadata)).toBe(true);
    expect(isSecret(user.outs.connection)).toBe(true);
    expect(user.outs.name).toBe("U");
    const key = await make("ApiKey", "k", { name: unique("plugin-key") });
    expect(isSecret(key.outs.apiKey)).toBe(true);
    expect(isSecret(key.outs.connection)).toBe(true);
    const read = await chatPlugin.read(key.id, urn("ApiKey", "k"), key.outs);
    expect(isSecret(read.props.apiKey)).toBe(true);
  });

  it("checks and diffs values not known yet (a preview) without failing on them", async () => {
    const checked = await chatPlugin.check(urn("User", "p"), {}, { uid: UNKNOWN, name: "P" });
    expect(checked.failures).toEqual([]);
    const bad = await chatPlugin.check(urn("User", "p"), {}, { uid: "ok", name: 5 as unknown as Value });
    expect(bad.failures.map((f) => f.reason)).toEqual([expect.stringContaining("name")]);
  });

  it("imports every kind by its id: the inputs read, with the program's secrets, check and diff with no change", async () => {
    const results: string[] = [];
    const ids = new Map<string, string>();
    for (const c of cases(emulated().appId)) {
      const kind = kinds[c.kind] as unknown as Kind;
      const made = await make(c.kind, c.name, withIds(c.set, (n) => ids.get(n)) as Props);
      ids.set(c.name, made.id);
      const read = await chatPlugin.read(made.id, urn(c.kind, c.name), {});
      expect(read.id).toBe(made.id);
      // get<Kind> reads the same object by the same id.
      const got = await chatPlugin.invoke(`chat:index:get${c.kind}`, { id: made.id });
      expect([c.kind, got.outputs.id]).toEqual([c.kind, made.id]);
      // The imported inputs never hold a secret (the code written from them would print it).
      for (const k of kind.secrets ?? []) expect(read.inputs).not.toHaveProperty(k);
      const secrets = Object.fromEntries(
        (kind.secrets ?? []).filter((k) => k in c.set).map((k) => [k, c.set[k]]),
      );
      const checked = await chatPlugin.check(urn(c.kind, c.name), {}, {
        ...read.inputs,
        ...secrets,
      } as Props);
      expect(checked.failures).toEqual([]);
      const diff = await chatPlugin.diff(made.id, urn(c.kind, c.name), read.props, checked.inputs);
      // A secret the service never returns (a password, a credential) cannot be compared: the first up after
      // the import writes it. Nothing else may differ.
      const writeOnly = Object.keys(secrets).filter((k) => !(k in read.props));
      results.push(`${c.kind}:${c.name}: ${diff.changes ? `update (${writeOnly.join(", ")})` : "same"}`);
      expect(diff.replaces).toEqual([]);
      expect(diff.changes).toBe(writeOnly.length > 0);
    }
    expect(results.filter((r) => r.endsWith("same")).length).toBeGreaterThan(25);
  });

  it("names the shape an import id must have", async () => {
    await expect(chatPlugin.read("just-a-guid", urn("GroupMember", "m"), {})).rejects.toThrow(
      'GroupMember id "just-a-guid" is not of the form <guid>/<uid>',
    );
  });

  it("says an object to import was not found, naming the kind and the id; a refresh of a gone one drops it", async () => {
    await expect(chatPlugin.read("no-such-user", urn("User", "x"), {})).rejects.toThrow(
      'User "no-such-user" was not found: nothing to import',
    );
    await expect(chatPlugin.read("no-such-group/bob", urn("GroupMember", "m"), {})).rejects.toThrow(
      'GroupMember "no-such-group/bob" was not found',
    );
    const gone = { uid: "no-such-user", name: "N" };
    expect(await chatPlugin.read("no-such-user", urn("User", "x"), gone)).toEqual({ id: "", props: {} });
  });

  it("serves get<Kind> and list<Kind>: whole reads, secrets wrapped", async () => {
    const uid = unique("plugin-get");
    await make("User", "g", { uid, name: "G", tags: ["t1"] });
    const got = await chatPlugin.invoke("chat:index:getUser", { id: uid });
    expect(revealProps(got.outputs)).toMatchObject({ id: uid, uid, name: "G", tags: ["t1"] });
    const listed = await chatPlugin.invoke("chat:index:listUser", { scope: { tags: ["t1"] } });
    expect((listed.outputs.items as Props[]).map((u) => u.id)).toContain(uid);
    const name = unique("plugin-keys");
    await make("ApiKey", "kk", { name });
    const keys = await chatPlugin.invoke("chat:index:listApiKey", { scope: { name } });
    const [item] = keys.outputs.items as Props[];
    expect(isSecret(item?.apiKey)).toBe(true);
    await expect(chatPlugin.invoke("chat:index:getUser", { id: "nobody-here" })).rejects.toThrow(
      'chat:index:getUser: User "nobody-here" not found',
    );
    await expect(chatPlugin.invoke("chat:index:getNothing", {})).rejects.toThrow("unknown function");
    // An App's connection as Python's SDK hands it to an invoke: under its snake_case names, in a secret.
    const { appId, region, apiKey, endpoint } = emulated().connection;
    const python = secret({ app_id: appId, region, api_key: apiKey, endpoint });
    const viaPython = await chatPlugin.invoke("chat:index:getUser", { id: uid, connection: python });
    expect(revealProps(viaPython.outputs)).toMatchObject({ id: uid, name: "G" });
  });

  it("refuses a type token of another package", async () => {
    await expect(chatPlugin.check("urn:pulumi:dev::p::random:index:RandomPet::x", {}, {})).rejects.toThrow(
      "unknown resource type random:index:RandomPet",
    );
  });
});

// The lookups of every kind, from the one function model (provider/kinds/functions.ts): the SDK's
// generated `get<Kind>`/`list<Kind>` (sdk/nodejs/functions.ts) and the plugin's invoke of the same functions read
// each kind's fixture lookup case (test/support/kinds/<kind>.ts `lookup`) after its listing seeds are made.
// A kind without a lookup case fails here.
import type * as pulumi from "@pulumi/pulumi";
import { setStackConfig } from "../../provider/client/config";
import type { Kind } from "../../provider/engine/kind";
import { chatPlugin } from "../../provider/hosts/plugin/provider";
import { isSecret, type Props, revealProps } from "../../provider/hosts/plugin/wire";
import { type KindName, kinds } from "../../provider/kinds";
import { idOfKey, keyArgs } from "../../provider/kinds/functions";
import * as functions from "../../sdk/nodejs/functions";
import { emulatorConfig, useEmulated } from "../support/emulator";
import { FIXTURES, SEEDS } from "../support/kinds";
import { providerOf } from "../support/provider";

type Lookup = (args: Record<string, unknown>) => pulumi.Output<unknown>;
const fns = functions as unknown as Record<string, Lookup | undefined>;
function fn(name: string): Lookup {
  const f = fns[name];
  if (!f) throw new Error(`sdk/nodejs/functions.ts has no ${name}`);
  return f;
}

/** The value of an Output outside a deployment, and whether it is secret. */
async function settled(o: pulumi.Output<unknown>): Promise<{ value: unknown; secret: boolean }> {
  const inner = o as unknown as { promise(): Promise<unknown>; isSecret: Promise<boolean> };
  return { value: await inner.promise(), secret: await inner.isSecret };
}

const every = Object.keys(kinds) as KindName[];

describe("get<Kind> and list<Kind> of every kind, in TypeScript and through the plugin", () => {
  const emu = useEmulated({ seed: 3 });
  /** The id of the object each kind's lookup case reads. */
  const ids = new Map<KindName, string>();

  const options = (name: KindName): Record<string, unknown> =>
    (kinds[name] as Kind).api === "chat"
      ? { connection: emu().connection }
      : { managementConnection: emu().managementConnection };

  async function make(name: KindName, seed: Record<string, unknown>): Promise<string> {
    const ambient = ((kinds[name] as Kind).ambient ?? []).length > 0 ? { appId: emu().appId } : {};
    const provider = providerOf(name);
    const { inputs, failures } = await provider.check({}, { ...seed, ...options(name), ...ambient });
    expect([name, failures]).toEqual([name, []]);
    return (await provider.create(inputs)).id;
  }

  beforeAll(async () => {
    const config = emulatorConfig(emu());
    setStackConfig((key) => config[key]?.value);
    // In SEEDS's order, so that what an object refers to (a role, an owner) comes first.
    for (const [name, seeds] of Object.entries(SEEDS) as [KindName, Record<string, unknown>[]][])
      for (const [i, seed] of seeds.entries()) {
        const id = await make(name, seed);
        if (i === 0) ids.set(name, id);
      }
    for (const [name, f] of FIXTURES) {
      if (f.lookup.seed) ids.set(name, await make(name, f.lookup.seed));
      else if (f.lookup.key)
        ids.set(
          name,
          idOfKey(kinds[name] as Kind, f.lookup.key, () => emu().appId),
        );
    }
  });
  afterAll(() => setStackConfig(() => undefined));

  it("every kind has a lookup case naming an object", () => {
    for (const name of every) expect([name, ids.has(name)]).toEqual([name, true]);
  });

  it.each(every)("%s", async (name) => {
    const kind = kinds[name] as Kind;
    const lookup = FIXTURES.get(name)?.lookup;
    const id = ids.get(name);
    if (!lookup || !id) throw new Error(`${name} has no lookup case`);
    const expected = { id, ...lookup.holds };
    // get<Kind>'s key arguments: the parts of the id.
    const names = keyArgs(kind).map((a) => a.name);
    const parts = names.length === 1 ? [id] : id.split("/");
    const key = Object.fromEntries(names.map((n, i) => [n, parts[i]]));

    const got = await settled(fn(`get${name}`)({ ...key, ...options(name) }));
    expect(got.value).toMatchObject(expected);
    expect([name, "secret", got.secret]).toEqual([name, "secret", lookup.secret === true]);
    const invoked = await chatPlugin.invoke(`chat:index:get${name}`, { id });
    // The same object on both surfaces, field for field (one model, one mapping).
    expect(revealProps(invoked.outputs)).toEqual(got.value);
    const secrets = Object.entries(invoked.outputs).filter(([, v]) => isSecret(v));
    expect([name, "secret", secrets.length > 0]).toEqual([name, "secret", lookup.secret === true]);

    if (!kind.list) {
      expect(fns[`list${name}`]).toBeUndefined();
      return;
    }
    const scope = { ...(kind.ambient?.length ? { appId: emu().appId } : {}), ...lookup.scope };
    const listed = await settled(fn(`list${name}`)({ ...scope, ...options(name) }));
    expect((listed.value as { id: string }[]).find((i) => i.id === id)).toMatchObject(expected);
    const items = (await chatPlugin.invoke(`chat:index:list${name}`, scope as Props)).outputs
      .items as Props[];
    expect(items.map((i) => revealProps(i)).find((i) => i.id === id)).toMatchObject(expected);
  });
});

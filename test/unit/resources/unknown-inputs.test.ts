// Issue 33: a preview passes values that are not known yet (an App's outputs in the same program, a generated
// password) as the engine's unknown placeholder. Every kind's check must take any such input as valid until it
// is known: here each input of valid declarations of every kind, and every part of it, is replaced by the
// placeholder (alone, inside a secret as the plugin receives it, and inside the connection), and the check
// must fail on nothing.

import { setStackConfig } from "../../../provider/client/config";
import type { Kind } from "../../../provider/engine/kind";
import { UNKNOWN } from "../../../provider/engine/normalize";
import { reveal, secret, type Value } from "../../../provider/hosts/plugin/wire";
import { type CredentialCheck, CrudProvider, type KindName, kinds } from "../../../provider/kinds";
import { cases, SEEDS } from "../../support/kinds";

type Props = Record<string, unknown>;

/** No call to the service: a check with every input known asks it (credentials, rules), not this test. */
const standIn: CredentialCheck = { chat: async () => undefined, management: async () => undefined };
const CONNECTION = {
  appId: "app-1",
  region: "eu",
  apiKey: "k".repeat(40),
  endpoint: "https://{appId}.example.com/v3",
};
const MANAGEMENT = { key: "mk", secret: "s".repeat(40), endpoint: "https://mgmt.example.com/apps" };

/** Valid declarations of each kind: the README table's cases and the listing seeds. */
function declarations(): Map<KindName, Props[]> {
  const out = new Map<KindName, Props[]>();
  const add = (k: KindName, args: Props) => out.set(k, [...(out.get(k) ?? []), args]);
  for (const c of cases("app-1")) for (const args of [c.set, c.change, c.remove]) add(c.kind, args);
  for (const [k, seeds] of Object.entries(SEEDS)) for (const args of seeds ?? []) add(k as KindName, args);
  return out;
}

/** Every path into `value` (each key and array item, at every depth), as key lists. */
function paths(value: unknown, at: (string | number)[] = []): (string | number)[][] {
  const here = at.length > 0 ? [at] : [];
  if (Array.isArray(value)) return [...here, ...value.flatMap((v, i) => paths(v, [...at, i]))];
  if (value !== null && typeof value === "object")
    return [...here, ...Object.entries(value).flatMap(([k, v]) => paths(v, [...at, k]))];
  return here;
}

/** `value` with the part at `path` replaced by `by`. */
function replaced(value: unknown, path: (string | number)[], by: unknown): unknown {
  const [head, ...rest] = path;
  if (head === undefined) return by;
  if (Array.isArray(value)) return value.map((v, i) => (i === head ? replaced(v, rest, by) : v));
  const o = value as Props;
  return { ...o, [head]: replaced(o[head], rest, by) };
}

/** The placeholder as the plugin receives it inside a secret, after its wire decoding (provider/hosts/plugin/provider.ts). */
const secretUnknown = (): unknown => reveal(secret(UNKNOWN) as Value);

const all = declarations();
const names = Object.keys(kinds) as KindName[];

beforeAll(() => setStackConfig((k) => (k === "chat:appId" ? "app-1" : undefined)));
afterAll(() => setStackConfig(() => undefined));

it("has valid declarations of every kind", () => {
  expect(names.filter((k) => !all.has(k))).toEqual([]);
});

describe.each(names)("%s: an input not known yet is valid until it is known", (name) => {
  const kind = kinds[name] as unknown as Kind;
  const provider = new CrudProvider(kinds[name] as never, standIn);
  const option = kind.api === "chat" ? { connection: CONNECTION } : { managementConnection: MANAGEMENT };

  it("every argument and option, every part of it, alone and inside a secret", async () => {
    const wrong: string[] = [];
    for (const args of all.get(name) ?? []) {
      const news = { ...args, ...option };
      for (const path of paths(news))
        for (const [how, placeholder] of [
          ["plain", UNKNOWN],
          ["secret", secretUnknown()],
        ] as const) {
          const { failures } = await provider.check({}, replaced(news, path, placeholder) as Props);
          if (failures.length > 0)
            wrong.push(`${path.join(".")} (${how}): ${failures.map((f) => f.reason).join("; ")}`);
        }
    }
    expect(wrong).toEqual([]);
  });

  it("every argument unknown at once, and a change of a recorded resource", async () => {
    for (const args of all.get(name) ?? []) {
      const news = { ...args, ...option };
      const allUnknown = Object.fromEntries(Object.keys(news).map((k) => [k, UNKNOWN]));
      expect((await provider.check({}, allUnknown)).failures).toEqual([]);
      // An update whose inputs become unknown (the App they name is replaced).
      const olds = { ...news, __provider: "p" };
      for (const k of Object.keys(news))
        expect((await provider.check(olds, { ...news, [k]: UNKNOWN })).failures).toEqual([]);
    }
  });
});

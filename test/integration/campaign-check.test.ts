// The campaigns' check (scripts/campaign-check.ts) from the registry and each kind's fixture alone: the
// listing seeds of every listable kind are made in the emulator and declared, and the check, fed what the
// service holds with one object taken out, one made twice or one deleted from the stack, reports exactly
// that object. Nothing here names a kind, so a kind added to the registry is checked with no edit
// (test/unit/new-kind.test.ts runs this file on a scratch copy with a throwaway kind).
import { clientContext } from "../../provider/engine/context";
import type { Kind } from "../../provider/engine/kind";
import { type KindName, kinds } from "../../provider/kinds";
import {
  countsDoubles,
  type Declared,
  declaration,
  findings,
  type Held,
  survey,
} from "../../scripts/campaign-check";
import { useEmulated } from "../support/emulator";
import { SEEDS } from "../support/kinds";
import { providerOf } from "../support/provider";

type Props = Record<string, unknown>;

const emu = useEmulated({ seed: 7 });
const ctx = () => clientContext({ chat: () => emu().chat, management: () => emu().mgmt });
const seeded = Object.keys(SEEDS) as KindName[];
const doubling = seeded.filter(countsDoubles);

/** The seed's arguments with the provider options, through check as the engine sends them. */
async function checked(name: KindName, seed: Props): Promise<Props> {
  const options =
    (kinds[name] as Kind).api === "chat"
      ? { connection: emu().connection }
      : {
          managementConnection: emu().managementConnection,
          ...(((kinds[name] as Kind).ambient ?? []).length ? { appId: emu().appId } : {}),
        };
  const { inputs, failures } = await providerOf(name).check({}, { ...seed, ...options });
  expect([name, failures]).toEqual([name, []]);
  return inputs;
}

const declared: Declared[] = [];
let held: Held[] = [];
const first = (name: KindName) => declared.find((d) => d.kind === name) as Declared;
const without = (d: Declared) => held.filter((h) => h.kind !== d.kind || h.id !== d.id);

beforeAll(async () => {
  // In SEEDS's order, so that what an object refers to (a role, an owner) comes first.
  for (const name of seeded)
    for (const [i, seed] of (SEEDS[name] ?? []).entries()) {
      const inputs = await checked(name, seed);
      const { id } = await providerOf(name).create(inputs);
      declared.push(declaration(name, id, `urn:seed:${name}:${i}`, inputs));
    }
  held = await survey(ctx(), declared);
});

it("finds every seeded object held once, and none left", () => {
  expect(findings(held, declared)).toEqual({ lost: [], doubled: [], left: [] });
  expect(new Set(declared.map((d) => d.kind))).toEqual(new Set(seeded));
});

it.each(seeded)("a lost %s is reported", (name) => {
  const d = first(name);
  expect(findings(without(d), declared)).toEqual({ lost: [d], doubled: [], left: [] });
});

it.each(seeded)(
  "a %s deleted from the stack and still held is reported, unless its delete leaves it",
  (name) => {
    const d = first(name);
    const rest = declared.filter((x) => x !== d);
    const left = (kinds[name] as Kind).deleteLeaves ? [] : [d];
    expect(findings(held, rest, declared)).toEqual({ lost: [], doubled: [], left });
    expect(findings(without(d), rest, declared).left).toEqual([]);
  },
);

describe("a double made in the service", () => {
  it("is counted for the kinds whose ids the service chooses (the ones a lost answer's retry doubles)", () => {
    expect(doubling).toEqual(expect.arrayContaining(["ApiKey", "AiAgent", "ChatWidget"]));
  });

  it.each(doubling)("of a %s is reported", async (name) => {
    const d = first(name);
    const inputs = await checked(name, SEEDS[name]?.[0] as Props);
    const twin = await providerOf(name).create(inputs);
    try {
      // The kind's own objects: a twin another kind's test could not delete (a widget's) is not this one's.
      const own = declared.filter((x) => x.kind === name);
      const found = findings(await survey(ctx(), own), own);
      expect(found.lost).toEqual([]);
      expect(found.left).toEqual([]);
      expect(found.doubled.map((h) => [h.kind, h.id])).toEqual([[d.kind, twin.id]]);
    } finally {
      await providerOf(name).delete(twin.id, twin.outs);
    }
  });
});

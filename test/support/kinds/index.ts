// One fixture module per kind (test/support/kinds/<kind>.ts, the kind's name in kebab case): its cases through
// set, change, remove and replace, its listing seeds, its secret sample. The registry-driven tests iterate
// them from here: the README table's test (test/e2e/table.test.ts), the plugin's import tests, the listing
// test, the unknown-inputs property test and the secrets probe. Every kind of the registry is loaded by its
// file name, so a kind without a module fails every one of them; nothing here names a kind.
import { join } from "node:path";
import { type KindName, kinds } from "../../../provider/kinds";
import type { Args, Case, Draw, Fixture, Sample } from "./helpers";

export type { Step } from "./helpers";
export { idOfCase, withIds } from "./helpers";
export type { Args, Case, Fixture, KindName, Sample };

/** The module file of a kind: `GroupMembers` → `group-members`. */
export const fixtureFile = (kind: string) => kind.replace(/(?<!^)(?=[A-Z])/g, "-").toLowerCase();

const loaded = (Object.keys(kinds) as KindName[]).map((kind): [KindName, Fixture] => {
  const file = join(__dirname, fixtureFile(kind));
  let mod: { fixture?: Fixture };
  try {
    mod = require(file) as { fixture?: Fixture };
  } catch (e) {
    throw new Error(`${kind} has no fixture module ${file}.ts`, { cause: e });
  }
  if (!mod.fixture) throw new Error(`${file}.ts exports no fixture`);
  return [kind, mod.fixture];
});

/**
 * The kinds in dependency order: a kind after the kinds its cases depend on (`dependsOn` names cases), else
 * in the registry's order. Seeds follow the same order (a user's seed names a role's).
 */
function ordered(all: [KindName, Fixture][]): [KindName, Fixture][] {
  const kindOfCase = new Map<string, KindName>();
  const needs = new Map<KindName, Set<KindName>>();
  for (const [kind, f] of all) for (const c of f.cases({ appId: "" })) kindOfCase.set(c.name, kind);
  for (const [kind, f] of all)
    needs.set(
      kind,
      new Set(
        f
          .cases({ appId: "" })
          .flatMap((c) => c.dependsOn ?? [])
          .map((n) => kindOfCase.get(n))
          .filter((k): k is KindName => k !== undefined && k !== kind),
      ),
    );
  const out: [KindName, Fixture][] = [];
  const done = new Set<KindName>();
  const byKind = new Map(all);
  const visit = (kind: KindName, path: KindName[]) => {
    if (done.has(kind)) return;
    if (path.includes(kind))
      throw new Error(`fixtures depend on each other in a cycle: ${[...path, kind].join(" → ")}`);
    for (const k of needs.get(kind) ?? []) visit(k, [...path, kind]);
    done.add(kind);
    out.push([kind, byKind.get(kind) as Fixture]);
  };
  for (const [kind] of all) visit(kind, []);
  return out;
}

const all = ordered(loaded);

/** Every kind's fixture, in dependency order. */
export const FIXTURES: ReadonlyMap<KindName, Fixture> = new Map(all);

/** Every kind's cases, in dependency order; `appId` is the app the stack's config names. */
export const cases = (appId: string): Case[] => all.flatMap(([, f]) => f.cases({ appId }));

/** The listing seeds of every listable kind, in dependency order. */
export const SEEDS: Partial<Record<KindName, Args[]>> = Object.fromEntries(
  all.flatMap(([k, f]) => (f.seeds ? [[k, f.seeds]] : [])),
);

/** The secret samples, drawing secrets with `secret`. */
export const samples = (secret: Draw): Partial<Record<KindName, Sample>> =>
  Object.fromEntries(all.flatMap(([k, f]) => (f.secret ? [[k, f.secret(secret)]] : [])));

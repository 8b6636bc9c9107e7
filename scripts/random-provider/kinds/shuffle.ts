// RandomShuffle: a permutation of `inputs`, `resultCount` long (repeating whole permutations when longer
// than the list, as TF does); a non-empty seed makes it deterministic. Its id is "-" and TF has no import.

import { type Props, reveal } from "../../../provider/hosts/plugin/wire";
import { Checks, optionalIntOf, optionalStringOf } from "../checks";
import { entropyFor, shuffled } from "../entropy";
import type { ResourceKind } from "../kind";

export function shuffleList(inputs: readonly string[], count: number, seed: string | undefined): string[] {
  if (count === 0 || inputs.length === 0) return [];
  const e = entropyFor(seed);
  const out: string[] = [];
  while (out.length < count) out.push(...shuffled(e, inputs).slice(0, count - out.length));
  return out;
}

function inputsOf(p: Props): string[] {
  const v = reveal(p.inputs ?? null);
  if (!Array.isArray(v)) throw new TypeError("inputs must be a list of strings");
  return v.map((item) => String(item));
}

export const randomShuffle: ResourceKind = {
  token: "random:index/randomShuffle:RandomShuffle",
  inputs: ["inputs", "keepers", "resultCount", "seed"],
  secretOutputs: [],
  withDefaults: (p) => ({ ...p }),
  validate(p) {
    const c = new Checks(p);
    c.keepers();
    c.stringList("inputs", { required: true });
    c.integer("resultCount", { min: 0 });
    c.string("seed");
    return c.failures;
  },
  async generate(p) {
    const inputs = inputsOf(p);
    const count = optionalIntOf(p, "resultCount") ?? inputs.length;
    return { id: "-", outs: { results: shuffleList(inputs, count, optionalStringOf(p, "seed")) } };
  },
};

// RandomInteger: a uniform integer in [min, max]; a non-empty seed makes it deterministic. Its id is the
// result in decimal.

import type { Props } from "../../../provider/hosts/plugin/wire";
import { Checks, intOf, optionalStringOf } from "../checks";
import { entropyFor, uniformBelow } from "../entropy";
import { importError, type ResourceKind } from "../kind";

const TOKEN = "random:index/randomInteger:RandomInteger";

export function randomIntegerIn(min: number, max: number, seed: string | undefined): number {
  return Number(BigInt(min) + uniformBelow(entropyFor(seed), BigInt(max) - BigInt(min) + 1n));
}

export const randomInteger: ResourceKind = {
  token: TOKEN,
  inputs: ["keepers", "max", "min", "seed"],
  secretOutputs: [],
  withDefaults: (p) => ({ ...p }),
  validate(p) {
    const c = new Checks(p);
    c.keepers();
    const min = c.integer("min", { required: true });
    const max = c.integer("max", { required: true });
    c.string("seed");
    if (min !== undefined && max !== undefined && max < min) {
      c.fail("max", `max (${max}) must be >= min (${min})`);
    }
    return c.failures;
  },
  async generate(p) {
    const result = randomIntegerIn(intOf(p, "min"), intOf(p, "max"), optionalStringOf(p, "seed"));
    return { id: String(result), outs: { result } };
  },
  // "result,min,max" or "result,min,max,seed".
  async importState(id) {
    const parts = id.split(",");
    const [result, min, max] = parts.slice(0, 3).map((s) => (/^-?\d+$/.test(s) ? Number(s) : Number.NaN));
    if ((parts.length !== 3 && parts.length !== 4) || ![result, min, max].every(Number.isSafeInteger)) {
      throw importError(TOKEN, id, "expected result,min,max[,seed] with integers");
    }
    const state: Props = { result: result as number, min: min as number, max: max as number };
    if (parts[3] !== undefined) state.seed = parts[3];
    return { id: parts[0] as string, state };
  },
};

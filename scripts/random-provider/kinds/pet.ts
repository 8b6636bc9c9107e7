// RandomPet: a name like golang-petname's Generate(length, separator) — 1 word: a name; 2: adjective-name;
// more: adverbs, then an adjective, then a name — lowercased, with "prefix<separator>" in front if given.
// The name is the resource's id (the SDK declares no result output); TF has no import for it.
import { Checks, intOf, optionalStringOf } from "../checks";
import { type Entropy, pick, secureEntropy } from "../entropy";
import { fillDefaults, type ResourceKind } from "../kind";
import { ADJECTIVES, ADVERBS, NAMES } from "../pet-words";

export function petName(length: number, separator: string, prefix: string | undefined, e: Entropy): string {
  const words: string[] = [];
  for (let i = 0; i < length - 2; i++) words.push(pick(e, ADVERBS));
  if (length >= 2) words.push(pick(e, ADJECTIVES));
  words.push(pick(e, NAMES));
  const name = words.join(separator).toLowerCase();
  return prefix ? `${prefix}${separator}${name}` : name;
}

export const randomPet: ResourceKind = {
  token: "random:index/randomPet:RandomPet",
  inputs: ["keepers", "length", "prefix", "separator"],
  secretOutputs: [],
  withDefaults: (p) => fillDefaults(p, { length: 2, separator: "-" }),
  validate(p) {
    const c = new Checks(p);
    c.keepers();
    // TF does not check; a length below 1 would give an empty id, which the engine refuses.
    c.integer("length", { min: 1 });
    c.string("prefix");
    c.string("separator");
    return c.failures;
  },
  async generate(p) {
    const separator = optionalStringOf(p, "separator") ?? "-";
    return {
      id: petName(intOf(p, "length"), separator, optionalStringOf(p, "prefix"), secureEntropy),
      outs: {},
    };
  },
};

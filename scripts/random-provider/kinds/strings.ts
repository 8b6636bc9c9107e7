// RandomString and RandomPassword: the same inputs and generator. RandomString's id is its result;
// RandomPassword's id is "none" and it adds a bcrypt hash; both of its outputs are secrets.
import bcrypt from "bcryptjs";
import { isAbsent, type Props } from "../../../provider/hosts/plugin/wire";
import { boolOf, Checks, intOf, optionalStringOf } from "../checks";
import { secureEntropy } from "../entropy";
import { fillDefaults, type ResourceKind } from "../kind";
import { generateString } from "../random-string";

const INPUTS = [
  "keepers",
  "length",
  "lower",
  "minLower",
  "minNumeric",
  "minSpecial",
  "minUpper",
  "number",
  "numeric",
  "overrideSpecial",
  "special",
  "upper",
] as const;

const MINIMUMS = ["minUpper", "minLower", "minNumeric", "minSpecial"] as const;

function withDefaults(p: Props): Props {
  const out = fillDefaults(p, {
    lower: true,
    upper: true,
    special: true,
    minLower: 0,
    minUpper: 0,
    minNumeric: 0,
    minSpecial: 0,
  });
  // `number` is the deprecated name of `numeric`: TF keeps the two in step (NumberNumericAttributePlanModifier).
  const number = out.number;
  const numeric = out.numeric;
  if (isAbsent(number) && isAbsent(numeric)) {
    out.number = true;
    out.numeric = true;
  } else if (isAbsent(numeric)) out.numeric = number ?? true;
  else if (isAbsent(number)) out.number = numeric;
  return out;
}

function validate(p: Props) {
  const c = new Checks(p);
  c.keepers();
  const length = c.integer("length", { required: true, min: 1 });
  const mins = MINIMUMS.map((name) => c.integer(name, { min: 0 }));
  const [upper, lower, numeric, special] = ["upper", "lower", "numeric", "special"].map((n) => c.boolean(n));
  const number = c.boolean("number");
  c.string("overrideSpecial");
  if (length !== undefined && mins.every((m) => m !== undefined)) {
    const sum = mins.reduce<number>((a, m) => a + (m ?? 0), 0);
    if (length < sum) {
      c.fail(
        "length",
        `length (${length}) must be >= minUpper + minLower + minNumeric + minSpecial (${sum})`,
      );
    }
  }
  if (number !== undefined && numeric !== undefined && number !== numeric) {
    c.fail("numeric", "number and numeric are both configured with different values (number is deprecated)");
  }
  if ([upper, lower, numeric, special].every((v) => v === false)) {
    c.fail("numeric", "at least one of upper, lower, numeric and special must be true");
  }
  return c.failures;
}

function generate(p: Props): string {
  return generateString(
    {
      length: intOf(p, "length"),
      upper: boolOf(p, "upper"),
      lower: boolOf(p, "lower"),
      numeric: boolOf(p, "numeric"),
      special: boolOf(p, "special"),
      minUpper: intOf(p, "minUpper"),
      minLower: intOf(p, "minLower"),
      minNumeric: intOf(p, "minNumeric"),
      minSpecial: intOf(p, "minSpecial"),
      overrideSpecial: optionalStringOf(p, "overrideSpecial"),
    },
    secureEntropy,
  );
}

/** State TF's ImportState builds for an imported string: defaults, length from the value. */
function importedState(result: string): Props {
  return withDefaults({ result, length: Array.from(result).length });
}

/**
 * bcrypt as Go's bcrypt.GenerateFromPassword at DefaultCost: "$2a$", cost 10, over the first 72 bytes (TF
 * cuts longer passwords to 72 bytes; bcryptjs's key schedule reads only those, so the hash is the same).
 */
export async function bcryptHash(password: string): Promise<string> {
  const salt = (await bcrypt.genSalt(10)).replace(/^\$2b\$/, "$2a$");
  return bcrypt.hash(password, salt);
}

export const randomString: ResourceKind = {
  token: "random:index/randomString:RandomString",
  inputs: INPUTS,
  secretOutputs: [],
  withDefaults,
  validate,
  async generate(p) {
    const result = generate(p);
    return { id: result, outs: { result } };
  },
  async importState(id) {
    return { id, state: importedState(id) };
  },
};

export const randomPassword: ResourceKind = {
  token: "random:index/randomPassword:RandomPassword",
  inputs: INPUTS,
  secretOutputs: ["result", "bcryptHash"],
  withDefaults,
  validate,
  async generate(p) {
    const result = generate(p);
    return { id: "none", outs: { result, bcryptHash: await bcryptHash(result) } };
  },
  async importState(id) {
    return { id: "none", state: { ...importedState(id), bcryptHash: await bcryptHash(id) } };
  },
};

// The Node stand-in for the `random` plugin (scripts/random-provider), called method by method, plus one run
// of the real gRPC server.
import { type ChildProcess, spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import * as path from "node:path";
import * as grpc from "@grpc/grpc-js";
import { ResourceProviderClient } from "@pulumi/pulumi/proto/provider_grpc_pb";
import { CreateRequest, ReadRequest } from "@pulumi/pulumi/proto/provider_pb";
import { specialOutputValueSig, specialSigKey } from "@pulumi/pulumi/runtime/rpc";
import bcrypt from "bcryptjs";
import { Empty } from "google-protobuf/google/protobuf/empty_pb";
import { Struct } from "google-protobuf/google/protobuf/struct_pb";
import {
  containsUnknown,
  isSecret,
  type Props,
  reveal,
  secret,
  typeOfUrn,
  UNKNOWN,
  type Value,
} from "../../provider/hosts/plugin/wire";
import { seededEntropy, uniformBelow } from "../../scripts/random-provider/entropy";
import { ADJECTIVES, ADVERBS, NAMES } from "../../scripts/random-provider/pet-words";
import { kinds, randomProvider } from "../../scripts/random-provider/resources";

const root = path.resolve(__dirname, "../..");
const T = {
  bytes: "random:index/randomBytes:RandomBytes",
  id: "random:index/randomId:RandomId",
  integer: "random:index/randomInteger:RandomInteger",
  password: "random:index/randomPassword:RandomPassword",
  pet: "random:index/randomPet:RandomPet",
  shuffle: "random:index/randomShuffle:RandomShuffle",
  string: "random:index/randomString:RandomString",
  uuid: "random:index/randomUuid:RandomUuid",
  uuid4: "random:index/randomUuid4:RandomUuid4",
  uuid7: "random:index/randomUuid7:RandomUuid7",
} as const;

const urn = (type: string, name = "r") => `urn:pulumi:dev::chat::${type}::${name}`;
const check = (type: string, news: Props) => randomProvider.check(urn(type), {}, news);
const failuresOf = async (type: string, news: Props) =>
  ((await check(type, news)).failures ?? []).map((f) => `${f.property}: ${f.reason}`);
const create = (type: string, inputs: Props) => randomProvider.create(urn(type), inputs);
const diff = (type: string, olds: Props, news: Props) => randomProvider.diff("id", urn(type), olds, news);

function str(v: Value | undefined): string {
  if (typeof v !== "string") throw new Error(`expected a string, got ${JSON.stringify(v)}`);
  return v;
}
function count(s: string, charset: string): number {
  return Array.from(s).filter((c) => charset.includes(c)).length;
}
const UPPER = "ABCDEFGHIJKLMNOPQRSTUVWXYZ";
const LOWER = "abcdefghijklmnopqrstuvwxyz";
const DIGITS = "0123456789";
const SPECIAL = "!@#$%&*()-_=+[]{}<>:?";

describe("random provider: package", () => {
  it("reports the installed @pulumi/random version, which package.json pins", () => {
    const sdk = JSON.parse(readFileSync(require.resolve("@pulumi/random/package.json"), "utf8"));
    const pkg = JSON.parse(readFileSync(path.join(root, "package.json"), "utf8"));
    expect(randomProvider.version).toBe(sdk.version);
    // Pinned exactly for this repository (devDependencies); users bring their own within the peer range.
    expect(pkg.devDependencies["@pulumi/random"]).toBe(randomProvider.version);
  });

  it("serves every resource token the SDK registers", () => {
    const index = readFileSync(require.resolve("@pulumi/random/index.js"), "utf8");
    const registered = [...index.matchAll(/case "(random:index\/[^"]+)"/g)].map((m) => m[1]);
    expect(registered.length).toBeGreaterThan(0);
    expect([...kinds.keys()].sort()).toEqual([...registered].sort());
  });

  it("takes the type from a URN, also under a parent", () => {
    expect(typeOfUrn(urn(T.string))).toBe(T.string);
    expect(typeOfUrn(`urn:pulumi:dev::chat::my:app:Stack$${T.pet}::p`)).toBe(T.pet);
  });

  it("refuses a type it does not know", async () => {
    await expect(check("random:index/randomNope:RandomNope", {})).rejects.toThrow(/unknown resource type/);
  });
});

describe("random provider: check", () => {
  it("names the property and the rule for string and password lengths", async () => {
    for (const type of [T.string, T.password]) {
      expect(await failuresOf(type, {})).toEqual(["length: missing required property 'length'"]);
      expect(await failuresOf(type, { length: 0 })).toEqual(["length: length must be at least 1, got 0"]);
      expect(await failuresOf(type, { length: 2.5 })).toEqual(["length: length must be an integer, got 2.5"]);
    }
  });

  it("refuses minimum counts that add up to more than length, and negative ones", async () => {
    expect(await failuresOf(T.string, { length: 3, minUpper: 2, minNumeric: 2 })).toEqual([
      "length: length (3) must be >= minUpper + minLower + minNumeric + minSpecial (4)",
    ]);
    expect(await failuresOf(T.password, { length: 4, minUpper: 2, minNumeric: 2 })).toEqual([]);
    expect(await failuresOf(T.string, { length: 3, minSpecial: -1 })).toEqual([
      "minSpecial: minSpecial must be at least 0, got -1",
    ]);
  });

  it("needs one character class, and number and numeric to agree", async () => {
    const none = { length: 5, upper: false, lower: false, special: false };
    expect(await failuresOf(T.string, { ...none, numeric: false })).toEqual([
      "numeric: at least one of upper, lower, numeric and special must be true",
    ]);
    expect(await failuresOf(T.string, none)).toEqual([]);
    expect(await failuresOf(T.string, { length: 5, number: true, numeric: false })).toEqual([
      "numeric: number and numeric are both configured with different values (number is deprecated)",
    ]);
  });

  it("checks types of the other inputs", async () => {
    expect(await failuresOf(T.string, { length: 5, upper: "yes", keepers: { a: [1] } })).toEqual([
      "keepers.a: keepers values must be strings, got [1] for 'a'",
      'upper: upper must be a boolean, got "yes"',
    ]);
  });

  it("applies TF's defaults, keeping number and numeric in step", async () => {
    const { inputs } = await check(T.string, { length: 8, number: false });
    expect(inputs).toEqual({
      length: 8,
      upper: true,
      lower: true,
      special: true,
      number: false,
      numeric: false,
      minUpper: 0,
      minLower: 0,
      minNumeric: 0,
      minSpecial: 0,
    });
    expect((await check(T.password, { length: 8 })).inputs).toMatchObject({ number: true, numeric: true });
    expect((await check(T.pet, {})).inputs).toEqual({ length: 2, separator: "-" });
  });

  it("validates min <= max for RandomInteger", async () => {
    expect(await failuresOf(T.integer, { min: 5, max: 4 })).toEqual(["max: max (4) must be >= min (5)"]);
    expect(await failuresOf(T.integer, { min: 5, max: 5 })).toEqual([]);
    expect(await failuresOf(T.integer, { max: 4 })).toEqual(["min: missing required property 'min'"]);
  });

  it("validates the other resources' lengths and lists", async () => {
    expect(await failuresOf(T.id, { byteLength: 0 })).toEqual([
      "byteLength: byteLength must be at least 1, got 0",
    ]);
    expect(await failuresOf(T.bytes, {})).toEqual(["length: missing required property 'length'"]);
    expect(await failuresOf(T.pet, { length: 0 })).toEqual(["length: length must be at least 1, got 0"]);
    expect(await failuresOf(T.shuffle, {})).toEqual(["inputs: missing required property 'inputs'"]);
    expect(await failuresOf(T.shuffle, { inputs: ["a", 1], resultCount: -1 })).toEqual([
      "inputs[1]: inputs items must be strings, got 1 at index 1",
      "resultCount: resultCount must be at least 0, got -1",
    ]);
    expect(await failuresOf(T.uuid, { keepers: { a: "b" } })).toEqual([]);
  });

  it("tolerates unknown values in preview and passes them through", async () => {
    const r = await check(T.string, { length: UNKNOWN, minUpper: 3, keepers: { k: UNKNOWN } });
    expect(r.failures).toEqual([]);
    expect(r.inputs).toMatchObject({ length: UNKNOWN, keepers: { k: UNKNOWN } });
    expect(await failuresOf(T.string, { length: 2, minUpper: UNKNOWN })).toEqual([]);
    expect(await failuresOf(T.integer, { min: UNKNOWN, max: 1 })).toEqual([]);
    expect(await failuresOf(T.shuffle, { inputs: ["a", UNKNOWN] })).toEqual([]);
    expect(await failuresOf(T.shuffle, { inputs: UNKNOWN })).toEqual([]);
    const unknownOutput = { [specialSigKey]: specialOutputValueSig };
    expect(await failuresOf(T.shuffle, { inputs: ["a", unknownOutput] })).toEqual([]);
  });

  it("validates secret inputs by their value and keeps them secret", async () => {
    expect(await failuresOf(T.string, { length: secret(0) })).toEqual([
      "length: length must be at least 1, got 0",
    ]);
    const r = await check(T.string, { length: secret(4) });
    expect(r.failures).toEqual([]);
    expect(isSecret(r.inputs.length)).toBe(true);
  });
});

describe("random provider: create", () => {
  it("makes a RandomString of the length and default charset; its id is the result", async () => {
    const r = await create(T.string, { length: 40 });
    const result = str(r.outs.result);
    expect(r.id).toBe(result);
    expect(Array.from(result)).toHaveLength(40);
    expect(count(result, UPPER + LOWER + DIGITS + SPECIAL)).toBe(40);
    expect(r.outs).toMatchObject({ length: 40, upper: true, special: true, minUpper: 0, numeric: true });
    expect(isSecret(r.outs.result)).toBe(false);
  });

  it("draws only from the enabled classes and overrideSpecial", async () => {
    const r = await create(T.string, { length: 30, upper: false, numeric: false, overrideSpecial: "~^" });
    expect(count(str(r.outs.result), `${LOWER}~^`)).toBe(30);
    const only = await create(T.string, {
      length: 6,
      upper: false,
      lower: false,
      numeric: false,
      overrideSpecial: "é",
    });
    expect(only.outs.result).toBe("éééééé");
  });

  it("honours every minimum, even of a class that is turned off (as TF does)", async () => {
    for (let i = 0; i < 30; i++) {
      const r = await create(T.string, { length: 8, minUpper: 2, minLower: 2, minNumeric: 2, minSpecial: 2 });
      const s = str(r.outs.result);
      expect([count(s, UPPER), count(s, LOWER), count(s, DIGITS), count(s, SPECIAL)]).toEqual([2, 2, 2, 2]);
    }
    const positions = new Set<number>();
    for (let i = 0; i < 40; i++) {
      const r = await create(T.string, {
        length: 2,
        upper: false,
        numeric: false,
        special: false,
        minUpper: 1,
      });
      positions.add(str(r.outs.result).search(/[A-Z]/));
    }
    expect(positions).toEqual(new Set([0, 1])); // minimums are shuffled in, not always in front
    const off = await create(T.string, { length: 10, upper: false, minUpper: 3, special: false });
    expect(count(str(off.outs.result), UPPER)).toBe(3);
  });

  it("returns RandomPassword's result and bcryptHash as secrets, id 'none', hash as Go's bcrypt", async () => {
    const r = await create(T.password, { length: 16, special: false });
    expect(r.id).toBe("none");
    expect(isSecret(r.outs.result)).toBe(true);
    expect(isSecret(r.outs.bcryptHash)).toBe(true);
    expect(isSecret(r.outs.length)).toBe(false);
    const result = str(reveal(r.outs.result ?? null));
    const hash = str(reveal(r.outs.bcryptHash ?? null));
    expect(result).toMatch(/^[A-Za-z0-9]{16}$/);
    expect(hash).toMatch(/^\$2a\$10\$/);
    expect(bcrypt.compareSync(result, hash)).toBe(true);
  });

  it("makes RandomId's encodings from the same bytes; the id is b64url without the prefix", async () => {
    const r = await create(T.id, { byteLength: 6, prefix: "srv-" });
    const bytes = Buffer.from(r.id, "base64url");
    expect(bytes).toHaveLength(6);
    expect(r.outs).toEqual({
      byteLength: 6,
      prefix: "srv-",
      b64Url: `srv-${r.id}`,
      b64Std: `srv-${bytes.toString("base64")}`,
      hex: `srv-${bytes.toString("hex")}`,
      dec: `srv-${BigInt(`0x${bytes.toString("hex")}`).toString()}`,
    });
    expect((await create(T.id, { byteLength: 2 })).outs).not.toHaveProperty("prefix");
  });

  it("returns RandomBytes' encodings as secrets; its id is the base64", async () => {
    const r = await create(T.bytes, { length: 32 });
    expect(isSecret(r.outs.base64) && isSecret(r.outs.hex)).toBe(true);
    const base64 = str(reveal(r.outs.base64 ?? null));
    expect(r.id).toBe(base64);
    expect(Buffer.from(base64, "base64")).toHaveLength(32);
    expect(reveal(r.outs.hex ?? null)).toBe(Buffer.from(base64, "base64").toString("hex"));
  });

  it("keeps RandomInteger in [min, max]; a seed makes it repeat; its id is the result", async () => {
    const seen = new Set<Value | undefined>();
    for (let i = 0; i < 60; i++) {
      const r = await create(T.integer, { min: -2, max: 2 });
      expect(r.id).toBe(String(r.outs.result));
      seen.add(r.outs.result);
    }
    expect([...seen].sort()).toEqual([-1, -2, 0, 1, 2]);
    const a = await create(T.integer, { min: 1, max: 1_000_000_000, seed: "chat" });
    const b = await create(T.integer, { min: 1, max: 1_000_000_000, seed: "chat" });
    expect(a.outs.result).toBe(b.outs.result);
    const others = await Promise.all(
      ["a", "b", "c", "d"].map((seed) => create(T.integer, { min: 1, max: 1_000_000_000, seed })),
    );
    expect(new Set(others.map((o) => o.outs.result)).size).toBeGreaterThan(1);
    expect((await create(T.integer, { min: 7, max: 7 })).outs.result).toBe(7);
  });

  it("shuffles RandomShuffle's inputs; a seed makes it repeat; resultCount repeats whole permutations", async () => {
    const inputs = ["a", "b", "c", "d", "e", "f", "g", "h"];
    const a = await create(T.shuffle, { inputs, seed: "s1" });
    const b = await create(T.shuffle, { inputs, seed: "s1" });
    expect(a.id).toBe("-");
    expect(a.outs.results).toEqual(b.outs.results);
    expect([...(a.outs.results as string[])].sort()).toEqual(inputs);
    const orders = await Promise.all(["s2", "s3", "s4"].map((seed) => create(T.shuffle, { inputs, seed })));
    expect(new Set(orders.map((o) => JSON.stringify(o.outs.results))).size).toBeGreaterThan(1);
    const long = (await create(T.shuffle, { inputs: ["x", "y", "z"], resultCount: 7 })).outs
      .results as string[];
    expect(long).toHaveLength(7);
    expect([...long.slice(0, 3)].sort()).toEqual(["x", "y", "z"]);
    expect([...long.slice(3, 6)].sort()).toEqual(["x", "y", "z"]);
    expect((await create(T.shuffle, { inputs, resultCount: 0 })).outs.results).toEqual([]);
    expect((await create(T.shuffle, { inputs: [] })).outs.results).toEqual([]);
  });

  it("names a RandomPet adjective-name by default, with adverbs and a prefix when asked; the id is the name", async () => {
    const two = await create(T.pet, {});
    const [adjective, name] = two.id.split("-");
    expect(ADJECTIVES).toContain(adjective);
    expect(NAMES).toContain(name);
    expect(two.outs).toEqual({ length: 2, separator: "-" });
    const four = await create(T.pet, { length: 4, prefix: "chat", separator: "_" });
    const words = four.id.split("_");
    expect(words).toHaveLength(5);
    expect(words[0]).toBe("chat");
    expect(ADVERBS).toContain(words[1]);
    expect(ADVERBS).toContain(words[2]);
    expect(ADJECTIVES).toContain(words[3]);
    expect(NAMES).toContain(words[4]);
    expect(NAMES).toContain((await create(T.pet, { length: 1 })).id);
  });

  it("makes UUIDs: RandomUuid4 version 4, RandomUuid7 version 7 with the time first; id = result", async () => {
    const layout = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
    const plain = await create(T.uuid, {});
    expect(plain.id).toMatch(layout);
    expect(plain.outs.result).toBe(plain.id);
    const v4 = await create(T.uuid4, { keepers: { a: "1" } });
    expect(v4.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(v4.outs).toEqual({ keepers: { a: "1" }, result: v4.id });
    const before = Date.now();
    const v7 = await create(T.uuid7, {});
    expect(v7.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    const ms = Number.parseInt(v7.id.replace(/-/g, "").slice(0, 12), 16);
    expect(ms).toBeGreaterThanOrEqual(before);
    expect(ms).toBeLessThanOrEqual(Date.now());
  });

  it("keeps secret inputs secret and makes what derives from them secret", async () => {
    const r = await create(T.id, { byteLength: 4, prefix: secret("hidden-"), keepers: secret({ k: "v" }) });
    expect(isSecret(r.outs.prefix) && isSecret(r.outs.keepers) && isSecret(r.outs.b64Url)).toBe(true);
    const k = await create(T.uuid4, { keepers: secret({ k: "v" }) });
    expect(isSecret(k.outs.keepers)).toBe(true);
    expect(isSecret(k.outs.result)).toBe(false);
  });

  it("refuses unknown or invalid inputs", async () => {
    await expect(create(T.string, { length: UNKNOWN })).rejects.toThrow(/unknown inputs/);
    await expect(create(T.integer, { min: 3, max: 1 })).rejects.toThrow(
      /max: max \(1\) must be >= min \(3\)/,
    );
  });
});

describe("random provider: diff", () => {
  const samples: Record<string, { base: Props; change: Props }> = {
    [T.string]: {
      base: { length: 8, keepers: { a: "1" } },
      change: {
        keepers: { a: "2" },
        length: 9,
        lower: false,
        minLower: 1,
        minNumeric: 1,
        minSpecial: 1,
        minUpper: 1,
        number: false,
        numeric: false,
        overrideSpecial: "!",
        special: false,
        upper: false,
      },
    },
    [T.id]: { base: { byteLength: 4 }, change: { byteLength: 5, keepers: { a: "1" }, prefix: "p-" } },
    [T.bytes]: { base: { length: 4 }, change: { length: 5, keepers: { a: "1" } } },
    [T.integer]: { base: { min: 1, max: 5 }, change: { min: 0, max: 6, seed: "s", keepers: { a: "1" } } },
    [T.pet]: { base: {}, change: { length: 3, prefix: "p", separator: "_", keepers: { a: "1" } } },
    [T.shuffle]: {
      base: { inputs: ["a"] },
      change: { inputs: ["b"], resultCount: 2, seed: "s", keepers: { a: "1" } },
    },
    [T.uuid]: { base: {}, change: { keepers: { a: "1" } } },
  };
  samples[T.password] = samples[T.string] as { base: Props; change: Props };
  samples[T.uuid4] = samples[T.uuid] as { base: Props; change: Props };
  samples[T.uuid7] = samples[T.uuid] as { base: Props; change: Props };

  it("has a sample change for every input of every resource", () => {
    for (const kind of kinds.values()) {
      expect(Object.keys(samples[kind.token]?.change ?? {}).sort()).toEqual([...kind.inputs].sort());
    }
  });

  it("replaces on a change of any input, keepers included, never deleting first", async () => {
    for (const kind of kinds.values()) {
      const { base, change } = samples[kind.token] as { base: Props; change: Props };
      const state = (await create(kind.token, base)).outs;
      for (const [name, value] of Object.entries(change)) {
        const d = await diff(kind.token, state, { ...base, [name]: value });
        // number (deprecated) and numeric follow each other when only one is given, so both change.
        const replaces = name === "number" || name === "numeric" ? ["number", "numeric"] : [name];
        expect({ type: kind.token, name, ...d }).toEqual({
          type: kind.token,
          name,
          changes: true,
          replaces,
          deleteBeforeReplace: false,
        });
      }
    }
  });

  it("reports no change for the same inputs, defaults written out, or only a change of secretness", async () => {
    const state = (await create(T.password, { length: 12, keepers: { a: "1" } })).outs;
    const same = { changes: false, replaces: [], deleteBeforeReplace: false };
    expect(await diff(T.password, state, { length: 12, keepers: { a: "1" } })).toEqual(same);
    expect(
      await diff(T.password, state, { length: 12, keepers: { a: "1" }, upper: true, numeric: true }),
    ).toEqual(same);
    expect(await diff(T.password, state, { length: secret(12), keepers: { a: "1" } })).toEqual(same);
  });

  it("treats absent, null and empty keepers alike, and overrideSpecial '' like absent (TF's modifiers)", async () => {
    const state = (await create(T.string, { length: 4, overrideSpecial: "" })).outs;
    const same = { changes: false, replaces: [], deleteBeforeReplace: false };
    expect(await diff(T.string, state, { length: 4 })).toEqual(same);
    expect(await diff(T.string, state, { length: 4, keepers: {} })).toEqual(same);
    expect(await diff(T.string, state, { length: 4, keepers: { a: null } })).toEqual(same);
    expect(await diff(T.string, state, { length: 4, keepers: null })).toEqual(same);
  });

  it("replaces when a new input is unknown in preview", async () => {
    const state = (await create(T.integer, { min: 1, max: 5, keepers: { v: "1" } })).outs;
    expect((await diff(T.integer, state, { min: 1, max: 5, keepers: { v: UNKNOWN } })).replaces).toEqual([
      "keepers",
    ]);
    expect((await diff(T.integer, state, { min: 1, max: UNKNOWN, keepers: { v: "1" } })).replaces).toEqual([
      "max",
    ]);
  });
});

describe("random provider: read, update, delete", () => {
  it("returns the stored state on refresh", async () => {
    const { id, outs } = await create(T.password, { length: 10 });
    expect(await randomProvider.read(id, urn(T.password), outs)).toEqual({ id, props: outs });
  });

  it("imports from the ids TF's import accepts", async () => {
    const id = await randomProvider.read("my-prefix-,p-9hUg", urn(T.id), {});
    expect(id.id).toBe("p-9hUg");
    expect(id.props).toMatchObject({ byteLength: 4, prefix: "my-prefix-", b64Url: "my-prefix-p-9hUg" });
    expect(id.inputs).toEqual({ byteLength: 4, prefix: "my-prefix-" });
    const int = await randomProvider.read("15390,1,50000", urn(T.integer), {});
    expect(int).toMatchObject({ id: "15390", props: { result: 15390, min: 1, max: 50000 } });
    const pw = await randomProvider.read("s3cret!", urn(T.password), {});
    expect(pw.id).toBe("none");
    expect(pw.props.result).toEqual(secret("s3cret!"));
    expect(pw.props).toMatchObject({ length: 7, upper: true, numeric: true, minSpecial: 0 });
    expect(pw.inputs).not.toHaveProperty("result");
    const bytes = await randomProvider.read("8/fu3q+2DcgSJ19i0jZ5Cw==", urn(T.bytes), {});
    expect(bytes.props).toMatchObject({ length: 16, base64: secret("8/fu3q+2DcgSJ19i0jZ5Cw==") });
    const uuid = await randomProvider.read("AABBCCDD-EEFF-0011-2233-445566778899", urn(T.uuid), {});
    expect(uuid.props).toEqual({ result: "aabbccdd-eeff-0011-2233-445566778899" });
    await expect(randomProvider.read("x", urn(T.pet), {})).rejects.toThrow(/cannot be imported/);
    await expect(randomProvider.read("1,2", urn(T.integer), {})).rejects.toThrow(/result,min,max/);
    await expect(randomProvider.read("not base64!", urn(T.bytes), {})).rejects.toThrow(/base64/);
  });

  it("keeps computed outputs on update", async () => {
    const { outs } = await create(T.string, { length: 5 });
    const { outs: updated } = await randomProvider.update("x", urn(T.string), outs, { length: 5 });
    expect(updated.result).toBe(outs.result);
    expect(updated).toEqual(outs);
  });

  it("deletes without doing anything", async () => {
    await expect(randomProvider.delete("x", urn(T.string), {})).resolves.toBeUndefined();
  });
});

describe("random provider: building blocks", () => {
  it("draws uniformly below n and repeats a seeded stream", () => {
    const e = seededEntropy("x");
    const draws = Array.from({ length: 500 }, () => uniformBelow(e, 3n));
    expect(new Set(draws)).toEqual(new Set([0n, 1n, 2n]));
    expect(seededEntropy("x").bytes(40)).toEqual(seededEntropy("x").bytes(40));
    expect(seededEntropy("x").bytes(40)).not.toEqual(seededEntropy("y").bytes(40));
  });

  it("reads wire values: secrets and output values reveal to their value, an output without one is unknown", () => {
    const known = { [specialSigKey]: specialOutputValueSig, value: secret("v"), secret: true };
    const unknown = { [specialSigKey]: specialOutputValueSig };
    expect(reveal({ a: [secret(1), known], b: unknown })).toEqual({ a: [1, "v"], b: UNKNOWN });
    expect(containsUnknown({ a: [secret(unknown)] })).toBe(true);
    expect(containsUnknown({ a: [secret(1), known] })).toBe(false);
  });

  it("ships pet word lists without duplicates, all lowercase letters", () => {
    for (const list of [ADVERBS, ADJECTIVES, NAMES]) {
      expect(new Set(list).size).toBe(list.length);
      expect(list.every((w) => /^[a-z]+$/.test(w))).toBe(true);
      expect(list.length).toBeGreaterThan(100);
    }
  });
});

describe("random provider: plugin process", () => {
  let child: ChildProcess | undefined;
  afterEach(() => {
    child?.kill();
  });

  it("serves over gRPC: prints its port, reports its version, creates with secrets, imports", async () => {
    // Transpile-only ts-node runs the same entry the compiled dist/ file does, without a build step first.
    child = spawn(
      process.execPath,
      ["-r", "ts-node/register/transpile-only", path.join(root, "scripts/random-provider/index.ts")],
      { cwd: root, stdio: ["ignore", "pipe", "pipe"], env: { ...process.env, NODE_OPTIONS: "" } },
    );
    const port = await new Promise<string>((resolve, reject) => {
      let out = "";
      let err = "";
      child?.stdout?.on("data", (d: Buffer) => {
        out += d.toString();
        const m = /^(\d+)\s*$/m.exec(out);
        if (m?.[1]) resolve(m[1]);
      });
      child?.stderr?.on("data", (d: Buffer) => {
        err += d.toString();
      });
      child?.on("exit", (code) => reject(new Error(`plugin exited ${code}: ${err}`)));
    });
    const client = new ResourceProviderClient(`127.0.0.1:${port}`, grpc.credentials.createInsecure());
    try {
      const info = await new Promise<string>((resolve, reject) =>
        client.getPluginInfo(new Empty(), (e, r) => (e ? reject(e) : resolve(r.getVersion()))),
      );
      expect(info).toBe(randomProvider.version);
      const req = new CreateRequest();
      req.setUrn(urn(T.password));
      req.setProperties(Struct.fromJavaScript({ length: 12, special: false }));
      const created = await new Promise<{ id: string; props: Props }>((resolve, reject) =>
        client.create(req, (e, r) =>
          e ? reject(e) : resolve({ id: r.getId(), props: r.getProperties()?.toJavaScript() as Props }),
        ),
      );
      expect(created.id).toBe("none");
      expect(isSecret(created.props.result)).toBe(true);
      expect(str(reveal(created.props.result ?? null))).toMatch(/^[A-Za-z0-9]{12}$/);
      // `pulumi import` sends no properties at all; the SDK's server needs import-fix.ts to get to read().
      const importReq = new ReadRequest();
      importReq.setUrn(urn(T.integer));
      importReq.setId("15390,1,50000");
      const imported = await new Promise<{ id: string; props: Props }>((resolve, reject) =>
        client.read(importReq, (e, r) =>
          e ? reject(e) : resolve({ id: r.getId(), props: r.getProperties()?.toJavaScript() as Props }),
        ),
      );
      expect(imported).toEqual({ id: "15390", props: { result: 15390, min: 1, max: 50000 } });
    } finally {
      client.close();
    }
  }, 30_000);
});

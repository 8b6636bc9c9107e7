// Sources of random bytes and the unbiased draws built on them. Everything uses node:crypto, except that a
// resource with a non-empty `seed` draws from a deterministic stream derived from it (as TF's seeded math/rand
// does; the values differ from TF's, the property "same seed, same result" holds).
import { createHash, randomBytes } from "node:crypto";

export interface Entropy {
  bytes(n: number): Buffer;
}

export const secureEntropy: Entropy = { bytes: (n) => randomBytes(n) };

/** SHA-256 in counter mode over the seed: block i = sha256(seed || uint64be(i)). */
export function seededEntropy(seed: string): Entropy {
  let counter = 0n;
  let pool = Buffer.alloc(0);
  return {
    bytes(n) {
      while (pool.length < n) {
        const index = Buffer.alloc(8);
        index.writeBigUInt64BE(counter++);
        pool = Buffer.concat([pool, createHash("sha256").update(seed, "utf8").update(index).digest()]);
      }
      const out = Buffer.from(pool.subarray(0, n));
      pool = pool.subarray(n);
      return out;
    },
  };
}

/** TF treats an empty seed like no seed. */
export function entropyFor(seed: string | undefined): Entropy {
  return seed ? seededEntropy(seed) : secureEntropy;
}

/** A uniform integer in [0, n), by rejection sampling (no modulo bias). */
export function uniformBelow(e: Entropy, n: bigint): bigint {
  if (n <= 0n) throw new RangeError(`cannot draw below ${n}`);
  if (n === 1n) return 0n;
  const bits = (n - 1n).toString(2).length;
  const mask = (1n << BigInt(bits)) - 1n;
  const width = Math.ceil(bits / 8);
  for (;;) {
    const v = BigInt(`0x${e.bytes(width).toString("hex")}`) & mask;
    if (v < n) return v;
  }
}

export function indexBelow(e: Entropy, n: number): number {
  return Number(uniformBelow(e, BigInt(n)));
}

export function pick<T>(e: Entropy, items: readonly T[]): T {
  const item = items[indexBelow(e, items.length)];
  if (item === undefined) throw new RangeError("cannot pick from an empty list");
  return item;
}

/** Fisher–Yates on a copy. */
export function shuffled<T>(e: Entropy, items: readonly T[]): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = indexBelow(e, i + 1);
    [out[i], out[j]] = [out[j] as T, out[i] as T];
  }
  return out;
}

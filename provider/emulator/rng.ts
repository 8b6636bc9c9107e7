// Random sources. With a seed, every generated id and every fault roll is reproducible; ids and faults
// draw from separate streams so that a fault rule does not shift the ids of a run.
import { randomBytes } from "node:crypto";

export interface Random {
  /** A float in [0, 1). */
  next(): number;
  /** `n` lowercase hex characters. */
  hex(n: number): string;
}

/** mulberry32: small, fast, good enough for ids and dice. */
function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function seededRandom(seed: number): Random {
  const next = mulberry32(seed);
  return {
    next,
    hex(n) {
      let s = "";
      while (s.length < n)
        s += Math.floor(next() * 0x100000000)
          .toString(16)
          .padStart(8, "0");
      return s.slice(0, n);
    },
  };
}

export function systemRandom(): Random {
  return {
    next: Math.random,
    hex: (n) =>
      randomBytes(Math.ceil(n / 2))
        .toString("hex")
        .slice(0, n),
  };
}

/** Two independent streams from one optional seed. */
export function randomStreams(seed: number | undefined): { ids: Random; faults: Random } {
  if (seed === undefined) return { ids: systemRandom(), faults: systemRandom() };
  return { ids: seededRandom(seed), faults: seededRandom((seed ^ 0x9e3779b9) >>> 0) };
}

// The string generator behind RandomString and RandomPassword, as TF's random.CreateString: each minimum is
// drawn from its own class (even when that class is otherwise off), the rest from the enabled classes, then
// the whole is shuffled. Characters are code points, so a multi-byte overrideSpecial counts one per char.
import { type Entropy, pick, shuffled } from "./entropy";

export const NUMERIC_CHARS = "0123456789";
export const LOWER_CHARS = "abcdefghijklmnopqrstuvwxyz";
export const UPPER_CHARS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ";
export const DEFAULT_SPECIAL_CHARS = "!@#$%&*()-_=+[]{}<>:?";

export interface StringParams {
  length: number;
  upper: boolean;
  lower: boolean;
  numeric: boolean;
  special: boolean;
  minUpper: number;
  minLower: number;
  minNumeric: number;
  minSpecial: number;
  overrideSpecial?: string | undefined;
}

export function specialChars(overrideSpecial: string | undefined): string {
  return overrideSpecial ? overrideSpecial : DEFAULT_SPECIAL_CHARS;
}

function draw(e: Entropy, charset: string, count: number): string[] {
  if (count <= 0) return [];
  const chars = Array.from(charset);
  if (chars.length === 0) throw new Error("the character set specified is empty");
  return Array.from({ length: count }, () => pick(e, chars));
}

export function generateString(p: StringParams, e: Entropy): string {
  const special = specialChars(p.overrideSpecial);
  const enabled =
    (p.upper ? UPPER_CHARS : "") +
    (p.lower ? LOWER_CHARS : "") +
    (p.numeric ? NUMERIC_CHARS : "") +
    (p.special ? special : "");
  if (enabled === "") throw new Error("the character set specified is empty");
  const chars = [
    ...draw(e, NUMERIC_CHARS, p.minNumeric),
    ...draw(e, LOWER_CHARS, p.minLower),
    ...draw(e, UPPER_CHARS, p.minUpper),
    ...draw(e, special, p.minSpecial),
  ];
  chars.push(...draw(e, enabled, p.length - chars.length));
  return shuffled(e, chars).join("");
}

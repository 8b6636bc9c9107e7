// Property values as the engine sends them to a provider that accepts secrets: plain JSON in which a secret is
// an object tagged with the SDK's signature key, and a value not known yet (preview) is a sentinel string.
import {
  specialOutputValueSig,
  specialSecretSig,
  specialSigKey,
  unknownValue,
} from "@pulumi/pulumi/runtime/rpc";

export type Value = null | boolean | number | string | Value[] | { [key: string]: Value };
export type Props = { [key: string]: Value };

export const UNKNOWN = unknownValue;

export function isObject(v: Value | undefined): v is { [key: string]: Value } {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

export function isSecret(v: Value | undefined): v is { [key: string]: Value } {
  return isObject(v) && v[specialSigKey] === specialSecretSig;
}

// Output values only reach providers in construct/call today; tolerate them anyway: known → their value.
function isOutputValue(v: Value | undefined): v is { [key: string]: Value } {
  return isObject(v) && v[specialSigKey] === specialOutputValueSig;
}

export function secret(v: Value): Value {
  return { [specialSigKey]: specialSecretSig, value: v };
}

export function isUnknown(v: Value | undefined): boolean {
  return v === UNKNOWN || (isOutputValue(v) && !("value" in v));
}

/** Absent in the TF sense: not given, or given as null. */
export function isAbsent(v: Value | undefined): v is undefined | null {
  return v === undefined || v === null;
}

/** The value with every secret and output wrapper removed; unknowns stay as the sentinel. */
export function reveal(v: Value): Value {
  if (isSecret(v)) return reveal(v.value ?? null);
  if (isOutputValue(v)) return "value" in v ? reveal(v.value ?? null) : UNKNOWN;
  if (Array.isArray(v)) return v.map(reveal);
  if (isObject(v)) return revealProps(v);
  return v;
}

export function revealProps(p: Props): Props {
  const out: Props = {};
  for (const [k, v] of Object.entries(p)) out[k] = reveal(v);
  return out;
}

export function containsUnknown(v: Value | undefined): boolean {
  if (v === undefined) return false;
  if (isUnknown(v)) return true;
  if (isSecret(v)) return containsUnknown(v.value);
  if (Array.isArray(v)) return v.some(containsUnknown);
  if (isObject(v)) return Object.values(v).some(containsUnknown);
  return false;
}

export function containsSecret(v: Value | undefined): boolean {
  if (v === undefined) return false;
  if (isSecret(v)) return true;
  if (isOutputValue(v)) return v.secret === true || containsSecret(v.value);
  if (Array.isArray(v)) return v.some(containsSecret);
  if (isObject(v)) return Object.values(v).some(containsSecret);
  return false;
}

export function sameValue(a: Value | undefined, b: Value | undefined): boolean {
  if (a === b) return true;
  if (Array.isArray(a) && Array.isArray(b)) {
    return a.length === b.length && a.every((x, i) => sameValue(x, b[i]));
  }
  if (isObject(a) && isObject(b)) {
    const ka = Object.keys(a);
    return ka.length === Object.keys(b).length && ka.every((k) => k in b && sameValue(a[k], b[k]));
  }
  return false;
}

/** urn:pulumi:<stack>::<project>::<parent$...$type>::<name> → type. */
export function typeOfUrn(urn: string): string {
  return (urn.split("::")[2] ?? "").split("$").pop() ?? "";
}

/** `values` for the engine: secrets wrapped, absent values left out at every depth (a Struct holds no undefined). */
export function toWire(values: Record<string, unknown> | undefined, secrets: Set<string>): Props {
  const out: Props = {};
  for (const [k, v] of Object.entries(values ?? {})) {
    if (v === undefined) continue;
    out[k] = secrets.has(k) ? secret(defined(v)) : defined(v);
  }
  return out;
}

function defined(v: unknown): Value {
  if (Array.isArray(v)) return v.filter((x) => x !== undefined).map(defined);
  if (typeof v === "object" && v !== null)
    return Object.fromEntries(
      Object.entries(v)
        .filter(([, x]) => x !== undefined)
        .map(([k, x]) => [k, defined(x)]),
    );
  return v as Value;
}

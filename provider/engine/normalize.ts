// Canonical forms for diffs (bug class 2 of docs/bug-classes.md: perpetual diffs from normalisation). Absent, "",
// [] and {} are the same; object keys are compared in sorted order; set-like arrays in sorted order.
import { z } from "zod";

export const UNKNOWN = "04da6b54-80e4-46f7-96ec-b56ff0331ba9"; // pulumi's rpc.unknownValue during preview

export function isUnknown(v: unknown): boolean {
  return v === UNKNOWN;
}

/** Paths (dot-joined) whose value is not known yet (preview). */
export function unknownPaths(value: unknown, prefix = ""): string[] {
  if (isUnknown(value)) return [prefix];
  if (Array.isArray(value))
    return value.flatMap((v, i) => unknownPaths(v, prefix ? `${prefix}.${i}` : String(i)));
  if (value !== null && typeof value === "object")
    return Object.entries(value).flatMap(([k, v]) => unknownPaths(v, prefix ? `${prefix}.${k}` : k));
  return [];
}

function isEmpty(v: unknown): boolean {
  if (v === undefined || v === null || v === "") return true;
  if (Array.isArray(v)) return v.length === 0;
  if (typeof v === "object") return Object.keys(v as object).length === 0;
  return false;
}

/** A JSON string that is equal for values the service treats as equal. */
export function canonical(value: unknown, asSet = false): string {
  return JSON.stringify(sortDeep(value, asSet)) ?? "null";
}

function sortDeep(value: unknown, asSet: boolean): unknown {
  if (isEmpty(value)) return null;
  if (Array.isArray(value)) {
    const items = value.map((v) => sortDeep(v, false));
    return asSet ? [...new Set(items.map((i) => JSON.stringify(i)))].sort() : items;
  }
  if (typeof value === "object" && value !== null) {
    const out: Record<string, unknown> = {};
    for (const k of Object.keys(value).sort()) {
      const v = sortDeep((value as Record<string, unknown>)[k], false);
      if (v !== null) out[k] = v;
    }
    return Object.keys(out).length === 0 ? null : out;
  }
  return value;
}

/** True when a field differs between old and new, given its server default and set semantics. */
export function fieldChanged(
  oldValue: unknown,
  newValue: unknown,
  opts: { default?: unknown; asSet?: boolean } = {},
): boolean {
  if (unknownPaths(newValue).length > 0) return true;
  const d = opts.default;
  const norm = (v: unknown) => canonical(isEmpty(v) && d !== undefined ? d : v, opts.asSet);
  return norm(oldValue) !== norm(newValue);
}

/** The schema inside optional/default/nullable wrappers. */
function unwrap(schema: z.ZodType): z.ZodType {
  let s = schema;
  for (let def = s._zod.def as { innerType?: z.ZodType }; def.innerType; def = s._zod.def as typeof def)
    s = def.innerType;
  return s;
}

/**
 * `value` normalised by `schema` wherever it is known: a value with nothing unknown is parsed as a whole
 * (kept as given if it does not parse); objects and arrays with unknown parts are normalised part by part,
 * leaving the unknown parts as they are (bug class 2, docs/bug-classes.md, during preview).
 */
export function normalizeKnown(schema: z.ZodType, value: unknown): unknown {
  if (unknownPaths(value).length === 0) {
    const r = schema.safeParse(value);
    return r.success ? r.data : value;
  }
  if (isUnknown(value)) return value;
  const inner = unwrap(schema);
  if (Array.isArray(value) && inner instanceof z.ZodArray)
    return value.map((v) => normalizeKnown(inner.element as z.ZodType, v));
  if (value !== null && typeof value === "object" && inner instanceof z.ZodObject) {
    const shape = inner.shape as Record<string, z.ZodType>;
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) {
      const field = shape[k];
      const n = field ? normalizeKnown(field, v) : v;
      if (n !== undefined) out[k] = n;
    }
    return out;
  }
  return value;
}

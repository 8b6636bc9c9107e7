// Which fields hold credentials (provider keys, passwords, service-account keys, tokens): each is marked in the
// document (`x-secret: true`, provider/contract/openapi/chat-service.yaml), which the generated schemas carry as
// `secret(...)` (decision 0123). `secretPaths` finds the marks in any schema, so the resources keep those fields
// secret in state and outputs, the environment file names them by secret keys and the client redacts their
// values, without a second list to keep in step.
import { z } from "zod";
import { defOf } from "./zod-def";

const marked = z.registry<{ secret: true }>();

/** Marks a field's schema as a credential. Apply it last (before `.optional()`): refinements make new schemas. */
export function secret<T extends z.ZodType>(schema: T): T {
  marked.add(schema, { secret: true });
  return schema;
}

export const isSecret = (schema: z.ZodType): boolean => marked.has(schema);

/** `schema` with a description, keeping its mark (a description makes a new schema, which the mark is not on). */
export function described<T extends z.ZodType>(schema: T, description: string): T {
  const out = schema.describe(description) as T;
  return isSecret(schema) ? secret(out) : out;
}

/**
 * The dotted paths of the secret fields in `schema`, e.g. `settings.giphyApiKey` or
 * `serviceAccountCreds.private_key`; `[]` stands for any array element and `*` for any record key.
 */
export function secretPaths(schema: z.ZodType): string[] {
  const out = new Set<string>();
  const walk = (s: z.ZodType, path: string, depth: number) => {
    if (depth > 20) return;
    if (marked.has(s)) {
      out.add(path || "(root)");
      return;
    }
    const def = defOf(s);
    const at = (k: string) => (path ? `${path}.${k}` : k);
    switch (def.type) {
      case "object":
        for (const [k, v] of Object.entries(def.shape ?? {})) walk(v, at(k), depth + 1);
        return;
      case "array":
        if (def.element) walk(def.element, `${path}[]`, depth + 1);
        return;
      case "record":
        if (def.valueType) walk(def.valueType, at("*"), depth + 1);
        return;
      case "union":
        for (const o of def.options ?? []) walk(o, path, depth + 1);
        return;
      case "intersection":
        if (def.left) walk(def.left, path, depth + 1);
        if (def.right) walk(def.right, path, depth + 1);
        return;
      case "pipe":
        // A preprocess keeps the real schema on the out side, a transform on the in side.
        if (def.in) walk(def.in, path, depth + 1);
        if (def.out) walk(def.out, path, depth + 1);
        return;
      default:
        if (def.innerType) walk(def.innerType, path, depth + 1);
    }
  };
  walk(schema, "", 0);
  return [...out].sort();
}

/** The values at a path of secretPaths (`a.b`, `a[]`, `a.*`) inside `value`. */
export function valuesAt(value: unknown, path: string): unknown[] {
  if (path === "(root)" || path === "") return [value];
  const m = /^([^.[]+)(\[\])?\.?(.*)$/.exec(path);
  if (!m || value === null || typeof value !== "object") return [];
  const [, head = "", each, rest = ""] = m;
  const heads = head === "*" ? Object.values(value) : [(value as Record<string, unknown>)[head]];
  const items = each ? heads.flatMap((h) => (Array.isArray(h) ? h : [])) : heads;
  return items.flatMap((v) => valuesAt(v, rest));
}

/** Every string inside `value` (object values and array items, not keys). */
export function stringsIn(value: unknown): string[] {
  if (typeof value === "string") return [value];
  if (Array.isArray(value)) return value.flatMap(stringsIn);
  if (value !== null && typeof value === "object") return Object.values(value).flatMap(stringsIn);
  return [];
}

/** The strings `value` holds at the fields `schema` marks secret: what must never be printed. */
export const secretValues = (schema: z.ZodType, value: unknown): string[] =>
  secretPaths(schema)
    .flatMap((p) => valuesAt(value, p))
    .flatMap(stringsIn);

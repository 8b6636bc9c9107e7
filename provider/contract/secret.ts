// Which request fields hold credentials (provider keys, passwords, service-account keys): each is marked where
// its schema is declared, with `secret(...)`, and nowhere else. `secretPaths` finds the marks in any schema,
// so the resources can keep those fields secret in state and outputs without a second list to keep in step.
import { z } from "zod";
import { defOf } from "./zod-def";

const marked = z.registry<{ secret: true }>();

/** Marks a field's schema as a credential. Apply it last (before `.optional()`): refinements make new schemas. */
export function secret<T extends z.ZodType>(schema: T): T {
  marked.add(schema, { secret: true });
  return schema;
}

export const isSecret = (schema: z.ZodType): boolean => marked.has(schema);

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

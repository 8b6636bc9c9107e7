// The document's descriptions of request fields, found for the zod schemas that declare those fields: each
// route's body schema is walked beside the document's description table (provider/contract/generated/descriptions.ts,
// written from the document by `npm run generate`), so the plugin's schema describes nested fields in the
// document's words and nothing is written twice.
import type { z } from "zod";
import { DESCRIPTIONS } from "./generated/descriptions";
import * as G from "./generated/schemas";
import { routes } from "./index";
import type { RouteSpec } from "./route";
import { defOf } from "./zod-def";

let found: WeakMap<z.ZodType, string> | undefined;

/** Walks `schema` at `path` (`a.b`, `[]` an array element, `{}` a record value), recording described fields. */
function walk(
  s: z.ZodType,
  path: string,
  docs: Readonly<Record<string, string>>,
  out: WeakMap<z.ZodType, string>,
  depth = 0,
): void {
  if (depth > 30) return;
  const def = defOf(s);
  const next = (t: z.ZodType | undefined, p: string) => t && walk(t, p, docs, out, depth + 1);
  switch (def.type) {
    case "object":
      for (const [k, v] of Object.entries(def.shape ?? {})) {
        const p = path ? `${path}.${k}` : k;
        const d = docs[p];
        if (d && !out.has(v)) out.set(v, d);
        next(v, p);
      }
      return;
    case "array":
      return void next(def.element, `${path}[]`);
    case "record":
      return void next(def.valueType, `${path}{}`);
    case "union":
      for (const o of def.options ?? []) next(o, path);
      return;
    case "pipe":
      return void next(def.in, path);
    case "lazy":
      return void next(def.getter?.(), path);
    default:
      if (def.innerType) next(def.innerType, path);
  }
}

/** The document's description of the field `schema` declares, if it has one. */
export function descriptionOf(schema: z.ZodType): string | undefined {
  if (!found) {
    const map = new WeakMap<z.ZodType, string>();
    for (const [name, r] of Object.entries(routes) as [string, RouteSpec][]) {
      const docs = DESCRIPTIONS[name];
      if (docs && r.body) walk(r.body, "", docs, map);
    }
    // A kind's declaration form no route takes (`x-declaration`), by its component's name.
    const components = G as unknown as Record<string, z.ZodType | undefined>;
    for (const [name, docs] of Object.entries(DESCRIPTIONS)) {
      const declared = Object.hasOwn(routes, name) ? undefined : components[name];
      if (declared) walk(declared, "", docs, map);
    }
    found = map;
  }
  return found.get(schema);
}

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
/** A field's description as one object declares it, with that object's fields (unwrapped). */
interface Owned {
  fields: ReadonlySet<z.ZodType>;
  key: string;
  description: string;
}
/**
 * Per field schema, each object declaring it with a description: a schema the document names once and
 * several bodies use (`CampaignName`) is one zod instance, so its description depends on the object it
 * stands in, not on the instance alone.
 */
let owners: WeakMap<z.ZodType, Owned[]> | undefined;

/** The schema under optional, nullable, default and pipe wrappers. */
function bare(s: z.ZodType): z.ZodType {
  let at = s;
  for (let i = 0; i < 10; i++) {
    const def = defOf(at);
    const inner = def.innerType ?? (def.type === "pipe" ? def.in : undefined);
    if (!inner) return at;
    at = inner;
  }
  return at;
}

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
    case "object": {
      const fields = new Set(Object.values(def.shape ?? {}).map(bare));
      for (const [k, v] of Object.entries(def.shape ?? {})) {
        const p = path ? `${path}.${k}` : k;
        const d = docs[p];
        if (d && !out.has(v)) out.set(v, d);
        if (d)
          owners?.get(bare(v))?.push({ fields, key: k, description: d }) ??
            owners?.set(bare(v), [{ fields, key: k, description: d }]);
        next(v, p);
      }
      return;
    }
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
  return table().get(schema);
}

/**
 * The description of field `key` of object schema `object`, where its schema is shared by fields the document
 * describes otherwise (a channel's `name` and a category's are both `CampaignName`): the one of the declaring
 * object sharing the most fields with `object` (itself, or the object it was derived from) under that key. Undefined where
 * the field's description does not depend on its object (`descriptionOf` says it).
 */
export function descriptionIn(object: z.ZodType, key: string): string | undefined {
  table();
  const shape = defOf(object).shape;
  const field = shape?.[key];
  const declared = field && owners?.get(bare(field));
  if (!shape || !declared || new Set(declared.map((o) => o.description)).size < 2) return undefined;
  const mine = Object.values(shape).map(bare);
  // The same key first (one schema may stand for several fields of an object), then the most fields shared.
  const score = (o: Owned) => (o.key === key ? 1000 : 0) + mine.filter((f) => o.fields.has(f)).length;
  return [...declared].sort((a, b) => score(b) - score(a))[0]?.description;
}

function table(): WeakMap<z.ZodType, string> {
  if (!found) {
    owners = new WeakMap();
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
  return found;
}

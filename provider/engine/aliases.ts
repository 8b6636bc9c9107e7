// Former spellings an argument still takes. Check reads each as the value it now stands for (so that is what
// is stored and sent), diff compares recorded values read the same way (so a stack that recorded a former
// spelling previews no change), and the SDKs' types and the plugin's enum still offer it, marked as former.
import { z } from "zod";

/** The aliases an enum argument takes, former spelling → current value, in its JSON Schema. */
export const ALIASES_KEY = "x-aliases";

/** `schema` (an enum) also taking each key of `aliases`, read as its value. */
export function withAliases<E extends z.ZodEnum>(
  schema: E,
  aliases: Readonly<Record<string, E["options"][number]>>,
) {
  return z
    .preprocess((v) => (typeof v === "string" && Object.hasOwn(aliases, v) ? aliases[v] : v), schema)
    .meta({ enum: [...schema.options, ...Object.keys(aliases)], [ALIASES_KEY]: { ...aliases } });
}

/** The part of a JSON Schema (json-schema.ts's `Json`) that says where a former spelling may stand. */
interface AliasSchema {
  const?: unknown;
  items?: AliasSchema;
  properties?: Record<string, AliasSchema>;
  additionalProperties?: AliasSchema | boolean;
  anyOf?: AliasSchema[];
  oneOf?: AliasSchema[];
  [ALIASES_KEY]?: Record<string, string>;
}

/**
 * `value` with every former spelling at a place `schema` (the JSON Schema of what a kind takes) marks read as
 * the value it stands for: what check would store, for readers that compare values without parsing them
 * (chat-export --compare). Of a union, the branch whose constant fields the value has is followed.
 */
export function currentSpellings(schema: AliasSchema, value: unknown): unknown {
  const aliases = schema[ALIASES_KEY];
  if (aliases && typeof value === "string") return Object.hasOwn(aliases, value) ? aliases[value] : value;
  const branches = schema.oneOf ?? schema.anyOf;
  if (branches) {
    const fits = (b: AliasSchema) =>
      Object.entries(b.properties ?? {}).every(
        ([k, p]) =>
          p.const === undefined ||
          (typeof value === "object" && value !== null && (value as Record<string, unknown>)[k] === p.const),
      );
    const branch = branches.find(fits);
    return branch ? currentSpellings(branch, value) : value;
  }
  if (Array.isArray(value))
    return schema.items ? value.map((v) => currentSpellings(schema.items ?? {}, v)) : value;
  if (typeof value === "object" && value !== null && schema.properties) {
    const props = schema.properties;
    return Object.fromEntries(
      Object.entries(value).map(([k, v]) => [k, props[k] ? currentSpellings(props[k], v) : v]),
    );
  }
  return value;
}

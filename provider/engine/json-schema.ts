// A zod schema as JSON Schema, and the part of JSON Schema zod writes: what the generated SDK's types
// (scripts/gen-sdk.ts) and the plugin's package schema (provider/hosts/plugin/schema.ts) are both made from.
import { z } from "zod";
import { type ClosedSet, closedSetOf } from "../contract/closed-set";
import { descriptionIn, descriptionOf } from "../contract/descriptions";

export interface Json {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  items?: Json;
  properties?: Record<string, Json>;
  required?: string[];
  additionalProperties?: Json | boolean;
  anyOf?: Json[];
  oneOf?: Json[];
  description?: string;
  /** A closed set the contract names (provider/contract/closed-set.ts): only in `jsonOf(…, true)`'s output. */
  "x-closed-set"?: ClosedSet;
  /** Former spellings an enum still takes, each with the value it stands for (provider/engine/aliases.ts). */
  "x-aliases"?: Record<string, string>;
}

/** `schema` as JSON Schema, as it takes values (`input`) or gives them (`output`); unrepresentable parts: any. */
export const jsonOf = (schema: z.ZodType, io: "input" | "output", annotated = false): Json =>
  z.toJSONSchema(schema, {
    io,
    unrepresentable: "any",
    ...(annotated ? { override: annotate } : {}),
  }) as Json;

/**
 * What people read beside the wire's facts, for the plugin's schema: each field's description from the
 * document (provider/contract/descriptions.ts) and the closed sets the contract names.
 */
function annotate(ctx: { zodSchema: unknown; jsonSchema: Record<string, unknown> }): void {
  const zod = ctx.zodSchema as z.ZodType;
  const set = closedSetOf(zod);
  if (set) ctx.jsonSchema["x-closed-set"] = set;
  const description = descriptionOf(zod);
  if (description && ctx.jsonSchema.description === undefined) ctx.jsonSchema.description = description;
  // A shared field schema takes the description of the object it stands in (it may have been given another's).
  const properties = ctx.jsonSchema.properties as Record<string, Record<string, unknown>> | undefined;
  for (const key of Object.keys(properties ?? {})) {
    const own = descriptionIn(zod, key);
    const property = properties?.[key];
    if (own && property) property.description = own;
  }
}

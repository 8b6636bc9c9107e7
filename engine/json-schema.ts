// A zod schema as JSON Schema, and the part of JSON Schema zod writes: what the generated SDK's types
// (scripts/gen-sdk.ts) and the plugin's package schema (hosts/plugin/schema.ts) are both made from.
import { z } from "zod";

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
}

/** `schema` as JSON Schema, as it takes values (`input`) or gives them (`output`); unrepresentable parts: any. */
export const jsonOf = (schema: z.ZodType, io: "input" | "output"): Json =>
  z.toJSONSchema(schema, { io, unrepresentable: "any" }) as Json;

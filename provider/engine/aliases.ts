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

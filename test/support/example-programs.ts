// The registry's example of each kind (provider/hosts/plugin/examples.ts) as a whole program in one language, as the
// schema's descriptions and docs/registry show it: for the tests that compile or run them.

import { ENVIRONMENT_EXAMPLE } from "../../provider/hosts/plugin/environment-schema";
import {
  exampleProgram,
  type Language,
  type Lookup,
  type Prop,
} from "../../provider/hosts/plugin/example-code";
import { EXAMPLES } from "../../provider/hosts/plugin/examples";
import { packageSchema } from "../../provider/hosts/plugin/schema";
import { kinds } from "../../provider/kinds";

export const schema = packageSchema() as {
  types: Record<string, { type: string; properties?: Record<string, Prop>; enum?: unknown[] }>;
  resources: Record<string, { description: string; inputProperties: Record<string, Prop> }>;
};
const lookup: Lookup = (ref) => (ref?.startsWith("#/types/") ? schema.types[ref.slice(8)] : undefined);
export const names = Object.keys(kinds);

/** [kind, program] for every kind, and the Environment component last. */
export const programs = (language: Language): [string, string][] =>
  [...names, "Environment"].map((k) => {
    const ex = k === "Environment" ? ENVIRONMENT_EXAMPLE : EXAMPLES[k];
    if (!ex) throw new Error(`no example for ${k}`);
    return [
      k,
      exampleProgram(k, ex, schema.resources[`chat:index:${k}`]?.inputProperties ?? {}, lookup, language),
    ];
  });

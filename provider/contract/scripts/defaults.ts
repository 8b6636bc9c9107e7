// Writes provider/contract/generated/defaults.ts: each named schema's fields that carry a `default:` in the document.
// On an answer schema the default is the value the service gives a field a create leaves out (a webhook is
// enabled); on a request body it is the value our schema fills in (API key `scope`). The kinds
// state a service's default by naming it (provider/engine/fields.ts `service`), and the emulator fills its records
// from the same table (provider/emulator/records.ts), so each default stands once, in the document.

/** A named schema, as far as its fields' defaults go. */
export interface WithDefaults {
  properties?: Record<string, { default?: unknown }>;
}

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;
/** A value as biome lays it out: a list with a space after each comma. */
const literal = (v: unknown): string =>
  Array.isArray(v) ? `[${v.map((x) => JSON.stringify(x)).join(", ")}]` : JSON.stringify(v);
const key = (k: string) => (IDENTIFIER.test(k) ? k : JSON.stringify(k));

/** The module text: `DEFAULTS`, schema name → field → default, in the document's order. */
export function defaultsModule(schemas: Record<string, WithDefaults>, header: string): string {
  const blocks: string[] = [];
  for (const [name, s] of Object.entries(schemas)) {
    const fields = Object.entries(s.properties ?? {}).filter(([, p]) => p && "default" in p);
    if (fields.length === 0) continue;
    const lines = fields.map(([f, p]) => `    ${key(f)}: ${literal(p.default)},`);
    blocks.push(`  ${key(name)}: {\n${lines.join("\n")}\n  },`);
  }
  return (
    header +
    "// An answer's default: what the service gives a field a create leaves out; a body's: what our schema fills in.\n" +
    `export const DEFAULTS = {\n${blocks.join("\n")}\n} as const;\n` +
    "export type Defaults = typeof DEFAULTS;\n"
  );
}

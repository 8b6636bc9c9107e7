// Writes provider/contract/generated/secrets.ts: the names the document marks `x-secret: true` (decision 0123).
// A field's or parameter's mark makes its schema `secret()` (zod-emit.ts), from which the kinds' secret
// arguments and outputs, the plugin's secret flags and the environment file's secret references follow; the
// names listed here are what the client redacts by name in text it cannot parse (a server's message), and the
// security schemes' marks say which of the provider's own credentials (config keys, connection fields) are
// secret. So every secret is marked once, in the document.

type Node = Record<string, unknown>;

/** What the generated module says, read from a parsed document. */
export interface SecretFacts {
  /** Property names marked secret (or naming a schema marked secret), in any schema. */
  fields: string[];
  /** Path and query parameters whose schema is marked secret. */
  parameters: string[];
  /** The header names of the security schemes: each carries a credential. */
  headers: string[];
  /** The security schemes marked secret: the provider's config keys and connection fields of those names. */
  schemes: string[];
}

const isNode = (v: unknown): v is Node => v !== null && typeof v === "object" && !Array.isArray(v);

export function secretFacts(doc: Node): SecretFacts {
  const components = isNode(doc.components) ? doc.components : {};
  const schemas = isNode(components.schemas) ? components.schemas : {};
  const marked = (s: unknown): boolean => {
    if (!isNode(s)) return false;
    if (s["x-secret"] === true) return true;
    const ref = typeof s.$ref === "string" ? s.$ref.split("/").pop() : undefined;
    return ref !== undefined && isNode(schemas[ref]) && schemas[ref]["x-secret"] === true;
  };
  const fields = new Set<string>();
  const parameters = new Set<string>();
  const walk = (v: unknown): void => {
    if (Array.isArray(v)) {
      for (const item of v) walk(item);
      return;
    }
    if (!isNode(v)) return;
    if (isNode(v.properties))
      for (const [name, p] of Object.entries(v.properties)) if (marked(p)) fields.add(name);
    if (typeof v.name === "string" && (v.in === "path" || v.in === "query") && marked(v.schema))
      parameters.add(v.name);
    for (const child of Object.values(v)) walk(child);
  };
  walk(doc.paths);
  walk(components);
  const schemes = isNode(components.securitySchemes) ? components.securitySchemes : {};
  const headers = Object.values(schemes)
    .filter((s): s is Node => isNode(s) && s.in === "header" && typeof s.name === "string")
    .map((s) => s.name as string);
  return {
    fields: [...fields].sort(),
    parameters: [...parameters].sort(),
    headers,
    schemes: Object.entries(schemes)
      .filter(([, s]) => isNode(s) && s["x-secret"] === true)
      .map(([name]) => name),
  };
}

/** The module text; `layout` lays a list out as the formatter wants it. */
export function secretsModule(
  doc: Node,
  header: string,
  layout: (head: string, items: string[], open: string, close: string, tail: string) => string,
): string {
  const list = (name: string, what: string, values: readonly string[]) =>
    `/** ${what} */\n${layout(
      `export const ${name} = `,
      values.map((v) => JSON.stringify(v)),
      "[",
      "]",
      " as const;",
    )}\n`;
  const f = secretFacts(doc);
  return (
    header +
    list("SECRET_FIELDS", "The fields marked `x-secret`, by name, in any schema.", f.fields) +
    list("SECRET_PARAMETERS", "The path and query parameters marked `x-secret`.", f.parameters) +
    list("CREDENTIAL_HEADERS", "The headers the security schemes send credentials in.", f.headers) +
    list("SECRET_SCHEMES", "The security schemes marked `x-secret`.", f.schemes)
  );
}

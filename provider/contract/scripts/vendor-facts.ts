// `npm run contract:facts -- <vendor OpenAPI files...>`: reduces the vendor's files to the facts
// `contract:compare` reads: each operation's method, path and operationId, its query parameters, the content
// type and schema of its body and of its 2xx JSON answer (types, enums, required lists, limits, properties,
// items, combinators, `$ref`s), and the components those refer to. No description, summary, example, default or
// tag is kept: the vendor's wording stays out of the repository (docs/decisions/0118-the-comparison-in-the-test-run.md). The result is the
// fixture test/unit/contract-vendor.test.ts compares the document with, so that `npm test` in a fresh clone,
// without the vendor's files, fails when the document differs from them in a way divergences.yaml does not
// record.
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { parse, stringify } from "yaml";
import { type Json, LIMITS, METHODS, obj } from "./compare";

export const VENDOR_FACTS = join("test", "unit", "fixtures", "vendor-facts.yaml");

const HEADER = `# The facts of the vendor's OpenAPI files that npm run contract:compare reads, one document per file, written
# by npm run contract:facts (provider/contract/scripts/vendor-facts.ts) from the files it was given. No description,
# summary, example or default: the vendor's wording stays out of the repository. Do not edit by hand.
`;

/** The schema keywords the comparison reads, beside properties, items and the combinators. */
const KEPT = ["type", "nullable", "enum", "required", ...LIMITS] as const;
const COMBINATORS = ["allOf", "anyOf", "oneOf"] as const;

const mapValues = (o: unknown, f: (v: unknown) => Json): Json =>
  Object.fromEntries(Object.entries(obj(o)).map(([k, v]) => [k, f(v)]));

/** A schema's facts; a `$ref` stays a reference (the components it names are kept too). */
export function schemaFacts(schema: unknown): Json {
  const s = obj(schema);
  const out: Json = {};
  if (typeof s.$ref === "string") out.$ref = s.$ref;
  for (const k of KEPT) if (s[k] !== undefined) out[k] = s[k];
  if (Object.keys(obj(s.properties)).length) out.properties = mapValues(s.properties, schemaFacts);
  if (s.items) out.items = schemaFacts(s.items);
  for (const c of COMBINATORS) {
    const alts = s[c];
    if (Array.isArray(alts)) out[c] = alts.map(schemaFacts);
  }
  return out;
}

const contentFacts = (content: unknown): Json =>
  mapValues(content, (media) => ({ schema: schemaFacts(obj(media).schema) }));

/** A parameter, a request body or a response: the parts the comparison reads, or its `$ref`. */
function partFacts(part: unknown): Json {
  const p = obj(part);
  if (typeof p.$ref === "string") return { $ref: p.$ref };
  const out: Json = {};
  for (const k of ["name", "in"] as const) if (p[k] !== undefined) out[k] = p[k];
  if (p.required === true) out.required = true;
  if (p.schema) out.schema = schemaFacts(p.schema);
  if (p.content) out.content = contentFacts(p.content);
  return out;
}

function operationFacts(op: Json): Json {
  const out: Json = {};
  if (typeof op.operationId === "string") out.operationId = op.operationId;
  if (Array.isArray(op.parameters)) out.parameters = op.parameters.map(partFacts);
  if (op.requestBody) out.requestBody = partFacts(op.requestBody);
  out.responses = mapValues(op.responses, partFacts);
  return out;
}

/** A vendor file's facts: its servers' addresses (which tell the API), its operations and its components. */
export function factsOf(doc: Json): Json {
  const servers = (Array.isArray(doc.servers) ? doc.servers : []).map((s) => ({ url: String(obj(s).url) }));
  const paths = mapValues(doc.paths, (item) => {
    const ops: Json = {};
    for (const m of METHODS) if (obj(item)[m]) ops[m] = operationFacts(obj(obj(item)[m]));
    return ops;
  });
  const c = obj(doc.components);
  const components: Json = {};
  if (c.schemas) components.schemas = mapValues(c.schemas, schemaFacts);
  for (const k of ["parameters", "requestBodies", "responses"] as const)
    if (c[k]) components[k] = mapValues(c[k], partFacts);
  return { openapi: String(doc.openapi ?? "3.0.0"), servers, paths, components };
}

if (require.main === module) {
  const files = process.argv.slice(2);
  if (files.length === 0) {
    process.stderr.write("usage: npm run contract:facts -- <vendor OpenAPI file (JSON or YAML)>...\n");
    process.exit(2);
  }
  const facts = files.map((f) => factsOf(parse(readFileSync(f, "utf8")) as Json));
  writeFileSync(VENDOR_FACTS, `${HEADER}${stringify(facts, { lineWidth: 0 })}`);
  process.stdout.write(`${VENDOR_FACTS}: the facts of ${files.length} file(s)\n`);
}

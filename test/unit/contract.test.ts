// The OpenAPI document (provider/contract/openapi/chat-service.yaml) is the source of the route table and the schemas:
// the generated files are what the generator writes from it now, the table holds exactly its operations with
// its facts, and each route's schemas (generated, or hand-written in the areas not generated yet) say on the
// wire what the document says: a round trip (docs/decisions/0103-contract-from-openapi.md).
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { parse } from "yaml";
import { z } from "zod";
import { isSecret, type RouteSpec, routes } from "../../provider/contract";
import { DOCUMENT, generate, OUT_DIR } from "../../provider/contract/scripts/generate";

const root = join(__dirname, "..", "..");
const text = readFileSync(join(root, DOCUMENT), "utf8");

type Json = Record<string, unknown>;
interface Op {
  operationId: string;
  parameters?: Json[];
  requestBody?: { required?: boolean; content: Record<string, { schema: Json }> };
  responses: Record<string, { content?: Record<string, { schema: Json }> }>;
}
const doc = parse(text) as {
  paths: Record<string, Record<string, Op | unknown>>;
  components: { schemas: Record<string, Json>; parameters: Record<string, Json> };
};
const operations = new Map<string, Op>();
for (const item of Object.values(doc.paths))
  for (const [method, op] of Object.entries(item))
    if (["get", "post", "put", "patch", "delete"].includes(method))
      operations.set((op as Op).operationId, op as Op);

/** Words for people, not facts: left out of the comparison. */
const PROSE = new Set(["description", "summary", "title", "examples", "example"]);

/**
 * The `x-` keywords that tell the generator how to write the zod (wording, transforms): not on the wire; nor
 * OpenAPI's `discriminator`, which JSON Schema (zod's) has no word for: it picks a `oneOf` member.
 */
const ZOD_ONLY = (k: string) => (k.startsWith("x-") && k !== "x-secret") || k === "discriminator";

/** `schema` with every `$ref` to components.schemas replaced by its target and prose left out. */
function inline(schema: unknown, depth = 0): unknown {
  if (depth > 40) throw new Error("a cycle of $refs");
  if (Array.isArray(schema)) return schema.map((s) => inline(s, depth + 1));
  if (schema === null || typeof schema !== "object") return schema;
  const { $ref, ...rest } = schema as Json;
  const out: Json =
    typeof $ref === "string"
      ? { ...(inline(doc.components.schemas[$ref.split("/").pop() ?? ""], depth + 1) as Json) }
      : {};
  // Keywords beside a $ref (a default) add to its target (OpenAPI 3.1).
  for (const [k, v] of Object.entries(rest)) if (!PROSE.has(k) && !ZOD_ONLY(k)) out[k] = inline(v, depth + 1);
  return out;
}

/**
 * `doc` without the `default`s `schema` does not have: an answer's field may carry the service's default (what
 * it gives a field a create leaves out, provider/contract/generated/defaults.ts), which no answer schema fills in.
 */
function lessServiceDefaults(doc: unknown, schema: unknown): unknown {
  if (Array.isArray(doc))
    return doc.map((d, i) => lessServiceDefaults(d, Array.isArray(schema) ? schema[i] : {}));
  if (doc === null || typeof doc !== "object") return doc;
  const other = (schema !== null && typeof schema === "object" ? schema : {}) as Json;
  const out: Json = {};
  for (const [k, v] of Object.entries(doc)) {
    if (k === "default" && !("default" in other)) continue;
    out[k] = lessServiceDefaults(v, other[k]);
  }
  return out;
}

/** A zod schema as the wire sees it: its input side, in JSON Schema, secret fields marked as the document marks them. */
function wire(schema: z.ZodType): unknown {
  const js = z.toJSONSchema(schema, {
    io: "input",
    unrepresentable: "any",
    target: "draft-2020-12",
    override: (ctx) => {
      if (isSecret(ctx.zodSchema as unknown as z.ZodType)) (ctx.jsonSchema as Json)["x-secret"] = true;
    },
  });
  const drop = (v: unknown): unknown => {
    if (Array.isArray(v)) return v.map(drop);
    if (v === null || typeof v !== "object") return v;
    const out: Json = {};
    for (const [k, x] of Object.entries(v)) {
      if (k === "$schema" || PROSE.has(k)) continue;
      // z.int()'s implicit safe-integer bounds are not limits of the service.
      if ((k === "maximum" || k === "minimum") && Math.abs(Number(x)) === Number.MAX_SAFE_INTEGER) continue;
      out[k] = drop(x);
    }
    return out;
  };
  return drop(js);
}

/** The query parameters of an operation as the object schema they make up. */
function queryOf(op: Op): Json | undefined {
  const params = (op.parameters ?? []).filter((p) => p.in === "query");
  if (params.length === 0) return undefined;
  const required = params.filter((p) => p.required).map((p) => p.name as string);
  return {
    properties: Object.fromEntries(params.map((p) => [p.name, inline(p.schema)])),
    ...(required.length ? { required } : {}),
  };
}
const wireQuery = (schema: z.ZodType) => {
  const w = wire(schema) as Json;
  return { properties: w.properties, ...(w.required ? { required: w.required } : {}) };
};

const table = Object.entries(routes) as [string, RouteSpec][];

describe("the contract", () => {
  it("generates provider/contract/generated/ from the document (run `npm run generate`)", () => {
    for (const [file, expected] of generate(text))
      expect([file, readFileSync(join(root, OUT_DIR, file), "utf8")]).toEqual([file, expected]);
  });

  it("sees a change of the document as stale generated code", () => {
    const changed = generate(text.replace("/users/{uid}/auth_tokens:", "/users/{uid}/tokens:"));
    expect(changed.get("routes.ts")).not.toBe(readFileSync(join(root, OUT_DIR, "routes.ts"), "utf8"));
  });

  it("writes the fields' defaults, a changed one seen as stale", () => {
    const defaults = generate(text).get("defaults.ts") ?? "";
    // Answers: the service's defaults; bodies: what our schema fills in.
    expect(defaults).toContain("retryOnFailure: false,");
    expect(defaults).toContain('scope: "authOnly",');
    const changed = text.replace(/(retryOnFailure:\n\s+)default: false/, "$1default: true");
    expect(changed).not.toBe(text);
    expect(generate(changed).get("defaults.ts")).not.toBe(defaults);
  });

  it("has one route per operation of the document, and no other", () => {
    expect(table.map(([name]) => name).sort()).toEqual([...operations.keys()].sort());
  });

  it.each(table)("%s: holds the document's schemas", (name, route) => {
    const op = operations.get(name);
    if (!op) throw new Error(`${name} is not in the document`);
    const body = op.requestBody && Object.values(op.requestBody.content)[0]?.schema;
    expect(["body", route.body ? wire(route.body) : undefined]).toEqual(["body", inline(body)]);
    if (route.body)
      expect(["body required", !route.body.safeParse(undefined).success]).toEqual([
        "body required",
        op.requestBody?.required ?? false,
      ]);
    expect(["query", route.query ? wireQuery(route.query) : undefined]).toEqual(["query", queryOf(op)]);
    const answer = op.responses["200"]?.content?.["application/json"]?.schema;
    const response = wire(route.response);
    expect(["response", response]).toEqual(["response", lessServiceDefaults(inline(answer), response)]);
  });
});

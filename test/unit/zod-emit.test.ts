// The schema emitter of `npm run generate` on made-up schemas: each `x-` keyword, refs, enums, nullable,
// arrays, records and unions, by what the emitted zod accepts, refuses (with which message) and yields.
import { z } from "zod";
import * as B from "../../provider/contract/blocks";
import { generate } from "../../provider/contract/scripts/generate";
import { type Context, type Json, ZodEmitter } from "../../provider/contract/scripts/zod-emit";
import { isSecret, secret } from "../../provider/contract/secret";

const REQUEST: Context = { request: true, query: false };
const QUERY: Context = { request: true, query: true };
const ANSWER: Context = { request: false, query: false };

const RULES = {
  noX: { check: (v: string[]) => !v.includes("x"), message: { message: "no x" } },
  doubled: (v: { n: number }) => ({ n: v.n * 2 }),
  twoAtMost: {
    check: (v: { a?: unknown[]; b?: unknown[] }) => (v.a?.length ?? 0) + (v.b?.length ?? 0) <= 2,
    message: { message: "at most 2 in all", path: ["a"] },
  },
};

/** The emitted code of `schema` and the schema it makes (components given as already-built schemas). */
function build(schema: Json, ctx: Context, components: Record<string, Json> = {}, built: Json = {}) {
  const used: string[] = [];
  const code = new ZodEmitter({ components, uses: (n) => used.push(n) }).emit(schema, ctx, "field");
  const names = Object.keys(built);
  const make = new Function("z", "B", "RULES", "secret", ...names, `return ${code};`);
  const made = make(z, B, RULES, secret, ...names.map((n) => built[n])) as z.ZodType;
  return { code, schema: made, used };
}
const issues = (s: z.ZodType, v: unknown) => s.safeParse(v).error?.issues.map((i) => i.message) ?? [];

describe("the schema emitter", () => {
  it("words a request field's limits naming it, and keeps zod's own in an answer", () => {
    const field = { type: "string", minLength: 1, maxLength: 3 };
    const req = build(field, REQUEST).schema;
    expect(issues(req, "")).toEqual(["field must not be empty"]);
    expect(issues(req, "abcd")).toEqual(["field must be at most 3 characters"]);
    expect(issues(build({ ...field, "x-what": "a tag" }, REQUEST).schema, "")).toEqual([
      "a tag must not be empty",
    ]);
    expect(issues(build(field, ANSWER).schema, "")[0]).not.toContain("field");
    expect(issues(build({ ...field, "x-plain": true }, REQUEST).schema, "")[0]).not.toContain("field");
  });

  it("takes a keyword's own message, {limit} standing for its value", () => {
    const s = build(
      {
        type: "array",
        items: { type: "string" },
        maxItems: 2,
        "x-messages": { maxItems: "at most {limit} tags" },
      },
      REQUEST,
    );
    expect(issues(s.schema, ["a", "b", "c"])).toEqual(["at most 2 tags"]);
    const p = build(
      { type: "string", pattern: "^[a-z]+$", "x-messages": { pattern: "field: letters only" } },
      REQUEST,
    );
    expect(issues(p.schema, "A1")).toEqual(["field: letters only"]);
  });

  it("trims before the limits and lowercases after them", () => {
    const s = build({ type: "string", minLength: 1, "x-trim": true, "x-lowercase": true }, REQUEST).schema;
    expect(s.parse("  AbC ")).toBe("abc");
    expect(issues(s, "   ")).toEqual(["field must not be empty"]);
  });

  it("words numbers and URLs, and coerces numbers in a query", () => {
    const n = { type: "integer", minimum: 1, maximum: 10 };
    expect(issues(build(n, REQUEST).schema, 0)).toEqual(["field must be at least 1"]);
    expect(issues(build(n, REQUEST).schema, 1.5)).toHaveLength(1);
    expect(build(n, QUERY).schema.parse("7")).toBe(7);
    expect(issues(build(n, REQUEST).schema, "7")).toHaveLength(1);
    const url = build({ type: "string", format: "uri", maxLength: 30 }, REQUEST).schema;
    expect(issues(url, "nope")).toEqual(["field must be a URL"]);
  });

  it("names the closest valid value of an enum with x-what, and leaves others plain", () => {
    const e = { type: "string", enum: ["public", "private", "password"] };
    expect(issues(build({ ...e, "x-what": "type" }, REQUEST).schema, "pubic")).toEqual([
      'type "pubic" is not valid (closest valid: "public"; one of public, private, password)',
    ]);
    expect(issues(build(e, REQUEST).schema, "pubic")[0]).not.toContain("closest");
  });

  it("makes request objects strict, answers loose, and defaults in requests only", () => {
    const obj = {
      type: "object",
      properties: { a: { type: "string" }, b: { type: "boolean", default: true } },
      required: ["a"],
      additionalProperties: false,
    };
    const strict = build(obj, REQUEST).schema;
    expect(strict.parse({ a: "x" })).toEqual({ a: "x", b: true });
    expect(strict.safeParse({ a: "x", c: 1 }).success).toBe(false);
    expect(strict.safeParse({}).success).toBe(false);
    const answer = build({ ...obj, additionalProperties: {} }, ANSWER).schema;
    expect(answer.parse({ a: "x", c: 1 })).toEqual({ a: "x", c: 1 });
    expect(build({ ...obj, additionalProperties: undefined }, ANSWER).schema.parse({ a: "x", c: 1 })).toEqual(
      {
        a: "x",
      },
    );
  });

  it("refers to components by name and reports the names it used", () => {
    const components = { Id: { type: "string" } };
    const built = build({ type: "array", items: { $ref: "#/components/schemas/Id" } }, ANSWER, components, {
      Id: z.string(),
    });
    expect(built.code).toBe("z.array(Id)");
    expect(built.used).toEqual(["Id"]);
    expect(() => build({ $ref: "#/components/schemas/Nope" }, ANSWER)).toThrow("missing schema Nope");
  });

  it("reads records, nullable values and unions", () => {
    const rec = build(
      { type: "object", propertyNames: { type: "string" }, additionalProperties: {} },
      ANSWER,
    );
    expect(rec.code).toBe("z.record(z.string(), z.unknown())");
    const typed = build({ type: "object", additionalProperties: { type: "integer" } }, ANSWER).schema;
    expect(typed.safeParse({ a: 1 }).success).toBe(true);
    expect(typed.safeParse({ a: "1" }).success).toBe(false);
    const nullable = build({ anyOf: [{ type: "string" }, { type: "null" }] }, ANSWER).schema;
    expect(nullable.parse(null)).toBeNull();
    const union = build({ anyOf: [{ type: "string" }, { type: "integer" }] }, ANSWER).schema;
    expect(union.parse(3)).toBe(3);
    expect(union.safeParse(true).success).toBe(false);
  });

  it("uses a block for x-zod, called with its arguments", () => {
    expect(build({ type: "object", "x-zod": "Metadata" }, REQUEST).code).toBe("B.Metadata");
    const oneOf = build({ "x-zod": "oneOf", "x-zod-args": [["a", "b"], "letter"] }, REQUEST).schema;
    expect(issues(oneOf, "c")[0]).toContain('letter "c" is not valid');
    // An object argument is a schema: here an answer read bare or wrapped, of a list.
    const bare = build(
      { "x-zod": "dataOrBare", "x-zod-args": [{ type: "array", items: { type: "integer" } }] },
      ANSWER,
    );
    expect(bare.code).toBe("B.dataOrBare(z.array(z.number().int()))");
    expect(bare.schema.parse([1])).toEqual({ data: [1] });
    expect(bare.schema.parse({ data: [2] })).toEqual({ data: [2] });
  });

  it("fills an answer's default only with x-answer-default", () => {
    const obj = (extra: Json) => ({
      type: "object",
      properties: { ids: { type: "array", items: { type: "string" }, default: [], ...extra } },
      additionalProperties: {},
    });
    expect(build(obj({}), ANSWER).schema.parse({})).toEqual({});
    expect(build(obj({ "x-answer-default": true }), ANSWER).schema.parse({})).toEqual({ ids: [] });
  });

  it("applies a list of rules in order and a transform of provider/contract/rules.ts", () => {
    const list = build(
      { type: "array", items: { type: "string" }, "x-refine": ["twoAtMost", "noX"] },
      REQUEST,
    ).schema;
    expect(issues(list, ["x"])).toEqual(["no x"]);
    const answer = build(
      { type: "object", properties: { n: { type: "integer" } }, "x-transform": "doubled" },
      ANSWER,
    ).schema;
    expect(answer.parse({ n: 2 })).toEqual({ n: 4 });
  });

  it("words a boolean's type and an email's format with their own messages, the email's pattern left to zod", () => {
    const flag = build({ type: "boolean", "x-messages": { type: "a flag must be true or false" } }, REQUEST);
    expect(issues(flag.schema, "yes")).toEqual(["a flag must be true or false"]);
    const email = build(
      {
        type: "string",
        format: "email",
        pattern: "^never$",
        "x-messages": { format: "a valid email, please" },
      },
      REQUEST,
    );
    expect(email.code).not.toContain("regex");
    expect(issues(email.schema, "nope")).toEqual(["a valid email, please"]);
    expect(email.schema.parse("a@b.io")).toBe("a@b.io");
  });

  it("reads type lists as a union, null as nullable", () => {
    const s = build({ type: ["string", "integer", "null"] }, ANSWER).schema;
    expect([s.parse("a"), s.parse(1), s.parse(null)]).toEqual(["a", 1, null]);
    expect(s.safeParse(true).success).toBe(false);
  });

  it("adds a rule of provider/contract/rules.ts and marks a secret", () => {
    const body = build(
      {
        type: "object",
        properties: {
          a: { type: "array", items: { type: "string" } },
          b: { type: "array", items: { type: "string" } },
          key: { type: "string", "x-secret": true },
        },
        "x-refine": "twoAtMost",
      },
      REQUEST,
    ).schema as z.ZodObject;
    expect(issues(body, { a: ["1", "2"], b: ["3"] })).toEqual(["at most 2 in all"]);
    expect(body.safeParse({ a: ["1"], b: ["2"] }).success).toBe(true);
    const key = (body as unknown as { shape: Record<string, z.ZodOptional> }).shape.key;
    expect(key && isSecret(key.unwrap() as z.ZodType)).toBe(true);
  });

  it("makes a discriminated union of a oneOf with a discriminator, its message from x-messages", () => {
    const member = (kind: string, field: string) => ({
      type: "object",
      properties: { kind: { type: "string", const: kind }, [field]: { type: "string", minLength: 1 } },
      required: ["kind", field],
      additionalProperties: false,
    });
    const choice = {
      oneOf: [member("a", "x"), member("b", "y")],
      discriminator: { propertyName: "kind" },
      "x-messages": { discriminator: "kind must be a or b" },
    };
    const { code, schema } = build(choice, REQUEST);
    expect(code.startsWith('z.discriminatedUnion("kind", [')).toBe(true);
    expect(schema.safeParse({ kind: "a", x: "1" }).success).toBe(true);
    expect(schema.safeParse({ kind: "b", y: "1" }).success).toBe(true);
    expect(schema.safeParse({ kind: "a", y: "1" }).success).toBe(false);
    expect(issues(schema, { kind: "a", x: "" })).toEqual(["x must not be empty"]);
    expect(issues(schema, { kind: "c" })).toEqual(["kind must be a or b"]);
    const plain = build({ oneOf: choice.oneOf, discriminator: { propertyName: "kind" } }, ANSWER).code;
    expect(plain.endsWith("])")).toBe(true);
    expect(() => build({ oneOf: choice.oneOf, discriminator: {} }, ANSWER)).toThrow(/propertyName/);
  });
});

describe("schemas.ts from a made-up document", () => {
  const doc = `
openapi: 3.1.0
info: { title: t, version: "1" }
x-limits: { idLength: 1 }
paths:
  /things:
    post:
      operationId: createThing
      tags: [thing]
      requestBody:
        required: true
        content:
          application/json:
            schema: { $ref: "#/components/schemas/ThingCreate" }
      responses:
        "200":
          content:
            application/json:
              schema:
                type: object
                properties: { data: { $ref: "#/components/schemas/Thing" } }
                required: [data]
                additionalProperties: {}
    get:
      operationId: listThings
      tags: [thing]
      parameters:
        - { name: perPage, in: query, schema: { type: integer, minimum: 1 } }
      responses:
        "200":
          content:
            application/json:
              schema: { type: array, items: { $ref: "#/components/schemas/Thing" } }
components:
  schemas:
    ThingCreate:
      type: object
      properties: { id: { $ref: "#/components/schemas/Id" } }
      required: [id]
      additionalProperties: false
    Thing:
      type: object
      properties: { id: { type: string }, mode: { type: string, default: slow } }
      additionalProperties: {}
    Id: { type: string, minLength: 1, x-what: id, x-limit: { minLength: idLength } }
    Unused: { type: string }
    ErrorCode: { type: string, enum: [ERR], x-status: { ERR: 400 } }
`;
  it("writes each used component after those it names, and each route's schemas", () => {
    const text = generate(doc, new Set(["thing"])).get("schemas.ts") ?? "";
    expect(text.indexOf("export const Id =")).toBeLessThan(text.indexOf("export const ThingCreate ="));
    expect(text).not.toContain("Unused");
    expect(text).toContain('export const Id = z.string().min(1, "id must not be empty");');
    // An answer's default is not zod's business.
    expect(text).toContain("mode: z.string().optional()");
    expect(text).toContain("createThing: { body: ThingCreate, response: z.looseObject({ data: Thing }) },");
    expect(text).toContain(
      'listThings: { query: z.object({ perPage: z.coerce.number().int().min(1, "perPage must be at least 1").optional() }), response: z.array(Thing) },',
    );
  });

  it("writes x-limits as LIMITS, and refuses a bound that differs from the limit it names", () => {
    expect(generate(doc, new Set(["thing"])).get("limits.ts")).toContain(
      "export const LIMITS = {\n  idLength: 1,\n} as const;",
    );
    expect(() => generate(doc.replace("x-limits: { idLength: 1 }", "x-limits: { idLength: 2 }"))).toThrow(
      "#/components/schemas/Id: minLength is 1, but idLength is 2",
    );
    expect(() => generate(doc.replace("x-limits: { idLength: 1 }", "x-limits: { other: 2 }"))).toThrow(
      "x-limit names idLength, which x-limits lacks",
    );
  });
});

// The zod code of one schema of the OpenAPI document, with what OpenAPI cannot say carried by `x-` keywords
// (docs/decisions/0103-contract-from-openapi.md, "Schemas generated"):
// - `x-zod: Name` (and `x-zod-args: [...]`): the hand-written building block `Name` of provider/contract/blocks.ts
//   (called with the arguments, an object argument being a schema) instead of a generated one;
// - house wording: in a request, a limit (minLength, maxLength, minimum, maximum, format uri)
//   of a body field or a query parameter get our message naming the field (`x-what` names it otherwise,
//   and turns the wording on for a component); an enum with `x-what` names the closest valid value;
//   `x-messages: {keyword: text}` gives a keyword its own
//   (`{limit}` stands for the keyword's value); `x-plain: true` keeps zod's own messages;
// - `x-trim: true` trims a string before its limits, `x-lowercase: true` lowercases it after;
// - `x-refine: rule` (or a list) adds the cross-field rule `rule` of provider/contract/rules.ts, `x-transform: name`
//   its function `name` (an answer read one way whatever the service's shape);
// - `x-secret: true` marks a credential (`secret()`);
// - `discriminator: {propertyName}` on a `oneOf` makes a discriminated union (`x-messages: {discriminator}`).
// `additionalProperties: false` makes a strict object, `{}` a loose one; `default:` becomes `.default()`
// in a request only (an answer's default is the emulator's business) unless `x-answer-default: true` says
// the client fills it in an answer too.

export type Json = { [key: string]: unknown };

export interface Context {
  /** A request (body or query): defaults and house wording apply. */
  readonly request: boolean;
  /** A query parameter: numbers arrive as text and are coerced. */
  readonly query: boolean;
}

export interface EmitterInput {
  /** components.schemas */
  readonly components: Readonly<Record<string, Json>>;
  /** Called with the name of each component a schema refers to. */
  readonly uses: (name: string) => void;
}

const KEYWORD_WORDING: Record<string, (what: string, n: unknown) => string> = {
  minLength: (w, n) => (n === 1 ? `${w} must not be empty` : `${w} must be at least ${n} characters`),
  maxLength: (w, n) => `${w} must be at most ${n} characters`,
  minimum: (w, n) => `${w} must be at least ${n}`,
  maximum: (w, n) => `${w} must be at most ${n}`,
  format: (w) => `${w} must be a URL`,
};

const lit = (v: unknown): string => JSON.stringify(v);

/** The name a component `$ref` points to. */
export const refName = (ref: string): string => {
  const m = /^#\/components\/schemas\/([A-Za-z0-9_]+)$/.exec(ref);
  if (!m?.[1]) throw new Error(`unsupported $ref ${ref}`);
  return m[1];
};

const isNullSchema = (s: unknown) => typeof s === "object" && s !== null && (s as Json).type === "null";

export class ZodEmitter {
  constructor(private readonly input: EmitterInput) {}

  /** The message argument for `keyword` of `node` (named `what` in house wording), or nothing. */
  private message(node: Json, keyword: string, what: string | undefined): string | undefined {
    const own = (node["x-messages"] as Json | undefined)?.[keyword];
    if (typeof own === "string") return own.replaceAll("{limit}", String(node[keyword]));
    if (!what || node["x-plain"]) return undefined;
    const word = KEYWORD_WORDING[keyword];
    return word ? word(what, node[keyword]) : undefined;
  }

  private withMessage(call: string, arg: string, message: string | undefined): string {
    return message === undefined ? `.${call}(${arg})` : `.${call}(${arg}, ${lit(message)})`;
  }

  /**
   * The zod expression of `node`. `what` is the field's name for house wording (a body field or a query
   * parameter in a request); `x-what` overrides it.
   */
  emit(node: unknown, ctx: Context, what?: string): string {
    if (node === true || (typeof node === "object" && node !== null && Object.keys(node).length === 0))
      return "z.unknown()";
    if (typeof node !== "object" || node === null) throw new Error(`unsupported schema ${lit(node)}`);
    const s = node as Json;
    const named = typeof s["x-what"] === "string" ? (s["x-what"] as string) : ctx.request ? what : undefined;
    let out = this.core(s, ctx, named);
    if (typeof s["x-lowercase"] === "boolean" && s["x-lowercase"])
      out += ".transform((s) => s.toLowerCase())";
    const refine = s["x-refine"];
    for (const name of typeof refine === "string" ? [refine] : Array.isArray(refine) ? refine : [])
      out += `.refine(RULES.${name}.check, RULES.${name}.message)`;
    if (typeof s["x-transform"] === "string") out += `.transform(RULES.${s["x-transform"]})`;
    if (s["x-secret"] === true) out = `secret(${out})`;
    return out;
  }

  /** `node` as the value of an object property: optional unless required, its default in a request. */
  property(node: unknown, required: boolean, ctx: Context, name: string): string {
    const expr = this.emit(node, ctx, name);
    const s = (node ?? {}) as Json;
    if ((ctx.request || s["x-answer-default"] === true) && "default" in s)
      return `${expr}.default(${lit(s.default)})`;
    return required ? expr : `${expr}.optional()`;
  }

  private core(s: Json, ctx: Context, what: string | undefined): string {
    if (typeof s["x-zod"] === "string") return this.block(s);
    if (typeof s.$ref === "string") {
      const name = refName(s.$ref);
      if (!this.input.components[name]) throw new Error(`$ref to a missing schema ${name}`);
      this.input.uses(name);
      return name;
    }
    if (typeof s.discriminator === "object" && s.discriminator !== null) return this.discriminated(s, ctx);
    const union = (s.anyOf ?? s.oneOf) as unknown[] | undefined;
    if (Array.isArray(union)) {
      const others = union.filter((u) => !isNullSchema(u));
      const nullable = others.length < union.length;
      const inner =
        others.length === 1
          ? this.emit(others[0], ctx, what)
          : `z.union([${others.map((u) => this.emit(u, ctx, what)).join(", ")}])`;
      return nullable ? `${inner}.nullable()` : inner;
    }
    if (Array.isArray(s.type)) {
      // `type: [a, b]`: one schema of each type, the rest of the keywords shared.
      const types = s.type as string[];
      const others = types.filter((t) => t !== "null").map((t) => this.core({ ...s, type: t }, ctx, what));
      const inner = others.length === 1 ? `${others[0]}` : `z.union([${others.join(", ")}])`;
      return types.includes("null") ? `${inner}.nullable()` : inner;
    }
    if (Array.isArray(s.enum)) return this.enumeration(s.enum, s["x-what"]);
    if ("const" in s) return `z.literal(${lit(s.const)})`;
    switch (s.type) {
      case "string":
        return this.string(s, what);
      case "integer":
      case "number":
        return this.number(s, ctx, what);
      case "boolean": {
        const m = this.message(s, "type", undefined);
        return m === undefined ? "z.boolean()" : `z.boolean({ message: ${lit(m)} })`;
      }
      case "null":
        return "z.null()";
      case "array":
        return this.array(s, ctx);
      case "object":
        return this.object(s, ctx);
      case undefined:
        if (s.properties || s.additionalProperties !== undefined) return this.object(s, ctx);
        throw new Error(`a schema without a type: ${lit(s)}`);
      default:
        throw new Error(`unsupported type ${lit(s.type)}`);
    }
  }

  private block(s: Json): string {
    const name = s["x-zod"] as string;
    const args = s["x-zod-args"];
    if (args === undefined) return `B.${name}`;
    if (!Array.isArray(args)) throw new Error(`x-zod-args of ${name} must be a list`);
    const ctx = { request: false, query: false };
    const values = args.map((a) =>
      typeof a === "object" && a !== null && !Array.isArray(a) ? this.emit(a, ctx) : lit(a),
    );
    return `B.${name}(${values.join(", ")})`;
  }

  /**
   * `oneOf` with a `discriminator`: a union chosen by the value of one property (each member's `const`);
   * `x-messages: {discriminator: text}` words a value that names no member.
   */
  private discriminated(s: Json, ctx: Context): string {
    const by = (s.discriminator as Json).propertyName;
    if (typeof by !== "string") throw new Error("a discriminator needs a propertyName");
    if (!Array.isArray(s.oneOf)) throw new Error(`a discriminator on ${lit(by)} needs oneOf`);
    const members = (s.oneOf as unknown[]).map((m) => this.emit(m, ctx));
    const own = (s["x-messages"] as Json | undefined)?.discriminator;
    const options = typeof own === "string" ? `, { message: ${lit(own)} }` : "";
    return `z.discriminatedUnion(${lit(by)}, [${members.join(", ")}]${options})`;
  }

  /** An enum: `x-what` gives it the message naming the closest valid value. */
  private enumeration(values: unknown[], what: unknown): string {
    if (!values.every((v) => typeof v === "string")) throw new Error(`only string enums: ${lit(values)}`);
    const list = `[${values.map(lit).join(", ")}]`;
    return typeof what === "string" ? `B.oneOf(${list}, ${lit(what)})` : `z.enum(${list})`;
  }

  private string(s: Json, what: string | undefined): string {
    let out: string;
    if (s.format === "uri") {
      const m = this.message(s, "format", what);
      out = m === undefined ? "z.url()" : `z.url({ message: ${lit(m)} })`;
    } else if (s.format === "date-time") out = "z.iso.datetime({ offset: true })";
    else if (s.format === "email") {
      const m = this.message(s, "format", undefined);
      out = m === undefined ? "z.email()" : `z.email({ message: ${lit(m)} })`;
    } else if (s.format === undefined) out = "z.string()";
    else throw new Error(`unsupported string format ${lit(s.format)}`);
    if (s["x-trim"] === true) out += ".trim()";
    if (typeof s.minLength === "number")
      out += this.withMessage("min", String(s.minLength), this.message(s, "minLength", what));
    if (typeof s.maxLength === "number")
      out += this.withMessage("max", String(s.maxLength), this.message(s, "maxLength", what));
    // An email's pattern is the one z.email() checks (the document has it from zod's JSON Schema).
    if (typeof s.pattern === "string" && s.format !== "email")
      out += this.withMessage("regex", `/${s.pattern}/`, this.message(s, "pattern", what));
    return out;
  }

  private number(s: Json, ctx: Context, what: string | undefined): string {
    let out = ctx.query ? "z.coerce.number()" : "z.number()";
    if (s.type === "integer") out += ".int()";
    if (typeof s.exclusiveMinimum === "number")
      out += this.withMessage("gt", String(s.exclusiveMinimum), this.message(s, "exclusiveMinimum", what));
    if (typeof s.minimum === "number")
      out += this.withMessage("min", String(s.minimum), this.message(s, "minimum", what));
    if (typeof s.maximum === "number")
      out += this.withMessage("max", String(s.maximum), this.message(s, "maximum", what));
    return out;
  }

  private array(s: Json, ctx: Context): string {
    let out = `z.array(${this.emit(s.items ?? {}, ctx)})`;
    if (typeof s.minItems === "number")
      out += this.withMessage("min", String(s.minItems), this.message(s, "minItems", undefined));
    if (typeof s.maxItems === "number")
      out += this.withMessage("max", String(s.maxItems), this.message(s, "maxItems", undefined));
    return out;
  }

  private object(s: Json, ctx: Context): string {
    const extra = s.additionalProperties;
    const typedExtra = typeof extra === "object" && extra !== null && Object.keys(extra).length > 0;
    if (!s.properties && (s.propertyNames || typedExtra))
      return `z.record(${this.emit(s.propertyNames ?? { type: "string" }, ctx)}, ${this.emit(extra ?? {}, ctx)})`;
    const required = new Set((s.required as string[] | undefined) ?? []);
    const props = Object.entries((s.properties ?? {}) as Record<string, unknown>).map(
      ([k, v]) =>
        `${/^[A-Za-z_$][A-Za-z0-9_$]*$/.test(k) ? k : lit(k)}: ${this.property(v, required.has(k), ctx, k)}`,
    );
    for (const r of required)
      if (!(r in ((s.properties ?? {}) as Json))) throw new Error(`required ${r} is not a property`);
    const kind = extra === false ? "z.strictObject" : extra === undefined ? "z.object" : "z.looseObject";
    if (typedExtra) throw new Error("properties beside a typed additionalProperties are not supported");
    return `${kind}({ ${props.join(", ")} })`;
  }
}

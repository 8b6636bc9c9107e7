// A kind's example (provider/hosts/plugin/examples.ts, from its fixture) as a program in TypeScript, Python, Go and
// YAML, and the resource's registry text around it: what it is, what a change does, the examples and how to
// import one (issue 32 item 3). Rendering follows the schema's types: Python takes snake_case names of an
// object type's fields (a map's keys stay), Go wraps each value in its SDK type. A secret argument's strings
// come from the stack's secret config, never from the program's text.

import { PLUGIN_TYPE_PREFIX } from "../tokens";

/** What the renderer needs of the schema: property types, and the declared types by token. */
export interface Prop {
  type?: string;
  $ref?: string;
  items?: Prop;
  additionalProperties?: Prop;
  secret?: boolean;
}
export interface DeclaredType {
  type: string;
  properties?: Record<string, Prop>;
  enum?: unknown[];
}
export type Lookup = (ref: string | undefined) => DeclaredType | undefined;

export type Language = "typescript" | "python" | "go" | "yaml";
export const LANGUAGES: readonly Language[] = ["typescript", "python", "go", "yaml"];

const snake = (s: string) => s.replace(/([a-z0-9])([A-Z])/g, "$1_$2").toLowerCase();
const pascal = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === "object" && v !== null && !Array.isArray(v);

/** The config keys an example's secrets read, with where each goes: `[path, key]`. */
function secretKeys(value: unknown, key: string, out: string[]): void {
  if (isObject(value)) for (const [k, v] of Object.entries(value)) secretKeys(v, k, out);
  else if (Array.isArray(value)) for (const v of value) secretKeys(v, key, out);
  else if (typeof value === "string" && !out.includes(key)) out.push(key);
}

/** A program's variable name for a resource name (`t-m1` → tM1). */
const variable = (name: string) =>
  name
    .replace(/[^A-Za-z0-9]+(.)?/g, (_, c: string | undefined) => (c ? c.toUpperCase() : ""))
    .replace(/^\d/, "r$&");

interface Ctx {
  lookup: Lookup;
  /** Inside a secret argument: strings come from config, under the key of the field that holds them. */
  secret: boolean;
  secretKey?: string;
}

function ts(v: unknown, p: Prop | undefined, c: Ctx, indent: string): string {
  if (c.secret && typeof v === "string") return `config.requireSecret(${JSON.stringify(c.secretKey)})`;
  return jsLike(v, p, c, indent, ts);
}
function jsLike(
  v: unknown,
  p: Prop | undefined,
  c: Ctx,
  indent: string,
  self: (v: unknown, p: Prop | undefined, c: Ctx, indent: string) => string,
): string {
  const inner = `${indent}    `;
  if (Array.isArray(v)) {
    if (v.length === 0) return "[]";
    return `[\n${v.map((x) => `${inner}${self(x, p?.items, c, inner)},`).join("\n")}\n${indent}]`;
  }
  if (isObject(v)) {
    const entries = Object.entries(v);
    if (entries.length === 0) return "{}";
    const t = c.lookup(p?.$ref);
    const body = entries.map(([k, x]) => {
      const kp = t?.properties?.[k] ?? p?.additionalProperties;
      const key = /^[A-Za-z_$][A-Za-z0-9_$]*$/.test(k) ? k : JSON.stringify(k);
      return `${inner}${key}: ${self(x, kp, { ...c, secretKey: k }, inner)},`;
    });
    return `{\n${body.join("\n")}\n${indent}}`;
  }
  return JSON.stringify(v);
}

function py(v: unknown, p: Prop | undefined, c: Ctx, indent: string): string {
  const inner = `${indent}    `;
  if (c.secret && typeof v === "string") return `config.require_secret(${JSON.stringify(c.secretKey)})`;
  if (Array.isArray(v)) {
    if (v.length === 0) return "[]";
    return `[\n${v.map((x) => `${inner}${py(x, p?.items, c, inner)},`).join("\n")}\n${indent}]`;
  }
  if (isObject(v)) {
    const t = c.lookup(p?.$ref);
    const entries = Object.entries(v);
    if (entries.length === 0) return "{}";
    const body = entries.map(([k, x]) => {
      // An object type's fields are snake_case in Python; a map's keys are data.
      const key = t?.properties ? snake(k) : k;
      const kp = t?.properties?.[k] ?? p?.additionalProperties;
      return `${inner}${JSON.stringify(key)}: ${py(x, kp, { ...c, secretKey: k }, inner)},`;
    });
    return `{\n${body.join("\n")}\n${indent}}`;
  }
  if (v === true) return "True";
  if (v === false) return "False";
  if (v === null || v === undefined) return "None";
  return JSON.stringify(v);
}

/** The Go SDK's name of a scalar schema type, as its typed collections spell it (StringMap, BoolArray, …). */
const GO_SCALARS: Readonly<Record<string, string>> = {
  string: "String",
  boolean: "Bool",
  integer: "Int",
  number: "Float64",
};
/**
 * The Go SDK's map type for map values of schema `v`: `StringMap`, `BoolMap`, `StringArrayMap`,
 * `StringMapMap`, else `Map`.
 */
function goMapName(v: Prop | undefined): string {
  const scalar = v?.type !== undefined ? GO_SCALARS[v.type] : undefined;
  if (scalar) return `${scalar}Map`;
  const items = v?.type === "array" && v.items?.type !== undefined ? GO_SCALARS[v.items.type] : undefined;
  if (items) return `${items}ArrayMap`;
  const inner = v?.type === "object" && v.additionalProperties ? goMapName(v.additionalProperties) : "";
  return inner === "StringMap" || inner === "BoolMap" || inner === "IntMap" ? `${inner}Map` : "Map";
}

/** Go's SDK type of a value, from its schema type: `pulumi.String`, `chat.GroupType`, `&chat.XArgs{…}`. */
function go(v: unknown, p: Prop | undefined, c: Ctx, indent: string): string {
  const inner = `${indent}\t`;
  if (c.secret && typeof v === "string") return `cfg.RequireSecret(${JSON.stringify(c.secretKey)})`;
  const t = c.lookup(p?.$ref);
  const enumName = t?.enum && p?.$ref ? p.$ref.split(":").pop() : undefined;
  if (enumName) return `chat.${enumName}(${JSON.stringify(v)})`;
  if (Array.isArray(v)) {
    const item = p?.items;
    const itemType = c.lookup(item?.$ref);
    const arrayType =
      item?.type !== undefined && GO_SCALARS[item.type]
        ? `pulumi.${GO_SCALARS[item.type]}Array`
        : itemType?.enum && item?.$ref
          ? `chat.${item.$ref.split(":").pop()}Array`
          : itemType?.properties && item?.$ref
            ? `chat.${item.$ref.split(":").pop()}Array`
            : "pulumi.Array";
    if (v.length === 0) return `${arrayType}{}`;
    return `${arrayType}{\n${v.map((x) => `${inner}${go(x, item, c, inner)},`).join("\n")}\n${indent}}`;
  }
  if (isObject(v)) {
    const entries = Object.entries(v);
    if (t?.properties && p?.$ref) {
      const body = entries.map(
        ([k, x]) => `${inner}${pascal(k)}: ${go(x, t.properties?.[k], { ...c, secretKey: k }, inner)},`,
      );
      return `&chat.${p.$ref.split(":").pop()}Args{\n${body.join("\n")}\n${indent}}`;
    }
    const mapType = `pulumi.${goMapName(p?.additionalProperties)}`;
    const body = entries.map(
      ([k, x]) =>
        `${inner}${JSON.stringify(k)}: ${go(x, p?.additionalProperties, { ...c, secretKey: k }, inner)},`,
    );
    return entries.length ? `${mapType}{\n${body.join("\n")}\n${indent}}` : `${mapType}{}`;
  }
  if (typeof v === "string") return `pulumi.String(${JSON.stringify(v)})`;
  if (typeof v === "boolean") return `pulumi.Bool(${v})`;
  if (typeof v === "number")
    return p?.type === "integer" || Number.isInteger(v) ? `pulumi.Int(${v})` : `pulumi.Float64(${v})`;
  return "nil";
}

/** A YAML value: a scalar after `key: `, a block (starting with a newline) for lists and objects. */
function yamlValue(v: unknown, c: Ctx, indent: string): string {
  const inner = `${indent}  `;
  if (c.secret && typeof v === "string") return ` \${${c.secretKey}}`;
  if (Array.isArray(v)) {
    if (v.length === 0) return " []";
    return `\n${v.map((x) => `${indent}- ${yamlValue(x, c, inner).replace(/^\n\s*| /, "")}`).join("\n")}`;
  }
  if (isObject(v)) {
    const entries = Object.entries(v);
    if (entries.length === 0) return " {}";
    const line = ([k, x]: [string, unknown]) =>
      `${indent}${/^[A-Za-z_][\w.-]*$/.test(k) ? k : JSON.stringify(k)}:${yamlValue(x, { ...c, secretKey: k }, inner)}`;
    return `\n${entries.map(line).join("\n")}`;
  }
  return ` ${JSON.stringify(v)}`;
}

export interface Example {
  name: string;
  args: Record<string, unknown>;
}

/** The example as a whole program in `language`. */
export function exampleProgram(
  kind: string,
  ex: Example,
  inputs: Record<string, Prop>,
  lookup: Lookup,
  language: Language,
): string {
  const secrets: string[] = [];
  for (const [k, v] of Object.entries(ex.args)) if (inputs[k]?.secret) secretKeys(v, k, secrets);
  const v = variable(ex.name);
  const arg = (k: string) => ({ lookup, secret: inputs[k]?.secret === true, secretKey: k });
  const entries = Object.entries(ex.args);
  switch (language) {
    case "typescript": {
      const body = entries.map(([k, x]) => `    ${k}: ${ts(x, inputs[k], arg(k), "    ")},`).join("\n");
      return [
        ...(secrets.length ? ['import * as pulumi from "@pulumi/pulumi";'] : []),
        'import * as chat from "pulumi-chat";',
        "",
        ...(secrets.length ? ["const config = new pulumi.Config();", ""] : []),
        `export const ${v} = new chat.${kind}(${JSON.stringify(ex.name)}, {\n${body}\n});`,
        "",
      ].join("\n");
    }
    case "python": {
      const body = entries.map(([k, x]) => `    ${snake(k)}=${py(x, inputs[k], arg(k), "    ")},`).join("\n");
      return [
        "import pulumi",
        "import pulumi_chat as chat",
        "",
        ...(secrets.length ? ["config = pulumi.Config()", ""] : []),
        `${snake(v)} = chat.${kind}(\n    ${JSON.stringify(ex.name)},\n${body}\n)`,
        "",
      ].join("\n");
    }
    case "go": {
      const body = entries
        .map(([k, x]) => `\t\t\t${pascal(k)}: ${go(x, inputs[k], arg(k), "\t\t\t")},`)
        .join("\n");
      return [
        "package main",
        "",
        "import (",
        '\t"github.com/pulumi-chat/pulumi-chat/sdk/go/chat"',
        '\t"github.com/pulumi/pulumi/sdk/v3/go/pulumi"',
        ...(secrets.length ? ['\t"github.com/pulumi/pulumi/sdk/v3/go/pulumi/config"'] : []),
        ")",
        "",
        "func main() {",
        "\tpulumi.Run(func(ctx *pulumi.Context) error {",
        ...(secrets.length ? ['\t\tcfg := config.New(ctx, "")'] : []),
        `\t\t_, err := chat.New${kind}(ctx, ${JSON.stringify(ex.name)}, &chat.${kind}Args{`,
        body,
        "\t\t})",
        "\t\treturn err",
        "\t})",
        "}",
        "",
      ].join("\n");
    }
    case "yaml": {
      const props = entries.map(([k, x]) => `      ${k}:${yamlValue(x, arg(k), "        ")}`).join("\n");
      return [
        `name: ${snake(kind).replace(/_/g, "-")}-example`,
        "runtime: yaml",
        ...(secrets.length
          ? ["config:", ...secrets.flatMap((s) => [`  ${s}:`, "    type: string", "    secret: true"])]
          : []),
        "resources:",
        `  ${ex.name}:`,
        `    type: ${PLUGIN_TYPE_PREFIX}${kind}`,
        "    properties:",
        props,
        "",
      ].join("\n");
    }
  }
}

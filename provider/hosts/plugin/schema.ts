// The plugin's Pulumi package schema, generated from the kind registry: one `chat:index:<Kind>` resource per
// kind (its arguments, docs, secrets, replace-on-change fields and computed outputs), a `get<Kind>` function
// per kind and a `list<Kind>` function per listable kind, and the provider's config keys. Pulumi YAML reads
// it from the plugin; `pulumi package gen-sdk` makes the Python, Go and .NET SDKs from it.

import {
  ChatConnection,
  CONFIG_KEYS,
  CREDENTIALS,
  configKeyOf,
  ManagementConnection,
  SECRET_CREDENTIALS,
} from "../../client/config";
import { secretPaths } from "../../contract";
import { argDocs } from "../../engine/arg-docs";
import { type Json, jsonOf } from "../../engine/json-schema";
import type { Kind } from "../../engine/kind";
import { type KindName, kinds } from "../../kinds";
import { type DataLookup, dataLookups } from "../../kinds/data-lookups";
import { type KindFunction, kindFunctions } from "../../kinds/functions";
import { PACKAGE, PLUGIN_TYPE_PREFIX } from "../tokens";
import { closedSetIn, type EnumSpec, type FoundSet } from "./enums";
import { environmentResource } from "./environment-schema";
import { packageMetadata } from "./package-metadata";
import { resourceDescription } from "./resource-docs";
import { pluginVersion } from "./version";

/** A type in Pulumi's schema. */
export interface TypeSpec {
  type?: string;
  $ref?: string;
  items?: TypeSpec;
  additionalProperties?: TypeSpec;
}
export interface PropertySpec extends TypeSpec {
  description?: string;
  secret?: boolean;
  replaceOnChanges?: boolean;
  deprecationMessage?: string;
}
export interface ObjectSpec {
  type: "object";
  description?: string;
  properties: Record<string, PropertySpec>;
  required?: string[];
}

export { PACKAGE };
export const token = (name: string): string => `${PLUGIN_TYPE_PREFIX}${name}`;
/** The kind a type token names (`chat:index:User` → User); undefined for any other token. */
export function kindOfToken(tok: string): KindName | undefined {
  const name = tok.startsWith(PLUGIN_TYPE_PREFIX) ? tok.slice(PLUGIN_TYPE_PREFIX.length) : "";
  return Object.hasOwn(kinds, name) ? (name as KindName) : undefined;
}
/** The provider options each API's resources take beside their arguments (provider/client/config.ts). */
export { CREDENTIALS };

const ANY: TypeSpec = { $ref: "pulumi.json#/Any" };
const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]*$/;
const pascal = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
/** Collects the named object and enum types the resources use. */
class Types {
  readonly specs: Record<string, ObjectSpec | EnumSpec> = {};
  /** Each closed set's token, by its values (and name when the contract names it). */
  readonly #enums = new Map<string, string>();

  /** Pulumi's type for a JSON Schema node; objects with named fields become types named `name`. */
  of(s: Json, name: string): TypeSpec {
    const set = closedSetIn(s);
    if (set) return { $ref: `#/types/${this.enumOf(set, name)}` };
    const alts = s.anyOf ?? s.oneOf;
    if (alts) {
      const before = new Set(Object.keys(this.specs));
      const each = alts.map((a, i) => this.of(a, `${name}${i}`));
      const first = JSON.stringify(each[0]);
      if (each.every((t) => JSON.stringify(t) === first) && each[0]) return each[0];
      // The service takes one of several shapes (a value or a list): typed as any, checked by the provider;
      // the types declared for the shapes are used nowhere.
      for (const tok of Object.keys(this.specs)) if (!before.has(tok)) this.forget(tok);
      return ANY;
    }
    if (s.const !== undefined) return { type: typeof s.const === "number" ? "number" : typeof s.const };
    switch (s.type) {
      case "string":
      case "integer":
      case "number":
      case "boolean":
        return { type: s.type };
      case "array":
        return { type: "array", items: s.items ? this.of(s.items, `${name}Item`) : ANY };
      case "object": {
        const props = Object.entries(s.properties ?? {});
        // Keys that are not identifiers (a role's `sendMessage.mode`) cannot be fields of a type in every
        // language: such an object is a map.
        if (props.length > 0 && props.every(([k]) => IDENTIFIER.test(k))) {
          this.object(name, s, {});
          return { $ref: `#/types/${token(name)}` };
        }
        const extra = s.additionalProperties;
        const before = new Set(Object.keys(this.specs));
        const values = props.map(([k, v]) => this.of(v, `${name}${pascal(k)}`));
        if (typeof extra === "object" && Object.keys(extra).length > 0)
          values.push(this.of(extra, `${name}Value`));
        const first = JSON.stringify(values[0]);
        const same = values.length > 0 && values.every((v) => JSON.stringify(v) === first);
        if (same && values[0]) return { type: "object", additionalProperties: values[0] };
        for (const tok of Object.keys(this.specs)) if (!before.has(tok)) this.forget(tok);
        return { type: "object", additionalProperties: ANY };
      }
      default:
        return ANY;
    }
  }

  forget(tok: string): void {
    delete this.specs[tok];
    for (const [k, t] of this.#enums) if (t === tok) this.#enums.delete(k);
  }

  /** The token of the enum type for `set` (declared on first use), named as its name says or `name`. */
  enumOf(set: FoundSet, name: string): string {
    const key = JSON.stringify([set.name, set.type, set.values.map((v) => v.value)]);
    const known = this.#enums.get(key);
    if (known) return known;
    // A name made of the fields' path: an identifier in every language (`listUsers.mode` → ListUsersMode).
    const base =
      set.name ??
      name
        .split(/[^A-Za-z0-9]+/)
        .map(pascal)
        .join("");
    let tok = token(base);
    for (let i = 2; this.specs[tok]; i++) tok = token(`${base}${i}`);
    this.specs[tok] = { type: set.type, enum: set.values.map((v) => ({ ...v })) };
    this.#enums.set(key, tok);
    return tok;
  }

  /** Declares the object type `name` with the fields of `s` (and their docs). */
  object(name: string, s: Json, docs: Record<string, string>, description?: string): ObjectSpec {
    const properties: Record<string, PropertySpec> = {};
    for (const [k, v] of Object.entries(s.properties ?? {}))
      properties[k] = described(this.of(v, `${name}${pascal(k)}`), docs[k] ?? v.description);
    const spec: ObjectSpec = {
      type: "object",
      properties,
      ...(s.required?.length ? { required: s.required } : {}),
    };
    if (description) spec.description = description;
    this.specs[token(name)] = spec;
    return spec;
  }
}

const described = (t: TypeSpec, description: string | undefined): PropertySpec =>
  description ? { ...t, description } : { ...t };

const CONNECTION_DOCS = {
  ChatConnection: "Credentials and address of one chat app (an App's `connection` output, or built by hand).",
  ManagementConnection: "Management API credentials (apps, webhooks).",
};

/** A resource's properties: arguments (with docs, secrets, replace-on-change), options, computed outputs. */
function resourceOf(types: Types, name: string, kind: Kind) {
  const input = jsonOf(kind.args, "input", true);
  const docs = argDocs(kind);
  const secrets = new Set(kind.secrets ?? []);
  const inputs: Record<string, PropertySpec> = {};
  for (const [k, v] of Object.entries(input.properties ?? {})) {
    const p = described(types.of(v, `${name}${pascal(k)}`), docs[k]);
    if (secrets.has(k)) p.secret = true;
    if (kind.replaceOn.includes(k)) p.replaceOnChanges = true;
    inputs[k] = p;
  }
  const option = CREDENTIALS[kind.api];
  const connection: PropertySpec = {
    $ref: `#/types/${token(kind.api === "chat" ? "ChatConnection" : "ManagementConnection")}`,
    description: `${kind.api === "chat" ? "The app's credentials" : "Management credentials"}; default: stack config chat:* or the CHAT_* variables.`,
    ...(SECRET_CREDENTIALS.includes(option) ? { secret: true } : {}),
  };
  inputs[option] = connection;
  inputs.adopt = {
    type: "boolean",
    description: "Take over an object that already exists (same id) instead of failing.",
  };
  const computed = jsonOf(kind.outputs, "output", true);
  const outputs: Record<string, PropertySpec> = { ...inputs };
  delete outputs.adopt;
  for (const [k, v] of Object.entries(computed.properties ?? {})) {
    // An App's `connection` is what other resources take as theirs: the same type.
    const type =
      k === "connection"
        ? { $ref: `#/types/${token("ChatConnection")}` }
        : types.of(v, `${name}${pascal(k)}`);
    const p = described(type, v.description);
    if (secrets.has(k)) p.secret = true;
    outputs[k] = p;
  }
  const defaulted = jsonOf(kind.args, "output").required ?? [];
  const required = [...new Set([...(input.required ?? []), ...defaulted, ...(computed.required ?? [])])];
  return { inputs, outputs, requiredInputs: input.required ?? [], required };
}

/** Where a function reads: the API's credentials option. */
function credentialsInput({ api }: { api: Kind["api"] }): Record<string, PropertySpec> {
  const ref = api === "chat" ? "ChatConnection" : "ManagementConnection";
  return {
    [CREDENTIALS[api]]: {
      $ref: `#/types/${token(ref)}`,
      description: "Where to read; default: stack config chat:* or the CHAT_* variables.",
    },
  };
}

/** A filter that takes a value or a list of such values (tags: `a,b` or `[a, b]`) is typed as the list. */
function listForm(s: Json): Json {
  const alts = s.anyOf ?? s.oneOf;
  const list = alts?.find((a) => a.type === "array");
  const one = alts?.find((a) => a !== list);
  return alts?.length === 2 && list && JSON.stringify(list.items) === JSON.stringify(one) ? list : s;
}

/**
 * A function of the model (provider/kinds/functions.ts) as the schema declares it, and the object type of
 * its result (`<Kind>Info`). `get<Kind>` takes the resource id (as `pulumi import` does), whose parts are the
 * model's key arguments; `list<Kind>` takes the model's typed filters, and still the untyped `scope` map the
 * plugin took before them (its keys are the same filters).
 */
function functionOf(types: Types, f: KindFunction): Record<string, unknown> {
  const kind = kinds[f.kind] as unknown as Kind;
  const infoName = `${f.kind}Info`;
  const info: Record<string, PropertySpec> = {};
  for (const r of f.result) {
    // An App's `connection` is what other resources take as theirs: the same type.
    const type =
      r.name === "connection" && f.kind === "App"
        ? { $ref: `#/types/${token("ChatConnection")}` }
        : types.of(r.schema, `${f.kind}${pascal(r.name)}`);
    const p = described(type, r.doc);
    if (r.secret) p.secret = true;
    info[r.name] = p;
  }
  // Only `id` is sure to be there: the types of the SDKs made from the schema keep every other field optional.
  const required = ["id"];
  if (!types.specs[token(infoName)])
    types.specs[token(infoName)] = {
      type: "object",
      description: `One ${f.kind} as a whole read sees it.`,
      properties: info,
      required,
    };
  if (f.verb === "get")
    return {
      [token(f.name)]: {
        description: `${f.doc} Takes its resource id (what \`pulumi import\` takes).`,
        inputs: {
          type: "object",
          properties: {
            id: { type: "string", description: "The resource id." },
            ...credentialsInput(kind),
          },
          required: ["id"],
        },
        outputs: { type: "object", properties: info, required },
      },
    };
  const inputs: Record<string, PropertySpec> = {};
  for (const a of f.args)
    inputs[a.name] = described(types.of(listForm(a.schema), `List${f.kind}${pascal(a.name)}`), a.doc);
  // Programs written before the typed filters passed them as one `scope` map: still taken, as an object type
  // of the same filters (so a YAML program's map type-checks), and marked deprecated. A kind whose own
  // filter is named `scope` (ApiKey) takes its typed filter there; a kind without filters has no map.
  const filters = Object.keys(inputs);
  if (filters.length > 0 && !filters.includes("scope")) {
    const scopeName = `List${f.kind}Scope`;
    types.specs[token(scopeName)] = {
      type: "object",
      description: `The filters of list${f.kind} as one object (the older form).`,
      properties: { ...inputs },
    };
    inputs.scope = {
      $ref: `#/types/${token(scopeName)}`,
      description: "Every filter as one object (the older form).",
      deprecationMessage: "Give each filter as an argument of its own.",
    };
  }
  return {
    [token(f.name)]: {
      description: f.doc,
      inputs: { type: "object", properties: { ...inputs, ...credentialsInput(kind) } },
      outputs: {
        type: "object",
        properties: {
          items: {
            type: "array",
            items: { $ref: `#/types/${token(infoName)}` },
            description: `Each ${f.kind} found, sorted by id.`,
          },
        },
        required: ["items"],
      },
    },
  };
}

/** A data lookup (provider/kinds/data-lookups.ts): its arguments, the connection, and one object as its result. */
function dataFunctionOf(types: Types, d: DataLookup): Record<string, unknown> {
  const inputs: Record<string, PropertySpec> = {};
  for (const a of d.args) inputs[a.name] = described(types.of(a.schema, `${d.type}${pascal(a.name)}`), a.doc);
  const outputs: Record<string, PropertySpec> = {};
  for (const r of d.result)
    outputs[r.name] = described(types.of(r.schema, `${d.type}${pascal(r.name)}`), r.doc);
  return {
    [token(d.name)]: {
      description: d.doc,
      inputs: {
        type: "object",
        properties: { ...inputs, ...credentialsInput(d) },
        required: d.args.filter((a) => !a.optional).map((a) => a.name),
      },
      outputs: {
        type: "object",
        properties: outputs,
        required: d.result.filter((r) => !r.optional).map((r) => r.name),
      },
    },
  };
}

/** The whole schema, as the plugin serves it. */
export function packageSchema(): Record<string, unknown> {
  const types = new Types();
  types.object("ChatConnection", jsonOf(ChatConnection, "input", true), {}, CONNECTION_DOCS.ChatConnection);
  types.object(
    "ManagementConnection",
    jsonOf(ManagementConnection, "input", true),
    {},
    CONNECTION_DOCS.ManagementConnection,
  );
  for (const [conn, api, schema] of [
    ["ChatConnection", "chat", ChatConnection],
    ["ManagementConnection", "management", ManagementConnection],
  ] as const) {
    const spec = types.specs[token(conn)];
    const props = spec && "properties" in spec ? spec.properties : {};
    for (const k of secretPaths(schema)) if (props[k]) props[k].secret = true;
    // An App's connection output flows into other resources' connection input, and Pulumi YAML cannot assign
    // an enum of an output's object to the same enum of an input's ("Cannot assign Region to Region"): the
    // connection types keep plain values.
    for (const p of Object.values(props)) {
      const target = p.$ref ? types.specs[p.$ref.slice("#/types/".length)] : undefined;
      if (target && "enum" in target) {
        delete p.$ref;
        p.type = target.type;
      }
    }
    // Each field is what a config key holds: its doc, said once there.
    for (const [k, p] of Object.entries(props)) {
      const key = configKeyOf(api, k);
      const c = CONFIG_KEYS.find((x) => x.key === key);
      if (c && !p.description) p.description = `${c.doc} Default: ${c.key} or ${c.env}.`;
    }
  }
  const resources: Record<string, unknown> = {};
  const functions: Record<string, unknown> = {};
  for (const [name, k] of Object.entries(kinds)) {
    const kind = k as unknown as Kind;
    const r = resourceOf(types, name, kind);
    resources[token(name)] = {
      description: resourceDescription(name, kind, r.inputs, (ref) =>
        ref?.startsWith("#/types/") ? types.specs[ref.slice(8)] : undefined,
      ),
      inputProperties: r.inputs,
      requiredInputs: r.requiredInputs,
      properties: r.outputs,
      required: r.required,
    };
  }
  resources[token("Environment")] = environmentResource;
  for (const f of kindFunctions()) Object.assign(functions, functionOf(types, f));
  for (const d of dataLookups()) Object.assign(functions, dataFunctionOf(types, d));
  const variables: Record<string, PropertySpec> = {};
  for (const c of CONFIG_KEYS) {
    const type = "type" in c ? c.type : "string";
    const p: PropertySpec = { type, description: `${c.doc} Environment: ${c.env}.` };
    if (c.secret) p.secret = true;
    variables[c.key.slice(PACKAGE.length + 1)] = p;
  }
  return {
    name: PACKAGE,
    version: pluginVersion(),
    ...packageMetadata,
    config: { variables },
    provider: {
      description: "The chat provider: credentials as its config keys.",
      inputProperties: variables,
    },
    types: types.specs,
    resources,
    functions,
    language: {
      // The SDKs carry the package's version, which they ask the engine for the plugin of.
      python: {
        packageName: "pulumi_chat",
        respectSchemaVersion: true,
        requires: { pulumi: ">=3.0.0,<4.0.0" },
      },
      go: {
        importBasePath: "github.com/pulumi-chat/pulumi-chat/sdk/go/chat",
        generateResourceContainerTypes: false,
        respectSchemaVersion: true,
      },
      csharp: { rootNamespace: "PulumiChat" },
      nodejs: { packageName: "@pulumi-chat/plugin-sdk" },
    },
  };
}

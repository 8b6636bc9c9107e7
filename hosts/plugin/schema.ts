// The plugin's Pulumi package schema, generated from the kind registry: one `chat:index:<Kind>` resource per
// kind (its arguments, docs, secrets, replace-on-change fields and computed outputs), a `get<Kind>` function
// per kind and a `list<Kind>` function per listable kind, and the provider's config keys. Pulumi YAML reads
// it from the plugin; `pulumi package gen-sdk` makes the Python, Go and .NET SDKs from it.
import { ChatConnection, CONFIG_KEYS, ManagementConnection } from "../../client/config";
import { type Json, jsonOf } from "../../engine/json-schema";
import type { Kind } from "../../engine/kind";
import { type KindName, kinds } from "../../kinds";
import { type KindFunction, kindFunctions } from "../../kinds/functions";
import { environmentResource } from "./environment-schema";
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
}
export interface ObjectSpec {
  type: "object";
  description?: string;
  properties: Record<string, PropertySpec>;
  required?: string[];
}

export const PACKAGE = "chat";
export const token = (name: string): string => `${PACKAGE}:index:${name}`;
/** The kind a type token names (`chat:index:User` → User); undefined for any other token. */
export function kindOfToken(tok: string): KindName | undefined {
  const name = tok.startsWith(`${PACKAGE}:index:`) ? tok.slice(PACKAGE.length + 7) : "";
  return Object.hasOwn(kinds, name) ? (name as KindName) : undefined;
}
/** The provider options each API's resources take beside their arguments (engine/generic.ts). */
export const CREDENTIALS = { chat: "connection", management: "managementConnection" } as const;

const ANY: TypeSpec = { $ref: "pulumi.json#/Any" };
const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]*$/;
const pascal = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
/** Collects the named object types the resources use. */
class Types {
  readonly specs: Record<string, ObjectSpec> = {};

  /** Pulumi's type for a JSON Schema node; objects with named fields become types named `name`. */
  of(s: Json, name: string): TypeSpec {
    const alts = s.anyOf ?? s.oneOf;
    if (alts) {
      const each = alts.map((a, i) => this.of(a, `${name}${i}`));
      const first = JSON.stringify(each[0]);
      // The service takes one of several shapes (a value or a list): typed as any, checked by the provider.
      return each.every((t) => JSON.stringify(t) === first) && each[0] ? each[0] : ANY;
    }
    if (s.enum) return this.of({ type: typeof s.enum[0] === "number" ? "number" : "string" }, name);
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
        const values = props.map(([k, v]) => this.of(v, `${name}${pascal(k)}`));
        if (typeof extra === "object" && Object.keys(extra).length > 0)
          values.push(this.of(extra, `${name}Value`));
        const first = JSON.stringify(values[0]);
        const same = values.length > 0 && values.every((v) => JSON.stringify(v) === first);
        return { type: "object", additionalProperties: same && values[0] ? values[0] : ANY };
      }
      default:
        return ANY;
    }
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
  const input = jsonOf(kind.args, "input");
  const docs = kind.docs as Record<string, string>;
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
    secret: true,
  };
  inputs[option] = connection;
  inputs.adopt = {
    type: "boolean",
    description: "Take over an object that already exists (same id) instead of failing.",
  };
  const computed = jsonOf(kind.outputs, "output");
  const outputs: Record<string, PropertySpec> = { ...inputs };
  delete outputs.adopt;
  for (const [k, v] of Object.entries(computed.properties ?? {})) {
    // An App's `connection` is what other resources take as theirs: the same type.
    const type =
      k === "connection"
        ? { $ref: `#/types/${token("ChatConnection")}` }
        : types.of(v, `${name}${pascal(k)}`);
    const p = described(type, v.description);
    if (secrets.has(k) || k === "connection") p.secret = true;
    outputs[k] = p;
  }
  const defaulted = jsonOf(kind.args, "output").required ?? [];
  const required = [...new Set([...(input.required ?? []), ...defaulted, ...(computed.required ?? [])])];
  return { inputs, outputs, requiredInputs: input.required ?? [], required };
}

/** Where a function reads: the API's credentials option. */
function credentialsInput(kind: Kind): Record<string, PropertySpec> {
  const ref = kind.api === "chat" ? "ChatConnection" : "ManagementConnection";
  return {
    [CREDENTIALS[kind.api]]: {
      $ref: `#/types/${token(ref)}`,
      description: "Where to read; default: stack config chat:* or the CHAT_* variables.",
    },
  };
}

/**
 * A function of the model (kinds/functions.ts) as the schema declares it, and the object type of
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
    inputs[a.name] = described(types.of(a.schema, `List${f.kind}${pascal(a.name)}`), a.doc);
  const typed = inputs.scope;
  // The filters as one map, as programs written before the typed ones pass them. A kind whose own filter is
  // named `scope` (ApiKey) takes either there.
  inputs.scope = typed
    ? { ...ANY, description: `${typed.description ?? ""} Or every filter as one map (the older form).` }
    : { type: "object", additionalProperties: ANY, description: "Every filter as one map (the older form)." };
  return {
    [token(f.name)]: {
      description: f.doc,
      inputs: { type: "object", properties: { ...inputs, ...credentialsInput(kind) } },
      outputs: {
        type: "object",
        properties: { items: { type: "array", items: { $ref: `#/types/${token(infoName)}` } } },
        required: ["items"],
      },
    },
  };
}

/** The whole schema, as the plugin serves it. */
export function packageSchema(): Record<string, unknown> {
  const types = new Types();
  types.object("ChatConnection", jsonOf(ChatConnection, "input"), {}, CONNECTION_DOCS.ChatConnection);
  types.object(
    "ManagementConnection",
    jsonOf(ManagementConnection, "input"),
    {},
    CONNECTION_DOCS.ManagementConnection,
  );
  for (const conn of ["ChatConnection", "ManagementConnection"]) {
    const spec = types.specs[token(conn)];
    for (const k of ["apiKey", "secret"]) if (spec?.properties[k]) spec.properties[k].secret = true;
  }
  const resources: Record<string, unknown> = {};
  const functions: Record<string, unknown> = {};
  for (const [name, k] of Object.entries(kinds)) {
    const kind = k as unknown as Kind;
    const r = resourceOf(types, name, kind);
    resources[token(name)] = {
      description: kind.doc,
      inputProperties: r.inputs,
      requiredInputs: r.requiredInputs,
      properties: r.outputs,
      required: r.required,
    };
  }
  resources[token("Environment")] = environmentResource;
  for (const f of kindFunctions()) Object.assign(functions, functionOf(types, f));
  const variables: Record<string, PropertySpec> = {};
  for (const c of CONFIG_KEYS) {
    const p: PropertySpec = { type: "string", description: `${c.doc} Environment: ${c.env}.` };
    if (c.secret) p.secret = true;
    variables[c.key.slice(PACKAGE.length + 1)] = p;
  }
  return {
    name: PACKAGE,
    displayName: "Chat",
    version: pluginVersion(),
    description: "Declare a chat service's apps, users, groups, roles, keys, webhooks and settings.",
    keywords: ["pulumi", "chat", "category/utility"],
    license: "Apache-2.0",
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

// What a registry needs of the plugin's schema (issue 32 item 3): the package's metadata, enums for closed
// sets, typed numbers, typed lookup arguments.
import { type Json, jsonOf } from "../../provider/engine/json-schema";
import type { Kind } from "../../provider/engine/kind";
import { closedSetIn } from "../../provider/hosts/plugin/enums";
import { packageSchema } from "../../provider/hosts/plugin/schema";
import { kinds } from "../../provider/kinds";
import { kindFunctions } from "../../provider/kinds/functions";

interface Spec {
  type?: string;
  $ref?: string;
  items?: Spec;
  additionalProperties?: Spec;
  properties?: Record<string, Spec>;
  enum?: { name: string; value: unknown }[];
  deprecationMessage?: string;
}
const schema = packageSchema() as {
  types: Record<string, Spec>;
  resources: Record<string, { inputProperties: Record<string, Spec> }>;
  functions: Record<string, { inputs: { properties: Record<string, Spec> } }>;
  config: { variables: Record<string, Spec> };
  keywords: string[];
} & Record<string, unknown>;
const ANY = "pulumi.json#/Any";
const typeOf = (ref: string | undefined) =>
  ref?.startsWith("#/types/") ? schema.types[ref.slice("#/types/".length)] : undefined;

/**
 * Every closed set of `json` (a kind's fields as JSON Schema) found where `spec` types it, as
 * [path, what the schema says]; a part the schema leaves `Any` (a value of several shapes) is not entered.
 */
function closedSets(json: Json, spec: Spec | undefined, path: string, out: [string, unknown][]): void {
  if (!spec || spec.$ref === ANY) return;
  const set = closedSetIn(json);
  if (set) {
    const target = typeOf(spec.$ref);
    out.push([path, target?.enum ? target.enum.map((e) => e.value).sort() : (spec.type ?? spec.$ref)]);
    return;
  }
  const object = typeOf(spec.$ref) ?? spec;
  for (const [k, v] of Object.entries(json.properties ?? {}))
    closedSets(v, object.properties?.[k] ?? object.additionalProperties, `${path}.${k}`, out);
  if (json.items) closedSets(json.items, spec.items, `${path}[]`, out);
}

describe("the plugin's schema as a registry reads it", () => {
  it("names its publisher, homepage, repository, license, logo, plugin download address and keywords", () => {
    expect(schema).toMatchObject({
      publisher: expect.stringMatching(/\S/),
      homepage: expect.stringMatching(/^https:\/\//),
      repository: expect.stringMatching(/^https:\/\/github\.com\//),
      license: "Apache-2.0",
      logoUrl: expect.stringMatching(/^https:\/\/.*\.(svg|png)$/),
      pluginDownloadURL: expect.stringMatching(/^(github|https):\/\//),
      displayName: "Chat",
    });
    expect(schema.keywords).toEqual(
      expect.arrayContaining(["pulumi", "chat", expect.stringMatching(/^category\//)]),
    );
  });

  it("types every closed set of every kind's fields as an enum of its values, never as Any or a bare string", () => {
    const found: [string, unknown][] = [];
    for (const [name, k] of Object.entries(kinds)) {
      const kind = k as unknown as Kind;
      const input = jsonOf(kind.args, "input", true);
      const r = schema.resources[`chat:index:${name}`];
      for (const [arg, json] of Object.entries(input.properties ?? {}))
        closedSets(json, r?.inputProperties[arg], `${name}.${arg}`, found);
    }
    for (const f of kindFunctions())
      for (const a of f.args)
        closedSets(
          a.schema,
          schema.functions[`chat:index:${f.name}`]?.inputs.properties[a.name],
          `${f.name}.${a.name}`,
          found,
        );
    for (const [path, said] of found) expect([path, Array.isArray(said)]).toEqual([path, true]);
    // The sets met: group types, member scopes, the numbered notification choices, trigger ids, …
    expect(found.length).toBeGreaterThan(40);
    expect(found).toContainEqual(["Group.type", ["password", "private", "public"]]);
    expect(found).toContainEqual(["NotificationSettings.preferences.group.messagesSetting", [1, 2, 3]]);
  });

  it("declares each enum as pulumi's code generators want it: a type, and values with identifier names", () => {
    const enums = Object.entries(schema.types).filter(([, t]) => t.enum);
    expect(enums.map(([tok]) => tok)).toEqual(
      expect.arrayContaining([
        "chat:index:GroupType",
        "chat:index:MemberScope",
        "chat:index:MessageNotification",
      ]),
    );
    const text = JSON.stringify({ ...schema, types: undefined });
    const types = JSON.stringify(schema.types);
    for (const [tok, t] of enums) {
      expect([tok, t.type]).toEqual([tok, expect.stringMatching(/^(string|integer|number)$/)]);
      for (const e of t.enum ?? [])
        expect([tok, e.name]).toEqual([tok, expect.stringMatching(/^[A-Z][A-Za-z0-9]*$/)]);
      const names = (t.enum ?? []).map((e) => e.name);
      expect([tok, new Set(names).size]).toEqual([tok, names.length]);
      // Used somewhere: no type left over from a shape the schema types as Any.
      expect([tok, text.includes(`#/types/${tok}"`) || types.includes(`#/types/${tok}"`)]).toEqual([
        tok,
        true,
      ]);
    }
  });

  it("describes every property of every resource, type and function, nested ones included", () => {
    const missing: string[] = [];
    const check = (where: string, props: Record<string, Spec & { description?: string }> | undefined) => {
      for (const [k, p] of Object.entries(props ?? {}))
        if (!p.description?.trim()) missing.push(`${where}.${k}`);
    };
    for (const [tok, t] of Object.entries(schema.types)) check(tok, t.properties);
    for (const [tok, r] of Object.entries(
      schema.resources as Record<string, Record<string, Record<string, Spec>>>,
    )) {
      check(`${tok} input`, r.inputProperties);
      check(`${tok} output`, r.properties);
    }
    for (const [tok, f] of Object.entries(
      schema.functions as Record<string, Record<string, { properties: Record<string, Spec> }>>,
    )) {
      check(`${tok} input`, f.inputs?.properties);
      check(`${tok} output`, f.outputs?.properties);
    }
    expect(missing).toEqual([]);
    // Nested ones in the document's words (provider/contract/openapi/chat-service.yaml).
    expect(
      schema.types["chat:index:NotificationSettingsPreferencesGroup"]?.properties?.messagesSetting,
    ).toMatchObject({
      description: expect.stringMatching(/new messages in groups/),
    });
  });

  it("keeps the connection types free of enums: Pulumi YAML cannot assign an App's connection output to an input otherwise", () => {
    for (const conn of ["ChatConnection", "ManagementConnection"])
      for (const [k, p] of Object.entries(schema.types[`chat:index:${conn}`]?.properties ?? {}))
        expect([conn, k, typeOf(p.$ref)?.enum]).toEqual([conn, k, undefined]);
  });

  it("types numbers as numbers: requestsPerMinute is an integer", () => {
    expect(schema.config.variables.requestsPerMinute?.type).toBe("integer");
  });

  it("takes typed lookup arguments: no function takes an untyped map, the older scope map is a deprecated object type", () => {
    for (const [tok, f] of Object.entries(schema.functions))
      for (const [k, p] of Object.entries(f.inputs.properties)) {
        const untyped =
          p.$ref === ANY ||
          (p.type === "object" && (!p.additionalProperties || p.additionalProperties.$ref === ANY));
        expect([tok, k, untyped]).toEqual([tok, k, false]);
        if (k === "scope" && !tok.endsWith("listApiKey"))
          expect([tok, p.deprecationMessage]).toEqual([tok, expect.any(String)]);
      }
  });
});

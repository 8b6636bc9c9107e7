// The plugin's package schema (provider/hosts/plugin/schema.ts) comes from the kind registry: a resource per kind with its
// arguments, docs, secrets, replace-on-change fields and outputs; a get function per kind, a list function per
// listable kind; the config keys. Pulumi's code generators bind it in test/e2e/plugin.test.ts.

import { CONFIG_KEYS } from "../../provider/client/config";
import { argDocs } from "../../provider/engine/arg-docs";
import type { Kind } from "../../provider/engine/kind";
import { kindOfToken, packageSchema } from "../../provider/hosts/plugin/schema";
import { kinds } from "../../provider/kinds";

interface Property {
  type?: string;
  $ref?: string;
  description?: string;
  secret?: boolean;
  replaceOnChanges?: boolean;
}
interface Resource {
  description: string;
  inputProperties: Record<string, Property>;
  requiredInputs: string[];
  properties: Record<string, Property>;
  required: string[];
}

const schema = packageSchema() as {
  name: string;
  version: string;
  config: { variables: Record<string, Property> };
  types: Record<string, { properties?: Record<string, Property> }>;
  resources: Record<string, Resource>;
  functions: Record<string, { inputs: { properties: Record<string, Property> } }>;
};
const entries = Object.entries(kinds) as [string, Kind][];

describe("the plugin's schema", () => {
  it("has one chat:index:<Kind> resource per kind of the registry, the Environment component, and nothing else", () => {
    expect(Object.keys(schema.resources).sort()).toEqual(
      [...entries.map(([n]) => `chat:index:${n}`), "chat:index:Environment"].sort(),
    );
    expect(schema.resources["chat:index:Environment"]).toMatchObject({ isComponent: true });
    expect(schema.name).toBe("chat");
    expect(schema.version).toMatch(/^\d+\.\d+\.\d+/);
    for (const [name] of entries) expect(kindOfToken(`chat:index:${name}`)).toBe(name);
    expect(kindOfToken("chat:index:Nothing")).toBeUndefined();
    expect(kindOfToken("random:index:User")).toBeUndefined();
  });

  it("gives every argument its type and doc, and marks secrets and replace-forcing arguments", () => {
    for (const [name, kind] of entries) {
      const r = schema.resources[`chat:index:${name}`] as Resource;
      expect(r.description.startsWith(kind.doc)).toBe(true);
      for (const arg of Object.keys(kind.args.shape)) {
        const p = r.inputProperties[arg];
        expect([name, arg, p?.type ?? p?.$ref]).toEqual([name, arg, expect.any(String)]);
        expect([name, arg, p?.description]).toEqual([name, arg, argDocs(kind)[arg]]);
        expect([name, arg, p?.secret === true]).toEqual([
          name,
          arg,
          (kind.secrets ?? ([] as readonly string[])).includes(arg),
        ]);
        expect([name, arg, p?.replaceOnChanges === true]).toEqual([name, arg, kind.replaceOn.includes(arg)]);
      }
      // The credentials option of its API, always secret; computed outputs beside the arguments.
      const option = kind.api === "chat" ? "connection" : "managementConnection";
      expect(r.inputProperties[option]?.secret).toBe(true);
      for (const out of Object.keys(kind.outputs.shape)) expect(r.properties).toHaveProperty(out);
      for (const s of kind.secrets ?? []) if (s in r.properties) expect(r.properties[s]?.secret).toBe(true);
    }
  });

  it("requires what the kind requires", () => {
    const user = schema.resources["chat:index:User"] as Resource;
    expect(user.requiredInputs).toEqual(expect.arrayContaining(["uid", "name"]));
    expect(user.requiredInputs).not.toContain("role");
    expect(user.inputProperties.uid?.replaceOnChanges).toBe(true);
  });

  it("types a map with keys that are not identifiers (a role's permissions) as a map, not an object type", () => {
    const role = schema.resources["chat:index:Role"] as Resource;
    expect(role.inputProperties.permissions).toMatchObject({ type: "object" });
    for (const t of Object.values(schema.types))
      for (const k of Object.keys(t.properties ?? {})) expect(k).toMatch(/^[A-Za-z_][A-Za-z0-9_]*$/);
  });

  it("has a get<Kind> function per kind and a list<Kind> function per listable kind", () => {
    for (const [name, kind] of entries) {
      expect(schema.functions[`chat:index:get${name}`]?.inputs.properties).toHaveProperty("id");
      expect(schema.functions[`chat:index:list${name}`] !== undefined).toBe(kind.list !== undefined);
    }
  });

  it("types list<Kind>'s filters from the function model, and keeps the older `scope` map", () => {
    const props = (f: string) => schema.functions[`chat:index:${f}`]?.inputs.properties ?? {};
    expect(props("listUser")).toMatchObject({ role: { type: "string" }, searchKey: { type: "string" } });
    // The older `scope` map: an object type of the same filters, deprecated.
    expect(props("listUser").scope).toMatchObject({
      $ref: "#/types/chat:index:ListUserScope",
      deprecationMessage: expect.any(String),
    });
    expect(Object.keys(schema.types["chat:index:ListUserScope"]?.properties ?? {})).toEqual(
      Object.keys(props("listUser")).filter((k) => k !== "scope" && k !== "connection"),
    );
    expect(props("listWebhook")).toHaveProperty("appId");
    expect(props("listGroupBans")).toHaveProperty("guid");
    // ApiKey's own filter is named scope: the key scope.
    expect(props("listApiKey").scope).toMatchObject({ $ref: "#/types/chat:index:ApiKeyScope" });
    expect(props("listRole")).toEqual({ connection: expect.anything() });
  });

  it("declares the config keys, secret where the provider keeps them secret", () => {
    expect(Object.keys(schema.config.variables).sort()).toEqual(
      CONFIG_KEYS.map((c) => c.key.slice(5)).sort(),
    );
    for (const c of CONFIG_KEYS)
      expect(schema.config.variables[c.key.slice(5)]?.secret === true).toBe(c.secret);
  });
});

// One source of secrecy (decision 0123): the document's `x-secret` marks. Every field it marks, in every
// schema, is kept out of what the client prints (by value and by name), out of check failures, and secret in
// state; the plugin's flags, the file's secret references, the config keys and the component's outputs
// follow the marks; and no hand-written list of secrets is left to disagree with them.
import { readFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { inspect } from "node:util";
import { parse, stringify } from "yaml";
import { z } from "zod";
import {
  ChatClient,
  errorFromResponse,
  REDACTED,
  Redactor,
  RequestValidationError,
  resetBudgets,
} from "../../provider/client";
import {
  ChatConnection,
  CONFIG_KEYS,
  CREDENTIALS,
  ManagementConnection,
  SECRET_CREDENTIALS,
} from "../../provider/client/config";
import type { Target } from "../../provider/client/options";
import { type Prepared, prepare } from "../../provider/client/prepare";
import { SECRET_NAMES, SECRET_PATH_PARAMS } from "../../provider/client/redact";
import { parseAnswer } from "../../provider/client/shape";
import {
  CREDENTIAL_HEADERS,
  type RouteName,
  type RouteSpec,
  routes,
  SECRET_FIELDS,
  SECRET_PARAMETERS,
  SECRET_SCHEMES,
  secret,
  secretPaths,
} from "../../provider/contract";
import { DOCUMENT, generate } from "../../provider/contract/scripts/generate";
import { secretFacts } from "../../provider/contract/scripts/secrets";
import type { Kind } from "../../provider/engine/kind";
import { secretsOf, topOf } from "../../provider/environment/entries";
import { FILE_KINDS, type FileKind } from "../../provider/environment/graph";
import { resourceArgs } from "../../provider/hosts/dynamic/resource";
import { environmentResource, GATHERED, gathersSecret } from "../../provider/hosts/plugin/environment-schema";
import { packageSchema, token } from "../../provider/hosts/plugin/schema";
import { CrudProvider, type KindName, kinds } from "../../provider/kinds";

type Json = Record<string, unknown>;
const doc = parse(readFileSync(DOCUMENT, "utf8")) as Json;
const facts = secretFacts(doc);
const KINDS = Object.entries(kinds) as [KindName, Kind][];

/** A recognisable value for one field: no redactor could blank it for its shape alone. */
const valueFor = (where: string) => `Zq9-${where.replace(/[^A-Za-z0-9]/g, "-")}-Wv7`;

/** An object holding `value` at a path of secretPaths (`a.b`, `a[]`, `a.*`, `(root)`). */
function placed(path: string, value: unknown): unknown {
  if (path === "" || path === "(root)") return value;
  if (path.startsWith("[]")) return [placed(path.slice(2).replace(/^\./, ""), value)];
  const m = /^([^.[]+)(\[\])?\.?(.*)$/.exec(path);
  if (!m) throw new Error(`bad path ${path}`);
  const [, head = "", each, rest = ""] = m;
  const inner = placed(rest, value);
  const item = each ? [inner] : inner;
  return head === "*" ? { someKey: item } : { [head]: item };
}
/** Merges objects built by `placed`. */
function merged(parts: unknown[]): unknown {
  const out: Json = {};
  for (const p of parts)
    for (const [k, v] of Object.entries(p as Json))
      out[k] =
        out[k] && typeof out[k] === "object" && !Array.isArray(out[k]) && typeof v === "object"
          ? merged([out[k], v])
          : v;
  return out;
}

/** Every way an error can be printed. */
const printed = (e: unknown): string =>
  [String(e), (e as Error).stack ?? "", JSON.stringify(e), inspect(e, { showHidden: true, depth: 20 })].join(
    "\n",
  );

afterEach(() => resetBudgets());

describe("the document is the one source", () => {
  it("generates the names, parameters and schemes it marks, and a mark added to a copy flows into them", () => {
    expect(facts).toEqual({
      fields: [...SECRET_FIELDS],
      parameters: [...SECRET_PARAMETERS],
      headers: [...CREDENTIAL_HEADERS],
      schemes: [...SECRET_SCHEMES],
    });
    const copy = structuredClone(doc) as { components: { schemas: Record<string, { properties: Json }> } };
    const userName = copy.components.schemas.UserCreate?.properties.name as Json;
    expect(SECRET_FIELDS).not.toContain("name");
    userName["x-secret"] = true;
    expect(secretFacts(copy as unknown as Json).fields).toContain("name");
    const schemas = generate(stringify(copy)).get("schemas.ts") ?? "";
    expect(schemas).toMatch(/export const UserCreate = [^\n]*name: secret\(/);
    // and a name so marked is redacted by name from then on: SECRET_NAMES is every generated name
    expect([...SECRET_NAMES].sort()).toEqual(
      [...new Set([...CREDENTIAL_HEADERS, ...SECRET_FIELDS, ...SECRET_PARAMETERS])].sort(),
    );
  });

  it("leaves no hand-written list of secrets", () => {
    const source = (f: string) => readFileSync(f, "utf8");
    expect(source("provider/client/config.ts")).not.toMatch(/secret: (true|false)/);
    for (const f of ["provider/hosts/dynamic/resource.ts", "provider/recover/pending.ts"])
      expect([f, source(f).includes('"managementConnection"')]).toEqual([f, false]);
    expect(source("provider/hosts/plugin/schema.ts")).not.toMatch(
      /\["apiKey", "secret"\]|k === "connection"\)/,
    );
    expect(source("provider/hosts/plugin/provider.ts")).not.toContain('"connection"]');
    expect(source("provider/hosts/plugin/environment-schema.ts")).not.toMatch(/^\s+secret: true,$/m);
    expect(source("provider/environment/component.ts")).not.toMatch(/(= |&& )pulumi\.secret\(/);
    expect(source("provider/client/redact.ts")).not.toMatch(/SECRET_NAMES[^=]*= \[\s*"/);
    // The kinds mark nothing themselves (an extension's settings are by slug, not yet in the document)...
    for (const [name] of KINDS) {
      const file = `provider/kinds/${name.replace(/([a-z0-9])([A-Z])/g, "$1-$2").toLowerCase()}.ts`;
      let text = "";
      try {
        text = source(file)
          .split("\n")
          .filter((l) => !/^\s*(\/\/|\*|\/\*)/.test(l))
          .join("\n");
      } catch {
        continue;
      }
      if (name !== "Extension") expect([file, /[^.]secret\(/.test(text)]).toEqual([file, false]);
    }
    // ...and a file's secret reference is written only where it says more than the field's own name.
    for (const k of FILE_KINDS)
      for (const [path, s] of Object.entries(k.file.secretRefs ?? {}))
        expect([k.name, path, s]).not.toEqual([k.name, path, path.split(".").pop()]);
  });

  it("keeps every secret redacted today (no name, parameter, config key or connection field less)", () => {
    const names = SECRET_NAMES.map((n) => n.toLowerCase());
    for (const before of ["apikey", "apiKey", "key", "secret", "authToken", "password"])
      expect([before, names.includes(before.toLowerCase())]).toEqual([before, true]);
    expect([...SECRET_PATH_PARAMS].sort()).toEqual(["apiKey", "authToken"]);
    expect(CONFIG_KEYS.filter((k) => k.secret).map((k) => k.key)).toEqual([
      "chat:apiKey",
      "chat:managementSecret",
    ]);
    expect(secretPaths(ChatConnection)).toEqual(["apiKey"]);
    expect(secretPaths(ManagementConnection)).toEqual(["secret"]);
    expect(SECRET_CREDENTIALS).toEqual(Object.values(CREDENTIALS));
    for (const output of Object.keys(GATHERED) as (keyof typeof GATHERED)[])
      expect([output, gathersSecret(output)]).toEqual([output, true]);
  });
});

describe("every field the document marks", () => {
  const named = [...facts.fields, ...facts.parameters, ...facts.headers];

  it.each(named)("%s: a server's message quoting it by name is redacted", (name) => {
    const v = valueFor(name);
    const r = new Redactor();
    for (const text of [`{"${name}":"${v}"}`, `${name}=${v}&x=1`, `${name}: ${v}`])
      expect(r.string(text)).not.toContain(v);
    const e = errorFromResponse(
      400,
      { error: { code: "ERR_BAD_REQUEST", message: `{"${name}":"${v}"}` } },
      {
        route: "getUser",
        method: "GET",
        path: "/users/u",
      },
    );
    expect(printed(e)).not.toContain(v);
  });

  const target = {
    api: "chat",
    baseUrl: "http://127.0.0.1:9",
    headers: {},
    redactor: new Redactor(),
    userAgent: "t",
  };
  const withBodies = (Object.entries(routes) as [RouteName, RouteSpec][]).filter(
    ([, r]) => r.body !== undefined && secretPaths(r.body).length > 0,
  );
  it("is in some route's body, each route tried", () => expect(withBodies.length).toBeGreaterThan(20));

  it.each(withBodies.map(([n]) => n))("%s: a body's marked values never show, refused or sent", (name) => {
    const route = routes[name] as RouteSpec;
    const paths = secretPaths(route.body as z.ZodType);
    const values = paths.map((p) => valueFor(`${name}-${p}`));
    const body = merged(paths.map((p, i) => placed(p, values[i])));
    const params = Object.fromEntries([...route.path.matchAll(/:(\w+)/g)].map((m) => [m[1], "x1"]));
    const { api } = route;
    let p: Prepared | undefined;
    try {
      p = prepare({ ...target, api } as unknown as Target, name, { params, body } as never);
    } catch (e) {
      expect(e).toBeInstanceOf(RequestValidationError);
      for (const v of values) expect(printed(e)).not.toContain(v);
      return;
    }
    // Sent: a server that quotes the values back, bare, is redacted too.
    const e = errorFromResponse(
      400,
      { error: { code: "ERR_BAD_REQUEST", message: `got ${values.join(" ")}` } },
      p.info,
      {
        redactor: p.redactor,
      },
    );
    for (const v of values) expect(printed(e)).not.toContain(v);
  });

  const answers = (Object.entries(routes) as [RouteName, RouteSpec][]).filter(
    ([, r]) => secretPaths(r.response).length > 0,
  );
  it.each(answers.map(([n]) => n))("%s: an answer's marked values never show in its shape error", (name) => {
    const route = routes[name] as RouteSpec;
    const paths = secretPaths(route.response);
    const values = paths.map((p) => valueFor(`${name}-${p}`));
    // Marked values beside a field of the wrong type: the answer is refused.
    const answer = merged([...paths.map((p, i) => placed(p, values[i])), { data: 7, id: [7], uid: [7] }]);
    const p = { name, info: { route: name, method: route.method, path: "/x" }, redactor: new Redactor() };
    try {
      parseAnswer(p as unknown as Prepared, route.response, answer, 200, 1);
    } catch (e) {
      for (const v of values) expect(printed(e)).not.toContain(v);
    }
  });

  describe("through the client, a server quoting a request back", () => {
    let server: Server;
    let endpoint = "";
    const lines: string[] = [];
    beforeAll(async () => {
      server = createServer((req, res) => {
        let text = "";
        req.on("data", (c) => {
          text += c;
        });
        req.on("end", () => {
          const strings = JSON.stringify(JSON.parse(text || "{}")).match(/Zq9-[A-Za-z0-9-]*-Wv7/g) ?? [];
          res.writeHead(400, { "content-type": "application/json" });
          res.end(
            JSON.stringify({
              error: { code: "ERR_BAD_REQUEST", message: `cannot take ${strings.join(", ")}` },
            }),
          );
        });
      });
      await new Promise<void>((ok) => server.listen(0, "127.0.0.1", ok));
      endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}/{appId}/{region}`;
    });
    afterAll(() => new Promise<void>((ok) => server.close(() => ok())));

    it.each([
      ["createGroup", { guid: "g1", name: "G", type: "password", password: valueFor("group") }],
      ["createAgentVariable", { name: "v", sourceType: "constant", constantValue: valueFor("variable") }],
      [
        "createMcpServer",
        { slug: "m", name: "M", url: "https://m.example.com", headers: { X: valueFor("mcp") } },
      ],
    ] as const)("%s: never in the error or the log", async (route, body) => {
      const client = new ChatClient(
        { appId: "a1", apiKey: "k".repeat(40), endpoint },
        { retry: { retries: 0 }, logger: { debug: (l: string) => lines.push(l) } as never },
      );
      const e = await client.call(route as never, { body } as never).then(
        () => undefined,
        (x: unknown) => x,
      );
      const values = JSON.stringify(body).match(/Zq9-[A-Za-z0-9-]*-Wv7/g) ?? [];
      expect(values.length).toBe(1);
      expect(printed(e)).toContain(REDACTED);
      for (const v of values) {
        expect(printed(e)).not.toContain(v);
        expect(lines.join("\n")).not.toContain(v);
      }
    });
  });
});

describe("every kind's marked arguments", () => {
  const standIn = { chat: async () => undefined, management: async () => undefined };
  const marked = KINDS.filter(([, k]) => secretPaths(k.args).length > 0);
  it("are found", () => expect(marked.length).toBeGreaterThan(15));

  it.each(marked.map(([n]) => n))("%s: never in a check failure, secret in state", async (name) => {
    const kind = kinds[name] as unknown as Kind;
    const paths = secretPaths(kind.args);
    const values = paths.map((p) => valueFor(`${name}-${p}`));
    const args = merged(paths.map((p, i) => placed(p, values[i]))) as Json;
    const { failures } = await new CrudProvider(kinds[name] as never, standIn).check({}, args);
    for (const v of values) expect(JSON.stringify(failures)).not.toContain(v);
    const tops = [...new Set(paths.map(topOf))];
    // The dynamic resource's state: each marked argument and the credentials secret outputs.
    const [, , , options] = resourceArgs(name, "r", args, [], kind.secrets ?? [], undefined);
    expect(options.additionalSecretOutputs).toEqual(expect.arrayContaining([...tops, ...SECRET_CREDENTIALS]));
  });

  it("are exactly the plugin schema's secret flags, and the document names each", () => {
    const schema = packageSchema() as {
      resources: Record<string, { inputProperties: Json; properties: Json }>;
    };
    for (const [name, kind] of KINDS) {
      const r = schema.resources[token(name)];
      if (!r) throw new Error(`no resource ${name}`);
      const flagged = (props: Json) =>
        Object.entries(props)
          .filter(([, p]) => (p as { secret?: boolean }).secret === true)
          .map(([k]) => k)
          .sort();
      const option = CREDENTIALS[kind.api];
      const args = [...new Set(secretPaths(kind.args).map(topOf))];
      expect([name, flagged(r.inputProperties)]).toEqual([name, [...args, option].sort()]);
      expect([name, flagged(r.properties)]).toEqual([
        name,
        [...new Set([...(kind.secrets ?? []), option])].sort(),
      ]);
      // Each marked field is one the document marks (an extension's settings are by slug, outside it).
      for (const p of secretPaths(kind.args))
        if (name !== "Extension")
          expect([name, p, facts.fields.includes(p.split(".").pop() ?? p)]).toEqual([name, p, true]);
    }
    const env = environmentResource.properties as Json;
    for (const output of Object.keys(GATHERED))
      expect([output, (env[output] as { secret?: boolean }).secret]).toEqual([output, true]);
  });

  it("are the environment file's secret references, and a field marked anew becomes one", () => {
    for (const k of FILE_KINDS) {
      const refs = secretsOf(k).map((s) => s.path);
      for (const p of secretPaths(k.args))
        expect([
          k.name,
          p,
          refs.some((r) => p === r || p.startsWith(`${r}.`) || p.startsWith(`${r}[`)),
        ]).toEqual([k.name, p, true]);
    }
    const user = FILE_KINDS.find((k) => k.name === "User") as FileKind;
    const args = (user.args as unknown as z.ZodObject).extend({
      recoveryCode: secret(z.string()).optional(),
    });
    const marked = { ...user, args } as unknown as FileKind;
    expect(secretsOf(user)).toEqual([]);
    expect(secretsOf(marked)).toEqual([{ path: "recoveryCode", field: "recoveryCode" }]);
    const wrong = { ...user, file: { ...user.file, secretRefs: { name: "name" } } } as unknown as FileKind;
    expect(() => secretsOf(wrong)).toThrow(/names name, which no mark of the document makes secret/);
  });
});

// ONE-OFF: wrote the first contract/openapi/chat-service.yaml from the hand-written zod schemas and route table
// of provider/api (issue 28 item 1). It ran once; from then on the document is the source and this script is
// kept only in the commit that used it (see docs/decisions/0103-contract-from-openapi.md).
import { writeFileSync } from "node:fs";
import { stringify } from "yaml";
import { z } from "zod";
import * as api from "../../provider/api";

type Json = Record<string, unknown>;
const reg = z.registry<{ id: string }>();
for (const [name, value] of Object.entries(api)) {
  if (value instanceof z.ZodType && !reg.has(value)) reg.add(value, { id: name });
}

const components: Record<string, Json> = {};
const fixRefs = (v: unknown): unknown => {
  if (Array.isArray(v)) return v.map(fixRefs);
  if (v && typeof v === "object") {
    const out: Json = {};
    for (const [k, x] of Object.entries(v)) {
      if ((k === "maximum" || k === "minimum") && Math.abs(Number(x)) === Number.MAX_SAFE_INTEGER) continue;
      if (k === "$ref" && typeof x === "string") out[k] = x.replace("#/$defs/", "#/components/schemas/");
      else if (k === "$schema") continue;
      else out[k] = fixRefs(x);
    }
    return out;
  }
  return v;
};
const toSchema = (s: z.ZodType): Json => {
  const js = z.toJSONSchema(s, {
    io: "input",
    unrepresentable: "any",
    metadata: reg,
    target: "draft-2020-12",
    override: (ctx) => {
      if (api.isSecret(ctx.zodSchema as z.ZodType)) {
        (ctx.jsonSchema as Json)["x-secret"] = true;
      }
    },
  }) as Json;
  const defs = (js.$defs ?? {}) as Record<string, Json>;
  delete js.$defs;
  for (const [k, d] of Object.entries(defs)) {
    const fixed = fixRefs(d) as Json;
    delete fixed.id;
    components[k] = fixed;
  }
  const root = fixRefs(js) as Json;
  if (typeof root.id === "string") {
    const id = root.id;
    delete root.id;
    components[id] = root;
    return { $ref: `#/components/schemas/${id}` };
  }
  return root;
};

const words = (name: string) => name.replace(/([A-Z])/g, " $1").toLowerCase();
const summary = (name: string) => {
  const w = words(name);
  return w.charAt(0).toUpperCase() + w.slice(1);
};

const tagOf = new Map<string, string>();
for (const [exp, table] of Object.entries(api)) {
  if (!exp.endsWith("Routes") || typeof table !== "object" || table === null) continue;
  const tag = exp.slice(0, -"Routes".length);
  for (const name of Object.keys(table)) tagOf.set(name, tag);
}

const MANAGEMENT_SERVER = {
  url: "https://apimgmt.{host}",
  description: "The management API (apps, webhooks, extensions, collaborators).",
  variables: { host: { default: "cometchat.io" } },
};
const paths: Record<string, Record<string, Json>> = {};
for (const [name, r] of Object.entries(api.routes) as [string, api.RouteSpec][]) {
  const path = r.path.replace(/:([A-Za-z]+)/g, "{$1}");
  const item = paths[path] ?? {};
  paths[path] = item;
  if (r.api === "management") item.servers = [MANAGEMENT_SERVER];
  const parameters: Json[] = [...r.path.matchAll(/:([A-Za-z]+)/g)].map((m) => ({
    name: m[1],
    in: "path",
    required: true,
    schema: { type: "string" },
  }));
  if (r.query) {
    const q = toSchema(r.query);
    const obj = (q.$ref ? components[(q.$ref as string).split("/").pop() as string] : q) as Json;
    const req = new Set((obj.required as string[] | undefined) ?? []);
    for (const [pn, ps] of Object.entries((obj.properties ?? {}) as Record<string, Json>)) {
      parameters.push({ name: pn, in: "query", required: req.has(pn) || undefined, schema: ps });
    }
  }
  if (r.onBehalfOf === "required") parameters.push({ $ref: "#/components/parameters/OnBehalfOf" });
  const op: Json = {
    operationId: name,
    summary: summary(name),
    tags: [tagOf.get(name)],
    security:
      r.api === "chat"
        ? [{ apiKey: [r.authOnly ? "authOnly" : "fullAccess"] }]
        : [{ managementKey: [], managementSecret: [] }],
    ...(parameters.length ? { parameters } : {}),
  };
  if (r.body) {
    const b = toSchema(r.body);
    const optional = r.body.safeParse(undefined).success;
    const type = r.encoding === "multipart" ? "multipart/form-data" : "application/json";
    op.requestBody = { required: !optional || undefined, content: { [type]: { schema: b } } };
  }
  op.responses = {
    "200": { description: "Success.", content: { "application/json": { schema: toSchema(r.response) } } },
    default: { $ref: "#/components/responses/Error" },
  };
  item[r.method.toLowerCase()] = op;
}
const errorBody = toSchema(api.ErrorBody);
components.ErrorCode = {
  type: "string",
  description: "Every error code the project produces or recognises; x-status gives the HTTP status of each.",
  enum: Object.keys(api.ERROR_STATUS),
  "x-status": api.ERROR_STATUS,
};
const doc = {
  openapi: "3.1.0",
  info: {
    title: "The chat service, as pulumi-chat uses it",
    version: "0.1.0",
    description:
      "Every operation of the chat API (v3) and the management API that pulumi-chat calls or emulates. " +
      "The route table and schemas in contract/generated are generated from this file (npm run generate).",
  },
  servers: [
    {
      url: "https://{appId}.api-{region}.{host}/v3",
      description: "The chat API of one app.",
      variables: {
        appId: { default: "app" },
        region: { default: "us", enum: [...api.REGIONS] },
        host: { default: "cometchat.io" },
      },
    },
  ],
  paths,
  components: {
    schemas: components,
    securitySchemes: {
      apiKey: {
        type: "apiKey",
        in: "header",
        name: "apikey",
        description:
          "A key of the app; the requirement names the scope the key needs (authOnly or fullAccess).",
      },
      managementKey: { type: "apiKey", in: "header", name: "key", description: "The management API key." },
      managementSecret: { type: "apiKey", in: "header", name: "secret", description: "Its secret." },
    },
    parameters: {
      OnBehalfOf: { name: "onBehalfOf", in: "header", required: true, schema: { type: "string" } },
    },
    responses: { Error: { description: "Failure.", content: { "application/json": { schema: errorBody } } } },
  },
};
writeFileSync(
  "contract/openapi/chat-service.yaml",
  stringify(JSON.parse(JSON.stringify(doc)), { lineWidth: 0, aliasDuplicateObjects: false }),
);

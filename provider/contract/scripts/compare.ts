// `npm run contract:compare -- <vendor spec files...>`: lists every difference between the project's document
// (provider/contract/openapi/chat-service.yaml) and the vendor's published OpenAPI files (docs/service/README.md names
// them; they are read during development, never committed). Operations are matched by API, method and path
// (path parameter names aside); then query parameters, request bodies and answers are compared field by field:
// presence, type, enum values, required, limits. A difference recorded in provider/contract/divergences.yaml (why, and
// the evidence that the service behaves so) is reported as known; the exit code is 1 when any other remains.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { parse } from "yaml";

export const DOCUMENT = join("provider", "contract", "openapi", "chat-service.yaml");
export const DIVERGENCES = join("provider", "contract", "divergences.yaml");

export type Json = { [k: string]: unknown };
export const METHODS = ["get", "post", "put", "patch", "delete"] as const;
/** The keywords compared as limits. */
export const LIMITS = [
  "maxLength",
  "minLength",
  "maximum",
  "minimum",
  "maxItems",
  "minItems",
  "exclusiveMaximum",
  "exclusiveMinimum",
  "pattern",
] as const;

/**
 * The vendor's published references, each its own file: the chat API, the management API, and two that live
 * on the chat host but stand apart (the Agent Builder and BYO agents pages under /ai-agents, and the data
 * import reference under /data_import; docs/service/README.md). An operation is compared only with a file of
 * its own API.
 */
export type Api = "chat" | "management" | "agents" | "dataImport" | "campaigns";

/** The chat-host APIs the vendor documents apart from the chat API's file, by the path prefix of their operations. */
const APART: readonly (readonly [Api, string])[] = [
  ["agents", "/ai-agents/"],
  ["dataImport", "/data_import/"],
  // The campaigns service (its own file, campaigns-apis.json, whose server ends in /v3/campaigns).
  ["campaigns", "/campaigns/"],
];

/** The API a chat-host path belongs to. */
const chatHostApi = (path: string): Api => APART.find(([, prefix]) => path.startsWith(prefix))?.[0] ?? "chat";

export interface Difference {
  /** Our operationId, or the vendor's (with its method and path) for an operation we do not have. */
  readonly operation: string;
  /** Where in the operation: `body.tags[]`, `query.perPage`, `response.data.uid`; `` for the operation. */
  readonly at: string;
  /**
   * What differs: operation (ours, absent from the vendor's files), unused (the vendor's, not in our document),
   * field, type, enum, required, content, or a limit keyword.
   */
  readonly differs: string;
  readonly ours: unknown;
  readonly vendor: unknown;
}

export interface Divergence {
  /**
   * An operationId, `*` for every operation, a prefix ending in `*`, or a list of these: operations that share
   * one reason and one piece of evidence are named together, so the evidence is written once.
   */
  readonly operation: string | readonly string[];
  /** A place (`body.uid`), `*` for every place, or a prefix ending in `*` (`response.*`). */
  readonly at: string;
  readonly differs: string;
  /** When given, our side must read so (`absent`, `100`, `string|array`): the entry then covers only that case. */
  readonly ours?: string;
  /** When given, the vendor's side must read so. */
  readonly vendor?: string;
  /** What differs and why we keep it, in our words. */
  readonly why: string;
  /** Where it shows that the service behaves so: a docs/service page, a test, a decision. */
  readonly evidence: string;
}

interface Spec {
  readonly api: Api;
  readonly doc: Json;
}

interface Operation {
  readonly id: string;
  readonly api: Api;
  readonly method: string;
  readonly path: string;
  readonly op: Json;
  readonly spec: Spec;
}

export const obj = (v: unknown): Json =>
  v !== null && typeof v === "object" && !Array.isArray(v) ? (v as Json) : {};

/** `/users/{uid}/auth_tokens/{authToken}` → `/users/{}/auth_tokens/{}`: the names of parameters do not matter. */
const shape = (path: string) => path.replace(/\{[^}]+\}/g, "{}").replace(/\/$/, "");

/** The API a vendor file describes: the management API by its server address, else by its paths. */
export function apiOf(doc: Json): Api {
  const urls = (Array.isArray(doc.servers) ? doc.servers : []).map((s) => String(obj(s).url ?? ""));
  if (urls.some((u) => u.includes("apimgmt"))) return "management";
  if (urls.some((u) => u.replace(/\/$/, "").endsWith("/campaigns"))) return "campaigns";
  const apis = new Set(Object.keys(obj(doc.paths)).map(chatHostApi));
  const [only] = apis;
  return apis.size === 1 && only ? only : "chat";
}

function operationsOf(spec: Spec, ours: boolean): Operation[] {
  const out: Operation[] = [];
  // The campaigns file's paths are under its server's /v3/campaigns; ours are under /v3 with that prefix.
  const under = !ours && spec.api === "campaigns" ? "/campaigns" : "";
  for (const [bare, itemValue] of Object.entries(obj(spec.doc.paths))) {
    const path = `${under}${bare}`;
    const item = obj(itemValue);
    // Ours: a path item with its own server is the management API's; a vendor file is one API.
    const api: Api = ours
      ? (Array.isArray(item.servers) ? item.servers : []).some((s) => String(obj(s).url).includes("apimgmt"))
        ? "management"
        : chatHostApi(path)
      : spec.api;
    for (const method of METHODS) {
      const op = item[method];
      if (!op) continue;
      const id = String(obj(op).operationId ?? `${method.toUpperCase()} ${path}`);
      out.push({ id, api, method, path, op: obj(op), spec });
    }
  }
  return out;
}

/** `schema` with `$ref`s into its own document followed (keywords beside a `$ref` kept), to a depth. */
export function deref(doc: Json, schema: unknown, depth = 0): Json {
  const s = obj(schema);
  if (depth > 30 || typeof s.$ref !== "string") return s;
  const target = s.$ref
    .replace(/^#\//, "")
    .split("/")
    .reduce<unknown>((at, key) => obj(at)[key], doc);
  const { $ref: _, ...rest } = s;
  return { ...deref(doc, target, depth + 1), ...rest };
}

/** The types a schema allows: `type` (one or a list), a 3.0 `nullable`, or the alternatives of anyOf/oneOf. */
export function typesOf(doc: Json, s: Json): string[] {
  const out = new Set<string>();
  const t = s.type;
  if (typeof t === "string") out.add(t);
  if (Array.isArray(t)) for (const x of t) out.add(String(x));
  if (s.nullable === true) out.add("null");
  for (const alt of [...(Array.isArray(s.anyOf) ? s.anyOf : []), ...(Array.isArray(s.oneOf) ? s.oneOf : [])])
    for (const x of typesOf(doc, deref(doc, alt))) out.add(x);
  if (out.size === 0 && Array.isArray(s.enum))
    for (const v of s.enum) out.add(v === null ? "null" : typeof v);
  return [...out].sort();
}

/** The properties of an object schema, its alternatives' and allOf parts' together. */
export function propertiesOf(doc: Json, s: Json): Record<string, Json> {
  const out: Record<string, Json> = {};
  for (const [k, v] of Object.entries(obj(s.properties))) {
    // The vendor's management file says "this object is schema X" as a property with an empty name.
    if (k === "") Object.assign(out, propertiesOf(doc, deref(doc, v)));
    else out[k] = deref(doc, v);
  }
  for (const part of [
    ...(Array.isArray(s.allOf) ? s.allOf : []),
    ...(Array.isArray(s.anyOf) ? s.anyOf : []),
    ...(Array.isArray(s.oneOf) ? s.oneOf : []),
  ])
    for (const [k, v] of Object.entries(propertiesOf(doc, deref(doc, part)))) out[k] ??= v;
  return out;
}

export function requiredOf(doc: Json, s: Json): Set<string> {
  const out = new Set<string>(Array.isArray(s.required) ? s.required.map(String) : []);
  for (const part of Array.isArray(s.allOf) ? s.allOf : [])
    for (const r of requiredOf(doc, deref(doc, part))) out.add(r);
  return out;
}

export function enumOf(doc: Json, s: Json): unknown[] | undefined {
  if (Array.isArray(s.enum)) return s.enum;
  const alts = [...(Array.isArray(s.anyOf) ? s.anyOf : []), ...(Array.isArray(s.oneOf) ? s.oneOf : [])];
  const parts = alts.map((a) => enumOf(doc, deref(doc, a)));
  return parts.length && parts.every((p) => p) ? parts.flat() : undefined;
}

export function itemsOf(doc: Json, s: Json): Json | undefined {
  if (s.items) return deref(doc, s.items);
  for (const alt of [
    ...(Array.isArray(s.anyOf) ? s.anyOf : []),
    ...(Array.isArray(s.oneOf) ? s.oneOf : []),
  ]) {
    const a = deref(doc, alt);
    if (a.items) return deref(doc, a.items);
  }
  return undefined;
}

/** Compares two schemas at `at`, pushing the differences. A side that says nothing (no type, no properties) is not compared further. */
function compareSchemas(
  out: Difference[],
  operation: string,
  at: string,
  ours: { doc: Json; s: Json },
  vendor: { doc: Json; s: Json },
  depth = 0,
): void {
  if (depth > 12) return;
  const d = (differs: string, o: unknown, v: unknown) =>
    out.push({ operation, at, differs, ours: o, vendor: v });
  const ot = typesOf(ours.doc, ours.s);
  const vt = typesOf(vendor.doc, vendor.s);
  if (ot.length && vt.length && ot.join("|") !== vt.join("|")) d("type", ot.join("|"), vt.join("|"));
  const oe = enumOf(ours.doc, ours.s);
  const ve = enumOf(vendor.doc, vendor.s);
  if (oe || ve) {
    const os = new Set((oe ?? []).map(String));
    const vs = new Set((ve ?? []).map(String));
    const onlyOurs = [...os].filter((x) => !vs.has(x));
    const onlyVendor = [...vs].filter((x) => !os.has(x));
    if (!oe || !ve || onlyOurs.length || onlyVendor.length)
      d("enum", oe ? onlyOurs : "none", ve ? onlyVendor : "none");
  }
  for (const k of LIMITS) {
    const o = ours.s[k];
    const v = vendor.s[k];
    if (o !== undefined || v !== undefined) if (String(o) !== String(v)) d(k, o ?? "none", v ?? "none");
  }
  const op = propertiesOf(ours.doc, ours.s);
  const vp = propertiesOf(vendor.doc, vendor.s);
  if (Object.keys(vp).length && Object.keys(op).length) {
    const oreq = requiredOf(ours.doc, ours.s);
    const vreq = requiredOf(vendor.doc, vendor.s);
    for (const name of new Set([...Object.keys(op), ...Object.keys(vp)])) {
      const here = at ? `${at}.${name}` : name;
      const o = op[name];
      const v = vp[name];
      if (!o || !v) {
        out.push({
          operation,
          at: here,
          differs: "field",
          ours: o ? "present" : "absent",
          vendor: v ? "present" : "absent",
        });
        continue;
      }
      if (oreq.has(name) !== vreq.has(name))
        out.push({ operation, at: here, differs: "required", ours: oreq.has(name), vendor: vreq.has(name) });
      compareSchemas(out, operation, here, { doc: ours.doc, s: o }, { doc: vendor.doc, s: v }, depth + 1);
    }
  }
  const oi = itemsOf(ours.doc, ours.s);
  const vi = itemsOf(vendor.doc, vendor.s);
  if (oi && vi)
    compareSchemas(
      out,
      operation,
      `${at}[]`,
      { doc: ours.doc, s: oi },
      { doc: vendor.doc, s: vi },
      depth + 1,
    );
}

function queryParams(o: Operation): Map<string, Json> {
  const out = new Map<string, Json>();
  for (const p of Array.isArray(o.op.parameters) ? o.op.parameters : []) {
    const param = deref(o.spec.doc, p);
    if (param.in === "query") out.set(String(param.name), param);
  }
  return out;
}

const bodyOf = (o: Operation) => {
  const content = obj(deref(o.spec.doc, o.op.requestBody).content);
  const type = Object.keys(content)[0];
  return type ? { type, schema: deref(o.spec.doc, obj(content[type]).schema) } : undefined;
};

const answerOf = (o: Operation) => {
  const responses = obj(o.op.responses);
  const ok = Object.keys(responses).find((code) => /^2\d\d$/.test(code));
  const content = obj(deref(o.spec.doc, ok ? responses[ok] : undefined).content);
  const json = content["application/json"];
  return json ? deref(o.spec.doc, obj(json).schema) : undefined;
};

function compareOperation(out: Difference[], ours: Operation, vendor: Operation): void {
  const id = ours.id;
  const oq = queryParams(ours);
  const vq = queryParams(vendor);
  for (const name of new Set([...oq.keys(), ...vq.keys()])) {
    const o = oq.get(name);
    const v = vq.get(name);
    if (!o || !v) {
      out.push({
        operation: id,
        at: `query.${name}`,
        differs: "field",
        ours: o ? "present" : "absent",
        vendor: v ? "present" : "absent",
      });
      continue;
    }
    if (Boolean(o.required) !== Boolean(v.required))
      out.push({
        operation: id,
        at: `query.${name}`,
        differs: "required",
        ours: Boolean(o.required),
        vendor: Boolean(v.required),
      });
    compareSchemas(
      out,
      id,
      `query.${name}`,
      { doc: ours.spec.doc, s: deref(ours.spec.doc, o.schema) },
      { doc: vendor.spec.doc, s: deref(vendor.spec.doc, v.schema) },
    );
  }
  const ob = bodyOf(ours);
  const vb = bodyOf(vendor);
  if (!ob || !vb) {
    if (ob || vb)
      out.push({
        operation: id,
        at: "body",
        differs: "field",
        ours: ob ? "present" : "absent",
        vendor: vb ? "present" : "absent",
      });
  } else {
    if (ob.type !== vb.type)
      out.push({ operation: id, at: "body", differs: "content", ours: ob.type, vendor: vb.type });
    compareSchemas(
      out,
      id,
      "body",
      { doc: ours.spec.doc, s: ob.schema },
      { doc: vendor.spec.doc, s: vb.schema },
    );
  }
  const oa = answerOf(ours);
  const va = answerOf(vendor);
  if (oa && va)
    compareSchemas(out, id, "response", { doc: ours.spec.doc, s: oa }, { doc: vendor.spec.doc, s: va });
}

/** Every difference between our document and the vendor's files (each file one API, told by its server). */
export function compare(ours: Json, vendorDocs: readonly Json[]): Difference[] {
  const out: Difference[] = [];
  const mine = operationsOf({ api: "chat", doc: ours }, true);
  const theirs = vendorDocs.flatMap((doc) => operationsOf({ api: apiOf(doc), doc }, false));
  const key = (o: Operation) => `${o.api} ${o.method} ${shape(o.path)}`;
  const byKey = new Map(theirs.map((o) => [key(o), o]));
  const compared = new Set(vendorDocs.map(apiOf));
  const matched = new Set<string>();
  for (const o of mine) {
    // An API none of the given files describes is not compared.
    if (!compared.has(o.api)) continue;
    const v = byKey.get(key(o));
    if (!v) {
      out.push({
        operation: o.id,
        at: "",
        differs: "operation",
        ours: `${o.method.toUpperCase()} ${o.path}`,
        vendor: "absent",
      });
      continue;
    }
    matched.add(key(v));
    compareOperation(out, o, v);
  }
  for (const v of theirs)
    if (!matched.has(key(v)))
      out.push({
        operation: v.id,
        at: "",
        differs: "unused",
        ours: "absent",
        vendor: `${v.method.toUpperCase()} ${v.path}`,
      });
  return out;
}

const show = (v: unknown) => (typeof v === "string" ? v : JSON.stringify(v));

const matches = (pattern: string, value: string) =>
  pattern === "*" || pattern === value || (pattern.endsWith("*") && value.startsWith(pattern.slice(0, -1)));

const operations = (k: Divergence): readonly string[] =>
  typeof k.operation === "string" ? [k.operation] : k.operation;

/** The divergence that explains a difference, if one is recorded. */
export const knownAs = (d: Difference, known: readonly Divergence[]): Divergence | undefined =>
  known.find(
    (k) =>
      operations(k).some((o) => matches(o, d.operation)) &&
      matches(k.at, d.at) &&
      k.differs === d.differs &&
      (k.ours === undefined || k.ours === show(d.ours)) &&
      (k.vendor === undefined || k.vendor === show(d.vendor)),
  );

/** Reads provider/contract/divergences.yaml: a list of entries with every field given. */
export function readDivergences(text: string): Divergence[] {
  const list: unknown = parse(text) ?? [];
  if (!Array.isArray(list)) throw new Error(`${DIVERGENCES} must be a list`);
  return list.map((entry, i) => {
    const e = obj(entry);
    const named = Array.isArray(e.operation) ? e.operation : [e.operation];
    if (named.length === 0 || named.some((o) => typeof o !== "string" || o === ""))
      throw new Error(
        `${DIVERGENCES} entry ${i + 1}: "operation" must be a non-empty text or a list of them`,
      );
    for (const field of ["at", "differs", "why", "evidence"] as const)
      if (typeof e[field] !== "string" || e[field] === "")
        throw new Error(`${DIVERGENCES} entry ${i + 1}: "${field}" must be a non-empty text`);
    for (const side of ["ours", "vendor"] as const)
      if (e[side] !== undefined && typeof e[side] !== "string")
        throw new Error(`${DIVERGENCES} entry ${i + 1}: "${side}" must be a text as the report shows it`);
    return e as unknown as Divergence;
  });
}

const line = (d: Difference) =>
  `${d.operation}${d.at ? ` ${d.at}` : ""}: ${d.differs} differs (ours ${show(d.ours)}, vendor ${show(d.vendor)})`;

/**
 * The report: new differences first, then the vendor's operations the project does not use (listed, not
 * counted: using one is a choice, not an error), the known ones with their reason, and the recorded ones no
 * longer seen. `fresh` counts the new differences.
 */
export function report(
  differences: readonly Difference[],
  known: readonly Divergence[],
): { text: string; fresh: number } {
  const unknown = differences.filter((d) => !knownAs(d, known));
  const fresh = unknown.filter((d) => d.differs !== "unused");
  const notUsed = unknown.filter((d) => d.differs === "unused");
  const old = differences.filter((d) => knownAs(d, known));
  const unused = known.filter((k) => !differences.some((d) => knownAs(d, [k])));
  const lines = [
    `${fresh.length} difference(s) not recorded in ${DIVERGENCES}:`,
    ...fresh.map((d) => `  ${line(d)}`),
    `${notUsed.length} operation(s) of the vendor's files not in the document:`,
    ...notUsed.map((d) => `  ${d.operation}: ${show(d.vendor)}`),
    `${old.length} known difference(s):`,
    ...old.map((d) => `  ${line(d)} — known: ${knownAs(d, known)?.why}`),
  ];
  if (unused.length)
    lines.push(
      `${unused.length} recorded divergence(s) not seen in the files given:`,
      ...unused.map((k) => `  ${operations(k).join(", ")} ${k.at}: ${k.differs}`),
    );
  return { text: lines.join("\n"), fresh: fresh.length };
}

if (require.main === module) {
  const files = process.argv.slice(2);
  if (files.length === 0) {
    process.stderr.write("usage: npm run contract:compare -- <vendor OpenAPI file (JSON or YAML)>...\n");
    process.exit(2);
  }
  const ours = parse(readFileSync(DOCUMENT, "utf8")) as Json;
  const vendor = files.map((f) => parse(readFileSync(f, "utf8")) as Json);
  const { text, fresh } = report(compare(ours, vendor), readDivergences(readFileSync(DIVERGENCES, "utf8")));
  process.stdout.write(`${text}\n`);
  process.exit(fresh > 0 ? 1 : 0);
}

import { argDocs } from "../engine/arg-docs";
import { type Json, jsonOf } from "../engine/json-schema";
import type { Args, Kind } from "../engine/kind";
import { type KindName, kinds } from "./index";

/** One argument of a function: its JSON Schema (as it takes values), its doc, whether it may be left out. */
export interface FunctionArg {
  readonly name: string;
  readonly schema: Json;
  readonly doc: string;
  readonly optional: boolean;
}

/** One field of what a function returns of an object. */
export interface ResultField {
  readonly name: string;
  readonly schema: Json;
  readonly doc: string;
  readonly optional: boolean;
  /** A secret of the kind (its `secrets`): a result holding it is secret as a whole. */
  readonly secret: boolean;
}

export interface KindFunction {
  /** `get<Kind>` or `list<Kind>`; the plugin's token is `chat:index:<name>`. */
  readonly name: string;
  readonly verb: "get" | "list";
  readonly kind: KindName;
  readonly doc: string;
  /** Beside the connection (`connection`, or `managementConnection` for the management API's kinds). */
  readonly args: readonly FunctionArg[];
  /** Fields of one object: the kind's arguments (not the local ones), its outputs, and `id`. */
  readonly result: readonly ResultField[];
  /** `list`: an array of such objects. */
  readonly many: boolean;
}

/** The key of `appId`, ambient in the management kinds of one app: left out, the configured app's. */
const AMBIENT_DOC = "default: the configured app (chat:appId or CHAT_APP_ID)";

/** Each argument's doc as the SDKs show it (engine/arg-docs.ts). */
const docsOf = (kind: Kind): Readonly<Record<string, string>> => argDocs(kind);
const argSchema = (kind: Kind, name: string): Json =>
  jsonOf(kind.args, "input", true).properties?.[name] ?? { type: "string" };

/**
 * What names one object: the parts of its id (`idParts`), else its one caller-chosen identity argument, else
 * the resource id itself. An ambient `appId` may be left out.
 */
export function keyArgs(kind: Kind): FunctionArg[] {
  const names = kind.idParts ?? (kind.identity?.length === 1 ? kind.identity : undefined);
  if (!names)
    return [
      { name: "id", schema: { type: "string" }, doc: "The resource id of the object.", optional: false },
    ];
  const ambient: readonly string[] = kind.ambient ?? [];
  return names.map((n) => {
    const declared = n in kind.args.shape;
    const doc = declared ? (docsOf(kind)[n] ?? n) : `The ${n} part of the id.`;
    return {
      name: n,
      schema: declared ? stripDoc(argSchema(kind, n)) : { type: "string" },
      doc: ambient.includes(n) ? `${doc.replace(/\.$/, "")}; ${AMBIENT_DOC}.` : doc,
      optional: ambient.includes(n),
    };
  });
}

/** What `list<Kind>` narrows by: an ambient `appId`, and the filters the kind's list declares (`listScope`). */
export function scopeArgs(name: KindName): FunctionArg[] {
  const kind = kinds[name] as unknown as Kind;
  const out: FunctionArg[] = [];
  if (kind.ambient?.includes("appId"))
    out.push({
      name: "appId",
      schema: stripDoc(argSchema(kind, "appId")),
      doc: `The app whose ${name} objects to list; ${AMBIENT_DOC}.`,
      optional: true,
    });
  if (kind.listScope) {
    const json = jsonOf(kind.listScope, "input", true);
    for (const [k, v] of Object.entries(json.properties ?? {}))
      out.push({ name: k, schema: stripDoc(v), doc: v.description ?? k, optional: true });
  }
  return out;
}

const stripDoc = (s: Json): Json => {
  const { description: _, ...rest } = s;
  return rest;
};

/** The fields of one object as a lookup returns it: arguments (not local ones), outputs, and `id`. */
export function resultFields(kind: Kind): ResultField[] {
  const input = jsonOf(kind.args, "input", true);
  const output = jsonOf(kind.args, "output");
  const computed = jsonOf(kind.outputs, "output", true);
  const local: readonly string[] = kind.local ?? [];
  const secrets: readonly string[] = kind.secrets ?? [];
  const always = new Set([...(input.required ?? []), ...(output.required ?? [])]);
  const fields: ResultField[] = [
    {
      name: "id",
      schema: { type: "string" },
      doc: "The resource id of the object.",
      optional: false,
      secret: false,
    },
  ];
  for (const [k, v] of Object.entries(input.properties ?? {}))
    if (!local.includes(k))
      fields.push({
        name: k,
        schema: stripDoc(v),
        doc: docsOf(kind)[k] ?? "",
        // What the service may not return (a password it keeps to itself) may be absent.
        optional: !always.has(k) || secrets.includes(k),
        secret: secrets.includes(k),
      });
  for (const [k, v] of Object.entries(computed.properties ?? {}))
    fields.push({
      name: k,
      schema: stripDoc(v),
      doc: v.description ?? "",
      optional: !(computed.required ?? []).includes(k) || secrets.includes(k),
      secret: secrets.includes(k),
    });
  return fields;
}

/** Every function, in the registry's order: `get<Kind>`, then `list<Kind>` when the kind can be listed. */
export function kindFunctions(): KindFunction[] {
  return (Object.keys(kinds) as KindName[]).flatMap((name): KindFunction[] => {
    const kind = kinds[name] as unknown as Kind;
    const result = resultFields(kind);
    const secret = result.some((f) => f.secret) ? " A result holding a secret is a secret." : "";
    const get: KindFunction = {
      name: `get${name}`,
      verb: "get",
      kind: name,
      doc: `Reads one ${name} as a whole read sees it; an error when it does not exist.${secret}`,
      args: keyArgs(kind),
      result,
      many: false,
    };
    if (!kind.list) return [get];
    const list: KindFunction = {
      name: `list${name}`,
      verb: "list",
      kind: name,
      doc: `Every ${name} the credentials reach (narrowed by the filters given), sorted by id.${secret}`,
      args: scopeArgs(name),
      result,
      many: true,
    };
    return [get, list];
  });
}

/** The resource id the key arguments of `get<Kind>` name (the ambient `appId` given by `appId`). */
export function idOfKey(kind: Kind, args: Args, appId: () => string): string {
  const key = keyArgs(kind);
  return key
    .map((a) => {
      const v = args[a.name] ?? (a.optional ? appId() : undefined);
      if (typeof v !== "string" || v === "") throw new Error(`${a.name} must be a non-empty string`);
      return v;
    })
    .join("/");
}

/** The scope `list<Kind>` hands the kind's list: the given scope arguments, nothing else. */
export function scopeOf(name: KindName, args: Args): Args {
  return Object.fromEntries(
    scopeArgs(name).flatMap((a) => (args[a.name] === undefined ? [] : [[a.name, args[a.name]]])),
  );
}

/**
 * An object as both surfaces return it: its whole read's arguments (sets sorted, local ones left out), its
 * outputs, and its id.
 */
export function resultOf(kind: Kind, id: string, read: { args: Args; state: Args }): Args {
  const out: Args = { ...read.args, ...read.state, id };
  for (const k of kind.sets ?? []) if (Array.isArray(out[k])) out[k] = [...(out[k] as string[])].sort();
  for (const k of kind.local ?? []) delete out[k];
  return out;
}

// The `chat` resource plugin's provider: every kind of the registry, served through the same generic provider
// the dynamic resources use (provider/engine/generic.ts), so no kind is written twice. What this adds is
// the plugin protocol's side: kinds named by type token (`chat:index:User`), values as the engine sends them
// to a provider that accepts secrets (secrets wrapped, unknowns as a sentinel), the schema, and the
// `get<Kind>` / `list<Kind>` functions.

import { isNotFound } from "../../client";
import { SECRET_CREDENTIALS } from "../../client/config";
import { contextFor } from "../../engine/generic";
import { type Args, type Kind, priorOfId } from "../../engine/kind";
import { kinds } from "../../kinds";
import {
  apiOfDataLookup,
  DataLookupArgsError,
  type DataLookupName,
  isDataLookup,
  readData,
} from "../../kinds/data-lookups";
import { resultOf, scopeOf } from "../../kinds/functions";
import { type KindName, providerFor } from "../dynamic";
import { PLUGIN_TYPE_PREFIX } from "../tokens";
import { CREDENTIALS, kindOfToken, packageSchema } from "./schema";
import { pluginVersion } from "./version";
import {
  containsSecret,
  isObject,
  type Props,
  reveal,
  revealProps,
  toWire,
  typeOfUrn,
  type Value,
} from "./wire";

function kindOf(urn: string): KindName {
  const name = kindOfToken(typeOfUrn(urn));
  if (!name) throw new Error(`unknown resource type ${typeOfUrn(urn)}`);
  return name;
}

/** Always secret, whatever the program marked: the kind's secrets and every connection (they hold keys). */
function secretNames(name: KindName): Set<string> {
  const kind = kinds[name] as unknown as Kind;
  return new Set([...(kind.secrets ?? []), ...SECRET_CREDENTIALS]);
}

/**
 * Plain values for the generic provider, and the top-level names to hand back as secrets: the kind's own,
 * and any the program made secret (a secret anywhere in a value makes the whole value secret).
 */
function fromWire(name: KindName, ...bags: Props[]): { plain: Props[]; secrets: Set<string> } {
  const secrets = secretNames(name);
  for (const bag of bags) for (const [k, v] of Object.entries(bag)) if (containsSecret(v)) secrets.add(k);
  return { plain: bags.map(revealProps), secrets };
}

/** The text inside the values the program marked secret: kept out of check failures. */
function secretTexts(bag: Props): string[] {
  const texts = (v: Value): string[] =>
    typeof v === "string" ? [v] : typeof v === "object" && v !== null ? Object.values(v).flatMap(texts) : [];
  return Object.values(bag)
    .filter((v) => containsSecret(v))
    .flatMap((v) => texts(reveal(v)));
}

export const chatPlugin = {
  version: pluginVersion(),

  async getSchema(): Promise<string> {
    return JSON.stringify(packageSchema());
  },

  async check(urn: string, olds: Props, news: Props) {
    const name = kindOf(urn);
    const { plain, secrets } = fromWire(name, news);
    const [plainOlds] = fromWire(name, olds).plain;
    const result = await providerFor(name).check(plainOlds ?? {}, plain[0] ?? {}, secretTexts(news));
    return { inputs: toWire(result.inputs, secrets), failures: result.failures };
  },

  async diff(id: string, urn: string, olds: Props, news: Props) {
    const name = kindOf(urn);
    const { plain } = fromWire(name, olds, news);
    return providerFor(name).diff(id, plain[0] ?? {}, plain[1] ?? {});
  },

  async create(urn: string, inputs: Props) {
    const name = kindOf(urn);
    const { plain, secrets } = fromWire(name, inputs);
    try {
      const made = await providerFor(name).create(plain[0] ?? {});
      return { id: made.id, outs: toWire(made.outs, secrets) };
    } catch (e) {
      throw recordable(e, secrets);
    }
  },

  /**
   * Refresh, and `pulumi import` (no properties: the whole object is read, and its arguments become the
   * inputs the engine writes the program's code from).
   */
  async read(id: string, urn: string, props: Props): Promise<{ id: string; props: Props; inputs?: Props }> {
    const name = kindOf(urn);
    const { plain, secrets } = fromWire(name, props);
    // No properties: `pulumi import` (a refresh always has some).
    const imported = Object.keys(props).length === 0;
    const now = await providerFor(name).read(id, plain[0] ?? {}, imported);
    // Gone at a refresh: the engine drops it. Missing at an import: said as such (an empty answer would
    // make the engine blame the plugin for not supporting import).
    if (!now.props && imported) throw new Error(`${name} "${id}" was not found: nothing to import`);
    if (!now.props) return { id: "", props: {} };
    return { id: now.id, props: toWire(now.props, secrets), inputs: toWire(now.inputs, secrets) };
  },

  async update(id: string, urn: string, olds: Props, news: Props) {
    const name = kindOf(urn);
    const { plain, secrets } = fromWire(name, olds, news);
    const result = await providerFor(name).update(id, plain[0] ?? {}, plain[1] ?? {});
    return { outs: toWire(result.outs, secrets) };
  },

  async delete(id: string, urn: string, props: Props) {
    const name = kindOf(urn);
    await providerFor(name).delete(id, fromWire(name, props).plain[0] ?? {});
  },

  /** `chat:index:get<Kind>` (one object by its resource id) and `chat:index:list<Kind>` (every object). */
  async invoke(
    tok: string,
    inputs: Props,
  ): Promise<{ outputs: Props; failures?: { property: string; reason: string }[] }> {
    const data = tok.startsWith(PLUGIN_TYPE_PREFIX) ? tok.slice(PLUGIN_TYPE_PREFIX.length) : "";
    if (isDataLookup(data)) return invokeData(data, inputs);
    const [, verb, kindName] = /^(get|list)(\w+)$/.exec(data) ?? [];
    const name = kindOfToken(`${PLUGIN_TYPE_PREFIX}${kindName ?? ""}`);
    if (!name || !verb) throw new Error(`unknown function ${tok}`);
    const kind = kinds[name] as unknown as Kind;
    const args = revealProps(inputs);
    const credentials = args[CREDENTIALS[kind.api]];
    if (isObject(credentials)) args[CREDENTIALS[kind.api]] = schemaNames(credentials);
    const ctx = contextFor(args);
    const secrets = secretNames(name);
    const info = (id: string, read: { args: Args; state: Args }) => {
      const out = resultOf(kind, id, read);
      delete out[CREDENTIALS[kind.api]];
      return toWire(out, secrets);
    };
    if (verb === "get") {
      const id = args.id;
      if (typeof id !== "string" || id === "")
        return { outputs: {}, failures: [{ property: "id", reason: "id must be a non-empty string" }] };
      const read = await kind.read(ctx, id, priorOfId(kind, id), { whole: true }).catch((e: unknown) => {
        if (isNotFound(e)) return undefined;
        throw e;
      });
      if (!read) throw new Error(`${tok}: ${name} "${id}" not found`);
      return { outputs: info(id, read) };
    }
    if (!kind.list) throw new Error(`${tok}: ${name} cannot be listed`);
    // The model's typed filters; the untyped `scope` map programs passed before them still works.
    // (ApiKey's own `scope` filter is a string: a map there is the old form.)
    const old = isObject(args.scope ?? null) ? (args.scope as Args) : undefined;
    const scope = old ? { ...old, ...scopeOf(name, { ...args, scope: undefined }) } : scopeOf(name, args);
    const items = await kind.list(ctx, scope);
    return { outputs: { items: items.map((l) => info(l.id, l)) } };
  },
};

/** A data lookup (provider/kinds/data-lookups.ts): bad arguments come back as failures naming each. */
async function invokeData(
  name: DataLookupName,
  inputs: Props,
): Promise<{ outputs: Props; failures?: { property: string; reason: string }[] }> {
  const args = revealProps(inputs);
  const cred = CREDENTIALS[apiOfDataLookup(name)];
  const credentials = args[cred];
  if (isObject(credentials)) args[cred] = schemaNames(credentials);
  const ctx = contextFor(args);
  const { [cred]: _, ...given } = args;
  try {
    return { outputs: toWire(await readData(ctx, name, given), new Set()) };
  } catch (e) {
    if (e instanceof DataLookupArgsError) return { outputs: {}, failures: e.failures };
    throw e;
  }
}

/**
 * A create that made the object but could not finish (kind.ts `partialCreate`) is recorded by the engine with
 * the properties the error carries: those must be wrapped like any other outputs.
 */
function recordable(e: unknown, secrets: Set<string>): unknown {
  const partial = e as { properties?: Record<string, unknown> };
  if (e instanceof Error && typeof partial.properties === "object" && partial.properties !== null)
    partial.properties = toWire(partial.properties, secrets);
  return e;
}

/**
 * A credentials object under the schema's names. Python's SDK hands an invoke an output object (an App's
 * `connection`) under its own snake_case names (`app_id`); resources get them translated, invokes do not.
 */
function schemaNames(v: { [key: string]: Value }): { [key: string]: Value } {
  return Object.fromEntries(
    Object.entries(v).map(([k, x]) => [k.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase()), x]),
  );
}

// How the SDK's lookups read (sdk/nodejs/functions.ts, generated, and the friendlier names of sdk/nodejs/lookups.ts): in the
// program process, through the same client, request budget and configuration as the resources: an explicit
// `connection`, else stack config `chat:*`, else `CHAT_*` variables (provider/client/config.ts). A result holding a
// secret of its kind (provider/kinds/functions.ts) is a secret; a secret connection does not make one (it
// is read with, not returned).
import * as pulumi from "@pulumi/pulumi";
import { isNotFound } from "../../provider/client";
import { chatClientFor, managementClientFor } from "../../provider/client/clients";
import {
  type ChatConnectionInput,
  clientOptions,
  configuredAppId,
  type Lookup,
  type ManagementConnectionInput,
  resolveChatConnection,
  resolveManagementConnection,
} from "../../provider/client/config";
import { connectionNaming, credentialProblem } from "../../provider/client/credentials";
import { type Args, type Ctx, type Kind, priorOfId } from "../../provider/engine/kind";
import type { ChatConnectionArgs, ManagementConnectionArgs } from "../../provider/hosts/dynamic/resource";
import { clientContext, type KindName, kinds } from "../../provider/kinds";
import {
  apiOfDataLookup,
  DataLookupArgsError,
  type DataLookupName,
  readData,
} from "../../provider/kinds/data-lookups";
import { idOfKey, resultOf, scopeOf } from "../../provider/kinds/functions";

/** Where a chat lookup reads from. */
export interface ChatLookupArgs {
  /** Credentials of the app (e.g. an App's `connection`); default: stack config chat:* or CHAT_* variables. */
  connection?: pulumi.Input<ChatConnectionArgs>;
}

/** Where a management lookup reads from. */
export interface ManagementLookupArgs {
  /** Management credentials; default: stack config chat:managementKey/chat:managementSecret or CHAT_* variables. */
  managementConnection?: pulumi.Input<ManagementConnectionArgs>;
}

/** Stack config of the running program, by full key (`chat:appId`). */
export const stackConfig: Lookup = (key) => {
  const i = key.indexOf(":");
  return new pulumi.Config(key.slice(0, i)).get(key.slice(i + 1));
};

type Unwrapped = Args & { connection?: unknown; managementConnection?: unknown };

/**
 * Runs `use` with a context on the kind's API; a refused connection is one line naming the setting to fix (the
 * Environment component reads with it too: provider/environment/elsewhere.ts).
 */
export async function withApi<T>(
  what: string,
  kind: { api: Kind["api"] },
  a: Unwrapped,
  use: (ctx: Ctx, where: string) => Promise<T>,
): Promise<T> {
  if (kind.api === "chat") {
    const conn = a.connection as ChatConnectionInput | undefined;
    const c = settle(what, () => resolveChatConnection(conn, stackConfig));
    try {
      const chat = chatClientFor(c, clientOptions(stackConfig));
      return await use(clientContext({ chat: () => chat }), `app ${chat.appId}`);
    } catch (e) {
      const line = credentialProblem(
        e,
        { api: "chat", appId: c.appId, region: c.region },
        connectionNaming("chat", conn === undefined),
      );
      throw line === undefined ? e : new pulumi.RunError(`${what}: ${line}`);
    }
  }
  const conn = a.managementConnection as ManagementConnectionInput | undefined;
  const m = settle(what, () => resolveManagementConnection(conn, stackConfig));
  try {
    const mgmt = managementClientFor(m, clientOptions(stackConfig));
    const ctx = clientContext({ management: () => mgmt, appId: () => appIdOf(what, undefined) });
    return await use(ctx, "the apps of these management credentials");
  } catch (e) {
    const line = credentialProblem(
      e,
      { api: "management" },
      connectionNaming("management", conn === undefined),
    );
    throw line === undefined ? e : new pulumi.RunError(`${what}: ${line}`);
  }
}

/** A configuration problem as a clean program error naming the lookup. */
function settle<T>(what: string, f: () => T): T {
  try {
    return f();
  } catch (e) {
    throw new pulumi.RunError(`${what}: ${e instanceof Error ? e.message : String(e)}`);
  }
}

/** The app a management lookup reads when none is given: chat:appId / CHAT_APP_ID. */
export function appIdOf(what: string, given: string | undefined): string {
  return settle(what, () => given ?? configuredApp());
}

function configuredApp(): string {
  const appId = configuredAppId(stackConfig);
  if (!appId) throw new Error("no appId given, and no chat:appId (or CHAT_APP_ID) is set");
  return appId;
}

/**
 * Runs `read` once every input is known; during a preview with unknown inputs the result is unknown. The
 * connections are secret, but what is read with them is not: they alone lose their secrecy, for the read
 * only, and the other arguments keep theirs (a secret filter makes a secret result).
 */
function lookup<T>(args: ChatLookupArgs & ManagementLookupArgs, read: (a: Unwrapped) => Promise<T>) {
  const { connection, managementConnection, ...rest } = args;
  const credentials = pulumi.unsecret(pulumi.output({ connection, managementConnection }));
  return pulumi
    .all([pulumi.output(rest), credentials])
    .apply(([r, c]) => read({ ...(r as Args), ...c })) as pulumi.Output<T>;
}

/** Whether `x` holds a secret of `kind`: then the whole result is made secret. */
const holdsSecret = (kind: Kind, x: Args) => (kind.secrets ?? []).some((k) => x[k] !== undefined);

/** For the friendlier names (sdk/nodejs/lookups.ts): how they name themselves and a missing object. */
export interface Naming {
  /** `<what>: <noun> "<id>" not found in <where>`. */
  what: string;
  noun: string;
  /**
   * The kind's secrets left out of the result, which then is not secret for them: what the friendlier names
   * never returned (a bot's password, an app's keys).
   */
  withoutSecrets?: true;
}

/** `get<Kind>`: the object its key arguments name (provider/kinds/functions.ts `keyArgs`). */
export function readOne<T>(name: KindName, args: object, naming?: Naming): pulumi.Output<T> {
  const kind = kinds[name] as unknown as Kind;
  const what = naming?.what ?? `get${name}`;
  const result = lookup<Args>(args, async (a) => {
    const id = settle(what, () => idOfKey(kind, a, configuredApp));
    return withApi(what, kind, a, async (ctx, where) => {
      let read: { args: Args; state: Args } | undefined;
      try {
        read = await kind.read(ctx, id, priorOfId(kind, id), { whole: true });
      } catch (e) {
        if (!isNotFound(e)) throw e;
      }
      if (!read) throw new pulumi.RunError(`${what}: ${naming?.noun ?? name} "${id}" not found in ${where}`);
      const out = resultOf(kind, id, read);
      if (naming?.withoutSecrets) for (const k of kind.secrets ?? []) delete out[k];
      return out;
    });
  });
  return (naming?.withoutSecrets ? result : secretWhenHeld(kind, result)) as pulumi.Output<T>;
}

/** `list<Kind>`: every object its scope arguments narrow to (provider/kinds/functions.ts `scopeArgs`). */
export function readAll<T>(name: KindName, args: object, what = `list${name}`): pulumi.Output<T[]> {
  const kind = kinds[name] as unknown as Kind;
  const result = lookup<Args[]>(args, (a) =>
    withApi(what, kind, a, async (ctx) => {
      if (!kind.list) throw new Error(`${name} cannot be listed`);
      return (await kind.list(ctx, scopeOf(name, a))).map((l) => resultOf(kind, l.id, l));
    }),
  );
  return secretWhenHeld(kind, result) as pulumi.Output<T[]>;
}

/** A data lookup (provider/kinds/data-lookups.ts): its arguments checked, then read; bad ones fail the program. */
export function readDataLookup<T>(name: DataLookupName, args: object): pulumi.Output<T> {
  return lookup<T>(args, (a) => {
    const { connection: _c, managementConnection: _m, ...given } = a;
    return withApi(name, { api: apiOfDataLookup(name) }, a, async (ctx) => {
      try {
        return (await readData(ctx, name, given)) as T;
      } catch (e) {
        if (e instanceof DataLookupArgsError) throw new pulumi.RunError(e.message);
        throw e;
      }
    });
  });
}

/** The result made secret when it holds one of the kind's secrets (never a secret in plain text). */
function secretWhenHeld<T extends Args | Args[]>(kind: Kind, o: pulumi.Output<T>): pulumi.Output<unknown> {
  if ((kind.secrets ?? []).length === 0) return o;
  return o.apply((x: T) => {
    const held = Array.isArray(x) ? x.some((i) => holdsSecret(kind, i)) : holdsSecret(kind, x as Args);
    return held ? pulumi.secret(x) : pulumi.output(x);
  });
}

// Credentials are checked before anything is recorded with them (docs/decisions/0075-credentials-checked.md):
// one cheap read per distinct connection and process, and an authentication or app-id failure told as one
// line that names the setting to fix. The same wording serves the provider, the lookups and chat-export.
import { createHash } from "node:crypto";
import { AuthenticationError, ChatApiError, PermissionError } from ".";
import { chatClientFor, managementClientFor } from "./clients";
import {
  type ChatConnection,
  clientOptions,
  configNaming,
  type FieldNaming,
  type ManagementConnection,
} from "./config";

// A Symbol.for brand, as the client's errors have: the provider process may load the package twice.
const BRAND = Symbol.for("pulumi-chat.CredentialError");

/** A connection the service refused: the message is the whole story, one line, no stack worth showing. */
export class CredentialError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "CredentialError";
    Object.defineProperty(this, BRAND, { value: true, enumerable: false });
  }

  static isInstance(e: unknown): e is CredentialError {
    return typeof e === "object" && e !== null && (e as { [BRAND]?: unknown })[BRAND] === true;
  }
}

/** How a line names a connection's fields: by config key and variable, or as the explicit input. */
export function connectionNaming(api: "chat" | "management", fromConfig: boolean): FieldNaming {
  const input = api === "chat" ? "connection" : "managementConnection";
  return fromConfig ? configNaming(api) : (field) => `${input}.${field}`;
}

/** The fields of a connection that a problem line needs (never a secret: the key is named, not quoted). */
type Described = { api: "chat"; appId: string; region?: string | undefined } | { api: "management" };

/**
 * The one line for an error that says the connection itself is wrong (unknown key, key without full access,
 * unknown app id, wrong management pair); undefined for any other error. `name` names each field.
 */
export function credentialProblem(e: unknown, conn: Described, name: FieldNaming): string | undefined {
  if (!ChatApiError.isInstance(e)) return undefined;
  // Tested on the unnarrowed value: the classes share a shape, and narrowing by one would exclude the other.
  const raw: unknown = e;
  const auth = AuthenticationError.isInstance(raw);
  if (conn.api === "management") {
    return auth
      ? `${name("key")} and ${name("secret")} are not a valid management key and secret: ${e.message}`
      : undefined;
  }
  if (auth && e.code === "AUTH_ERR_INVALID_APPID")
    return `${name("appId")} is not a valid app id in region ${conn.region ?? "us"} (${name("region")}): ${e.message}`;
  if (auth) return `${name("apiKey")} is not a valid REST API key of app ${conn.appId}: ${e.message}`;
  if (PermissionError.isInstance(raw) && e.code === "AUTH_ERR_NO_ACCESS")
    return `${name("apiKey")} is not a fullAccess (REST API) key of app ${conn.appId}: ${e.message}`;
  return undefined;
}

/** `e` as a CredentialError when it is about the connection, else `e` unchanged. */
export function asCredentialError(e: unknown, conn: Described, name: FieldNaming): unknown {
  const line = credentialProblem(e, conn, name);
  return line === undefined ? e : new CredentialError(line);
}

// Per process, keyed by a hash of the connection (never the secret itself): what the read failed with, if it
// did. The line is worded per caller: one connection may come from config for one resource and be explicit
// for another.
const verified = new Map<string, Promise<unknown>>();

function memoKey(api: string, conn: object): string {
  const sorted = Object.fromEntries(Object.entries(conn).sort(([a], [b]) => a.localeCompare(b)));
  return createHash("sha256")
    .update(`${api} ${JSON.stringify(sorted)}`)
    .digest("hex");
}

async function once(
  conn: object,
  read: () => Promise<unknown>,
  describe: Described,
  name: FieldNaming,
): Promise<string | undefined> {
  const key = memoKey(describe.api, conn);
  let p = verified.get(key);
  if (!p) {
    p = read().then(
      () => undefined,
      (e: unknown) => e,
    );
    verified.set(key, p);
  }
  // Only a refusal of the credentials is a problem: an outage or a network error is left to the call that
  // follows, which retries it and says what to do.
  return credentialProblem(await p, describe, name);
}

/** The problem line of a chat connection (one `listRoles` of one role, memoised), or undefined when valid. */
export function verifyChat(conn: ChatConnection, name: FieldNaming): Promise<string | undefined> {
  const client = () => chatClientFor(conn, clientOptions());
  return once(
    conn,
    () => client().call("listRoles", { query: { perPage: 1 } }),
    { api: "chat", appId: conn.appId, region: conn.region },
    name,
  );
}

/** The problem line of a management connection (one `listApps` of one app, memoised), or undefined. */
export function verifyManagement(conn: ManagementConnection, name: FieldNaming): Promise<string | undefined> {
  const client = () => managementClientFor(conn, clientOptions());
  return once(conn, () => client().call("listApps", { query: { perPage: 1 } }), { api: "management" }, name);
}

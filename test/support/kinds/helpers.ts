// What a kind's fixture module (test/support/kinds/<kind>.ts) declares, and the small builders several share.
import type { KindName } from "../../../provider/kinds";

export type { KindName };
export type Args = Record<string, unknown>;
export type Step = "set" | "change" | "remove" | "replace";

/** One declared resource through the steps; `replace` is merged onto `remove` (preview only). */
export interface Case {
  kind: KindName;
  name: string;
  set: Args;
  change: Args;
  remove: Args;
  replace?: Args;
  /** Names of cases (of this kind or others) that must exist first. */
  dependsOn?: string[];
}

/** A valid object with its secrets, and invalid variants: test/e2e/secrets.test.ts's probe of the output. */
export interface Sample {
  /** Valid arguments, secrets included. */
  valid(): Args;
  /** One non-secret field made invalid, and the rule its failure must name. */
  sibling: [field: string, value: unknown, rule: RegExp];
  /** The secret argument made invalid, and the rule (default: a string too long, an unknown key in an object). */
  badSecret?: () => [Args, RegExp];
}
/** Draws a fresh secret (remembered by the caller, to search the output for it). */
export type Draw = (what: string, length?: number) => string;

export interface Fixture {
  /**
   * The kind's objects through set, change, remove and replace, every argument covered (the README table's
   * test on the engine, the plugin's import test); `appId` is the app the stack's config names.
   */
  cases(env: { appId: string }): Case[];
  /** Objects made before listing (listable kinds): at least two, one with every optional part. */
  seeds?: Args[];
  /** A valid object and its invalid variants (kinds with a secret argument). */
  secret?(secret: Draw): Sample;
  /** What `get<Kind>` and `list<Kind>` return of one object (test/integration/functions.test.ts). */
  lookup: LookupCase;
}

/**
 * One object the lookups read, after the listing seeds are made: the first seed, else `seed` (made for the
 * lookup), else the existing object `key` names (`get<Kind>`'s key arguments, appId defaulting to the app's).
 */
export interface LookupCase {
  seed?: Args;
  key?: Args;
  /** Fields the result holds (a partial match: a whole read also holds what the service defaults). */
  holds: Args;
  /** `list<Kind>`'s filters that still list the object (listable kinds; default: none). */
  scope?: Args;
  /** The result holds a secret of the kind, so the lookup's Output is a secret. */
  secret?: true;
}

/** A resource the others need, the same in every step. */
export const steady = (kind: KindName, name: string, args: Args, dependsOn?: string[]): Case => ({
  kind,
  name,
  set: args,
  change: args,
  remove: args,
  ...(dependsOn ? { dependsOn } : {}),
});

/** A webhook URL of the table's objects. */
export const url = (n: number) => `https://hooks.example.com/table/${n}`;
/** A notification provider's webhook URL. */
export const hook = (n: number) => `https://hooks.example.com/notify/${n}`;

/** A custom (webhook) notification provider through the steps, with its one extra switch. */
export const custom = (kind: KindName, name: string, extra: string): Case => ({
  kind,
  name,
  set: {
    isEnabled: false,
    webhookURL: hook(1),
    useBasicAuth: true,
    basicAuthUsername: "user1",
    credentials: { basicAuthPassword: "pass1" },
    [extra]: true,
  },
  change: {
    isEnabled: true,
    webhookURL: hook(2),
    useBasicAuth: false,
    basicAuthUsername: "user2",
    credentials: { basicAuthPassword: "pass2" },
    [extra]: false,
  },
  remove: { webhookURL: hook(2) },
});

/** A Firebase service account's parts as FCM providers take them (the table's). */
export const sa = (n: number) => ({
  project_id: `project-${n}`,
  client_email: `push${n}@project-${n}.iam.gserviceaccount.com`,
  private_key: `private-key-${n}`,
  private_key_id: `private-key-id-${n}`,
});

/** A Firebase service-account file as FCM providers take it (the emulator checks its shape, not its key). */
export const SERVICE_ACCOUNT = {
  type: "service_account",
  project_id: "listed",
  private_key_id: "k1",
  private_key: "-----BEGIN PRIVATE KEY-----\nabc\n-----END PRIVATE KEY-----\n",
  client_email: "sa@listed.iam.gserviceaccount.com",
};

/** A whole service-account file whose keys are fresh secrets. */
export const serviceAccount = (secret: Draw) => ({
  type: "service_account",
  project_id: "chat-demo-4711",
  private_key_id: secret("pkid"),
  private_key: `-----BEGIN PRIVATE KEY-----\n${secret("pk", 64)}\n-----END PRIVATE KEY-----\n`,
  client_email: "firebase-adminsdk@chat-demo-4711.iam.gserviceaccount.com",
  client_id: "104857600000000000001",
  auth_uri: "https://accounts.google.com/o/oauth2/auth",
  token_uri: "https://oauth2.googleapis.com/token",
  auth_provider_x509_cert_url: "https://www.googleapis.com/oauth2/v1/certs",
  client_x509_cert_url: "https://www.googleapis.com/robot/v1/metadata/x509/firebase-adminsdk",
  universe_domain: "googleapis.com",
});

/** An agent's or MCP server's headers (a secret object, or its JSON text): text that is not JSON is refused. */
export const agentHeaders = (secret: Draw, args: Args, urlField: string): Sample => ({
  valid: () => ({ ...args, headers: { Authorization: `Bearer ${secret("hdr")}` } }),
  sibling: [urlField, "not a url", new RegExp(urlField)],
  badSecret: () => [{ headers: `{ "Authorization": "${secret("bad")}"` }, /headers must be an object/],
});

const basicAuth = (secret: Draw, what: string) => ({
  useBasicAuth: true,
  basicAuthUsername: "user",
  credentials: { basicAuthPassword: secret(what) },
});
/** A custom provider's webhook with basic auth. */
export const webhookSink = (secret: Draw): Sample => ({
  valid: () => ({ webhookURL: "https://hooks.example.com/n", ...basicAuth(secret, "basic") }),
  sibling: ["webhookURL", "http://hooks.example.com/n", /webhookURL must use https/],
});

/** A moderation rule's condition naming the table's keyword list. */
export const listCondition = {
  operand: "text",
  category: "word",
  isListReferencePresent: true,
  value: ["t-list"],
};
/** A moderation rule's pattern condition. */
export const patternCondition = { entity: "message", operand: "text", category: "pattern", value: ["x+"] };

/** The prefix of a case's argument naming another case's object by the id the service chose for it. */
export const ID_OF = "@id:";
/** Names case `name`'s object by its service-chosen id (a knowledge source's uniqueId): see `withIds`. */
export const idOfCase = (name: string) => `${ID_OF}${name}`;
/**
 * `args` with each `idOfCase` value (an argument, or an item of a list argument) replaced by `id(case)`,
 * where the test has made that case's object: its id is known only then.
 */
export function withIds<T>(args: Args, id: (name: string) => T): Args {
  const one = (v: unknown) => (typeof v === "string" && v.startsWith(ID_OF) ? id(v.slice(ID_OF.length)) : v);
  return Object.fromEntries(
    Object.entries(args).map(([k, v]) => [k, Array.isArray(v) ? v.map(one) : one(v)]),
  );
}

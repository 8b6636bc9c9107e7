// Where the provider's credentials and endpoints come from: the one place for this fact.
// Order: an explicit `connection` input on the resource, then stack config (`chat:*`, handed to the provider
// process by the engine through `configure`), then `CHAT_*` environment variables. Read at run time inside
// the provider process, so nothing is captured into the serialized provider (`__provider`) in state.
import { z } from "zod";
import { Region, SECRET_SCHEMES, secret, secretPaths } from "../contract";
import { ConfigurationError, chatBaseUrl, managementBaseUrl } from "./endpoints";

/**
 * Every configuration key, with its environment fallback (the README's table must match: test/unit/readme.test.ts).
 * A key is secret when the document's security scheme of its name is marked `x-secret` (chat:apiKey,
 * chat:managementSecret): the one mark of the provider's own credentials (decision 0123).
 */
const DECLARED_KEYS = [
  {
    key: "chat:appId",
    env: "CHAT_APP_ID",
    doc: "App id of the chat app the chat resources manage.",
  },
  {
    key: "chat:region",
    env: "CHAT_REGION",
    doc: "Region of that app: us (default), eu or in.",
  },
  { key: "chat:apiKey", env: "CHAT_API_KEY", doc: "A fullAccess (REST API) key of that app." },
  {
    key: "chat:managementKey",
    env: "CHAT_MANAGEMENT_KEY",
    doc: "Management API key (apps, webhooks).",
  },
  {
    key: "chat:managementSecret",
    env: "CHAT_MANAGEMENT_SECRET",
    doc: "Management API secret.",
  },
  {
    key: "chat:host",
    env: "CHAT_HOST",
    doc: "Vendor host that base addresses are built on (default cometchat.io).",
  },
  {
    key: "chat:endpoint",
    env: "CHAT_ENDPOINT",
    doc: "Chat base address template with {appId} and {region}, e.g. an emulator's; https unless loopback.",
  },
  {
    key: "chat:managementEndpoint",
    env: "CHAT_MANAGEMENT_ENDPOINT",
    doc: "Management base address, e.g. an emulator's; https unless loopback.",
  },
  {
    key: "chat:requestsPerMinute",
    env: "CHAT_REQUESTS_PER_MINUTE",
    // A count: the plugin's schema types it, so SDKs take a number (the value still travels as text).
    type: "integer",
    doc: "Requests per minute the provider sends to one app (default 450); set your plan's limit.",
  },
] as const;

const SECRET_KEYS: ReadonlySet<string> = new Set(SECRET_SCHEMES.map((name) => `chat:${name}`));
export const CONFIG_KEYS = DECLARED_KEYS.map((k) => ({ ...k, secret: SECRET_KEYS.has(k.key) }));

type ConfigName = (typeof DECLARED_KEYS)[number]["key"] extends `chat:${infer N}` ? N : never;
/** Reads one stack config value by its full key (`chat:appId`); undefined when unset. */
export type Lookup = (key: string) => string | undefined;

let fromStack: Lookup = () => undefined;

/** Called from the dynamic provider's `configure` with the stack config the engine sends. */
export function setStackConfig(lookup: Lookup): void {
  fromStack = lookup;
}

// `stack`: where stack config comes from; in the provider process the engine's (setStackConfig), in a
// program (lookups) or a command (chat-export) a lookup of their own.
function settingOf(name: ConfigName, stack: Lookup = fromStack): string | undefined {
  const entry = CONFIG_KEYS.find((k) => k.key === `chat:${name}`);
  const value = stack(`chat:${name}`) ?? (entry ? process.env[entry.env] : undefined);
  return value === "" ? undefined : value;
}

/**
 * The address problem of a connection (plain http to a remote host, a bad URL, …), as a check failure of
 * `prefix` + the field: caught at preview, before any call (the client would refuse it later).
 */
export function addressProblem(
  address: () => unknown,
  property: (field: string) => string,
): { property: string; reason: string } | undefined {
  try {
    address();
    return undefined;
  } catch (e) {
    if (!(e instanceof ConfigurationError)) throw e;
    const rule = e.message.startsWith(`${e.field}: `) ? e.message.slice(e.field.length + 2) : e.message;
    return { property: property(e.field), reason: `${e.field} ${rule}` };
  }
}

const chatConnectionShape = z.strictObject({
  appId: z.string().min(1, "appId must not be empty"),
  region: Region.default("us"),
  apiKey: z.string().min(1, "apiKey must not be empty"),
  host: z.string().optional(),
  endpoint: z.string().optional(),
});

/** Credentials and address of one chat app, as a resource's `connection` input or an App's output. */
export const ChatConnection = chatConnectionShape.superRefine((c, ctx) => {
  const problem = addressProblem(
    () => chatBaseUrl(c),
    (f) => f,
  );
  if (problem) ctx.addIssue({ code: "custom", path: [problem.property], message: problem.reason });
});
export type ChatConnection = z.output<typeof ChatConnection>;
export type ChatConnectionInput = z.input<typeof ChatConnection>;

const managementConnectionShape = z.strictObject({
  key: z.string().min(1, "key must not be empty"),
  secret: z.string().min(1, "secret must not be empty"),
  host: z.string().optional(),
  endpoint: z.string().optional(),
});
export const ManagementConnection = managementConnectionShape.superRefine((c, ctx) => {
  const problem = addressProblem(
    () => managementBaseUrl(c),
    (f) => f,
  );
  if (problem) ctx.addIssue({ code: "custom", path: [problem.property], message: problem.reason });
});
export type ManagementConnection = z.output<typeof ManagementConnection>;
export type ManagementConnectionInput = z.input<typeof ManagementConnection>;

/** The config setting of each connection field, the required ones first. */
interface Fields {
  required: Record<string, ConfigName>;
  optional: Record<string, ConfigName>;
}
const CHAT_FIELDS: Fields = {
  required: { appId: "appId", apiKey: "apiKey" },
  optional: { region: "region", host: "host", endpoint: "endpoint" },
};
const MANAGEMENT_FIELDS: Fields = {
  required: { key: "managementKey", secret: "managementSecret" },
  optional: { host: "host", endpoint: "managementEndpoint" },
};

/** Marks each connection field whose config key is secret: the connections' marks follow the schemes'. */
function markSecrets(shape: z.ZodObject, fields: Fields): void {
  for (const [field, name] of Object.entries({ ...fields.required, ...fields.optional }))
    if (SECRET_KEYS.has(`chat:${name}`)) secret(shape.shape[field] as z.ZodType);
}
markSecrets(chatConnectionShape, CHAT_FIELDS);
markSecrets(managementConnectionShape, MANAGEMENT_FIELDS);

/**
 * The option each API's resources take their credentials in (provider/engine/generic.ts), kept secret in
 * state and outputs wherever it appears because its connection holds a field marked secret.
 */
export const CREDENTIALS = { chat: "connection", management: "managementConnection" } as const;
/** The credential options that hold a secret (all of them: each connection holds a key or a secret). */
export const SECRET_CREDENTIALS: readonly string[] = Object.values(CREDENTIALS).filter(
  (option) => secretPaths(option === CREDENTIALS.chat ? ChatConnection : ManagementConnection).length > 0,
);

/** A config key as messages name it: `chat:apiKey (CHAT_API_KEY)`. */
export function configKeyName(key: ConfigKey): string {
  return `${key} (${CONFIG_KEYS.find((k) => k.key === key)?.env})`;
}
export type ConfigKey = (typeof DECLARED_KEYS)[number]["key"];

/** The config key a field of each API's connection comes from, when it comes from config. */
export function configKeyOf(api: "chat" | "management", field: string): ConfigKey | undefined {
  const f = api === "chat" ? CHAT_FIELDS : MANAGEMENT_FIELDS;
  const name = ({ ...f.required, ...f.optional } as Record<string, ConfigName | undefined>)[field];
  return name && `chat:${name}`;
}

/** How a message names a field of a connection: its config key and variable, a flag, an input path, … */
export type FieldNaming = (field: string) => string;

/** Names each field of a connection that came from stack config or the environment by key and variable. */
export function configNaming(api: "chat" | "management"): FieldNaming {
  return (field) => {
    const key = configKeyOf(api, field);
    return key ? configKeyName(key) : field;
  };
}

/**
 * A connection from its explicit form, else from stack config and the environment: `fields` names the config
 * setting of each field, the required ones first. Both APIs' connections resolve through this one function.
 */
function resolve<S extends z.ZodType, T extends z.ZodType>(
  what: string,
  explicit: z.input<T> | undefined,
  full: T,
  shape: S,
  fields: Fields,
  stack: Lookup | undefined,
  otherwise: string,
): z.output<S> {
  if (explicit) return full.parse(explicit) as z.output<S>;
  const value = (name: ConfigName) => settingOf(name, stack);
  const absent = Object.values(fields.required).filter((n) => !value(n));
  if (absent.length > 0) {
    const keys = absent.map((n) => `chat:${n} (or ${CONFIG_KEYS.find((k) => k.key === `chat:${n}`)?.env})`);
    throw new Error(`${what}: no ${keys.join(", ")} is set${otherwise}`);
  }
  const all = { ...fields.required, ...fields.optional };
  // The shape only: a bad configured address is the client's ConfigurationError naming the setting.
  return shape.parse(Object.fromEntries(Object.entries(all).map(([field, name]) => [field, value(name)])));
}

/** What a missing setting's message adds for a resource, which could have had an explicit connection. */
const RESOURCE = " and the resource has no explicit connection";

/** `otherwise`: what the message adds after "no <setting> is set" (a command that has no resource: ""). */
export function resolveChatConnection(
  explicit?: ChatConnectionInput,
  stack?: Lookup,
  otherwise = RESOURCE,
): ChatConnection {
  return resolve(
    "chat API credentials",
    explicit,
    ChatConnection,
    chatConnectionShape,
    CHAT_FIELDS,
    stack,
    otherwise,
  );
}

export function resolveManagementConnection(
  explicit?: ManagementConnectionInput,
  stack?: Lookup,
  otherwise = RESOURCE,
): ManagementConnection {
  return resolve(
    "management API credentials",
    explicit,
    ManagementConnection,
    managementConnectionShape,
    MANAGEMENT_FIELDS,
    stack,
    otherwise,
  );
}

/** The chat connection stack config or the environment describes; undefined when they describe none. */
export function configuredChatConnection(): ChatConnection | undefined {
  if (!settingOf("appId") || !settingOf("apiKey")) return undefined;
  return resolveChatConnection();
}

/** A problem with the configured chat addresses, named by its config key (chat:endpoint, …). */
export function configuredAddressProblem(): { property: string; reason: string } | undefined {
  const c = configuredChatConnection();
  return c
    ? addressProblem(
        () => chatBaseUrl(c),
        (f) => `chat:${f}`,
      )
    : undefined;
}

/** A problem with the configured management address, named by its config key. */
export function configuredManagementAddressProblem(): { property: string; reason: string } | undefined {
  const endpoint = settingOf("managementEndpoint");
  const host = settingOf("host");
  return addressProblem(
    () => managementBaseUrl({ endpoint, host }),
    (f) => (f === "endpoint" ? "chat:managementEndpoint" : `chat:${f}`),
  );
}

/** The app id management resources (webhooks) act on when they are not given one. */
export function configuredAppId(stack?: Lookup): string | undefined {
  return settingOf("appId", stack);
}

/** Host or endpoint settings that a chat connection built by the provider (an App's output) should carry. */
export function chatAddressing(): { host?: string; endpoint?: string } {
  const out: { host?: string; endpoint?: string } = {};
  const host = settingOf("host");
  const endpoint = settingOf("endpoint");
  if (host) out.host = host;
  if (endpoint) out.endpoint = endpoint;
  return out;
}

/**
 * Data Import's requests a minute when the app's plan allows more than the service's 60 (an environment
 * variable alone, as the seed's sole knob: README "Seed data").
 */
export const IMPORT_BUDGET_ENV = "CHAT_IMPORT_REQUESTS_PER_MINUTE";

/**
 * The folder where processes of one machine share each app's request budget (decision 0125): one small file
 * per app, named by a hash of its endpoint and id. Unset: a folder under the OS temp folder; "off": each
 * process keeps its own budget. An environment variable alone: it is the runner's, not the stack's.
 */
export const BUDGET_DIR_ENV = "CHAT_BUDGET_DIR";

/** Client options from configuration: the request budget and Data Import's, when pinned. */
export function clientOptions(stack?: Lookup): {
  budget?: { requestsPerMinute: number };
  families?: { dataImport: number };
} {
  const out: { budget?: { requestsPerMinute: number }; families?: { dataImport: number } } = {};
  const raw = settingOf("requestsPerMinute", stack);
  if (raw !== undefined)
    out.budget = {
      requestsPerMinute: wholeNumber(raw, "chat:requestsPerMinute (or CHAT_REQUESTS_PER_MINUTE)"),
    };
  const imports = process.env[IMPORT_BUDGET_ENV];
  if (imports !== undefined && imports !== "")
    out.families = { dataImport: wholeNumber(imports, IMPORT_BUDGET_ENV) };
  return out;
}

function wholeNumber(raw: string, what: string): number {
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 1) throw new Error(`${what} must be a whole number >= 1, not "${raw}"`);
  return n;
}

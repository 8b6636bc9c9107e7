// A live app's snapshot as the environment file of the root project (environment/spec.ts), in the form the
// provider reads each object back on adoption, so that the first `pulumi up` finds nothing to change.
// Deterministic: lists sorted by id, object keys in a fixed order, metadata keys sorted, so that two
// exports differ exactly where the app does.
import type { z } from "zod";
import type {
  ApiKey,
  Group,
  KeywordList,
  Member,
  NotificationSettings,
  PushProvider,
  Region,
  Rule,
  User,
} from "../../provider/api";
import type { LiveRole, LiveWebhook, listScopePermissions } from "../../provider/live";
import { formatPath } from "../load";
import { Environment, SCOPES, type SecretRef } from "../spec";

type Json = Record<string, unknown>;
/** Each scope's permissions a group sets. */
export type ScopePermissionsOf = Awaited<ReturnType<typeof listScopePermissions>>;
/** An enabled extension: its settings as the Extension kind reads them, and the credentials it needs. */
export interface ExportedExtension {
  extension: string;
  settings?: Json | undefined;
  /** Credential fields to name by secret config keys (echoed by the service, or required). */
  credentials: string[];
}
/** The environment file's key of each provider an app has at most one of, and its kind. */
export const SINGLETON_KINDS = {
  customPush: "CustomPushProvider",
  sendgrid: "SendGridEmailProvider",
  customEmail: "CustomEmailProvider",
  twilio: "TwilioSmsProvider",
  customSms: "CustomSmsProvider",
} as const;
/** Those providers the app has, as their kinds read them (no credentials). */
export type Singletons = Partial<Record<keyof typeof SINGLETON_KINDS, Json>>;

/** Everything chat-export read from the app. */
export interface Snapshot {
  appId: string;
  region: Region;
  roles: LiveRole[];
  users: User[];
  groups: Array<Group & { members: Member[]; permissions?: ScopePermissionsOf }>;
  apiKeys: ApiKey[];
  /** Undefined when webhooks were not read (no management credentials). */
  webhooks: LiveWebhook[] | undefined;
  /** The key the export authenticated with: left out, the stack uses it (and a key cannot delete itself). */
  ownApiKey: string;
  /** Undefined when not read (no management credentials), as app settings. */
  extensions?: ExportedExtension[] | undefined;
  appSettings?: Record<string, boolean> | undefined;
  /** Undefined when not read. */
  notifications?:
    | ({ settings: NotificationSettings; fcm: PushProvider[]; apns: PushProvider[] } & Singletons)
    | undefined;
  moderation?: { keywordLists: KeywordList[]; rules: Rule[] } | undefined;
}

/** A placeholder for a value the API never returns: a secret stack config key to set. */
export interface SecretPlaceholder {
  key: string;
  /** What the value is, e.g. `the password of group "support-desk"`. */
  what: string;
}

export interface Exported {
  /** The environment file's content (validated by the same schema the root project uses). */
  environment: z.input<typeof Environment>;
  secrets: SecretPlaceholder[];
  /** What was left out and why (printed, and written as comments). */
  notes: string[];
}

export class ExportError extends Error {
  override name = "ExportError";
}

/** `value` without undefined, empty strings, empty arrays or empty objects (as the provider reads them). */
function present(fields: Json): Json {
  const out: Json = {};
  for (const [k, v] of Object.entries(fields)) {
    if (v === undefined || v === null || v === "") continue;
    if (Array.isArray(v) && v.length === 0) continue;
    if (typeof v === "object" && !Array.isArray(v) && Object.keys(v as object).length === 0) continue;
    out[k] = v;
  }
  return out;
}

/** Object keys sorted at every depth: metadata written the same way whatever order the API used. */
function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value !== null && typeof value === "object") {
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((k) => [k, sortKeys((value as Json)[k])]),
    );
  }
  return value;
}

const sorted = (list: readonly string[] | undefined) => [...(list ?? [])].sort();
/** A copy of `list` sorted by `key`, so the file does not depend on the order the API listed things in. */
const sortBy = <T>(list: readonly T[], key: (t: T) => string) =>
  [...list].sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0));

function role(r: LiveRole): Json {
  return present({
    role: r.role,
    name: r.name,
    description: r.description,
    metadata: sortKeys(r.metadata),
    settings: sortKeys(r.settings),
    restrictedFeatures: sorted(r.restrictedFeatures),
    permissions: sortKeys(r.permissions),
  });
}

function user(u: User): Json {
  return present({
    uid: u.uid,
    name: u.name,
    avatar: u.avatar,
    link: u.link,
    role: u.role === "default" ? undefined : u.role,
    statusMessage: u.statusMessage,
    metadata: sortKeys(u.metadata),
    tags: sorted(u.tags),
  });
}

function group(
  g: Snapshot["groups"][number],
  users: ReadonlySet<string>,
  secrets: SecretPlaceholder[],
): Json {
  // An owner that is no user of the app (a system owner) cannot be declared; the service keeps it.
  const owner = g.owner && users.has(g.owner) ? g.owner : undefined;
  let password: SecretRef | undefined;
  if (g.type === "password") {
    password = { secret: `groupPassword-${g.guid}` };
    secrets.push({ key: password.secret, what: `the password of group "${g.guid}"` });
  }
  // The owner is an admin of its group without being declared a member (GroupMembers leaves it alone).
  const members = g.members.filter((m) => m.uid !== g.owner);
  const of = (scope: Member["scope"]) =>
    members
      .filter((m) => m.scope === scope)
      .map((m) => m.uid)
      .sort();
  return present({
    guid: g.guid,
    name: g.name,
    type: g.type,
    description: g.description,
    icon: g.icon,
    metadata: sortKeys(g.metadata),
    owner,
    tags: sorted(g.tags),
    password,
    members: present({ admins: of("admin"), moderators: of("moderator"), participants: of("participant") }),
    permissions: present(
      Object.fromEntries(
        Object.entries(SCOPES).map(([file, scope]) => [file, sortKeys(g.permissions?.[scope])]),
      ),
    ),
  });
}

function apiKeys(keys: readonly ApiKey[], own: string, notes: string[]): Json[] {
  const byName = new Map<string, ApiKey[]>();
  for (const k of keys) byName.set(k.name, [...(byName.get(k.name) ?? []), k]);
  const out: Json[] = [];
  for (const [name, same] of sortBy([...byName], ([n]) => n)) {
    if (same.some((k) => k.apiKey === own)) {
      notes.push(`API key "${name}" is left out: this export authenticated with it (the stack does too).`);
    } else if (same.length > 1) {
      notes.push(
        `API keys named "${name}" are left out: ${same.length} keys share the name, and keys are adopted by a unique name.`,
      );
    } else {
      out.push({ name, scope: same[0]?.scope });
    }
  }
  return out;
}

function webhook(w: LiveWebhook, secrets: SecretPlaceholder[]): Json {
  let basicAuth: Json | undefined;
  if (w.useBasicAuth) {
    const password: SecretRef = { secret: `webhookPassword-${w.id}` };
    secrets.push({ key: password.secret, what: `the basic-auth password of webhook "${w.id}"` });
    basicAuth = { username: w.username, password };
  }
  return present({
    id: w.id,
    name: w.name,
    url: w.webhookURL,
    basicAuth,
    // Only what differs from the service's defaults (enabled, no retries).
    enabled: w.enabled === false ? false : undefined,
    retryOnFailure: w.retryOnFailure === true ? true : undefined,
    // None: left out (not managed), since a trigger set cannot be empty.
    triggers: sorted(w.triggers),
  });
}

/** An extension; each credential becomes a secret config key to set. */
function extension(e: ExportedExtension, secrets: SecretPlaceholder[]): Json {
  const refs = Object.fromEntries(
    [...e.credentials].sort().map((field) => {
      const key = `extension-${e.extension}-${field}`;
      secrets.push({ key, what: `${field} of extension "${e.extension}"` });
      return [field, { secret: key }];
    }),
  );
  return present({ extension: e.extension, settings: sortKeys(e.settings), secrets: refs });
}

/** The credential of each provider an app has at most one of: its field, and what it is. */
const SINGLETON_SECRETS = {
  customPush: ["basicAuthPassword", "the basic-auth password of the custom push provider"],
  sendgrid: ["sendGridApiKey", "the SendGrid API key"],
  customEmail: ["basicAuthPassword", "the basic-auth password of the custom email provider"],
  twilio: ["twilioAuthToken", "the Twilio auth token"],
  customSms: ["basicAuthPassword", "the basic-auth password of the custom SMS provider"],
} as const satisfies Record<keyof typeof SINGLETON_KINDS, readonly [string, string]>;

/** A one-per-app provider; its credential (never returned) becomes a secret config key to set. */
function singleton(key: keyof Singletons, p: Json, secrets: SecretPlaceholder[]): Json {
  const [field, what] = SINGLETON_SECRETS[key];
  // The custom providers hold a password only when they use basic auth.
  const needed = field !== "basicAuthPassword" || p.useBasicAuth === true;
  if (!needed) return sortKeys(p) as Json;
  const secret = `${key}-${field}`;
  secrets.push({ key: secret, what });
  return { ...(sortKeys(p) as Json), [field]: { secret } };
}

const PUSH_FIELDS = {
  fcm: ["serviceAccountFilename", "notificationInPayload"],
  apns: [
    "keyId",
    "teamId",
    "bundleId",
    "p8KeyFilename",
    "includeContentAvailable",
    "includeMutableContent",
    "productionMode",
  ],
} as const;

/** A push provider; its keys (never listed) become a secret config key to set. */
function pushProvider(kind: "fcm" | "apns", p: PushProvider, secrets: SecretPlaceholder[]): Json {
  const key = kind === "fcm" ? `fcmServiceAccount-${p.providerId}` : `apnsP8Key-${p.providerId}`;
  secrets.push({
    key,
    what:
      kind === "fcm"
        ? `the service-account JSON of FCM provider "${p.providerId}"`
        : `the .p8 key of APNs provider "${p.providerId}"`,
  });
  const fields = Object.fromEntries(PUSH_FIELDS[kind].map((k) => [k, sortKeys(p[k])]));
  return present({
    providerId: p.providerId,
    ...fields,
    isDefault: p.isDefault === true ? true : undefined,
    [kind === "fcm" ? "serviceAccount" : "p8Key"]: { secret: key },
  });
}

function notificationsOf(n: NonNullable<Snapshot["notifications"]>, secrets: SecretPlaceholder[]): Json {
  const { preferences, sound, templates } = n.settings;
  const one = (key: keyof Singletons) => n[key] && singleton(key, n[key], secrets);
  return present({
    // The whole tree: adopted as it is, every field is then managed.
    settings: present({
      preferences: sortKeys(preferences),
      sound: sortKeys(sound),
      templates: sortKeys(templates),
    }),
    push: present({
      fcm: sortBy(n.fcm, (p) => p.providerId).map((p) => pushProvider("fcm", p, secrets)),
      apns: sortBy(n.apns, (p) => p.providerId).map((p) => pushProvider("apns", p, secrets)),
    }),
    customPush: one("customPush"),
    email: present({ sendgrid: one("sendgrid"), custom: one("customEmail") }),
    sms: present({ twilio: one("twilio"), custom: one("customSms") }),
  });
}

function keywordList(k: KeywordList): Json {
  return present({
    listId: k.id,
    name: k.name,
    description: k.description,
    category: k.category,
    searchTerms: sorted(k.searchTerms),
    disallowedSentences: sorted(k.disallowedSentences),
  });
}

function rule(r: Rule): Json {
  return present({
    ruleId: r.id,
    name: r.name,
    description: r.description,
    enabled: r.enabled,
    action: sorted(r.action),
    // The numbers the service gives conditions in order are left out (the provider does the same).
    conditions: r.conditions.map((c, i) => {
      const { id, ...rest } = c as Json;
      return sortKeys(id === i + 1 ? rest : c);
    }),
    filters: r.filters?.map(sortKeys),
  });
}

function moderationOf(m: NonNullable<Snapshot["moderation"]>): Json {
  return {
    keywordLists: sortBy(m.keywordLists, (k) => k.id).map(keywordList),
    rules: sortBy(m.rules, (r) => r.id).map(rule),
  };
}

/** The environment file for `snap`, validated; an ExportError lists what the file format cannot hold. */
export function toEnvironment(snap: Snapshot): Exported {
  const secrets: SecretPlaceholder[] = [];
  const notes: string[] = [];
  const uids = new Set(snap.users.map((u) => u.uid));
  const environment: Json = {
    app: { existing: true },
    adopt: true,
    roles: sortBy(snap.roles, (r) => r.role).map(role),
    users: sortBy(snap.users, (u) => u.uid).map(user),
    groups: sortBy(snap.groups, (g) => g.guid).map((g) => group(g, uids, secrets)),
    apiKeys: apiKeys(snap.apiKeys, snap.ownApiKey, notes),
  };
  // Webhooks, extensions and app settings are read through the management API.
  if (snap.webhooks) {
    environment.webhooks = sortBy(snap.webhooks, (w) => w.id).map((w) => webhook(w, secrets));
  }
  if (snap.extensions) {
    environment.extensions = sortBy(snap.extensions, (e) => e.extension).map((e) => extension(e, secrets));
  }
  if (snap.appSettings && Object.keys(snap.appSettings).length)
    environment.appSettings = sortKeys(snap.appSettings);
  if (!snap.webhooks || !snap.extensions || !snap.appSettings)
    notes.push(
      "Webhooks, extensions and app settings are left out: no management credentials (CHAT_MANAGEMENT_KEY, CHAT_MANAGEMENT_SECRET).",
    );
  if (snap.notifications) environment.notifications = notificationsOf(snap.notifications, secrets);
  if (snap.moderation) environment.moderation = moderationOf(snap.moderation);
  const checked = Environment.safeParse(environment);
  if (!checked.success) {
    // The file is not written, so each problem also names the object by its id.
    const idOf = (path: readonly PropertyKey[]) => {
      const [section, index] = path;
      const list = environment[String(section)];
      const item = Array.isArray(list) && typeof index === "number" ? (list[index] as Json) : undefined;
      const id = item && (item.role ?? item.uid ?? item.guid ?? item.id ?? item.name);
      return id === undefined ? "" : ` (${String(id)})`;
    };
    const lines = checked.error.issues.map(
      (i) => `  ${formatPath(i.path) || "(top level)"}${idOf(i.path)}: ${i.message}`,
    );
    throw new ExportError(
      `the app has objects the environment file cannot hold as they are:\n${lines.join("\n")}`,
    );
  }
  return { environment: environment as z.input<typeof Environment>, secrets, notes };
}

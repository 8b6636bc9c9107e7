// Everything the emulator stores, and how it is saved and dumped. Maps (not plain objects) hold records
// keyed by caller-chosen ids, because an id such as "__proto__" is valid alpha-dash.
import type { z } from "zod";
import type {
  AgentVariableCreate,
  ApiKeyCreate,
  ApiKeyScope,
  ApiToolCreate,
  AuthTokenUpdate,
  BotCreate,
  CampaignCategoryCreate,
  CampaignChannelCreate,
  CampaignTemplateCreate,
  ChatWidgetListed,
  Defaults,
  FrontendActionCreate,
  GroupCreate,
  KnowledgeTextCreate,
  KnowledgeWebsiteScrape,
  McpServerCreate,
  MemberScope,
  Region,
  RoleCreate,
  UserCreate,
  WebhookCreate,
} from "../contract";
import { DEFAULT_ROLE, GROUP_CHAT_SETTING_ALIASES } from "../contract";
import { defaultKeywordLists, defaultRules } from "./defaults";
import type { Created } from "./records";
import type { Random } from "./rng";

export type Json = Record<string, unknown>;

/** A user: its create body's fields (the document's defaults filled in), and what the service adds. */
export type UserRecord = Created<Omit<z.output<typeof UserCreate>, "withAuthToken">, Defaults["User"]> & {
  createdAt: number;
  updatedAt: number;
  /** Set while the user is deactivated (a delete without `permanent`). */
  deactivatedAt?: number;
};

/** An auth token: what the service makes, and the fields its update sets. */
export type AuthTokenRecord = z.output<typeof AuthTokenUpdate> & {
  uid: string;
  authToken: string;
  createdAt: number;
};

export interface MemberRecord {
  scope: MemberScope;
  joinedAt: number;
}

/**
 * A group: its create body's fields (the document's defaults filled in; the members are the map below), and
 * what the service adds.
 */
export type GroupRecord = Created<Omit<z.output<typeof GroupCreate>, "members">, Defaults["Group"]> & {
  createdAt: number;
  updatedAt: number;
  members: Map<string, MemberRecord>;
  /** uid → bannedAt */
  banned: Map<string, number>;
  /** scope → permission key → value (RBAC for group scopes); made on first use. */
  scopePermissions?: Map<string, Map<string, string | string[]>>;
};

/** A role: its create body's fields, and what the service adds. */
export type RoleRecord = z.output<typeof RoleCreate> & {
  createdAt: number;
  updatedAt: number;
  /** feature key → restrictedAt */
  restricted: Map<string, number>;
  permissions: Map<string, string | string[]>;
};

/** An API key: its create body's fields (the scope filled in by the schema), and what the service adds. */
export type ApiKeyRecord = z.output<typeof ApiKeyCreate> & {
  /** The key, made by the service: its id. */
  apiKey: string;
  createdAt: number;
  createdBy?: string;
};

export interface ReactionRecord {
  id: string;
  reaction: string;
  uid: string;
  reactedAt: number;
}

export interface MessageRecord {
  id: string;
  muid?: string;
  conversationId: string;
  sender: string;
  receiverType: "user" | "group";
  receiver: string;
  category: string;
  type: string;
  /** The message's own data (text, metadata, customData, attachments, action…) without entities/reactions. */
  data: Json;
  /** Snapshots taken when the message was sent, as the service embeds them. */
  entities: Json;
  tags?: string[];
  sentAt: number;
  /** Imported messages only (data-import.ts): when the receiver had it and read it elsewhere. */
  deliveredAt?: number;
  readAt?: number;
  updatedAt: number;
  editedAt?: number;
  editedBy?: string;
  deletedAt?: number;
  deletedBy?: string;
  reactions: ReactionRecord[];
}

/** A webhook: its create body's fields (the document's defaults filled in), and what the service adds. */
export type WebhookRecord = Created<z.output<typeof WebhookCreate>, Defaults["Webhook"]> & {
  /** The webhook system it was made or last updated in (X-Webhook-Version; absent: 1, the legacy one). */
  version?: 1 | 2;
  createdAt: number;
  updatedAt: number;
  /** Attached trigger ids, in the order they were added. */
  triggers: string[];
};

export interface ExtensionRecord {
  enabled: boolean;
  /** The stored settings (kept while the extension is disabled). */
  settings?: Json;
  /** push-notification only: the SHA-256 of each uploaded certificate (decision 0136). */
  certificates?: { p12?: string; p8?: string };
}

export interface PushProviderRecord {
  providerId: string;
  isDefault: boolean;
  /** The provider's fields as sent, keys included. */
  fields: Json;
  createdAt: number;
}

/** The providers an app has at most one of. */
export type SingletonProvider = "customPush" | "sendgrid" | "customEmail" | "twilio" | "customSms";

export interface NotificationsRecord {
  /** The patches sent so far, merged; answers merge them over the defaults. */
  settings: Json;
  fcm: Map<string, PushProviderRecord>;
  apns: Map<string, PushProviderRecord>;
  providers: Map<SingletonProvider, Json>;
}

export interface RuleRecord {
  id: string;
  name: string;
  description?: string;
  enabled: boolean;
  conditions: Json[];
  action: string[];
  filters?: Json[];
  createdAt: number;
  updatedAt: number;
  revision: number;
  default?: boolean;
}

export interface KeywordListRecord {
  id: string;
  name?: string;
  description?: string;
  category: string;
  isCSV: boolean;
  searchTerms?: string[];
  disallowedSentences?: string[];
  /** A Custom API list's webhook and basic auth (the password is never shown). */
  custom?: { webhookURL: string; username?: string; password?: string };
  createdAt: number;
  updatedAt: number;
  revision: number;
  default?: boolean;
}

/**
 * A bot: its create body's fields (the document's defaults filled in), and what the service adds: `updatedAt`
 * once it has been updated; `isAIBot` for a bot the dashboard flags (no route sets it).
 */
export type BotRecord = Created<z.output<typeof BotCreate>, Defaults["Bot"]> & {
  isAIBot?: boolean;
  createdAt: number;
  updatedAt?: number;
};

/** A chat widget as the service keeps it: its settings (with the app's id) under `configuration`. */
export type ChatWidgetRecord = ChatWidgetListed;

/** A message users flagged: each user's latest report. */
export interface FlaggedRecord {
  messageId: string;
  flaggedBy: { uid: string; reasonId: string; remark?: string; flaggedAt: number }[];
}
/** A message a rule blocked: the rule, its condition that matched, and when. */
export interface BlockedRecord {
  messageId: string;
  ruleId: string;
  ruleName: string;
  revision: number;
  condition: Json;
  action: string[];
  blockedAt: number;
}
/** A message a moderator decided on, from either queue. */
export interface ReviewedRecord {
  messageId: string;
  status: "approved" | "disapproved";
  reviewedAt: number;
  blocked?: BlockedRecord;
}

/** An MCP server: its create body's fields (its headers too, never shown), and what the service adds. */
export type McpServerRecord = z.output<typeof McpServerCreate> & {
  /** Milliseconds, as the service answers them for MCP servers. */
  createdAt: number;
  updatedAt: number;
};

/**
 * A custom API tool: its create body's fields (its password too, never shown; its headers as JSON text), and
 * what the service adds (milliseconds).
 */
export type ApiToolRecord = z.output<typeof ApiToolCreate> & { createdAt: number; updatedAt: number };

/** A frontend action: its create body's fields, its `_id`, and what the service adds (milliseconds). */
export type FrontendActionRecord = z.output<typeof FrontendActionCreate> & {
  _id: string;
  createdAt: number;
  updatedAt: number;
};

/** A text entry of the knowledge base: its title and text, and what the service adds (times in ms). */
export type KnowledgeTextRecord = z.output<typeof KnowledgeTextCreate> & {
  uniqueId: string;
  fileName: string;
  status: string;
  createdAt: number;
  updatedAt: number;
};

/** A crawled website of the knowledge base: the crawl's URL and options, the pages found, and their state. */
export type KnowledgeWebsiteRecord = {
  uniqueId: string;
  crawlId: string;
  url: string;
  options: Omit<z.output<typeof KnowledgeWebsiteScrape>, "url">;
  /** uniqueId → a page the crawl discovered (its URL). */
  pages: Record<string, string>;
  /** discovered, then processing (indexed here at once) once its pages are processed. */
  status: string;
  createdAt: number;
  updatedAt: number;
};

/** An uploaded file of the knowledge base: its upload record, and its bytes' digest once they are PUT. */
export type KnowledgeUploadRecord = {
  uniqueId: string;
  fileName: string;
  mimeType: string;
  fileSize: number;
  s3Key: string;
  /** The presigned URL's signature: a PUT without it is refused. */
  signature: string;
  /** The SHA-256 of the bytes stored (hex); undefined until the PUT arrives. */
  sha256?: string;
  status: string;
  createdAt: number;
  updatedAt: number;
};

/** A custom variable of the agent builder, as created, and what the service adds (times in ms). */
export type AgentVariableRecord = z.output<typeof AgentVariableCreate> & {
  _id: string;
  category: "custom";
  createdAt: number;
  updatedAt: number;
};

/** A template category of the campaigns service: its create body's fields and what the service adds. */
export type CampaignCategoryRecord = z.output<typeof CampaignCategoryCreate> & {
  id: string;
  createdAt: number;
  updatedAt: number;
};

/** A delivery channel of the campaigns service: its create body's fields (defaults filled) and what it adds. */
export type CampaignChannelRecord = z.output<typeof CampaignChannelCreate> & {
  id: string;
  createdAt: number;
  updatedAt: number;
};

/**
 * A template of the campaigns service: its create body's fields (defaults filled), what the service adds, and
 * its current version, which each save bumps (decision 0134).
 */
export type CampaignTemplateRecord = z.output<typeof CampaignTemplateCreate> & {
  id: string;
  currentVersion: number;
  createdAt: number;
  updatedAt: number;
};

/** An agent of either family; the fields each family has are in `fields`, as sent. */
export interface AgentRecord {
  uid: string;
  name: string;
  isActive: boolean;
  /** Agent builder only: when it was made in milliseconds, unique per app (the list's cursor). */
  createdMs?: number;
  /** Agent builder only: attached MCP server slugs, in the order attached. */
  mcpServers?: string[];
  /** Agent builder only: attached tools, custom API tools (slugs) and frontend actions (trigger functions). */
  tools?: string[];
  apiTools?: string[];
  frontendActions?: string[];
  /** Agent builder only: per attached catalogue tool, its enabled actions (in the order enabled). */
  toolActions?: Record<string, string[]>;
  /** Agent builder only: per tool, the connection settings its actions were last enabled with (never shown). */
  toolConnections?: Record<string, Record<string, string>>;
  /** Agent builder only: attached knowledge sources' uniqueIds, in the order attached. */
  files?: string[];
  /** Agent builder only: attached crawled websites' uniqueIds, in the order attached. */
  websites?: string[];
  fields: Json;
  createdAt: number;
  updatedAt: number;
}

export interface PinnedConversationRecord {
  conversationType: "user" | "group";
  conversationWith: string;
  pinnedAt: number;
}

export interface CollaboratorRecord {
  id: number;
  email: string;
  role: "admin" | "moderator";
  createdAt: number;
}

/** Bots, AI agents, relations between users, app-pinned conversations and collaborators (decision 0090). */
export interface AppSocialRecord {
  bots: Map<string, BotRecord>;
  builderAgents: Map<string, AgentRecord>;
  byoAgents: Map<string, AgentRecord>;
  mcpServers: Map<string, McpServerRecord>;
  /** slug → custom API tool */
  apiTools: Map<string, ApiToolRecord>;
  /** trigger function → frontend action (unique per app) */
  frontendActions: Map<string, FrontendActionRecord>;
  /** uniqueId → the knowledge base's text entries. */
  knowledgeTexts: Map<string, KnowledgeTextRecord>;
  /** uniqueId (the upload id) → the knowledge base's uploaded files. */
  knowledgeUploads: Map<string, KnowledgeUploadRecord>;
  /** uniqueId (the listing's) → the knowledge base's crawled websites. */
  knowledgeWebsites: Map<string, KnowledgeWebsiteRecord>;
  /** _id → custom variables. */
  agentVariables: Map<string, AgentVariableRecord>;
  /** id → the campaigns service's template categories and delivery channels (decision 0131). */
  campaignCategories: Map<string, CampaignCategoryRecord>;
  campaignChannels: Map<string, CampaignChannelRecord>;
  /** id → the campaigns service's templates, archived ones kept (decision 0134). */
  campaignTemplates: Map<string, CampaignTemplateRecord>;
  /** The moderation queues, by message id (provider/emulator/handlers/moderation-queues.ts). */
  flaggedMessages: Map<string, FlaggedRecord>;
  blockedMessages: Map<string, BlockedRecord>;
  reviewedMessages: Map<string, ReviewedRecord>;
  /** widgetId → the widget (provider/emulator/handlers/chat-widgets.ts). */
  chatWidgets: Map<string, ChatWidgetRecord>;
  /** uid → friend uid → since (kept on both sides). */
  friends: Map<string, Map<string, number>>;
  /** blocker uid → blocked uid → blockedAt (one direction). */
  blocked: Map<string, Map<string, number>>;
  pinnedConversations: PinnedConversationRecord[];
  /** email → collaborator */
  collaborators: Map<string, CollaboratorRecord>;
  nextCollaboratorId: number;
}

export interface AppRecord extends AppSocialRecord {
  id: string;
  name: string;
  region: Region;
  version: string;
  plan: string;
  state: "active" | "archived";
  createdAt: number;
  trialEndsAt: number;
  scheduledToDeleteAt?: number;
  apiKeys: Map<string, ApiKeyRecord>;
  users: Map<string, UserRecord>;
  authTokens: Map<string, AuthTokenRecord[]>;
  groups: Map<string, GroupRecord>;
  roles: Map<string, RoleRecord>;
  messages: Map<string, MessageRecord>;
  nextMessageId: number;
  nextReactionId: number;
  webhooks: Map<string, WebhookRecord>;
  settings: Map<string, boolean | string[]>;
  /** extension id → enabled and settings */
  extensions: Map<string, ExtensionRecord>;
  notifications: NotificationsRecord;
  rules: Map<string, RuleRecord>;
  keywordLists: Map<string, KeywordListRecord>;
}

export interface Credentials {
  managementKey: string;
  managementSecret: string;
  adminToken: string;
}

export interface EmulatorState {
  apps: Map<string, AppRecord>;
  /** The app created at start (its keys are printed by the CLI); reset recreates it identically. */
  bootstrapAppId?: string;
}

export const SYSTEM_KEY_NAMES = { fullAccess: "Rest API Key", authOnly: "Auth Key" } as const;
const TRIAL_SECONDS = 30 * 24 * 3600;

export const emptyState = (): EmulatorState => ({ apps: new Map() });

export interface NewApp {
  name: string;
  region: Region;
  version?: string;
  /** Fixed identity, to recreate the bootstrap app after a reset. */
  fixed?: { id: string; restKey: string; authKey: string; createdAt: number };
}

/** A new app: its id, the two system keys ("Rest API Key" fullAccess, "Auth Key" authOnly) and the default role. */
export function newApp(spec: NewApp, ids: Random, now: number): AppRecord {
  const createdAt = spec.fixed?.createdAt ?? now;
  const id = spec.fixed?.id ?? ids.hex(16);
  const restKey = spec.fixed?.restKey ?? ids.hex(40);
  const authKey = spec.fixed?.authKey ?? ids.hex(40);
  const key = (apiKey: string, scope: ApiKeyScope): [string, ApiKeyRecord] => [
    apiKey,
    { apiKey, name: SYSTEM_KEY_NAMES[scope], scope, createdAt, createdBy: "app_system" },
  ];
  return {
    id,
    name: spec.name,
    region: spec.region,
    version: spec.version ?? "3",
    plan: "trial",
    state: "active",
    createdAt,
    trialEndsAt: createdAt + TRIAL_SECONDS,
    apiKeys: new Map([key(restKey, "fullAccess"), key(authKey, "authOnly")]),
    users: new Map(),
    authTokens: new Map(),
    groups: new Map(),
    roles: new Map([
      [
        DEFAULT_ROLE,
        {
          role: DEFAULT_ROLE,
          name: "Default Role",
          description: "Default role",
          createdAt,
          updatedAt: createdAt,
          restricted: new Map(),
          permissions: new Map(),
        },
      ],
    ]),
    messages: new Map(),
    nextMessageId: 1,
    nextReactionId: 1,
    webhooks: new Map(),
    settings: new Map(),
    ...newAppConfiguration(createdAt),
    ...newAppSocial(),
  };
}

/** What a new app has of bots, agents, relations and collaborators (also filled into older state files). */
function newAppSocial(): AppSocialRecord {
  return {
    bots: new Map(),
    builderAgents: new Map(),
    byoAgents: new Map(),
    mcpServers: new Map(),
    apiTools: new Map(),
    frontendActions: new Map(),
    knowledgeTexts: new Map(),
    knowledgeUploads: new Map(),
    knowledgeWebsites: new Map(),
    agentVariables: new Map(),
    campaignCategories: new Map(),
    campaignChannels: new Map(),
    campaignTemplates: new Map(),
    chatWidgets: new Map(),
    flaggedMessages: new Map(),
    blockedMessages: new Map(),
    reviewedMessages: new Map(),
    friends: new Map(),
    blocked: new Map(),
    pinnedConversations: [],
    collaborators: new Map(),
    nextCollaboratorId: 2,
  };
}

/** What a new app has of extensions, notifications and moderation (also filled into older state files). */
function newAppConfiguration(
  createdAt: number,
): Pick<AppRecord, "extensions" | "notifications" | "rules" | "keywordLists"> {
  return {
    extensions: new Map(),
    notifications: { settings: {}, fcm: new Map(), apns: new Map(), providers: new Map() },
    rules: new Map(defaultRules(createdAt).map((r) => [r.id, r])),
    keywordLists: new Map(defaultKeywordLists(createdAt).map((k) => [k.id, k])),
  };
}

/** The system keys of an app, as the credentials report them. */
export function systemKeys(app: AppRecord): { apiKey: string; authKey: string } {
  let apiKey = "";
  let authKey = "";
  for (const k of app.apiKeys.values()) {
    if (k.createdBy !== "app_system") continue;
    if (k.scope === "fullAccess" && !apiKey) apiKey = k.apiKey;
    if (k.scope === "authOnly" && !authKey) authKey = k.apiKey;
  }
  return { apiKey, authKey };
}

// ---- saving and dumping -------------------------------------------------------------------------------

const MAP_TAG = "$map";

/** The exact, reloadable form (Maps are tagged). */
export function serializeState(state: EmulatorState, credentials: Credentials): string {
  return JSON.stringify({ version: 1, credentials, state }, (_k, v: unknown) =>
    v instanceof Map ? { [MAP_TAG]: [...v.entries()] } : v,
  );
}

export interface SavedState {
  credentials: Credentials;
  state: EmulatorState;
}

export function deserializeState(text: string): SavedState {
  const parsed: unknown = JSON.parse(text, (_k, v: unknown) => {
    if (v && typeof v === "object" && !Array.isArray(v) && MAP_TAG in v) {
      const entries = (v as { [MAP_TAG]: unknown })[MAP_TAG];
      if (Array.isArray(entries)) return new Map(entries as [unknown, unknown][]);
    }
    return v;
  });
  if (!parsed || typeof parsed !== "object") throw new Error("state file: not a JSON object");
  const saved = parsed as { version?: unknown; credentials?: Credentials; state?: EmulatorState };
  if (saved.version !== 1 || !saved.credentials || !(saved.state?.apps instanceof Map)) {
    throw new Error("state file: unknown format (expected version 1)");
  }
  // Files written before apps had extensions, notifications and moderation get what a new app has.
  for (const app of saved.state.apps.values()) {
    const fresh = newAppConfiguration(app.createdAt);
    app.extensions ??= fresh.extensions;
    app.notifications ??= fresh.notifications;
    app.rules ??= fresh.rules;
    app.keywordLists ??= fresh.keywordLists;
    const social = newAppSocial();
    for (const k of Object.keys(social) as (keyof AppSocialRecord)[]) {
      if (app[k] === undefined) Object.assign(app, { [k]: social[k] });
    }
    // Files saved before the bots' group settings took the vendor's names hold the former ones.
    for (const b of app.bots.values()) {
      const s = b.groupChatSetting as string;
      if (Object.hasOwn(GROUP_CHAT_SETTING_ALIASES, s))
        b.groupChatSetting = GROUP_CHAT_SETTING_ALIASES[s as keyof typeof GROUP_CHAT_SETTING_ALIASES];
    }
  }
  return { credentials: saved.credentials, state: saved.state };
}

/** A readable snapshot for tests: Maps become plain objects. */
export function dumpState(state: EmulatorState): Json {
  return JSON.parse(
    JSON.stringify(state, (_k, v: unknown) => (v instanceof Map ? Object.fromEntries(v.entries()) : v)),
  ) as Json;
}

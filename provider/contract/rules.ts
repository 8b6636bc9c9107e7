// Cross-field rules of request bodies: what JSON Schema cannot say about one field alone. The document names
// each with `x-refine: <name>`, and the generated schema adds it as `.refine(rule.check, rule.message)`.
import { LIMITS } from "./generated/limits";

type Uids = readonly unknown[] | undefined;

/** `{admins, moderators, participants, usersToBan}`: at most 25 uids in all, per call. */
export const membersPerCall = {
  check: (m: { admins?: Uids; moderators?: Uids; participants?: Uids; usersToBan?: Uids }) =>
    (m.admins?.length ?? 0) +
      (m.moderators?.length ?? 0) +
      (m.participants?.length ?? 0) +
      (m.usersToBan?.length ?? 0) <=
    LIMITS.membersPerCall,
  message: { message: `at most ${LIMITS.membersPerCall} uids per call` },
};

/** Type "password" needs a password: shared by the create body and the provider's Group arguments. */
export const groupPassword = {
  check: (g: { type?: string | undefined; password?: string | undefined }) =>
    g.type !== "password" || !!g.password,
  // `params.code`: the service answers this case with its own code (docs/service/groups-and-members.md).
  message: {
    message: "password is required when type is 'password'",
    path: ["password"],
    params: { code: "ERR_EMPTY_GROUP_PASS" },
  },
};

/** The whole list of app-pinned conversations: at most 5 (decision 0090). */
export const pinnedAtMost = {
  check: (cs: readonly unknown[]) => cs.length <= LIMITS.appPinnedConversations,
  // `params.code`: the service answers this case with its own code (docs/service/bots-agents-and-social.md).
  message: {
    message: `at most ${LIMITS.appPinnedConversations} conversations can be pinned for the app`,
    params: { code: "ERR_SYSTEM_PINNED_CONVERSATIONS_LIMIT_EXCEEDED" },
  },
};

/** The whole list of app-pinned conversations: no repeats (decision 0090). */
export const pinnedNoRepeat = {
  check: (cs: readonly { conversationType: string; conversationWith: string }[]) =>
    new Set(cs.map((c) => `${c.conversationType}:${c.conversationWith.toLowerCase()}`)).size === cs.length,
  message: { message: "a conversation is listed twice" },
};

/** The list as sent: no conversation twice (a uid or guid compared without case). */
export const pinnedTargetsNoRepeat = {
  check: (cs: readonly { uid?: string | undefined; guid?: string | undefined }[]) =>
    new Set(cs.map((c) => (c.guid === undefined ? `user:${c.uid}` : `group:${c.guid}`).toLowerCase()))
      .size === cs.length,
  message: { message: "a conversation is listed twice" },
};

/** A knowledge-base file comes from a local path or from content given in the program: one of them. */
// Neither is a file already managed whose bytes the program does not give: one imported by its id (a read
// cannot give a path) or adopted; the create refuses it (nothing to upload).
export const knowledgeFileOneSource = {
  check: (f: { path?: string | undefined; content?: string | undefined }) =>
    f.path === undefined || f.content === undefined,
  message: { message: "an AgentKnowledgeFile takes either path (a local file) or content, not both" },
};

/** One pinned conversation as sent: a uid or a guid, not both, not neither. */
export const pinnedOneTarget = {
  check: (c: { uid?: string | undefined; guid?: string | undefined }) =>
    (c.uid === undefined) !== (c.guid === undefined),
  message: { message: "a pinned conversation names either uid (a user) or guid (a group)" },
};

/**
 * A message's `reactions` at the top level: the owner's document lists them beside `data` but its sample
 * nests them inside `data`; both positions are read.
 */
export const messageReactions = <
  R,
  T extends { reactions?: R[] | undefined; data?: { reactions?: R[] | undefined } | undefined },
>(
  m: T,
) => ({ ...m, reactions: m.reactions ?? m.data?.reactions ?? [] });

type BasicAuth = {
  useBasicAuth?: boolean | undefined;
  username?: string | undefined;
  password?: string | undefined;
};

/** Basic auth needs both credentials: shared by the webhook bodies and the provider's Webhook arguments. */
export const basicAuthOk = (w: BasicAuth) => !w.useBasicAuth || (!!w.username && !!w.password);
export const basicAuthRule = () => ({
  message: "username and password are required when useBasicAuth is true",
  path: ["useBasicAuth"],
});
export const webhookBasicAuth = { check: basicAuthOk, message: basicAuthRule() };

/** With basic auth on, a bot needs both credentials (decision 0090). */
export const botBasicAuth = {
  check: (b: BasicAuth) => b.useBasicAuth !== true || (!!b.username && !!b.password),
  message: {
    message: "username and password are required when useBasicAuth is true",
    path: ["useBasicAuth"],
  },
};

/** A webhook's URL: https only. */
export const webhookHttps = {
  check: (u: string) => u.startsWith("https://"),
  message: { message: "webhookURL must use https" },
};

/** A bot's callback URL: https only. */
export const botHttps = {
  check: (u: string) => u.startsWith("https://"),
  message: { message: "webhookURL must be an https URL" },
};

/** Adds admins and moderators and removes collaborators in one call: at least one email, at most 25. */
export const collaboratorsPerCall = {
  check: (b: { admins?: Uids; moderators?: Uids; collaboratorsToRemove?: Uids }) => {
    const n = (b.admins?.length ?? 0) + (b.moderators?.length ?? 0) + (b.collaboratorsToRemove?.length ?? 0);
    return n >= 1 && n <= LIMITS.collaboratorsPerCall;
  },
  message: { message: `name between 1 and ${LIMITS.collaboratorsPerCall} emails in all` },
};

/** A permissions PUT must set something (role and group-scope permissions). */
export const permissionsSetSome = {
  check: (p: Record<string, unknown>) => Object.values(p).some((v) => v !== undefined),
  message: {
    message: "permissions must set at least one permission",
    // Only for a map that is otherwise valid: an unknown key alone is one mistake, reported once.
    when: (payload: { issues: readonly unknown[] }) => payload.issues.length === 0,
  },
};

/** A BYO agent's deployment: https only. */
export const deploymentUrlHttps = {
  check: (u: string) => u.startsWith("https://"),
  message: { message: "deploymentUrl must be an https URL" },
};

const isLoopbackHttp = (u: string) => /^http:\/\/(localhost|127\.0\.0\.1|\[::1\])(:\d+)?(\/|$)/i.test(u);
/** An MCP server's URL: https, or http on this machine (the vendor's own example is http://localhost). */
export const mcpServerUrl = {
  check: (u: string) => u.startsWith("https://") || isLoopbackHttp(u),
  message: { message: "url must be an https URL (http only for localhost)" },
};

/** A custom API tool's endpoint: https, or http on this machine (as an MCP server's URL). */
export const apiToolEndpoint = {
  check: (u: string) => u.startsWith("https://") || isLoopbackHttp(u),
  message: { message: "endpoint must be an https URL (http only for localhost)" },
};

type ToolAuth = {
  enableBasicAuth?: boolean | undefined;
  basicAuthUsername?: string | undefined;
  basicAuthPassword?: string | undefined;
};
/**
 * A custom API tool with basic auth on needs both credentials (the vendor's create page, S35): one rule each,
 * so that each missing one is named (and chat-export names a config key for each).
 */
export const apiToolBasicAuthUsername = {
  check: (b: ToolAuth) => !b.enableBasicAuth || !!b.basicAuthUsername,
  message: {
    message: "basicAuthUsername is required when enableBasicAuth is true",
    path: ["basicAuthUsername"],
  },
};
export const apiToolBasicAuthPassword = {
  check: (b: ToolAuth) => !b.enableBasicAuth || !!b.basicAuthPassword,
  message: {
    message: "basicAuthPassword is required when enableBasicAuth is true",
    path: ["basicAuthPassword"],
  },
};

/**
 * A custom variable takes its value from where its source says: a constant needs `constantValue`, a message's
 * or a user's metadata a `sourcePath` (docs/service/bots-agents-and-social.md, S47).
 */
export const variableSource = {
  check: (v: { sourceType?: string; sourcePath?: string | undefined; constantValue?: string | undefined }) =>
    v.sourceType === "constant" ? v.constantValue !== undefined : v.sourcePath !== undefined,
  message: {
    message: "a constant variable needs constantValue, a metadata variable needs sourcePath",
    path: ["sourceType"],
  },
};

type ExtensionIds = readonly string[] | undefined;

/** Enabling and disabling extensions: one call names at least one (decision 0040). */
export const extensionsToggleSome = {
  check: (b: { enabled?: ExtensionIds; disabled?: ExtensionIds }) =>
    (b.enabled?.length ?? 0) + (b.disabled?.length ?? 0) > 0,
  message: { message: "enabled or disabled must name at least one extension", path: ["enabled"] },
};

/** Enabling and disabling extensions: no id in both lists. */
export const extensionsToggleApart = {
  check: (b: { enabled?: ExtensionIds; disabled?: ExtensionIds }) =>
    !b.enabled?.some((id) => b.disabled?.includes(id)),
  message: { message: "an extension cannot be both enabled and disabled", path: ["disabled"] },
};

/** A notification provider's webhook with basic auth on needs both credentials. */
export const providerBasicAuth = {
  check: (b: {
    useBasicAuth?: boolean | undefined;
    basicAuthUsername?: string | undefined;
    basicAuthPassword?: string | undefined;
  }) => !b.useBasicAuth || (!!b.basicAuthUsername && !!b.basicAuthPassword),
  message: {
    message: "basicAuthUsername and basicAuthPassword are required when useBasicAuth is true",
    path: ["useBasicAuth"],
  },
};

/** SendGrid: email replies need the address they are sent to. */
export const repliesNeedSender = {
  check: (b: {
    allowEmailReplies?: boolean | undefined;
    senderEmailForReplies?: string | null | undefined;
  }) => b.allowEmailReplies !== true || !!b.senderEmailForReplies,
  message: {
    message: "senderEmailForReplies is required when allowEmailReplies is true",
    path: ["senderEmailForReplies"],
  },
};

/** How long a campaign template's sequence step may wait, in minutes (the vendor's enum; decision 0134). */
export const TEMPLATE_WAIT_MINUTES: readonly number[] = [5, 10, 30, 60, 240, 1440];

/** A template step's wait: one of the vendor's values. */
export const templateWaitMinutes = {
  check: (n: number) => TEMPLATE_WAIT_MINUTES.includes(n),
  message: { message: `waitMinutes must be one of ${TEMPLATE_WAIT_MINUTES.join(", ")}` },
};

/** The stop conditions each channel type takes (the vendor's ChannelContentDto); other types: not documented. */
export const TEMPLATE_STOP_CONDITIONS: Readonly<Record<string, readonly string[]>> = {
  in_app: ["delivered", "read", "engaged"],
  push: ["delivered", "clicked"],
};

type TemplateChannel = {
  channelType: string;
  stopCondition?: string | undefined;
  categoryFilterEnabled?: boolean | undefined;
  templateLabelEnabled?: boolean | undefined;
};

/** A template channel's stopCondition is one its channel type takes. */
export const templateStopCondition = {
  check: (c: TemplateChannel) =>
    c.stopCondition === undefined ||
    (TEMPLATE_STOP_CONDITIONS[c.channelType]?.includes(c.stopCondition) ?? true),
  message: {
    message: `stopCondition must suit the channel type: in_app takes ${TEMPLATE_STOP_CONDITIONS.in_app?.join(", ")}; push takes ${TEMPLATE_STOP_CONDITIONS.push?.join(", ")}`,
    path: ["stopCondition"],
  },
};

/** The feed's category filter and the template label are in-app settings. */
export const templateInAppOnly = {
  check: (c: TemplateChannel) =>
    c.channelType === "in_app" ||
    (c.categoryFilterEnabled === undefined && c.templateLabelEnabled === undefined),
  message: { message: "categoryFilterEnabled and templateLabelEnabled are for the in_app channel only" },
};

/** A template holds one configuration per channel type (the service answers a second with 409). */
export const templateChannelTypesOnce = {
  check: (cs: readonly { channelType: string }[]) => new Set(cs.map((c) => c.channelType)).size === cs.length,
  message: { message: "channels: a channel type appears once (one configuration per channel type)" },
};

/**
 * A push certificate is a local file or its content, not both (decision 0136). Neither is a certificate
 * already managed (imported by its id: the service never gives the file back); a new one needs its bytes.
 */
export const pushCertificateOneSource = {
  check: (c: { path?: string | undefined; content?: string | undefined }) =>
    c.path === undefined || c.content === undefined,
  message: {
    message: "a PushCertificate takes either path (a local file) or content (base64), not both",
    path: ["path"],
  },
};

/** Only a p12 file has a password (a p8 key is plain PEM text). */
export const pushCertificatePasswordP12 = {
  check: (c: { type?: string | undefined; password?: string | undefined }) =>
    c.password === undefined || c.type === "p12",
  message: { message: "password is taken only for a p12 certificate (type: p12)", path: ["password"] },
};

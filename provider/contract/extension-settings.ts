// The settings of each extension (management API `/apps/{appId}/extensions/<slug>/v1/settings`): one route
// shape for all of them, and this table for what differs per extension, from the vendor's management spec
// (decision 0040). The generic ExtensionSettings resource, the client and the emulator all read it.
//
// Per slug: its fields (required ones plain; optional ones with the spec's default where it gives one;
// credentials marked with `secret()`), which methods exist, and the few ways the envelope differs.
// The chat widget (`/extensions/widget/v2/settings`) is not here: it has server-made ids and no DELETE, so it
// would be its own resource kind.
import { z } from "zod";
import { oneOf } from "./common";
import { secret } from "./secret";

export const EXTENSION_SETTINGS_METHODS = ["POST", "PUT", "GET", "DELETE"] as const;
export type ExtensionSettingsMethod = (typeof EXTENSION_SETTINGS_METHODS)[number];

/** What one extension's settings look like on the wire. */
export interface ExtensionSettingsSpec {
  /** What the extension does, in our words. */
  readonly title: string;
  /** The settings fields, as zod schemas. */
  readonly fields: Readonly<Record<string, z.ZodType>>;
  /** Cross-field rules (e.g. a webhook URL when the webhook is used). */
  readonly rules?: ReadonlyArray<{
    readonly ok: (settings: Record<string, unknown>) => boolean;
    readonly message: string;
    readonly path: string;
  }>;
  /** No POST: settings are stored with PUT only (stickers, data-masking). */
  readonly noCreate?: true;
  /** PUT stores the settings whether or not there were any (data-masking: "store or update"). */
  readonly putCreates?: true;
  /** The fields travel at the top level of the body, not inside `settings` (stickers). */
  readonly unwrapped?: true;
  /** Fields the service adds to the stored settings (a reply webhook with its token): outputs only. */
  readonly generated?: readonly string[];
  /**
   * What a store or update answers inside `data.body`: the stored settings (`{data: {settings}}`, the
   * default), `{data: {success}}`, or a bare `{success}` (sms-notification).
   */
  readonly writeAnswer?: "settings" | "success" | "bareSuccess";
  /** What a delete answers inside `data.body`: `{data: {success}}` (default), bare, or inside `settings`. */
  readonly deleteAnswer?: "success" | "bareSuccess" | "settingsSuccess";
}

// ---- field builders --------------------------------------------------------------------------------------

const text = (what: string) => z.string().min(1, `${what} must not be empty`);
/** A provider's API key, token or password. */
const credential = (what: string) => secret(text(what));
const flag = () => z.boolean();
const uids = () => z.array(z.string().min(1, "an id must not be empty"));
const https = (what: string) =>
  z.url({ message: `${what} must be a URL` }).refine((u) => u.startsWith("https://"), {
    message: `${what} must use https`,
  });
const email = (what: string) => z.email({ message: `${what} must be an email address` });
/** A regular expression the service will run: it must compile. */
const regex = (what: string) =>
  z.string().refine(
    (r) => {
      try {
        new RegExp(r);
        return true;
      } catch {
        return false;
      }
    },
    { message: `${what} must be a valid regular expression` },
  );

const reportFields = {
  maxReports: z.number().int().min(1, "maxReports must be at least 1"),
  useWebhook: flag(),
  webhookURL: https("webhookURL").optional(),
  basicAuthUsername: z.string().optional(),
  basicAuthPassword: secret(z.string()).optional(),
};
const reportRules = [
  {
    ok: (s: Record<string, unknown>) => s.useWebhook !== true || typeof s.webhookURL === "string",
    message: "webhookURL is required when useWebhook is true",
    path: "webhookURL",
  },
];

const sticker = {
  enableFlag: z.boolean().optional(),
  id: z.string().optional(),
  stickerName: z.string().optional(),
  stickerOrder: z.number().optional(),
  stickerSetId: z.string().optional(),
  stickerSetName: z.string().optional(),
  stickerSetOrder: z.number().optional(),
  stickerUrl: https("stickerUrl").optional(),
};

/** Per-platform "put the notification in the payload" switches of the push-notification extension. */
const payloadPlatforms = z.strictObject({
  web: z.boolean().default(true),
  android: z.boolean().default(true),
  ionic_cordova: z.boolean().default(true),
  react_native: z.boolean().default(false),
  ios: z.boolean().default(true),
  flutter: z.boolean().default(true),
});

// ---- the table -------------------------------------------------------------------------------------------

export const EXTENSION_SETTINGS = {
  "gifs-giphy": {
    title: "GIF search through Giphy",
    fields: { giphyApiKey: credential("giphyApiKey") },
    deleteAnswer: "settingsSuccess",
  },
  "xss-filter": {
    title: "Cross-site-scripting filter",
    fields: { dropMessage: flag() },
  },
  "image-moderation": {
    title: "Image moderation",
    fields: { dropMessage: flag() },
  },
  "report-user": {
    title: "Users reporting users",
    fields: reportFields,
    rules: reportRules,
  },
  "report-message": {
    title: "Users reporting messages",
    fields: reportFields,
    rules: reportRules,
  },
  "voice-transcription": {
    title: "Voice transcription through Rev.ai",
    fields: { revaiAPIKey: credential("revaiAPIKey") },
  },
  "stickers-stipop": {
    title: "Stickers through Stipop",
    fields: { stipopApiKey: credential("stipopApiKey"), stipopAppId: text("stipopAppId") },
  },
  "sentiment-analysis": {
    title: "Sentiment analysis",
    fields: { dropMessage: flag() },
  },
  "url-shortener-tinyurl": {
    title: "URL shortening through TinyURL",
    fields: { tinyUrlAPIToken: credential("tinyUrlAPIToken"), tinyUrlDomain: text("tinyUrlDomain") },
  },
  intercom: {
    title: "Customer support through Intercom",
    fields: {
      intercomAccessToken: credential("intercomAccessToken"),
      customerSupportUid: text("customerSupportUid"),
    },
    generated: ["webhookURL"],
  },
  "url-shortener-bitly": {
    title: "URL shortening through Bitly",
    // The spec's request schema was not read; both fields come from its examples (decision 0040).
    fields: { bitlyAccessToken: credential("bitlyAccessToken"), groupGUID: text("groupGUID") },
  },
  "rich-media": {
    title: "Rich link previews through Iframely",
    fields: { iframelyApiKey: credential("iframelyApiKey") },
  },
  "virus-malware-scanner": {
    title: "Virus and malware scanning through Scanii",
    fields: { scaniiApiKey: credential("scaniiApiKey"), scaniiSecretKey: credential("scaniiSecretKey") },
  },
  broadcast: {
    title: "Video broadcasting through api.video",
    fields: { apiVideoKey: credential("apiVideoKey"), recordVideo: flag() },
  },
  "gifs-tenor": {
    title: "GIF search through Tenor",
    fields: { tenorApiKey: credential("tenorApiKey") },
  },
  "human-moderation": {
    title: "In-flight moderation of messages by people",
    fields: {
      allUserMessages: flag(),
      allGroupMessages: flag(),
      senders: uids(),
      receiverGroups: uids(),
      receiverUsers: uids(),
      allMessages: flag(),
    },
  },
  e2ee: {
    title: "End-to-end encryption through Virgil",
    fields: {
      virgilAppID: text("virgilAppID"),
      virgilAppKeyID: text("virgilAppKeyID"),
      virgilAppKey: credential("virgilAppKey"),
    },
  },
  stickers: {
    title: "Sticker sets",
    // The spec's required list for stickers is a copy of data-masking's: none is taken (decision 0040).
    fields: {
      appId: z.string().optional(),
      defaultMasterStickersData: z.array(z.strictObject(sticker)).optional(),
      customStickersData: z
        .array(
          z.strictObject({
            ...sticker,
            appId: z.string().optional(),
            stickerOrderCount: z.number().optional(),
          }),
        )
        .optional(),
    },
    noCreate: true,
    unwrapped: true,
    writeAnswer: "success",
  },
  "email-replies": {
    title: "Replying to messages by email",
    fields: { senderEmailForReplies: email("senderEmailForReplies").optional(), sendEmailReplies: flag() },
  },
  "sms-notification": {
    title: "SMS notifications through Twilio",
    fields: {
      fromMobileNo: text("fromMobileNo"),
      messageDelay: z.number().min(0, "messageDelay must not be negative"),
      twilioAccountSid: text("twilioAccountSid"),
      twilioAuthToken: credential("twilioAuthToken"),
      websiteURL: https("websiteURL"),
    },
    writeAnswer: "bareSuccess",
    deleteAnswer: "bareSuccess",
  },
  "push-notification": {
    title: "Push notifications (the legacy extension; see the notifications API for providers)",
    fields: {
      version: z.union([z.literal(0), z.literal(1), z.literal(2)], {
        message: "version must be 2 (token-based), 0 (topic and token) or 1 (topic)",
      }),
      pushProvider: z.union([z.literal(0), z.literal(1), z.literal(2)], {
        message: "pushProvider must be 1 (FCM), 2 (APNs) or 0 (both)",
      }),
      fcmCredentials: secret(
        z.strictObject({
          project_id: text("project_id"),
          client_email: email("client_email"),
          private_key: text("private_key"),
          private_key_id: text("private_key_id"),
        }),
      ).optional(),
      notificationInPayload: payloadPlatforms.optional(),
      useP8: z.boolean().default(true),
      keyId: z.string().optional(),
      teamId: z.string().optional(),
      bundleId: z.string().optional(),
      sendApnsProduction: z.boolean().default(true),
      sendNewMessageNotification: z.boolean().default(true),
      sendEditMessageNotification: z.boolean().default(false),
      sendDeleteMessageNotification: z.boolean().default(false),
      sendThreadedMessageNotification: z.boolean().default(true),
      sendIncomingCallNotification: z.boolean().default(true),
      sendMissedCallNotification: z.boolean().default(true),
      sendMemberJoinedNotification: z.boolean().default(true),
      sendMemberLeftNotification: z.boolean().default(true),
      sendMemberKickedNotification: z.boolean().default(true),
      sendMemberBannedNotification: z.boolean().default(true),
      sendMemberUnbannedNotification: z.boolean().default(true),
      sendMemberAddedNotification: z.boolean().default(true),
      sendMemberScopeChangedNotification: z.boolean().default(false),
      appId: z.string().optional(),
      cometchatMessagePayloadOptions: z
        .strictObject({
          skipSenderMetadata: z.boolean().default(false),
          skipReceiverMetadata: z.boolean().default(false),
          skipMessageMetadata: z.boolean().default(false),
          trimMessageText: z.boolean().default(true),
        })
        .optional(),
    },
  },
  chatwoot: {
    title: "Customer support through Chatwoot",
    fields: {
      chatwootAccessToken: credential("chatwootAccessToken"),
      chatwootAccountId: text("chatwootAccountId"),
      chatwootInboxId: text("chatwootInboxId"),
      customerSupportUid: text("customerSupportUid"),
    },
    generated: ["webhookURL"],
  },
  "message-shortcuts": {
    title: "Message shortcuts (a shortcut expands to a text)",
    fields: { shortcuts: z.record(text("a shortcut"), z.string()) },
  },
  "email-notification": {
    title: "Email notifications through SendGrid",
    fields: {
      // Documented but not in the spec's required list.
      sendGridApiKey: credential("sendGridApiKey").optional(),
      messageDelay: z.number().min(0, "messageDelay must not be negative"),
      senderEmail: email("senderEmail"),
      senderName: text("senderName"),
      sendGridTemplateId: text("sendGridTemplateId"),
      sendGridUnsubscribeGroupId: text("sendGridUnsubscribeGroupId"),
      useWebhook: flag(),
      webhookURL: z.string(),
      useWebhookBasicAuth: flag(),
      webhookUsername: z.string(),
      webhookPassword: secret(z.string()),
      // Named in the spec's required list without being defined: accepted, not required (decision 0040).
      sendEmailReplies: z.boolean().optional(),
      senderEmailForReplies: z.string().optional(),
    },
    rules: [
      {
        ok: (s) =>
          s.useWebhook !== true || (typeof s.webhookURL === "string" && s.webhookURL.startsWith("https://")),
        message: "webhookURL must be an https URL when useWebhook is true",
        path: "webhookURL",
      },
    ],
  },
  "data-masking": {
    title: "Masking phone numbers, emails and other patterns in messages",
    fields: {
      dropMessage: flag(),
      defaultRegexData: z.array(
        z.strictObject({
          enableFlag: z.boolean(),
          id: oneOf(["1", "2", "3"], "a built-in pattern id (1 phone, 2 email, 3 SSN)"),
          name: z.string().optional(),
          regex: z.string().optional(),
        }),
      ),
      customregexData: z.array(
        z.strictObject({ id: z.string().optional(), name: text("name"), regex: regex("regex") }),
      ),
      deleteCustomRegexData: z.array(z.string()),
    },
    noCreate: true,
    putCreates: true,
    writeAnswer: "success",
  },
  "profanity-filter": {
    title: "Profanity filter",
    fields: { dropMessage: flag(), badwords: z.array(text("a word")) },
    writeAnswer: "success",
  },
} as const satisfies Record<string, ExtensionSettingsSpec>;

export type ExtensionSlug = keyof typeof EXTENSION_SETTINGS;
export const EXTENSION_SLUGS = Object.keys(EXTENSION_SETTINGS) as ExtensionSlug[];

export const isExtensionSlug = (s: string): s is ExtensionSlug => Object.hasOwn(EXTENSION_SETTINGS, s);

const specOf = (slug: ExtensionSlug): ExtensionSettingsSpec => EXTENSION_SETTINGS[slug];

/** The settings object of one extension, strict: unknown fields are refused by name. */
export function extensionSettingsSchema(slug: ExtensionSlug) {
  const spec = specOf(slug);
  let schema: z.ZodType = z.strictObject(spec.fields);
  for (const rule of spec.rules ?? []) {
    schema = (schema as z.ZodObject).refine(rule.ok as (s: unknown) => boolean, {
      message: rule.message,
      path: [rule.path],
    });
  }
  return schema as z.ZodType<Record<string, unknown>, Record<string, unknown>>;
}

/** Whether the extension's settings route takes this method. */
export function extensionSupports(slug: ExtensionSlug, method: ExtensionSettingsMethod): boolean {
  return method !== "POST" || !specOf(slug).noCreate;
}

/**
 * The request body of a store (POST) or update (PUT) of one extension's settings: `{settings: {...}}`, or the
 * fields themselves for the unwrapped one. Undefined for an unknown slug or a method the slug lacks.
 */
export function extensionSettingsBody(slug: string, method: "POST" | "PUT"): z.ZodType | undefined {
  if (!isExtensionSlug(slug) || !extensionSupports(slug, method)) return undefined;
  const settings = extensionSettingsSchema(slug);
  return specOf(slug).unwrapped ? settings : z.strictObject({ settings });
}

/** The settings inside a validated body (the inverse of extensionSettingsBody). */
export function settingsOfBody(slug: ExtensionSlug, body: unknown): Record<string, unknown> {
  const b = (body ?? {}) as Record<string, unknown>;
  return (specOf(slug).unwrapped ? b : (b.settings as Record<string, unknown>)) ?? {};
}

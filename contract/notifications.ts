// Notifications (chat API `/notifications/...`): the app's notification settings, push providers (FCM and
// APNs, several per app, named by a providerId; one custom webhook provider), email providers (SendGrid,
// custom) and SMS providers (Twilio, custom). From the vendor's chat spec; decision 0040 records the gaps.
import { z } from "zod";
import { type ClosedSetValue, numberedChoice } from "./closed-set";
import { dataOf, jsonText, LIMITS } from "./common";
import { OPERATIONS, type OperationName } from "./generated/routes";
import { route } from "./route";
import { secret } from "./secret";

// ---- app notification settings (`pnSettingSchema`) -----------------------------------------------------

const DONT: ClosedSetValue = { value: 1, name: "DontNotify", meaning: "don't notify" };
/** Messages and replies: 1 don't notify, 2 notify for all, 3 only for mentions. */
const messages = () =>
  numberedChoice({
    name: "MessageNotification",
    values: [
      DONT,
      { value: 2, name: "NotifyForAll", meaning: "notify for all" },
      { value: 3, name: "OnlyForMentions", meaning: "only for mentions" },
    ],
  });
/** Reactions: 1 don't notify, 2 on one's own messages, 3 on all messages. */
const reactions = () =>
  numberedChoice({
    name: "ReactionNotification",
    values: [
      DONT,
      { value: 2, name: "OwnMessages", meaning: "reactions to one's own messages" },
      { value: 3, name: "AllMessages", meaning: "reactions to all messages" },
    ],
  });
/** Events (edits, deletes, member changes, calls): 1 don't notify, 2 notify. */
const event = () =>
  numberedChoice({
    name: "EventNotification",
    values: [DONT, { value: 2, name: "Notify", meaning: "notify" }],
  });

/** `<name>Setting` with `<name>Override` (whether a user may override it), both optional. */
function pair<N extends string, S extends z.ZodType>(name: N, setting: S) {
  return {
    [`${name}Setting`]: setting.optional(),
    [`${name}Override`]: z.boolean().optional(),
  } as { [K in `${N}Setting`]: z.ZodOptional<S> } & { [K in `${N}Override`]: z.ZodOptional<z.ZodBoolean> };
}

const memberEvents = {
  ...pair("memberLeft", event()),
  ...pair("memberAdded", event()),
  ...pair("memberJoined", event()),
  ...pair("memberKicked", event()),
  ...pair("memberBanned", event()),
  ...pair("memberUnbanned", event()),
  ...pair("memberScopeChanged", event()),
};
/** The Override halves of these are in the spec's example only (accepted; decision 0040). */
const callEvents = {
  ...pair("initiated", event()),
  ...pair("ongoing", event()),
  ...pair("cancelled", event()),
  ...pair("busy", event()),
  ...pair("rejected", event()),
  ...pair("unanswered", event()),
  ...pair("ended", event()),
};

const conversationPreferences = {
  ...pair("messages", messages()),
  ...pair("replies", messages()),
  ...pair("reactions", reactions()),
  // No override for these two in the spec.
  messageEditedSetting: event().optional(),
  messageDeletedSetting: event().optional(),
};

/** HHMM as an integer: 0 to 2359, minutes below 60. */
const hhmm = (what: string) =>
  z
    .number()
    .int(`${what} must be an integer HHMM`)
    .min(0, `${what} must be at least 0`)
    .max(2359, `${what} must be at most 2359`)
    .refine((v) => v % 100 < 60, { message: `${what} must be HHMM with minutes below 60` });
const Day = z.strictObject({
  from: hhmm("from").optional(),
  to: hhmm("to").optional(),
  dnd: z.boolean().optional(),
});
const WEEKDAYS = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"] as const;

const digest = z.strictObject({
  notifyForUnreadOnly: z.boolean().optional(),
  intervalInSeconds: z.number().int().min(0, "intervalInSeconds must not be negative").optional(),
  maxPerDay: z.number().int().min(0, "maxPerDay must not be negative").optional(),
  maxPerDayPerConversation: z
    .number()
    .int()
    .min(0, "maxPerDayPerConversation must not be negative")
    .optional(),
});

export const NotificationPreferences = z.strictObject({
  group: z
    .strictObject({
      ...conversationPreferences,
      // In one of the two spec versions (decision 0040).
      ...pair("quotedReplies", messages()),
      ...memberEvents,
    })
    .optional(),
  oneOnOne: z.strictObject(conversationPreferences).optional(),
  call: z.strictObject(callEvents).optional(),
  bypassPreferencesForMentions: z.boolean().optional(),
  mute: z
    .strictObject({
      ...pair("dndPreference", event()),
      mutedGroupsOverride: z.boolean().optional(),
      mutedOneOnOnesOverride: z.boolean().optional(),
      schedulePreferenceOverride: z.boolean().optional(),
      schedulePreferenceSetting: z
        .strictObject(
          Object.fromEntries(WEEKDAYS.map((d) => [d, Day.optional()])) as Record<
            (typeof WEEKDAYS)[number],
            z.ZodOptional<typeof Day>
          >,
        )
        .optional(),
    })
    .optional(),
  email: digest.optional(),
  sms: digest.optional(),
  push: z
    .strictObject({
      includeMessageObjectSetting: z.boolean().optional(),
      includeSenderMetadataSetting: z.boolean().optional(),
      includeReceiverMetadataSetting: z.boolean().optional(),
      trimTextFieldSetting: z.boolean().optional(),
      includeMessageMetadataSetting: z.boolean().optional(),
      customJson: z.record(z.string(), z.unknown()).optional(),
    })
    .optional(),
});

const template = {
  titleOneOnOne: z.string().optional(),
  titleGroup: z.string().optional(),
  body: z.string().optional(),
};
const Template = z.strictObject(template);
const MediaTemplate = z.strictObject({
  titleOneOnOne: z.string().optional(),
  titleGroup: z.string().optional(),
  body_image: z.string().optional(),
  body_audio: z.string().optional(),
  body_video: z.string().optional(),
  body_file: z.string().optional(),
});
const CustomTemplate = z.strictObject({ ...template, body_fallback: z.string().optional() });
const EmailSubject = z.strictObject({
  subjectGroup: z.string().optional(),
  subjectOneOnOne: z.string().optional(),
});
const SmsContent = z.strictObject({ bodyGroup: z.string().optional(), bodyOneOnOne: z.string().optional() });

/** Each template comes as a Default and a Privacy variant. */
const variants = <N extends string, S extends z.ZodType>(name: N, schema: S) =>
  ({
    [`${name}Default`]: schema.optional(),
    [`${name}Privacy`]: schema.optional(),
  }) as { [K in `${N}Default` | `${N}Privacy`]: z.ZodOptional<S> };

export const NotificationTemplates = z.strictObject({
  usePrivacyTemplate: numberedChoice({
    name: "TemplateChoice",
    values: [
      { value: 1, name: "DefaultTemplates", meaning: "default templates" },
      { value: 2, name: "PrivacyTemplates", meaning: "privacy templates" },
      { value: 3, name: "UserChoice", meaning: "default, with each user's privacy choice" },
    ],
  }).optional(),
  ...variants("textMessageTemplate", Template),
  ...variants("mediaMessageTemplate", MediaTemplate),
  ...variants("customMessageTemplate", CustomTemplate),
  ...variants("interactiveFormTemplate", Template),
  ...variants("interactiveCardTemplate", Template),
  ...variants("interactiveSchedulerTemplate", Template),
  ...variants("interactiveCustomTemplate", Template),
  ...variants("emailSubjectTemplate", EmailSubject),
  ...variants("smsContentTemplate", SmsContent),
});

/** The PATCH body: any part of the tree; what is sent is merged into what is stored. */
export const NotificationSettingsPatch = z.strictObject({
  preferences: NotificationPreferences.optional(),
  sound: z.strictObject({ chat: z.string().optional(), call: z.string().optional() }).optional(),
  templates: NotificationTemplates.optional(),
});
export type NotificationSettingsPatch = z.input<typeof NotificationSettingsPatch>;

const Tree = z.record(z.string(), z.unknown());
export const NotificationSettings = z.looseObject({ preferences: Tree, sound: Tree, templates: Tree });
export type NotificationSettings = z.infer<typeof NotificationSettings>;

/** `{data: {success: true}}`: the answer of most notification writes. */
const Done = dataOf(z.looseObject({ success: z.boolean() }));

// ---- push providers: FCM and APNs ----------------------------------------------------------------------

/** Caller-chosen, like the spec's examples (`fcm-provider-2`); required here (decision 0040). */
export const ProviderId = z
  .string()
  .min(1, "providerId must not be empty")
  .max(LIMITS.idLength, `providerId must be at most ${LIMITS.idLength} characters`)
  .regex(/^[A-Za-z0-9_-]+$/, "providerId may contain only letters, digits, '-' and '_'");

const text = (what: string) => z.string().min(1, `${what} must not be empty`);
const https = (what: string) =>
  z
    .url({ message: `${what} must be a URL` })
    .max(LIMITS.urlLength, `${what} must be at most ${LIMITS.urlLength} characters`)
    .refine((u) => u.startsWith("https://"), { message: `${what} must use https` });
const email = (what: string) => z.email({ message: `${what} must be an email address` });

const ServiceAccountCreds = z.strictObject({
  project_id: text("project_id"),
  client_email: email("client_email"),
  private_key: secret(text("private_key")),
  private_key_id: secret(text("private_key_id")),
});
/** Fields of Firebase's service-account file the service does not take: accepted, then left out. */
const unused = (what: string) => z.string({ message: `${what} must be a string` }).optional();
const ServiceAccountFileObject = z
  .object({
    type: z.literal("service_account", { message: 'type must be "service_account"' }).optional(),
    ...ServiceAccountCreds.shape,
    client_id: unused("client_id"),
    auth_uri: unused("auth_uri"),
    token_uri: unused("token_uri"),
    auth_provider_x509_cert_url: unused("auth_provider_x509_cert_url"),
    client_x509_cert_url: unused("client_x509_cert_url"),
    universe_domain: unused("universe_domain"),
  })
  .transform(({ project_id, client_email, private_key, private_key_id }) => ({
    project_id,
    client_email,
    private_key,
    private_key_id,
  }));
/** Its JSON text, as downloaded. */
const ServiceAccountFileText = jsonText(
  ServiceAccountFileObject,
  "must be the service-account file's JSON text as downloaded (it does not parse)",
);
/**
 * The Firebase service-account file as downloaded (an object, or its JSON text): the four fields the
 * service takes are kept, the others (type, client_id, auth_uri, …) accepted and left out (issue 20).
 */
export const ServiceAccountFile = z.union([ServiceAccountFileText, ServiceAccountFileObject], {
  message: "must be the Firebase service-account file: its JSON object, or its text",
});

const Silent = z.strictObject({ chat: z.boolean().optional(), call: z.boolean().optional() });
const fcmFields = {
  serviceAccountFilename: z.string().optional(),
  serviceAccountCreds: ServiceAccountCreds,
  notificationInPayload: z
    .strictObject({ ios: Silent.optional(), android: Silent.optional(), web: Silent.optional() })
    .optional(),
};
export const FcmProviderCreate = z.strictObject({ providerId: ProviderId, ...fcmFields });
export type FcmProviderCreate = z.input<typeof FcmProviderCreate>;
export const FcmProviderUpdate = z.strictObject({
  providerId: ProviderId,
  ...fcmFields,
  serviceAccountCreds: fcmFields.serviceAccountCreds.optional(),
});

const apnsFields = {
  keyId: text("keyId"),
  teamId: text("teamId"),
  bundleId: text("bundleId"),
  p8KeyFilename: z.string().optional(),
  /** The .p8 key's contents. */
  p8Key: secret(text("p8Key")),
  includeContentAvailable: z.boolean().optional(),
  includeMutableContent: z.boolean().optional(),
  productionMode: z.boolean().optional(),
};
export const ApnsProviderCreate = z.strictObject({ providerId: ProviderId, ...apnsFields });
export type ApnsProviderCreate = z.input<typeof ApnsProviderCreate>;
export const ApnsProviderUpdate = z.strictObject({
  providerId: ProviderId,
  ...apnsFields,
  keyId: apnsFields.keyId.optional(),
  teamId: apnsFields.teamId.optional(),
  bundleId: apnsFields.bundleId.optional(),
  p8Key: apnsFields.p8Key.optional(),
});

/** A listed FCM or APNs provider: its settings without the keys (decision 0040), and whether it is the default. */
export const PushProvider = z.looseObject({ providerId: z.string(), isDefault: z.boolean().optional() });
export type PushProvider = z.infer<typeof PushProvider>;
const PushProviders = dataOf(z.looseObject({ pushProviders: z.array(PushProvider) }));

// ---- webhook ("custom") providers and the singletons ---------------------------------------------------

/** Basic auth needs both credentials (the same rule as webhooks'). */
const basicAuthRule = {
  check: (b: {
    useBasicAuth?: boolean | undefined;
    basicAuthUsername?: string | undefined;
    basicAuthPassword?: string | undefined;
  }) => !b.useBasicAuth || (!!b.basicAuthUsername && !!b.basicAuthPassword),
  params: {
    message: "basicAuthUsername and basicAuthPassword are required when useBasicAuth is true",
    path: ["useBasicAuth"],
  },
};

const customFields = {
  isEnabled: z.boolean(),
  webhookURL: https("webhookURL"),
  useBasicAuth: z.boolean(),
  basicAuthUsername: z.string(),
  basicAuthPassword: secret(z.string()),
};
const optionalAll = <T extends Record<string, z.ZodType>>(shape: T) =>
  Object.fromEntries(Object.entries(shape).map(([k, v]) => [k, v.optional()])) as {
    [K in keyof T]: z.ZodOptional<T[K]>;
  };

export const CustomPushProviderCreate = z
  .strictObject(customFields)
  .refine(basicAuthRule.check, basicAuthRule.params);
export const CustomPushProviderUpdate = z
  .strictObject(optionalAll(customFields))
  .refine(basicAuthRule.check, basicAuthRule.params);
export const CustomProvider = z.looseObject({
  isEnabled: z.boolean(),
  webhookURL: z.string(),
  useBasicAuth: z.boolean(),
  basicAuthUsername: z.string().optional(),
  basicAuthPassword: z.string().optional(),
});
const CustomPushAnswer = dataOf(z.looseObject({ pushProviders: z.array(CustomProvider) }));

const customEmailFields = { ...customFields, useStoredEmailID: z.boolean() };
export const CustomEmailProviderCreate = z
  .strictObject(customEmailFields)
  .refine(basicAuthRule.check, basicAuthRule.params);
export const CustomEmailProviderUpdate = z
  .strictObject(optionalAll(customEmailFields))
  .refine(basicAuthRule.check, basicAuthRule.params);
const customSmsFields = { ...customFields, useStoredPhNo: z.boolean() };
export const CustomSmsProviderCreate = z
  .strictObject(customSmsFields)
  .refine(basicAuthRule.check, basicAuthRule.params);
export const CustomSmsProviderUpdate = z
  .strictObject(optionalAll(customSmsFields))
  .refine(basicAuthRule.check, basicAuthRule.params);

const sendgridFields = {
  sendGridApiKey: secret(text("sendGridApiKey")),
  sendGridTemplateID: text("sendGridTemplateID"),
  sendGridUnsubscribeGroupID: text("sendGridUnsubscribeGroupID"),
  senderName: text("senderName"),
  senderEmail: email("senderEmail"),
  allowEmailReplies: z.boolean(),
};
const sendgridOptional = {
  senderEmailForReplies: email("senderEmailForReplies").nullable().optional(),
  isEnabled: z.boolean().optional(),
};
const repliesNeedSender = {
  check: (b: {
    allowEmailReplies?: boolean | undefined;
    senderEmailForReplies?: string | null | undefined;
  }) => b.allowEmailReplies !== true || !!b.senderEmailForReplies,
  params: {
    message: "senderEmailForReplies is required when allowEmailReplies is true",
    path: ["senderEmailForReplies"],
  },
};
export const SendgridProviderCreate = z
  .strictObject({ ...sendgridFields, ...sendgridOptional })
  .refine(repliesNeedSender.check, repliesNeedSender.params);
export const SendgridProviderUpdate = z.strictObject({ ...optionalAll(sendgridFields), ...sendgridOptional });
export const SendgridProvider = z.looseObject({
  sendGridApiKey: z.string().optional(),
  sendGridTemplateID: z.string(),
  sendGridUnsubscribeGroupID: z.string(),
  senderName: z.string(),
  senderEmail: z.string(),
  allowEmailReplies: z.boolean().optional(),
  senderEmailForReplies: z.string().nullable().optional(),
  isEnabled: z.boolean().optional(),
  /** Made by the service: where replies by email arrive (carries a token). */
  repliesWebhook: z.string().optional(),
});

/** E.164, as Twilio takes sender numbers (a GUESS at the service's own check). */
const phone = (what: string) =>
  z.string().regex(/^\+[1-9][0-9]{1,14}$/, `${what} must be a phone number in E.164 form, e.g. +15551234567`);
const twilioFields = {
  twilioAccountSID: text("twilioAccountSID"),
  twilioAuthToken: secret(text("twilioAuthToken")),
  twilioSenderPhoneNumber: phone("twilioSenderPhoneNumber"),
};
export const TwilioProviderCreate = z.strictObject({ ...twilioFields, isEnabled: z.boolean().optional() });
export const TwilioProviderUpdate = z.strictObject({
  ...optionalAll(twilioFields),
  isEnabled: z.boolean().optional(),
});
export const TwilioProvider = z.looseObject({
  twilioAccountSID: z.string(),
  twilioAuthToken: z.string().optional(),
  twilioSenderPhoneNumber: z.string(),
  isEnabled: z.boolean().optional(),
});

type Facts = (typeof OPERATIONS)[OperationName];

/** GET, POST (create), PUT (update) and DELETE of one provider an app has at most one of. */
function singleton<
  G extends Facts,
  P extends Facts,
  Q extends Facts,
  D extends Facts,
  C extends z.ZodType,
  U extends z.ZodType,
  A extends z.ZodType,
>(
  ops: { get: G; create: P; update: Q; remove: D },
  create: C,
  update: U,
  answer: A,
): {
  readonly get: G & { response: A };
  readonly create: P & { body: C; response: A };
  readonly update: Q & { body: U; response: A };
  readonly remove: D & { response: typeof Done };
} {
  // Spelled out: `route` infers from generic spreads no better than RouteSpec itself.
  return {
    get: { ...ops.get, response: answer },
    create: { ...ops.create, body: create, response: answer },
    update: { ...ops.update, body: update, response: answer },
    remove: { ...ops.remove, response: Done },
  };
}

const customPush = singleton(
  {
    get: OPERATIONS.getCustomPushProvider,
    create: OPERATIONS.createCustomPushProvider,
    update: OPERATIONS.updateCustomPushProvider,
    remove: OPERATIONS.deleteCustomPushProvider,
  },
  CustomPushProviderCreate,
  CustomPushProviderUpdate,
  CustomPushAnswer,
);
const sendgrid = singleton(
  {
    get: OPERATIONS.getSendgridProvider,
    create: OPERATIONS.createSendgridProvider,
    update: OPERATIONS.updateSendgridProvider,
    remove: OPERATIONS.deleteSendgridProvider,
  },
  SendgridProviderCreate,
  SendgridProviderUpdate,
  dataOf(SendgridProvider),
);
const customEmail = singleton(
  {
    get: OPERATIONS.getCustomEmailProvider,
    create: OPERATIONS.createCustomEmailProvider,
    update: OPERATIONS.updateCustomEmailProvider,
    remove: OPERATIONS.deleteCustomEmailProvider,
  },
  CustomEmailProviderCreate,
  CustomEmailProviderUpdate,
  dataOf(CustomProvider.extend({ useStoredEmailID: z.boolean() })),
);
const twilio = singleton(
  {
    get: OPERATIONS.getTwilioProvider,
    create: OPERATIONS.createTwilioProvider,
    update: OPERATIONS.updateTwilioProvider,
    remove: OPERATIONS.deleteTwilioProvider,
  },
  TwilioProviderCreate,
  TwilioProviderUpdate,
  dataOf(TwilioProvider),
);
const customSms = singleton(
  {
    get: OPERATIONS.getCustomSmsProvider,
    create: OPERATIONS.createCustomSmsProvider,
    update: OPERATIONS.updateCustomSmsProvider,
    remove: OPERATIONS.deleteCustomSmsProvider,
  },
  CustomSmsProviderCreate,
  CustomSmsProviderUpdate,
  dataOf(CustomProvider.extend({ useStoredPhNo: z.boolean() })),
);

export const notificationRoutes = {
  getNotificationSettings: route({
    ...OPERATIONS.getNotificationSettings,
    response: dataOf(NotificationSettings),
  }),
  updateNotificationSettings: route({
    ...OPERATIONS.updateNotificationSettings,
    body: NotificationSettingsPatch,
    response: Done,
  }),
  resetNotificationSettings: route({ ...OPERATIONS.resetNotificationSettings, response: Done }),

  listFcmProviders: route({ ...OPERATIONS.listFcmProviders, response: PushProviders }),
  addFcmProvider: route({ ...OPERATIONS.addFcmProvider, body: FcmProviderCreate, response: Done }),
  updateFcmProvider: route({ ...OPERATIONS.updateFcmProvider, body: FcmProviderUpdate, response: Done }),
  deleteFcmProvider: route({ ...OPERATIONS.deleteFcmProvider, response: Done }),
  setDefaultFcmProvider: route({ ...OPERATIONS.setDefaultFcmProvider, response: Done }),

  listApnsProviders: route({ ...OPERATIONS.listApnsProviders, response: PushProviders }),
  addApnsProvider: route({
    ...OPERATIONS.addApnsProvider,
    body: ApnsProviderCreate, // The spec's example answers this add with `{pushProviders: []}`, unlike FCM's `{success}`: both parse.
    response: dataOf(
      z.looseObject({ success: z.boolean().optional(), pushProviders: z.array(z.unknown()).optional() }),
    ),
  }),
  updateApnsProvider: route({ ...OPERATIONS.updateApnsProvider, body: ApnsProviderUpdate, response: Done }),
  deleteApnsProvider: route({ ...OPERATIONS.deleteApnsProvider, response: Done }),
  setDefaultApnsProvider: route({ ...OPERATIONS.setDefaultApnsProvider, response: Done }),

  getCustomPushProvider: customPush.get,
  createCustomPushProvider: customPush.create,
  updateCustomPushProvider: customPush.update,
  deleteCustomPushProvider: customPush.remove,

  getSendgridProvider: sendgrid.get,
  createSendgridProvider: sendgrid.create,
  updateSendgridProvider: sendgrid.update,
  deleteSendgridProvider: sendgrid.remove,

  getCustomEmailProvider: customEmail.get,
  createCustomEmailProvider: customEmail.create,
  updateCustomEmailProvider: customEmail.update,
  deleteCustomEmailProvider: customEmail.remove,

  getTwilioProvider: twilio.get,
  createTwilioProvider: twilio.create,
  updateTwilioProvider: twilio.update,
  deleteTwilioProvider: twilio.remove,

  getCustomSmsProvider: customSms.get,
  createCustomSmsProvider: customSms.create,
  updateCustomSmsProvider: customSms.update,
  deleteCustomSmsProvider: customSms.remove,
} as const;

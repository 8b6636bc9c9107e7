// The notification providers an app has at most one of (chat API `/notifications/{push,email,sms}/v1/
// providers/...`): the custom push, email and SMS webhooks, SendGrid and Twilio. One kind each, named as
// users think of them (decision 0047). The credentials are the top-level secret argument `credentials`
// (secret in state and outputs; reads keep them from state, generic.ts). A PUT merges, so every update
// sends the whole declaration.
import { z } from "zod";
import {
  CustomEmailProviderCreate,
  CustomPushProviderCreate,
  CustomSmsProviderCreate,
  SendgridProviderCreate,
  TwilioProviderCreate,
} from "../api";
import type { ChatRouteName } from "../client";
import type { Args, Ctx, FileEntry, Kind } from "./kind";
import { defined, hasCode } from "./util";

type Call = (name: ChatRouteName, req?: unknown) => Promise<{ data: Args }>;
const call = (ctx: Ctx): Call => {
  const c = ctx.chat();
  return c.call.bind(c) as unknown as Call;
};

interface Shape<A extends Args> {
  name: string;
  doc: string;
  args: Kind<A>["args"];
  docs: Kind<A>["docs"];
  /** Its routes, named from the route table. */
  routes: { get: ChatRouteName; create: ChatRouteName; update: ChatRouteName; delete: ChatRouteName };
  /** The non-secret fields read back. */
  fields: readonly string[];
  defaults?: Readonly<Record<string, unknown>>;
  /** The API's body from the arguments. */
  body(a: A): Args;
  /** The provider in a GET answer; undefined when there is none. */
  found(data: Args): Args | undefined;
  outputs?: z.ZodObject<z.ZodRawShape>;
  state?(p: Args): Args;
  secretOutputs?: readonly string[];
  file: FileEntry;
}

function singletonProvider<A extends Args>(s: Shape<A>): Kind<A> {
  const id = s.name.charAt(0).toLowerCase() + s.name.slice(1);
  const get = async (ctx: Ctx): Promise<Args | undefined> => {
    try {
      return s.found((await call(ctx)(s.routes.get)).data);
    } catch (e) {
      if (hasCode(e, "ERR_PROVIDER_NOT_FOUND")) return undefined;
      throw e;
    }
  };
  const toArgs = (p: Args): A => {
    const out: Args = {};
    for (const k of s.fields) if (p[k] !== undefined && p[k] !== null && p[k] !== "") out[k] = p[k];
    return out as A;
  };
  const state = (p: Args) => s.state?.(p) ?? {};
  return {
    name: s.name,
    doc: `${s.doc} At most one per app. Id: "${id}".`,
    docs: s.docs,
    outputs: s.outputs ?? z.object({}),
    api: "chat",
    args: s.args,
    replaceOn: [],
    ...(s.defaults ? { defaults: s.defaults } : {}),
    secrets: ["credentials", ...(s.secretOutputs ?? [])],
    file: s.file,

    async create(ctx, a) {
      const r = await call(ctx)(s.routes.create, { body: s.body(a) });
      return { id, state: state(s.found(r.data) ?? {}) };
    },
    async read(ctx, _id, _prior) {
      const p = await get(ctx);
      return p ? { args: toArgs(p), state: state(p) } : undefined;
    },
    async update(ctx, _id, _olds, news) {
      const r = await call(ctx)(s.routes.update, { body: s.body(news) });
      return state(s.found(r.data) ?? {});
    },
    async delete(ctx) {
      await call(ctx)(s.routes.delete);
    },
    async find(ctx) {
      const p = await get(ctx);
      return p ? { id, args: toArgs(p) } : undefined;
    },
    async list(ctx) {
      const p = await get(ctx);
      return p ? [{ id, args: toArgs(p), state: state(p) }] : [];
    },
  };
}

// ---- the custom (webhook) providers ---------------------------------------------------------------------

const custom = CustomPushProviderCreate.shape;
const customShape = {
  isEnabled: custom.isEnabled.optional(),
  webhookURL: custom.webhookURL,
  useBasicAuth: custom.useBasicAuth.optional(),
  basicAuthUsername: z.string().min(1, "basicAuthUsername must not be empty").optional(),
  credentials: z.strictObject({ basicAuthPassword: custom.basicAuthPassword }).optional(),
};
const customDocs = {
  isEnabled: "Send notifications through this provider (default true).",
  webhookURL: "Public https URL the service posts notifications to.",
  useBasicAuth: "Send basic-auth credentials with each call (needs basicAuthUsername and credentials).",
  basicAuthUsername: "Basic-auth user name.",
  credentials: "{ basicAuthPassword }: the basic-auth password (kept secret).",
};
const basicAuthOk = (a: {
  useBasicAuth?: boolean | undefined;
  basicAuthUsername?: string | undefined;
  credentials?: { basicAuthPassword: string } | undefined;
}) => a.useBasicAuth !== true || (!!a.basicAuthUsername && !!a.credentials?.basicAuthPassword);
const basicAuthRule = {
  message: "basicAuthUsername and credentials.basicAuthPassword are required when useBasicAuth is true",
  path: ["useBasicAuth"],
};
const customBody = ({
  credentials,
  ...a
}: Args & { credentials?: { basicAuthPassword: string } | undefined }) => ({
  isEnabled: true,
  useBasicAuth: false,
  basicAuthUsername: "",
  ...defined(a),
  basicAuthPassword: credentials?.basicAuthPassword ?? "",
});
const CUSTOM_FIELDS = ["isEnabled", "webhookURL", "useBasicAuth", "basicAuthUsername"] as const;
const customDefaults = { isEnabled: true, useBasicAuth: false };
/** A custom provider's entry: the password is named in the file by a secret config key. */
const customFile = (at: string[], child: string): FileEntry => ({
  at,
  one: true,
  child,
  secretRefs: { "credentials.basicAuthPassword": "basicAuthPassword" },
});

export const CustomPushProviderArgs = z.strictObject(customShape).refine(basicAuthOk, basicAuthRule);
export type CustomPushProviderArgs = z.output<typeof CustomPushProviderArgs>;
export const customPushProvider = singletonProvider<CustomPushProviderArgs>({
  name: "CustomPushProvider",
  doc: "The app's custom push provider: the service posts push notifications to your webhook.",
  args: CustomPushProviderArgs,
  docs: customDocs,
  routes: {
    get: "getCustomPushProvider",
    create: "createCustomPushProvider",
    update: "updateCustomPushProvider",
    delete: "deleteCustomPushProvider",
  },
  fields: CUSTOM_FIELDS,
  defaults: customDefaults,
  file: customFile(["notifications", "customPush"], "custom-push"),
  body: customBody,
  // Read as a list, empty when there is none.
  found: (d) => (d.pushProviders as Args[] | undefined)?.[0],
});

const customEmail = CustomEmailProviderCreate.shape;
export const CustomEmailProviderArgs = z
  .strictObject({ ...customShape, useStoredEmailID: customEmail.useStoredEmailID.optional() })
  .refine(basicAuthOk, basicAuthRule);
export type CustomEmailProviderArgs = z.output<typeof CustomEmailProviderArgs>;
export const customEmailProvider = singletonProvider<CustomEmailProviderArgs>({
  name: "CustomEmailProvider",
  doc: "The app's custom email provider: the service posts email notifications to your webhook.",
  args: CustomEmailProviderArgs,
  docs: {
    ...customDocs,
    useStoredEmailID: "Send to the email address stored for each user (default false).",
  },
  routes: {
    get: "getCustomEmailProvider",
    create: "createCustomEmailProvider",
    update: "updateCustomEmailProvider",
    delete: "deleteCustomEmailProvider",
  },
  fields: [...CUSTOM_FIELDS, "useStoredEmailID"],
  file: customFile(["notifications", "email", "custom"], "custom-email"),
  defaults: { ...customDefaults, useStoredEmailID: false },
  body: (a) => ({ useStoredEmailID: false, ...customBody(a) }),
  found: (d) => d,
});

const customSms = CustomSmsProviderCreate.shape;
export const CustomSmsProviderArgs = z
  .strictObject({ ...customShape, useStoredPhNo: customSms.useStoredPhNo.optional() })
  .refine(basicAuthOk, basicAuthRule);
export type CustomSmsProviderArgs = z.output<typeof CustomSmsProviderArgs>;
export const customSmsProvider = singletonProvider<CustomSmsProviderArgs>({
  name: "CustomSmsProvider",
  doc: "The app's custom SMS provider: the service posts SMS notifications to your webhook.",
  args: CustomSmsProviderArgs,
  docs: { ...customDocs, useStoredPhNo: "Send to the phone number stored for each user (default false)." },
  routes: {
    get: "getCustomSmsProvider",
    create: "createCustomSmsProvider",
    update: "updateCustomSmsProvider",
    delete: "deleteCustomSmsProvider",
  },
  fields: [...CUSTOM_FIELDS, "useStoredPhNo"],
  file: customFile(["notifications", "sms", "custom"], "custom-sms"),
  defaults: { ...customDefaults, useStoredPhNo: false },
  body: (a) => ({ useStoredPhNo: false, ...customBody(a) }),
  found: (d) => d,
});

// ---- SendGrid and Twilio ---------------------------------------------------------------------------------

const sg = SendgridProviderCreate.shape;
export const SendGridEmailProviderArgs = z
  .strictObject({
    sendGridTemplateID: sg.sendGridTemplateID,
    sendGridUnsubscribeGroupID: sg.sendGridUnsubscribeGroupID,
    senderName: sg.senderName,
    senderEmail: sg.senderEmail,
    allowEmailReplies: sg.allowEmailReplies.optional(),
    senderEmailForReplies: sg.senderEmailForReplies.unwrap().unwrap().optional(),
    isEnabled: sg.isEnabled,
    credentials: z.strictObject({ sendGridApiKey: sg.sendGridApiKey }),
  })
  .refine((a) => a.allowEmailReplies !== true || !!a.senderEmailForReplies, {
    message: "senderEmailForReplies is required when allowEmailReplies is true",
    path: ["senderEmailForReplies"],
  });
export type SendGridEmailProviderArgs = z.output<typeof SendGridEmailProviderArgs>;
export const sendGridEmailProvider = singletonProvider<SendGridEmailProviderArgs>({
  name: "SendGridEmailProvider",
  doc: "The app's SendGrid email provider.",
  args: SendGridEmailProviderArgs,
  docs: {
    sendGridTemplateID: "Id of the SendGrid dynamic template.",
    sendGridUnsubscribeGroupID: "Id of the SendGrid unsubscribe group.",
    senderName: "Sender's name.",
    senderEmail: "Sender's email address.",
    allowEmailReplies: "Let recipients reply by email (needs senderEmailForReplies; default false).",
    senderEmailForReplies: "Address replies are sent from.",
    isEnabled: "Send email notifications through SendGrid (default true).",
    credentials: "{ sendGridApiKey }: the SendGrid API key (kept secret).",
  },
  routes: {
    get: "getSendgridProvider",
    create: "createSendgridProvider",
    update: "updateSendgridProvider",
    delete: "deleteSendgridProvider",
  },
  fields: [
    "sendGridTemplateID",
    "sendGridUnsubscribeGroupID",
    "senderName",
    "senderEmail",
    "allowEmailReplies",
    "senderEmailForReplies",
    "isEnabled",
  ],
  defaults: { allowEmailReplies: false, isEnabled: true },
  file: {
    at: ["notifications", "email", "sendgrid"],
    one: true,
    child: "sendgrid",
    secretRefs: { "credentials.sendGridApiKey": "sendGridApiKey" },
  },
  body: ({ credentials, ...a }) => ({
    allowEmailReplies: false,
    senderEmailForReplies: null,
    isEnabled: true,
    ...defined(a),
    sendGridApiKey: credentials.sendGridApiKey,
  }),
  found: (d) => d,
  outputs: z.object({
    repliesWebhook: z
      .string()
      .optional()
      .describe("Where replies by email arrive: made by the service, with a token in it (secret)."),
  }),
  state: (p) => (typeof p.repliesWebhook === "string" ? { repliesWebhook: p.repliesWebhook } : {}),
  secretOutputs: ["repliesWebhook"],
});

const tw = TwilioProviderCreate.shape;
export const TwilioSmsProviderArgs = z.strictObject({
  twilioAccountSID: tw.twilioAccountSID,
  twilioSenderPhoneNumber: tw.twilioSenderPhoneNumber,
  isEnabled: tw.isEnabled,
  credentials: z.strictObject({ twilioAuthToken: tw.twilioAuthToken }),
});
export type TwilioSmsProviderArgs = z.output<typeof TwilioSmsProviderArgs>;
export const twilioSmsProvider = singletonProvider<TwilioSmsProviderArgs>({
  name: "TwilioSmsProvider",
  doc: "The app's Twilio SMS provider.",
  args: TwilioSmsProviderArgs,
  docs: {
    twilioAccountSID: "Twilio account SID.",
    twilioSenderPhoneNumber: "Sender number in E.164 form, e.g. +15551234567.",
    isEnabled: "Send SMS notifications through Twilio (default true).",
    credentials: "{ twilioAuthToken }: the Twilio auth token (kept secret).",
  },
  routes: {
    get: "getTwilioProvider",
    create: "createTwilioProvider",
    update: "updateTwilioProvider",
    delete: "deleteTwilioProvider",
  },
  fields: ["twilioAccountSID", "twilioSenderPhoneNumber", "isEnabled"],
  defaults: { isEnabled: true },
  file: {
    at: ["notifications", "sms", "twilio"],
    one: true,
    child: "twilio",
    secretRefs: { "credentials.twilioAuthToken": "twilioAuthToken" },
  },
  body: ({ credentials, ...a }) => ({
    isEnabled: true,
    ...defined(a),
    twilioAuthToken: credentials.twilioAuthToken,
  }),
  found: (d) => d,
});

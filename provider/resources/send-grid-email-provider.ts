// SendGridEmailProvider: the app's SendGrid email provider (singleton-provider.ts).
import { z } from "zod";
import { SendgridProviderCreate } from "../api";
import { singletonProvider } from "./singleton-provider";
import { defined } from "./util";

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

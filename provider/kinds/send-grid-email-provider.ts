// SendGridEmailProvider: the app's SendGrid email provider (singleton-provider.ts).
import { z } from "zod";
import { described, SendgridProvider, SendgridProviderCreate } from "../contract";
import { none } from "../engine/fields";
import { defined } from "../engine/util";
import { singletonProvider } from "./singleton-provider";

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
  facts: {
    sendGridTemplateID: { doc: "Id of the SendGrid dynamic template." },
    sendGridUnsubscribeGroupID: { doc: "Id of the SendGrid unsubscribe group." },
    senderName: { doc: "Sender's name." },
    senderEmail: { doc: "Sender's email address." },
    allowEmailReplies: {
      doc: "Let recipients reply by email (needs senderEmailForReplies).",
      default: false,
    },
    senderEmailForReplies: { doc: "Address replies are sent from.", default: none },
    isEnabled: { doc: "Send email notifications through SendGrid.", default: true },
    credentials: { doc: "{ sendGridApiKey }: the SendGrid API key (kept secret)." },
  },
  routes: {
    get: "getSendgridProvider",
    create: "createSendgridProvider",
    update: "updateSendgridProvider",
    delete: "deleteSendgridProvider",
  },
  file: {
    at: ["notifications", "email", "sendgrid"],
    one: true,
    child: "sendgrid",
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
    repliesWebhook: described(
      SendgridProvider.shape.repliesWebhook,
      "Where replies by email arrive: made by the service, with a token in it (secret).",
    ),
  }),
  state: (p) => (typeof p.repliesWebhook === "string" ? { repliesWebhook: p.repliesWebhook } : {}),
});

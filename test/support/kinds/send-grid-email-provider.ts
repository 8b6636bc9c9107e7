// SendGridEmailProvider: its cases for the README table's test and the plugin's imports, its listing seeds and its secret
// sample (test/support/kinds/index.ts says what each is for).
import type { Fixture } from "./helpers";

export const fixture: Fixture = {
  cases: () => [
    {
      kind: "SendGridEmailProvider",
      name: "sendgrid",
      set: {
        sendGridTemplateID: "d-1",
        sendGridUnsubscribeGroupID: "1",
        senderName: "One",
        senderEmail: "one@example.com",
        allowEmailReplies: true,
        senderEmailForReplies: "replies1@example.com",
        isEnabled: false,
        credentials: { sendGridApiKey: "SG.key1" },
      },
      change: {
        sendGridTemplateID: "d-2",
        sendGridUnsubscribeGroupID: "2",
        senderName: "Two",
        senderEmail: "two@example.com",
        allowEmailReplies: false,
        senderEmailForReplies: "replies2@example.com",
        isEnabled: true,
        credentials: { sendGridApiKey: "SG.key2" },
      },
      remove: {
        sendGridTemplateID: "d-2",
        sendGridUnsubscribeGroupID: "2",
        senderName: "Two",
        senderEmail: "two@example.com",
        credentials: { sendGridApiKey: "SG.key2" },
      },
    },
  ],
  seeds: [
    {
      sendGridTemplateID: "d-1",
      sendGridUnsubscribeGroupID: "1",
      senderName: "Ops",
      senderEmail: "ops@example.com",
      isEnabled: true,
      credentials: { sendGridApiKey: "SG.listed" },
    },
  ],
  secret: (secret) => ({
    valid: () => ({
      sendGridTemplateID: "d-1",
      sendGridUnsubscribeGroupID: "7",
      senderName: "Chat",
      senderEmail: "chat@example.com",
      credentials: { sendGridApiKey: secret("SG") },
    }),
    sibling: ["senderEmail", "not-an-address", /senderEmail/],
  }),
  lookup: { holds: { senderName: "Ops", senderEmail: "ops@example.com" }, secret: true },
};

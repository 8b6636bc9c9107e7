// TwilioSmsProvider: the app's Twilio SMS provider (singleton-provider.ts).
import { z } from "zod";
import { TwilioProviderCreate } from "../contract";
import { defined } from "../engine/util";
import { singletonProvider } from "./singleton-provider";

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
  facts: {
    twilioAccountSID: { doc: "Twilio account SID." },
    twilioSenderPhoneNumber: { doc: "Sender number in E.164 form, e.g. +15551234567." },
    isEnabled: { doc: "Send SMS notifications through Twilio.", default: true },
    credentials: { doc: "{ twilioAuthToken }: the Twilio auth token (kept secret)." },
  },
  routes: {
    get: "getTwilioProvider",
    create: "createTwilioProvider",
    update: "updateTwilioProvider",
    delete: "deleteTwilioProvider",
  },
  file: {
    at: ["notifications", "sms", "twilio"],
    one: true,
    child: "twilio",
  },
  body: ({ credentials, ...a }) => ({
    isEnabled: true,
    ...defined(a),
    twilioAuthToken: credentials.twilioAuthToken,
  }),
  found: (d) => d,
});

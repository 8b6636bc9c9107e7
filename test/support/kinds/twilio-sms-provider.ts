// TwilioSmsProvider: its cases for the README table's test and the plugin's imports, its listing seeds and its secret
// sample (test/support/kinds/index.ts says what each is for).
import type { Fixture } from "./helpers";

export const fixture: Fixture = {
  cases: () => [
    {
      kind: "TwilioSmsProvider",
      name: "twilio",
      set: {
        twilioAccountSID: "AC1",
        twilioSenderPhoneNumber: "+15550000001",
        isEnabled: false,
        credentials: { twilioAuthToken: "token1" },
      },
      change: {
        twilioAccountSID: "AC2",
        twilioSenderPhoneNumber: "+15550000002",
        isEnabled: true,
        credentials: { twilioAuthToken: "token2" },
      },
      remove: {
        twilioAccountSID: "AC2",
        twilioSenderPhoneNumber: "+15550000002",
        credentials: { twilioAuthToken: "token2" },
      },
    },
  ],
  seeds: [
    {
      twilioAccountSID: "AC123",
      twilioSenderPhoneNumber: "+15550000001",
      isEnabled: true,
      credentials: { twilioAuthToken: "tw-token" },
    },
  ],
  secret: (secret) => ({
    valid: () => ({
      twilioAccountSID: "AC0123",
      twilioSenderPhoneNumber: "+15551234567",
      credentials: { twilioAuthToken: secret("twilio") },
    }),
    sibling: ["twilioSenderPhoneNumber", "555", /twilioSenderPhoneNumber/],
  }),
  lookup: { holds: { twilioAccountSID: "AC123", twilioSenderPhoneNumber: "+15550000001" } },
};

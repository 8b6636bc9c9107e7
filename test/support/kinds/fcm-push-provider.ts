// FcmPushProvider: its cases for the README table's test and the plugin's imports, its listing seeds and its secret
// sample (test/support/kinds/index.ts says what each is for).
import { type Fixture, SERVICE_ACCOUNT, sa, serviceAccount } from "./helpers";

export const fixture: Fixture = {
  cases: () => [
    {
      kind: "FcmPushProvider",
      name: "fcm",
      set: {
        providerId: "t-fcm",
        serviceAccountFilename: "a.json",
        notificationInPayload: { ios: { chat: true } },
        isDefault: true,
        credentials: sa(1),
      },
      change: {
        providerId: "t-fcm",
        serviceAccountFilename: "b.json",
        notificationInPayload: { android: { call: true } },
        isDefault: false,
        credentials: sa(2),
      },
      remove: { providerId: "t-fcm", credentials: sa(2) },
      replace: { providerId: "t-fcm-2" },
    },
  ],
  seeds: [
    { providerId: "listed-f1", credentials: SERVICE_ACCOUNT, isDefault: true },
    { providerId: "listed-f2", credentials: SERVICE_ACCOUNT, serviceAccountFilename: "sa.json" },
  ],
  secret: (secret) => ({
    valid: () => ({ providerId: "android", credentials: serviceAccount(secret) }),
    sibling: ["providerId", "bad id!", /providerId may contain only/],
    // Unknown fields of the file are ignored: text that is not JSON is what is invalid here.
    badSecret: () => [
      { credentials: JSON.stringify(serviceAccount(secret)).slice(0, -20) },
      /credentials: must be the service-account file's JSON text/,
    ],
  }),
  lookup: { holds: { providerId: "listed-f1", isDefault: true } },
};

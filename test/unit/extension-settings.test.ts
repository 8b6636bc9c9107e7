// The per-slug table of extension settings (provider/contract/extension-settings.ts) and the secret marks the
// resources will keep secret: each slug's shape, methods and envelope quirks, and that no credential-named
// field is left unmarked.
import {
  ApnsProviderCreate,
  CustomEmailProviderCreate,
  CustomPushProviderCreate,
  CustomSmsProviderCreate,
  EXTENSION_SETTINGS,
  EXTENSION_SLUGS,
  type ExtensionSlug,
  extensionSettingsBody,
  extensionSettingsSchema,
  extensionSupports,
  FcmProviderCreate,
  fromFormData,
  RuleCreate,
  SendgridProviderCreate,
  secretPaths,
  settingsOfBody,
  TwilioProviderCreate,
  toFormData,
} from "../../provider/contract";

const CREDENTIAL_NAME = /(key|token|password|secret)$/i;

describe("the extension settings table", () => {
  it("has the 26 slugs with a /v1/settings route", () => {
    expect(EXTENSION_SLUGS).toHaveLength(26);
    expect(EXTENSION_SLUGS).toEqual(
      expect.arrayContaining([
        "profanity-filter",
        "data-masking",
        "push-notification",
        "email-notification",
        "image-moderation",
      ]),
    );
    expect(EXTENSION_SLUGS).not.toContain("widget");
  });

  it("stickers and data-masking have no POST; data-masking's PUT creates; stickers are not wrapped", () => {
    const noPost = EXTENSION_SLUGS.filter((s) => !extensionSupports(s, "POST"));
    expect(noPost.sort()).toEqual(["data-masking", "stickers"]);
    expect(extensionSettingsBody("stickers", "POST")).toBeUndefined();
    expect(extensionSettingsBody("nope", "PUT")).toBeUndefined();
    const creates = EXTENSION_SLUGS.filter(
      (s) => (EXTENSION_SETTINGS[s] as { putCreates?: true }).putCreates,
    );
    expect(creates).toEqual(["data-masking"]);
    expect(extensionSettingsBody("stickers", "PUT")?.parse({ customStickersData: [] })).toEqual({
      customStickersData: [],
    });
    expect(extensionSettingsBody("xss-filter", "PUT")?.parse({ settings: { dropMessage: true } })).toEqual({
      settings: { dropMessage: true },
    });
    expect(settingsOfBody("stickers", { appId: "a" })).toEqual({ appId: "a" });
    expect(settingsOfBody("xss-filter", { settings: { dropMessage: true } })).toEqual({ dropMessage: true });
  });

  it("marks the credentials: every field named like one, and only those the table names", () => {
    const secrets = Object.fromEntries(
      EXTENSION_SLUGS.map((s) => [s, secretPaths(extensionSettingsSchema(s))]),
    );
    expect(secrets).toMatchObject({
      "gifs-giphy": ["giphyApiKey"],
      "xss-filter": [],
      "report-user": ["basicAuthPassword"],
      "virus-malware-scanner": ["scaniiApiKey", "scaniiSecretKey"],
      e2ee: ["virgilAppKey"],
      "push-notification": ["fcmCredentials"],
      "email-notification": ["sendGridApiKey", "webhookPassword"],
      "sms-notification": ["twilioAuthToken"],
    });
    for (const slug of EXTENSION_SLUGS) {
      const named = Object.keys(EXTENSION_SETTINGS[slug as ExtensionSlug].fields).filter((f) =>
        CREDENTIAL_NAME.test(f),
      );
      expect({ slug, unmarked: named.filter((f) => !secrets[slug]?.includes(f)) }).toEqual({
        slug,
        unmarked: [],
      });
    }
  });

  it("names the field and the rule; fills the spec's defaults for optional fields only", () => {
    const r = extensionSettingsSchema("report-message").safeParse({ useWebhook: "yes" });
    expect(r.success).toBe(false);
    expect(r.error?.issues.map((i) => i.path.join("."))).toEqual(["maxReports", "useWebhook"]);
    const push = extensionSettingsSchema("push-notification").parse({ version: 0, pushProvider: 2 });
    expect(push).toMatchObject({
      useP8: true,
      sendApnsProduction: true,
      sendMemberScopeChangedNotification: false,
    });
    expect(push.notificationInPayload).toBeUndefined();
    expect(
      extensionSettingsSchema("push-notification").parse({
        version: 2,
        pushProvider: 1,
        notificationInPayload: {},
      }).notificationInPayload,
    ).toEqual({
      web: true,
      android: true,
      ionic_cordova: true,
      react_native: false,
      ios: true,
      flutter: true,
    });
    expect(extensionSettingsSchema("human-moderation").safeParse({}).error?.issues).toHaveLength(6);
  });
});

describe("secret marks of the notification providers", () => {
  it("are where the keys are", () => {
    expect(secretPaths(FcmProviderCreate)).toEqual([
      "serviceAccountCreds.private_key",
      "serviceAccountCreds.private_key_id",
    ]);
    expect(secretPaths(ApnsProviderCreate)).toEqual(["p8Key"]);
    expect(secretPaths(SendgridProviderCreate)).toEqual(["sendGridApiKey"]);
    expect(secretPaths(TwilioProviderCreate)).toEqual(["twilioAuthToken"]);
    for (const s of [CustomPushProviderCreate, CustomEmailProviderCreate, CustomSmsProviderCreate]) {
      expect(secretPaths(s)).toEqual(["basicAuthPassword"]);
    }
    expect(secretPaths(RuleCreate)).toEqual([]);
  });
});

describe("multipart bodies", () => {
  it("round-trip: fields, repeated fields as lists, files as {filename, content}", async () => {
    const body = {
      id: "k",
      category: "sentence-similarity",
      disallowedSentences: ["a", "b"],
      file: { filename: "x.csv", content: "p,q" },
    };
    const form = toFormData(body);
    expect(form.getAll("disallowedSentences")).toEqual(["a", "b"]);
    expect(await fromFormData(form)).toEqual(body);
    const one = await fromFormData(toFormData({ disallowedSentences: ["only"], skip: undefined }));
    expect(one).toEqual({ disallowedSentences: "only" });
  });
});

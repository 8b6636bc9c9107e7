// Notifications (chat API): settings merged over the defaults and reset; FCM and APNs providers by providerId
// (no keys in listings, one default); the providers an app has at most one of: created once, read, updated,
// deleted (decision 0040).

import { unique } from "../../support/emulator";
import { type CallOptions, Harness } from "./harness";

let h: Harness;
beforeAll(async () => {
  h = await Harness.start();
});
afterAll(() => h.close());

/** A new app's chat API, so that each test starts from a new app's notifications. */
const chatApp = async (): Promise<Pick<CallOptions, "app" | "key">> => {
  const a = (await h.ok("createApp", { body: { name: unique("notif") } })).data;
  const key = Object.values(a.apiKeys ?? {}).find((k) => k.scope === "fullAccess")?.apiKey ?? "";
  return { app: { appId: a.id, region: a.region }, key };
};
const creds = {
  project_id: "proj",
  client_email: "push@proj.example.com",
  private_key: "PRIVATE",
  private_key_id: "KEYID",
};

describe("notification settings", () => {
  it("a new app answers the whole default tree", async () => {
    const s = (await h.ok("getNotificationSettings", await chatApp())).data;
    expect(s.preferences).toMatchObject({
      group: { messagesSetting: 2, messagesOverride: true, memberJoinedSetting: 1, messageEditedSetting: 2 },
      email: { intervalInSeconds: 7200, maxPerDay: 20 },
    });
    expect(s.sound).toEqual({ chat: "default", call: "default" });
    expect(s.templates).toMatchObject({ usePrivacyTemplate: 3 });
  });

  it("PATCH merges what it names and keeps the rest; DELETE resets to the defaults", async () => {
    const target = await chatApp();
    const r = await h.ok("updateNotificationSettings", {
      ...target,
      body: {
        preferences: { group: { messagesSetting: 3 } },
        templates: { textMessageTemplateDefault: { body: "{{message.data.text}}!" } },
      },
    });
    expect(r.data).toEqual({ success: true });
    await h.ok("updateNotificationSettings", {
      ...target,
      body: { preferences: { group: { repliesSetting: 1 } } },
    });
    const s = (await h.ok("getNotificationSettings", target)).data;
    expect(s.preferences).toMatchObject({
      group: { messagesSetting: 3, repliesSetting: 1, reactionsSetting: 2 },
    });
    expect(s.templates).toMatchObject({
      textMessageTemplateDefault: { body: "{{message.data.text}}!", titleGroup: expect.any(String) },
    });
    await h.ok("resetNotificationSettings", target);
    expect((await h.ok("getNotificationSettings", target)).data.preferences).toMatchObject({
      group: { messagesSetting: 2, repliesSetting: 2 },
    });
  });

  it("one-on-one quoted replies and the poll, reminder and mention templates, as the vendor's file has them", async () => {
    const target = await chatApp();
    const before = (await h.ok("getNotificationSettings", target)).data;
    // The service's defaults, as the vendor's settings example gives them for one-on-one conversations.
    expect(before.preferences.oneOnOne).toMatchObject({
      quotedRepliesSetting: 2,
      quotedRepliesOverride: true,
    });
    const added = [
      "pollMessageTemplateDefault",
      "pollMessageTemplatePrivacy",
      "reminderMessageTemplateDefault",
      "reminderMessageTemplatePrivacy",
      "userMentionTemplateDefault",
      "userMentionTemplatePrivacy",
      "groupMentionTemplateDefault",
      "groupMentionTemplatePrivacy",
    ];
    expect(added.filter((k) => !(k in before.templates))).toEqual([]);
    await h.ok("updateNotificationSettings", {
      ...target,
      body: {
        preferences: { oneOnOne: { quotedRepliesSetting: 3, quotedRepliesOverride: false } },
        templates: {
          pollMessageTemplateDefault: { body: "Poll: {{message.data.text}}", body_fallback: "A poll" },
          reminderMessageTemplatePrivacy: { body_fallback: "A reminder" },
          userMentionTemplateDefault: { bodyOneOnOne: "@you", bodyGroup: "@you in a group" },
          groupMentionTemplatePrivacy: { titleGroup: "Group", body: "@all" },
        },
      },
    });
    const after = (await h.ok("getNotificationSettings", target)).data;
    expect(after.preferences.oneOnOne).toMatchObject({
      quotedRepliesSetting: 3,
      quotedRepliesOverride: false,
    });
    expect(after.templates).toMatchObject({
      pollMessageTemplateDefault: { body: "Poll: {{message.data.text}}", body_fallback: "A poll" },
      reminderMessageTemplatePrivacy: { body_fallback: "A reminder" },
      userMentionTemplateDefault: { bodyOneOnOne: "@you", bodyGroup: "@you in a group" },
      groupMentionTemplatePrivacy: { titleGroup: "Group", body: "@all" },
    });
    // Each template takes its own fields only: a group mention has no one-on-one title.
    const e = await h.fails(
      "updateNotificationSettings",
      {
        ...target,
        body: {
          preferences: { oneOnOne: { quotedRepliesSetting: 4 } },
          templates: { groupMentionTemplateDefault: { titleOneOnOne: "x" } },
        },
      },
      400,
      "ERR_BAD_REQUEST",
    );
    expect(Object.keys(e.details ?? {}).sort()).toEqual([
      "preferences.oneOnOne.quotedRepliesSetting",
      "templates.groupMentionTemplateDefault.titleOneOnOne",
    ]);
  });

  it("refuses values outside the spec's enums and unknown keys, by field", async () => {
    const target = await chatApp();
    const e = await h.fails(
      "updateNotificationSettings",
      {
        ...target,
        body: {
          preferences: {
            group: { messageEditedSetting: 3, colour: "red" },
            mute: { schedulePreferenceSetting: { monday: { from: 960, to: 2400 } } },
          },
          templates: { usePrivacyTemplate: 4 },
        },
      },
      400,
      "ERR_BAD_REQUEST",
    );
    expect(e.details).toEqual({
      "preferences.group.messageEditedSetting": ["must be 1 (don't notify) or 2 (notify)"],
      "preferences.group.colour": ["The colour field is not allowed."],
      "preferences.mute.schedulePreferenceSetting.monday.from": ["from must be HHMM with minutes below 60"],
      "preferences.mute.schedulePreferenceSetting.monday.to": ["to must be at most 2359"],
      "templates.usePrivacyTemplate": [
        "must be 1 (default templates), 2 (privacy templates) or 3 (default, with each user's privacy choice)",
      ],
    });
  });
});

describe("FCM and APNs providers", () => {
  it("adds, lists without keys, updates, makes default and deletes", async () => {
    const target = await chatApp();
    await h.ok("addFcmProvider", { ...target, body: { providerId: "android", serviceAccountCreds: creds } });
    await h.ok("addFcmProvider", {
      ...target,
      body: { providerId: "web", serviceAccountCreds: creds, serviceAccountFilename: "sa.json" },
    });
    let listed = (await h.ok("listFcmProviders", target)).data.pushProviders;
    expect(listed.map((p) => [p.providerId, p.isDefault])).toEqual([
      ["android", true],
      ["web", false],
    ]);
    expect(listed[0]?.serviceAccountCreds).toEqual({
      project_id: "proj",
      client_email: "push@proj.example.com",
    });
    expect(JSON.stringify(listed)).not.toContain("PRIVATE");
    await h.ok("updateFcmProvider", {
      ...target,
      body: { providerId: "web", serviceAccountFilename: "new.json" },
    });
    await h.ok("setDefaultFcmProvider", { ...target, params: { providerId: "web" } });
    listed = (await h.ok("listFcmProviders", target)).data.pushProviders;
    expect(listed.map((p) => [p.providerId, p.isDefault, p.serviceAccountFilename])).toEqual([
      ["android", false, undefined],
      ["web", true, "new.json"],
    ]);
    await h.ok("deleteFcmProvider", { ...target, params: { providerId: "web" } });
    listed = (await h.ok("listFcmProviders", target)).data.pushProviders;
    // The default is not moved to another provider.
    expect(listed.map((p) => [p.providerId, p.isDefault])).toEqual([["android", false]]);
  });

  it("a duplicate providerId is a conflict; an unknown one is not found", async () => {
    const target = await chatApp();
    const body = { providerId: "ios", keyId: "K", teamId: "T", bundleId: "com.example", p8Key: "P8KEY" };
    await h.ok("addApnsProvider", { ...target, body });
    await h.fails("addApnsProvider", { ...target, body }, 400, "ERR_PROVIDER_ALREADY_EXISTS");
    expect(JSON.stringify((await h.ok("listApnsProviders", target)).data)).not.toContain("P8KEY");
    await h.fails(
      "updateApnsProvider",
      { ...target, body: { providerId: "nope" } },
      404,
      "ERR_PROVIDER_NOT_FOUND",
    );
    await h.fails(
      "deleteApnsProvider",
      { ...target, params: { providerId: "nope" } },
      404,
      "ERR_PROVIDER_NOT_FOUND",
    );
    await h.fails(
      "setDefaultApnsProvider",
      { ...target, params: { providerId: "nope" } },
      404,
      "ERR_PROVIDER_NOT_FOUND",
    );
  });

  it("needs a providerId and the keys, by field", async () => {
    const target = await chatApp();
    const e = await h.fails(
      "addFcmProvider",
      {
        ...target,
        body: { serviceAccountCreds: { ...creds, client_email: "not-an-email", private_key: "" } },
      },
      400,
      "ERR_BAD_REQUEST",
    );
    expect(e.details).toEqual({
      providerId: ["The providerId field is required."],
      "serviceAccountCreds.client_email": ["client_email must be an email address"],
      "serviceAccountCreds.private_key": ["private_key must not be empty"],
    });
  });
});

describe("providers an app has at most one of", () => {
  const custom = {
    isEnabled: true,
    webhookURL: "https://hooks.example.com/push",
    useBasicAuth: true,
    basicAuthUsername: "u",
    basicAuthPassword: "pw",
  };

  it("custom push: read as a list (empty before), created once, updated, deleted", async () => {
    const target = await chatApp();
    expect((await h.ok("getCustomPushProvider", target)).data.pushProviders).toEqual([]);
    const made = await h.ok("createCustomPushProvider", { ...target, body: custom });
    expect(made.data.pushProviders).toEqual([custom]);
    await h.fails(
      "createCustomPushProvider",
      { ...target, body: custom },
      400,
      "ERR_PROVIDER_ALREADY_EXISTS",
    );
    const upd = await h.ok("updateCustomPushProvider", { ...target, body: { isEnabled: false } });
    expect(upd.data.pushProviders[0]).toEqual({ ...custom, isEnabled: false });
    await h.ok("deleteCustomPushProvider", target);
    await h.fails("deleteCustomPushProvider", target, 404, "ERR_PROVIDER_NOT_FOUND");
    await h.fails(
      "updateCustomPushProvider",
      { ...target, body: { isEnabled: true } },
      404,
      "ERR_PROVIDER_NOT_FOUND",
    );
  });

  it("basic auth needs both credentials; the webhook must be https", async () => {
    const target = await chatApp();
    const e = await h.fails(
      "createCustomEmailProvider",
      {
        ...target,
        body: {
          ...custom,
          webhookURL: "http://hooks.example.com",
          useStoredEmailID: true,
        },
      },
      400,
      "ERR_BAD_REQUEST",
    );
    expect(e.details).toEqual({ webhookURL: ["webhookURL must use https"] });
    const auth = await h.fails(
      "createCustomSmsProvider",
      { ...target, body: { ...custom, basicAuthPassword: "", useStoredPhNo: false } },
      400,
      "ERR_BAD_REQUEST",
    );
    expect(auth.details).toEqual({
      useBasicAuth: ["basicAuthUsername and basicAuthPassword are required when useBasicAuth is true"],
    });
    const missing = await h.fails(
      "createCustomSmsProvider",
      { ...target, body: { isEnabled: true } },
      400,
      "ERR_BAD_REQUEST",
    );
    expect(Object.keys(missing.details ?? {}).sort()).toEqual([
      "basicAuthPassword",
      "basicAuthUsername",
      "useBasicAuth",
      "useStoredPhNo",
      "webhookURL",
    ]);
  });

  it("SendGrid: not found before; created with a replies webhook made by the service; updated; deleted", async () => {
    const target = await chatApp();
    await h.fails("getSendgridProvider", target, 404, "ERR_PROVIDER_NOT_FOUND");
    const body = {
      sendGridApiKey: "SG.secret",
      sendGridTemplateID: "d-123",
      sendGridUnsubscribeGroupID: "42",
      senderName: "Staging",
      senderEmail: "noreply@example.com",
      allowEmailReplies: true,
      senderEmailForReplies: "replies@example.com",
    };
    const made = await h.ok("createSendgridProvider", { ...target, body });
    expect(made.data).toMatchObject(body);
    expect(made.data.repliesWebhook).toMatch(/^https:\/\/.*token=/);
    const upd = await h.ok("updateSendgridProvider", { ...target, body: { senderName: "Prod" } });
    expect(upd.data).toMatchObject({ senderName: "Prod", repliesWebhook: made.data.repliesWebhook });
    const e = await h.fails(
      "createSendgridProvider",
      { ...(await chatApp()), body: { ...body, senderEmailForReplies: undefined } },
      400,
      "ERR_BAD_REQUEST",
    );
    expect(e.details).toEqual({
      senderEmailForReplies: ["senderEmailForReplies is required when allowEmailReplies is true"],
    });
    await h.ok("deleteSendgridProvider", target);
    await h.fails("getSendgridProvider", target, 404, "ERR_PROVIDER_NOT_FOUND");
  });

  it("Twilio: E.164 sender numbers; the credentials as the spec's read shows them", async () => {
    const target = await chatApp();
    const body = { twilioAccountSID: "AC1", twilioAuthToken: "tok", twilioSenderPhoneNumber: "+15551234567" };
    const bad = await h.fails(
      "createTwilioProvider",
      { ...target, body: { ...body, twilioSenderPhoneNumber: "555-1234" } },
      400,
      "ERR_BAD_REQUEST",
    );
    expect(bad.details).toEqual({
      twilioSenderPhoneNumber: [
        "twilioSenderPhoneNumber must be a phone number in E.164 form, e.g. +15551234567",
      ],
    });
    await h.ok("createTwilioProvider", { ...target, body });
    expect((await h.ok("getTwilioProvider", target)).data).toEqual(body);
    await h.fails("createTwilioProvider", { ...target, body }, 400, "ERR_PROVIDER_ALREADY_EXISTS");
  });
});

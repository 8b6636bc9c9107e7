// App-level configuration: notification settings, an FCM and an APNs provider whose keys come from secret
// config, a moderation rule that names a keyword list by the list resource's id output (so it is created
// after it and deleted before it), two extensions (one with a credential from secret config), app settings
// and a group scope's permissions, and two providers an app has at most one of (SendGrid, custom SMS). Resources use the stack's configured app.
import * as pulumi from "@pulumi/pulumi";
import * as chat from "pulumi-chat";

const cfg = new pulumi.Config("e2e");

new chat.NotificationSettings("settings", {
  preferences: { group: { messagesSetting: 3 }, call: { initiatedSetting: 2 } },
  sound: { chat: "chime.wav" },
});

new chat.FcmPushProvider("fcm", {
  providerId: "android",
  serviceAccountFilename: "sa.json",
  isDefault: true,
  credentials: cfg.requireSecretObject<{
    project_id: string;
    client_email: string;
    private_key: string;
    private_key_id: string;
  }>("serviceAccount"),
});

new chat.ApnsPushProvider("apns", {
  providerId: "ios",
  keyId: "KEY1",
  teamId: "TEAM1",
  bundleId: "com.example.chat",
  productionMode: true,
  credentials: { p8Key: cfg.requireSecret("p8Key") },
});

const list = new chat.ModerationKeywordList("list", {
  listId: "banned-words",
  name: "Banned words",
  category: "word",
  searchTerms: ["spoiler", "giveaway"],
});

new chat.ModerationRule("rule", {
  ruleId: "no-banned-words",
  name: "Block banned words",
  enabled: true,
  action: ["blockMessage"],
  conditions: [{ operand: "text", category: "word", isListReferencePresent: true, value: [list.id] }],
});

new chat.Extension("giphy", {
  extension: "gifs-giphy",
  secrets: { giphyApiKey: cfg.requireSecret("giphyKey") },
});

new chat.Extension("profanity", {
  extension: "profanity-filter",
  settings: { dropMessage: false, badwords: ["darn"] },
});

new chat.AppSettings("app-settings", { settings: { "core.conversations.updateOnReplies": true } });

const group = new chat.Group("general", { guid: "general", name: "General", type: "public" });
new chat.GroupScopePermissions("participants", {
  guid: group.guid,
  scope: "participant",
  permissions: { sendMessage: "deny" },
});

new chat.SendGridEmailProvider("sendgrid", {
  sendGridTemplateID: "d-template",
  sendGridUnsubscribeGroupID: "42",
  senderName: "Chat",
  senderEmail: "chat@example.com",
  allowEmailReplies: false,
  credentials: { sendGridApiKey: cfg.requireSecret("sendGridKey") },
});

new chat.CustomSmsProvider("sms", {
  webhookURL: "https://hooks.example.com/sms",
  useBasicAuth: true,
  basicAuthUsername: "texter",
  credentials: { basicAuthPassword: cfg.requireSecret("smsPassword") },
});

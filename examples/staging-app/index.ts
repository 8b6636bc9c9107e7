// A staging app built from scratch: the app itself comes from the management API, and every chat object in
// it uses the app's `connection` output, so the stack needs no chat:appId or chat:apiKey.
import * as pulumi from "@pulumi/pulumi";
import * as random from "@pulumi/random";
import * as chat from "pulumi-chat";

const cfg = new pulumi.Config();
const region = (cfg.get("region") ?? "us") as "us" | "eu" | "in";
const webhookURL = cfg.get("webhookUrl") ?? "https://hooks.example.com/chat/staging";

// App names need not be unique, but a unique one lets several stacks share an account and keeps
// `adopt` usable (it finds apps by name).
const suffix = new random.RandomString("suffix", { length: 6, special: false, upper: false });
const app = new chat.App("app", {
  name: pulumi.interpolate`staging-${pulumi.getStack()}-${suffix.result}`,
  region,
  skipSampleData: true,
});
const connection = app.connection;

const moderator = new chat.Role("moderator", {
  role: "moderator",
  name: "Moderator",
  description: "Runs the QA rooms",
  permissions: { deleteMessage: "allow", createGroup: "allow" },
  connection,
});
const tester = new chat.Role("tester", {
  role: "tester",
  name: "Tester",
  description: "Sends text only; cannot browse users or create groups",
  restrictedFeatures: ["u.listUsers", "u.deleteGroup"],
  permissions: { createGroup: "deny", "sendMessage.allowedMessageTypes": ["text"] },
  connection,
});

// A staging app is disposable: its users go for good on destroy, not into deactivation.
const lead = new chat.User("qa-lead", {
  uid: "qa-lead",
  name: "QA Lead",
  role: moderator.role,
  permanentDelete: true,
  connection,
});
const testers = [1, 2].map(
  (n) =>
    new chat.User(`tester-${n}`, {
      uid: `tester-${n}`,
      name: `Tester ${n}`,
      role: tester.role,
      metadata: { cohort: "staging" },
      permanentDelete: true,
      connection,
    }),
);

const announcements = new chat.Group("announcements", {
  guid: "announcements",
  name: "Announcements",
  owner: lead.uid,
  connection,
});
// Joining the QA room needs this password; it only ever lives in Pulumi state, encrypted.
const qaPassword = new random.RandomPassword("qa-password", { length: 20 });
const qa = new chat.Group("qa", {
  guid: "qa",
  name: "QA",
  type: "password",
  password: qaPassword.result,
  connection,
});
new chat.GroupMembers("qa-members", {
  guid: qa.guid,
  admins: [lead.uid],
  participants: testers.map((t) => t.uid),
  connection,
});

// The service accepts only letters and digits in basic-auth credentials: no special characters.
const hookPassword = new random.RandomPassword("webhook-password", { length: 32, special: false });
const hook = new chat.Webhook("events", {
  appId: app.appId,
  webhookId: "staging-events",
  name: "Staging events",
  webhookURL,
  useBasicAuth: true,
  username: "chatstaging",
  password: hookPassword.result,
  retryOnFailure: true,
});
const triggers = new chat.WebhookTriggers("events-triggers", {
  appId: app.appId,
  webhookId: hook.webhookId,
  triggers: ["message_sent", "group_member_added", "group_member_joined"],
});

// A login for the QA lead, e.g. for a smoke test that drives a client SDK.
const leadToken = new chat.AuthToken("qa-lead-token", { uid: lead.uid, platform: "web", connection });

export const appId = app.appId;
export const appName = app.name;
export const appRegion = app.region;
export const apiKey = app.apiKey;
export const authKey = app.authKey;
export const userIds = [lead.uid, ...testers.map((t) => t.uid)];
export const groupIds = [announcements.guid, qa.guid];
export const qaGroupPassword = qaPassword.result;
export const webhookId = hook.webhookId;
export const webhookTriggers = triggers.triggers;
export const webhookPassword = hookPassword.result;
export const qaLeadAuthToken = leadToken.authToken;

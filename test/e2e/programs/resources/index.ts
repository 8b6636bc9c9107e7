// Every resource kind, driven by `e2e:version`: 1 creates, 2 updates in place, 3 replaces (ids change).
// The app comes from the management API; chat resources use its `connection` output.
import * as pulumi from "@pulumi/pulumi";
import * as chat from "pulumi-chat";

const cfg = new pulumi.Config("e2e");
const v = cfg.getNumber("version") ?? 1;
const bad = cfg.get("bad");

const app = new chat.App("app", { name: "e2e-app", region: "eu" });
const connection = app.connection;

const role = new chat.Role("moderators", {
  role: v >= 3 ? "moderators-2" : "moderators",
  name: v >= 2 ? "Moderators (v2)" : "Moderators",
  description: "Can moderate",
  restrictedFeatures: v >= 2 ? ["u.listUsers", "u.deleteGroup"] : ["u.listUsers"],
  connection,
});

const alice = new chat.User("alice", {
  uid: v >= 3 ? "Alice-2" : "Alice",
  name: v >= 2 ? "Alice B." : "Alice",
  role: role.role,
  tags: v >= 2 ? ["staff", "beta"] : ["staff"],
  metadata: { team: "core", level: 2 },
  permanentDelete: true,
  connection,
});
const bob = new chat.User("bob", {
  uid: "bob",
  name: bad === "user" ? "" : "Bob",
  permanentDelete: true,
  connection,
});
const carol = new chat.User("carol", { uid: "carol", name: "Carol", permanentDelete: true, connection });

const team = new chat.Group("team", {
  guid: v >= 3 ? "team-2" : "team",
  name: v >= 2 ? "Team (v2)" : "Team",
  type: "password",
  password: cfg.requireSecret("groupPassword"),
  connection,
});
const members = new chat.GroupMembers("team-members", {
  guid: team.guid,
  admins: [alice.uid],
  participants: v >= 2 ? [bob.uid, carol.uid] : [bob.uid],
  connection,
});
const lobby = new chat.Group("lobby", { guid: "lobby", name: "Lobby", connection });
const carolInLobby = new chat.GroupMember("carol-in-lobby", {
  guid: lobby.guid,
  uid: carol.uid,
  scope: v >= 2 ? "moderator" : "participant",
  connection,
});

const ciKey = new chat.ApiKey("ci-key", {
  name: v >= 2 ? "ci key v2" : "ci key",
  scope: "authOnly",
  connection,
});

const hook = new chat.Webhook("events", {
  appId: app.appId,
  webhookId: v >= 3 ? "events-2" : "events",
  name: v >= 2 ? "Events v2" : "Events",
  webhookURL: bad === "webhook" ? "http://plain.example.com/hook" : "https://hooks.example.com/chat",
  useBasicAuth: true,
  username: "chatbot",
  password: cfg.requireSecret("webhookPassword"),
});
const triggers = new chat.WebhookTriggers("events-triggers", {
  appId: app.appId,
  webhookId: hook.webhookId,
  triggers: v >= 2 ? ["message_sent", "group_member_added"] : ["message_sent"],
});

const token = new chat.AuthToken("alice-token", {
  uid: alice.uid,
  platform: v >= 2 ? "ios" : "web",
  connection,
});

export const appId = app.appId;
export const appApiKey = app.apiKey;
export const roleId = role.role;
export const aliceUid = alice.uid;
export const teamGuid = team.guid;
export const memberIds = members.id;
export const carolScope = carolInLobby.scope;
export const ciApiKey = ciKey.apiKey;
export const webhookId = hook.webhookId;
export const triggerIds = triggers.triggers;
export const aliceToken = token.authToken;

// A staging app of every kind, sized like a real one: 10 roles, 150 users, 22 groups (20 with an
// authoritative member set, 2 with additive memberships), 5 API keys, 3 webhooks with triggers, 5 auth
// tokens, and one or two of each of the rest (bots, bans, friends, blocks, pins, collaborators, agents).
// The campaign checks the service against the stack's state, kind by kind (scripts/campaign-check.ts).
// `faults:variant` 1 is the same app changed: names, tags, member sets, a key's name and scope, a token's
// platform and a webhook's address updated in place, and two roles replaced (new ids, users moved to them).
import * as pulumi from "@pulumi/pulumi";
import * as chat from "pulumi-chat";

const cfg = new pulumi.Config("faults");
const users = cfg.getNumber("users") ?? 150;
const changed = (cfg.getNumber("variant") ?? 0) === 1;
const v = (s: string) => (changed ? `${s} v2` : s);
const app = new chat.App("app", { name: "faults-app", region: "eu" });
const connection = app.connection;
const pad = (n: number) => String(n).padStart(3, "0");

const roleId = (i: number) => (changed && i < 2 ? `role-${i}-b` : `role-${i}`);
const roles = Array.from(
  { length: 10 },
  (_, i) =>
    new chat.Role(`role-${i}`, {
      role: roleId(i),
      name: v(`Role ${i}`),
      restrictedFeatures: i % 2 ? ["u.deleteGroup"] : [],
      connection,
    }),
);
const people = Array.from(
  { length: users },
  (_, i) =>
    new chat.User(`user-${pad(i)}`, {
      uid: `user-${pad(i)}`,
      name: v(`User ${i}`),
      role: roles[i % roles.length]?.role,
      tags: [`team-${i % 5}`, ...(i % 3 ? [] : ["staff"]), ...(changed && i % 4 === 0 ? ["v2"] : [])],
      metadata: { n: i, team: i % 5 },
      permanentDelete: i % 2 === 0,
      connection,
    }),
);
const uid = (i: number) => people[i % people.length]?.uid as pulumi.Output<string>;

const groups = Array.from({ length: 22 }, (_, g) => {
  const group = new chat.Group(`group-${g}`, {
    guid: `group-${g}`,
    name: `Group ${g}`,
    type: g % 4 === 3 ? "private" : "public",
    owner: uid(g),
    tags: [`g${g % 3}`],
    connection,
  });
  if (g >= 20) {
    for (const k of [1, 2, 3]) {
      const scope = k === 1 ? "moderator" : "participant";
      new chat.GroupMember(`group-${g}-member-${k}`, {
        guid: group.guid,
        uid: uid(g + k * 7),
        scope,
        connection,
      });
    }
    return group;
  }
  // Group 0 has more members than one add call takes (25).
  const size = g === 0 ? 40 : 6;
  const participants = Array.from({ length: size }, (_, k) => g + 3 + k + (changed && g % 2 ? 1 : 0));
  new chat.GroupMembers(`group-${g}-members`, {
    guid: group.guid,
    admins: [uid(g + 1)],
    moderators: [uid(g + 2)],
    participants: participants.map(uid),
    connection,
  });
  return group;
});

const keyName = (i: number) => (changed && i === 4 ? "key 4b" : `key ${i}`);
Array.from(
  { length: 5 },
  (_, i) =>
    new chat.ApiKey(`key-${i}`, {
      name: keyName(i),
      scope: i && !(changed && i === 1) ? "authOnly" : "fullAccess",
      connection,
    }),
);

const triggersOf = (i: number): ("message_sent" | "group_created" | "user_blocked")[] =>
  i === 0 ? ["message_sent", "group_created", "user_blocked"] : ["message_sent"];
Array.from({ length: 3 }, (_, i) => {
  const hook = new chat.Webhook(`hook-${i}`, {
    appId: app.appId,
    webhookId: `hook-${i}`,
    name: `Hook ${i}`,
    webhookURL: `https://hooks.example.com/${changed ? "v2/" : ""}${i}`,
    ...(i === 0 ? { useBasicAuth: true, username: "hookuser", password: "hookpass123" } : {}),
    // The last one is of the newer webhook system (X-Webhook-Version: 2).
    ...(i === 2 ? { version: 2 as const } : {}),
  });
  new chat.WebhookTriggers(`hook-${i}-triggers`, {
    appId: app.appId,
    webhookId: hook.webhookId,
    triggers: triggersOf(i),
    ...(i === 2 ? { version: 2 as const } : {}),
  });
  return hook;
});

const tokenUsers = [0, 11, 22, 22, 44];
tokenUsers.map(
  (u, i) =>
    new chat.AuthToken(`token-${i}`, {
      uid: uid(u),
      ...(i % 2 ? { platform: changed ? "ios" : "web" } : {}),
      connection,
    }),
);

// The rest of the app: bots, a group's bans, friends and blocks, the app's pinned conversations, its
// collaborators, AI agents (two families, reconciled by name), an MCP server and a Custom API moderation list.
const botUsers = [5, 6];
botUsers.map(
  (u, i) =>
    new chat.Bot(`bot-${i}`, {
      uid: uid(u),
      webhookURL: `https://bots.example.com/${changed ? "v2/" : ""}${i}`,
      ...(i === 0 ? { useBasicAuth: true, username: "botuser", password: "botpass123" } : {}),
      connection,
    }),
);
const banned = changed ? [120, 122] : [120, 121];
new chat.GroupBans("group-5-bans", { guid: groups[5]?.guid ?? "group-5", uids: banned.map(uid), connection });
new chat.Friends("friends-10", { uid: uid(10), friends: [uid(11), uid(12)], connection });
new chat.Friends("friends-11", { uid: uid(11), friends: [uid(10)], connection });
const blocks = changed ? [21, 23] : [21, 22];
new chat.BlockedUsers("blocks-20", { uid: uid(20), blockedUids: blocks.map(uid), connection });
// Named by the objects' outputs, so that they exist first.
const pinned = [
  { conversationType: "group" as const, conversationWith: groups[1]?.guid ?? "group-1" },
  { conversationType: "user" as const, conversationWith: uid(1) },
];
new chat.PinnedConversations("pinned", {
  conversations: changed ? [...pinned].reverse() : pinned,
  connection,
});
const moderators = changed ? ["mod2@example.com"] : ["mod@example.com"];
new chat.Collaborators("collaborators", { appId: app.appId, admins: ["ops@example.com"], moderators });
const mcp = new chat.McpServer("mcp-0", {
  slug: "mcp-0",
  name: "Docs",
  url: "https://mcp.example.com/docs",
  connection,
});
// The agent builder's custom API tool (basic auth and a header, secrets) and frontend action, given to agent-0.
const apiTool = new chat.AgentApiTool("tool-0", {
  slug: "tool-0",
  name: "Orders",
  description: "Looks an order up",
  endpoint: `https://api.example.com/orders/${changed ? "v2" : "v1"}`,
  method: "POST",
  enableBasicAuth: true,
  basicAuthUsername: "svc",
  basicAuthPassword: "toolpass123",
  headers: { Authorization: "Bearer tool-token-123" },
  parameters: [{ key: "order", type: "string", description: "the order", required: true }],
  connection,
});
const frontendAction = new chat.AgentFrontendAction("action-0", {
  triggerFunction: "openOrder",
  name: v("Open order"),
  description: "Opens an order's page",
  connection,
});
// The agent builder's knowledge base and a custom variable, which agent-0 draws on and names (its text and
// the variable's default change in variant 1, in place).
const knowledge = new chat.AgentKnowledgeSource("kb-0", {
  title: "Refund policy",
  text: v("Refunds are paid within five working days."),
  connection,
});
const variable = new chat.AgentVariable("var-0", {
  name: "user.plan",
  sourceType: "user_metadata",
  sourcePath: "plan",
  defaultValue: changed ? "basic" : "free",
  connection,
});
const agentNames = ["agent-0", "agent-1"];
agentNames.map(
  (name, i) =>
    new chat.AiAgent(`agent-${i}`, {
      name,
      description: v(`Agent ${i}`),
      ...(i === 0
        ? {
            mcpServers: [mcp.slug],
            apiTools: [apiTool.slug],
            frontendActions: [frontendAction.triggerFunction],
            knowledgeSources: [knowledge.id],
            instructions: pulumi.interpolate`Help the customer (plan: @var-custom:${variable.name}).`,
          }
        : {}),
      connection,
    }),
);
new chat.ExternalAgent("external-0", {
  name: "external-0",
  provider: "crewai",
  deploymentUrl: `https://agents.example.com/${changed ? "v2" : "v1"}`,
  headers: { Authorization: "Bearer agent-token-123" },
  connection,
});

// Moderation by the team's own service: a Custom API list with basic auth (its address changes in variant 1).
new chat.ModerationCustomApiList("own-moderation", {
  listId: "own-moderation",
  name: "Own moderation",
  webhookURL: `https://moderation.example.com/${changed ? "v2" : "v1"}`,
  username: "moderator",
  password: "modpass123",
  connection,
});

// A chat widget (its id is the service's; its look and sidebar change in variant 1; destroy leaves it: the
// API has no delete route).
new chat.ChatWidget("support-widget", {
  appId: app.appId,
  name: "support-widget",
  style: { primary_color: changed ? "#334455" : "#112233" },
  sidebar: { calls: !changed, user_listing: "all_users" },
});

export const appId = app.appId;
export const appApiKey = app.apiKey;
export const region = app.region;

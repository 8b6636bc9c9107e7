// A staging app of every kind, sized like a real one: 10 roles, 150 users, 22 groups (20 with an
// authoritative member set, 2 with additive memberships), 5 API keys, 3 webhooks with triggers, 5 auth
// tokens. What it declares is exported as `expected` (plain data), so the campaign can check the emulator.
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
const uidName = (i: number) => `user-${pad(i % people.length)}`;
/** guid -> uid -> scope, the owner included (the service makes the owner an admin). */
const members: Record<string, Record<string, string>> = {};

Array.from({ length: 22 }, (_, g) => {
  const group = new chat.Group(`group-${g}`, {
    guid: `group-${g}`,
    name: `Group ${g}`,
    type: g % 4 === 3 ? "private" : "public",
    owner: uid(g),
    tags: [`g${g % 3}`],
    connection,
  });
  const set: Record<string, string> = { [uidName(g)]: "admin" };
  members[`group-${g}`] = set;
  if (g >= 20) {
    for (const k of [1, 2, 3]) {
      const scope = k === 1 ? "moderator" : "participant";
      new chat.GroupMember(`group-${g}-member-${k}`, {
        guid: group.guid,
        uid: uid(g + k * 7),
        scope,
        connection,
      });
      set[uidName(g + k * 7)] = scope;
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
  set[uidName(g + 1)] = "admin";
  set[uidName(g + 2)] = "moderator";
  for (const i of participants) set[uidName(i)] = "participant";
  return group;
});

const keyName = (i: number) => (changed && i === 4 ? "key 4b" : `key ${i}`);
const keys = Array.from(
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
const hooks = Array.from({ length: 3 }, (_, i) => {
  const hook = new chat.Webhook(`hook-${i}`, {
    appId: app.appId,
    webhookId: `hook-${i}`,
    name: `Hook ${i}`,
    webhookURL: `https://hooks.example.com/${changed ? "v2/" : ""}${i}`,
    ...(i === 0 ? { useBasicAuth: true, username: "hookuser", password: "hookpass123" } : {}),
  });
  new chat.WebhookTriggers(`hook-${i}-triggers`, {
    appId: app.appId,
    webhookId: hook.webhookId,
    triggers: triggersOf(i),
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

export const appId = app.appId;
export const appApiKey = app.apiKey;
export const expected = {
  roles: roles.map((_, i) => roleId(i)),
  users: people.map((_, i) => uidName(i)),
  members,
  apiKeys: keys.map((_, i) => keyName(i)),
  webhooks: Object.fromEntries(hooks.map((_, i) => [`hook-${i}`, triggersOf(i)])),
  authTokens: tokenUsers.map(uidName),
};

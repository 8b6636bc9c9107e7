// A quickstart in code: the first objects of a chat integration, declared in an app that already exists.
// The app comes from stack config (chat:appId, chat:region, chat:apiKey), so no resource here names it.
import * as pulumi from "@pulumi/pulumi";
import * as chat from "pulumi-chat";

const support = new chat.Role("support", {
  role: "support",
  name: "Support agents",
  description: "Answers customers; cannot browse the user list",
  restrictedFeatures: ["u.listUsers"],
});

// Demo users: destroy removes them for good (by default it only deactivates them, keeping their uids taken).
const ada = new chat.User("ada", { uid: "ada", name: "Ada", role: support.role, permanentDelete: true });
const grace = new chat.User("grace", {
  uid: "grace",
  name: "Grace",
  role: support.role,
  permanentDelete: true,
});
const linus = new chat.User("linus", { uid: "linus", name: "Linus", permanentDelete: true });

const helpdesk = new chat.Group("helpdesk", {
  guid: "helpdesk",
  name: "Help desk",
  type: "private",
  description: "Where support agents meet",
});

// Authoritative: anyone added to the group by hand is removed on the next `pulumi up`.
const members = new chat.GroupMembers("helpdesk-members", {
  guid: helpdesk.guid,
  admins: [ada.uid],
  participants: [grace.uid, linus.uid],
});

// authOnly: enough for a backend that creates users and logs them in, nothing more.
const backendKey = new chat.ApiKey("backend-key", { name: "quickstart backend", scope: "authOnly" });

export const roleId = support.role;
export const userIds = [ada.uid, grace.uid, linus.uid];
export const groupId = helpdesk.guid;
export const groupMembers = { admins: members.admins, participants: members.participants };
export const backendApiKey = pulumi.secret(backendKey.apiKey);

// A support desk in an existing chat app (stack config chat:appId, chat:region, chat:apiKey): a role, two
// users, a private group with its members, and an API key for the backend.
import * as chat from "pulumi-chat";

const agents = new chat.Role("agents", {
  role: "agents",
  name: "Support agents",
  restrictedFeatures: ["u.listUsers"],
});
const ada = new chat.User("ada", { uid: "ada", name: "Ada", role: agents.role, permanentDelete: true });
const grace = new chat.User("grace", { uid: "grace", name: "Grace", permanentDelete: true });
const desk = new chat.Group("desk", { guid: "desk", name: "Help desk", type: "private" });
new chat.GroupMembers("desk-members", { guid: desk.guid, admins: [ada.uid], participants: [grace.uid] });
const key = new chat.ApiKey("backend", { name: "backend", scope: "authOnly" });

export const groupId = desk.guid;
export const backendKey = key.apiKey;

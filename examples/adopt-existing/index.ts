// Objects that already exist in the app (created by hand, or by seed.ts) brought under management.
// `pulumi import` cannot do this: the engine sends no provider to a dynamic resource's import. Instead each
// resource says `adopt: true`: its create finds the existing object (by id; an API key by its name) and
// applies the declared arguments to it, rather than failing with "already exists".
import * as pulumi from "@pulumi/pulumi";
import * as chat from "pulumi-chat";

const cfg = new pulumi.Config();

const support = new chat.Role("support", {
  role: "support",
  name: "Support",
  description: "First-line support",
  restrictedFeatures: ["u.listUsers"],
  adopt: true,
});

// Not permanentDelete: on destroy these people are deactivated (restorable), not erased.
const ada = new chat.User("ada", { uid: "ada", name: "Ada Lovelace", role: support.role, adopt: true });
const grace = new chat.User("grace", { uid: "grace", name: "Grace Hopper", adopt: true });

// The team's room and its history outlive this stack: destroy forgets it instead of deleting it.
const general = new chat.Group(
  "general",
  {
    guid: "general",
    name: cfg.get("generalName") ?? "General",
    description: "Everyone",
    adopt: true,
  },
  { retainOnDelete: true },
);

// GroupMembers reconciles whatever is there: adopting it needs no lookup.
new chat.GroupMembers("general-members", {
  guid: general.guid,
  admins: [ada.uid],
  participants: [grace.uid],
  adopt: true,
});

// Found by its name (which must be unique); the key value stays the same, the scope is narrowed in place.
const reporting = new chat.ApiKey("reporting", { name: "reporting", scope: "authOnly", adopt: true });

// A lookup reads an object the program does not manage, in the shape of Pulumi's data sources (an Output of
// the object, read with the same connection settings as the resources): here the built-in role.
const builtIn = chat.getRole({ role: "default" });

export const roleId = support.role;
export const defaultRoleName = builtIn.name;
export const userIds = [ada.uid, grace.uid];
export const groupId = general.guid;
export const reportingKey = reporting.apiKey;

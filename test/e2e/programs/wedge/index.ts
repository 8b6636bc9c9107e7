// A group with an authoritative member set and a role with a restricted feature, in the emulator's app
// (stack config). `wedge:extraMember` adds a member the service refuses (no such user).
import * as pulumi from "@pulumi/pulumi";
import * as chat from "pulumi-chat";

const cfg = new pulumi.Config("wedge");
const extra = cfg.get("extraMember");

const alice = new chat.User("alice", { uid: "alice", name: "Alice", permanentDelete: true });
const bob = new chat.User("bob", { uid: "bob", name: "Bob", permanentDelete: true });
const team = new chat.Group("team", { guid: "team", name: "Team", owner: alice.uid });
new chat.GroupMembers("team-members", {
  guid: team.guid,
  participants: [bob.uid, ...(extra ? [extra] : [])],
});
new chat.Role("mods", { role: "mods", name: "Mods", restrictedFeatures: ["u.deleteGroup"] });

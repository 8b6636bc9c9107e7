// Resources on stack config alone (chat:* keys, no explicit connection), as a user's first program is.
// `e2e:kinds` picks the APIs in play, so that a refused connection of one API is not hidden by writes of the
// other: "chat", "management" or both (the default).
import * as pulumi from "@pulumi/pulumi";
import * as chat from "pulumi-chat";

const cfg = new pulumi.Config("e2e");
const kinds = cfg.get("kinds") ?? "chat,management";

if (kinds.includes("chat")) {
  new chat.User("alice", { uid: "alice", name: cfg.get("name") ?? "Alice", permanentDelete: true });
}
if (kinds.includes("management")) {
  new chat.Webhook("events", {
    webhookId: "events",
    name: "Events",
    webhookURL: "https://hooks.example.com/chat",
  });
}

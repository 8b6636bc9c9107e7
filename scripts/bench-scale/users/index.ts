// N chat users in the app named by stack config (chat:appId, chat:apiKey, chat:endpoint).
import * as pulumi from "@pulumi/pulumi";
import * as chat from "pulumi-chat";

const n = new pulumi.Config("bench").requireNumber("n");
for (let i = 0; i < n; i++) {
  const uid = `user-${String(i).padStart(5, "0")}`;
  new chat.User(uid, { uid, name: `User ${i}`, permanentDelete: true });
}

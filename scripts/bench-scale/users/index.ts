// N chat users in the app named by stack config (chat:appId, chat:apiKey, chat:endpoint).
import * as pulumi from "@pulumi/pulumi";
import * as chat from "pulumi-chat";

const bench = new pulumi.Config("bench");
const n = bench.requireNumber("n");
// Stacks that share one app (scripts/bench-stacks.ts) each take their own uids.
const prefix = bench.get("prefix") ?? "";
for (let i = 0; i < n; i++) {
  const uid = `${prefix}user-${String(i).padStart(5, "0")}`;
  new chat.User(uid, { uid, name: `User ${i}`, permanentDelete: true });
}

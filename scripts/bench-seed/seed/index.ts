// The seed files named by stack config (bench:dir holds users.csv, groups.ndjson, members.csv,
// messages.ndjson), in the app named by chat:appId, chat:apiKey, chat:endpoint.
import * as pulumi from "@pulumi/pulumi";
import * as chat from "pulumi-chat";

const dir = new pulumi.Config("bench").require("dir");
const users = chat.seedData("users", { entity: "users", file: `${dir}/users.csv` });
const groups = chat.seedData(
  "groups",
  { entity: "groups", file: `${dir}/groups.ndjson` },
  { dependsOn: users },
);
const both = [...users, ...groups];
chat.seedData("members", { entity: "members", file: `${dir}/members.csv` }, { dependsOn: both });
chat.seedData("messages", { entity: "messages", file: `${dir}/messages.ndjson` }, { dependsOn: both });

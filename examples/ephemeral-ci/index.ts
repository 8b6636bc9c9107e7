// The environment one CI run of one branch needs: its own app and two users to exchange messages.
// run.ts creates it, exercises it and destroys it; `branch` (config) names it.
import * as pulumi from "@pulumi/pulumi";
import * as chat from "pulumi-chat";
import { environmentName } from "./branch";

const cfg = new pulumi.Config();
const region = (cfg.get("region") ?? "us") as "us" | "eu" | "in";

const app = new chat.App("app", {
  name: environmentName(cfg.require("branch")),
  region,
  skipSampleData: true,
});
const connection = app.connection;

// permanentDelete: nothing of a CI run should outlive it.
const sender = new chat.User("sender", {
  uid: "ci-sender",
  name: "CI sender",
  permanentDelete: true,
  connection,
});
const receiver = new chat.User("receiver", {
  uid: "ci-receiver",
  name: "CI receiver",
  permanentDelete: true,
  connection,
});

export const appId = app.appId;
export const appName = app.name;
export const appRegion = app.region;
export const apiKey = app.apiKey;
export const senderUid = sender.uid;
export const receiverUid = receiver.uid;

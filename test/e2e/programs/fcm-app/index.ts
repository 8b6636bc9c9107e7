// An FCM push provider whose credentials are a secret object (the service-account file as Firebase hands it
// out) and whose connection is an output of an App created by the same program (issue 30 item 1).
import * as pulumi from "@pulumi/pulumi";
import * as chat from "pulumi-chat";

const cfg = new pulumi.Config("e2e");
const app = new chat.App("app", { name: "fcm-app", region: "eu" });
new chat.FcmPushProvider("fcm", {
  providerId: "android",
  serviceAccountFilename: "sa.json",
  credentials: cfg.requireSecretObject<{
    type: "service_account";
    project_id: string;
    client_email: string;
    private_key: string;
    private_key_id: string;
  }>("serviceAccount"),
  connection: app.connection,
});

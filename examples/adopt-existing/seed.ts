// Stands in for an app that was set up by hand before Pulumi: creates the objects index.ts then adopts.
//
//   CHAT_APP_ID=… CHAT_API_KEY=… [CHAT_ENDPOINT=…] [CHAT_REGION=us] \
//     node -r ts-node/register/transpile-only examples/adopt-existing/seed.ts
import { ChatClient, type ChatConnection } from "pulumi-chat/client";

export interface Seeded {
  /** The "reporting" API key's value (adoption keeps the key, so the value must not change). */
  reportingKey: string;
  /** A message sent in the group before adoption. */
  messageId: string;
}

export async function seed(connection: ChatConnection): Promise<Seeded> {
  const client = new ChatClient(connection);
  await client.call("createRole", { body: { role: "support", name: "support" } });
  await client.call("restrictFeatures", {
    params: { role: "support" },
    body: { featuresToRestrict: ["u.deleteGroup"] },
  });
  await client.call("createUser", {
    body: { uid: "ada", name: "ada", role: "support", metadata: { addedBy: "dashboard" } },
  });
  await client.call("createUser", { body: { uid: "grace", name: "Grace" } });
  await client.call("createGroup", { body: { guid: "general", name: "general", type: "public" } });
  await client.call("addMembers", { params: { guid: "general" }, body: { participants: ["ada", "grace"] } });
  const key = await client.call("createApiKey", { body: { name: "reporting", scope: "fullAccess" } });
  const message = await client.call("sendMessage", {
    body: { receiver: "general", receiverType: "group", type: "text", data: { text: "hello before Pulumi" } },
    onBehalfOf: "ada",
  });
  return { reportingKey: key.data.apiKey, messageId: message.data.id };
}

if (require.main === module) {
  const env = process.env;
  const [appId, apiKey] = [env.CHAT_APP_ID, env.CHAT_API_KEY];
  if (!appId || !apiKey) {
    process.stderr.write("seed: set CHAT_APP_ID and CHAT_API_KEY (and CHAT_ENDPOINT for an emulator)\n");
    process.exit(1);
  }
  const connection: ChatConnection = {
    appId,
    apiKey,
    region: (env.CHAT_REGION ?? "us") as "us" | "eu" | "in",
    ...(env.CHAT_ENDPOINT ? { endpoint: env.CHAT_ENDPOINT } : {}),
  };
  seed(connection).then(
    () =>
      process.stdout.write("seeded: role support, users ada and grace, group general, API key reporting\n"),
    (e: unknown) => {
      process.stderr.write(`seed: ${e instanceof Error ? e.message : String(e)}\n`);
      process.exit(1);
    },
  );
}

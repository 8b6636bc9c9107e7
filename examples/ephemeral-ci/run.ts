// A CI job in one file: bring up this branch's chat environment, check it converged, exercise it through
// the REST API, then destroy it and remove its stack, whether the exercise passed or not.
//
//   BRANCH=my-branch CHAT_MANAGEMENT_KEY=… CHAT_MANAGEMENT_SECRET=… \
//     node -r ts-node/register/transpile-only examples/ephemeral-ci/run.ts
//
// Optional: CHAT_MANAGEMENT_ENDPOINT and CHAT_ENDPOINT (an emulator), CHAT_REGION (us). The Pulumi backend
// and passphrase come from the usual PULUMI_* variables or `pulumi login`.
import { LocalWorkspace, type OutputMap } from "@pulumi/pulumi/automation";
import { ChatClient } from "pulumi-chat/client";
import { environmentName } from "./branch";

type Env = Readonly<Record<string, string | undefined>>;
type Region = "us" | "eu" | "in";

export interface RunResult {
  stackName: string;
  appId: string;
  appName: string;
  /** Resource changes of up, preview and destroy, as the engine counted them. */
  up: Record<string, number>;
  preview: Record<string, number>;
  destroy: Record<string, number>;
  messageId: string;
  /** Count of the reaction on the message after it was added, then after it was removed. */
  reactionCounts: [number, number];
}

function required(env: Env, name: string): string {
  const v = env[name];
  if (!v) throw new Error(`${name} is not set`);
  return v;
}

function output(outputs: OutputMap, name: string): string {
  const v = outputs[name]?.value;
  if (typeof v !== "string" || !v) throw new Error(`the stack has no output ${name}`);
  return v;
}

const REACTION = "👍";

/** Sends a message from one declared user to the other, reacts to it and takes the reaction back. */
async function exercise(
  client: ChatClient,
  from: string,
  to: string,
  text: string,
): Promise<{ messageId: string; reactionCounts: [number, number] }> {
  const sent = await client.call("sendMessage", {
    body: { receiver: to, receiverType: "user", type: "text", data: { text } },
    onBehalfOf: from,
  });
  if (sent.data.sender !== from) throw new Error(`message sent as ${sent.data.sender}, not ${from}`);
  const id = sent.data.id;
  const count = async () => {
    const m = await client.call("getMessage", { params: { id } });
    return m.data.reactions.find((r) => r.reaction === REACTION)?.count ?? 0;
  };
  await client.call("addReaction", { params: { id, reaction: REACTION }, onBehalfOf: to });
  const afterAdd = await count();
  await client.call("removeReaction", { params: { id, reaction: REACTION }, onBehalfOf: to });
  const afterRemove = await count();
  if (afterAdd !== 1 || afterRemove !== 0) {
    throw new Error(
      `reaction counts: ${afterAdd} after adding (want 1), ${afterRemove} after removing (want 0)`,
    );
  }
  return { messageId: id, reactionCounts: [afterAdd, afterRemove] };
}

export async function main(
  env: Env = process.env,
  log: (line: string) => void = (line) => process.stderr.write(line),
): Promise<RunResult> {
  const branch = required(env, "BRANCH");
  const stackName = environmentName(branch);
  const region = (env.CHAT_REGION ?? "us") as Region;
  const endpoints = {
    management: env.CHAT_MANAGEMENT_ENDPOINT,
    chat: env.CHAT_ENDPOINT,
  };

  // The engine gets the backend settings of `env` (the caller's process environment by default).
  const envVars = Object.fromEntries(
    Object.entries(env).filter(
      (e): e is [string, string] => e[0].startsWith("PULUMI_") && e[1] !== undefined,
    ),
  );
  const stack = await LocalWorkspace.createOrSelectStack({ stackName, workDir: __dirname }, { envVars });
  await stack.setAllConfig({
    "chat:managementKey": { value: required(env, "CHAT_MANAGEMENT_KEY") },
    "chat:managementSecret": { value: required(env, "CHAT_MANAGEMENT_SECRET"), secret: true },
    ...(endpoints.management ? { "chat:managementEndpoint": { value: endpoints.management } } : {}),
    ...(endpoints.chat ? { "chat:endpoint": { value: endpoints.chat } } : {}),
    "chat-ephemeral-ci:branch": { value: branch },
    "chat-ephemeral-ci:region": { value: region },
  });

  const onOutput = log;
  let done: Omit<RunResult, "destroy"> | undefined;
  let failure: unknown;
  try {
    log(`==> up ${stackName}\n`);
    const up = await stack.up({ onOutput });
    // A second look must find nothing to do: a program that never converges fails here, not in production.
    log("==> preview (expecting no changes)\n");
    const preview = await stack.preview({ expectNoChanges: true, onOutput });

    log("==> exercise\n");
    const appId = output(up.outputs, "appId");
    const client = new ChatClient({
      appId,
      region,
      apiKey: output(up.outputs, "apiKey"),
      ...(endpoints.chat ? { endpoint: endpoints.chat } : {}),
    });
    const checked = await exercise(
      client,
      output(up.outputs, "senderUid"),
      output(up.outputs, "receiverUid"),
      `hello from ${branch}`,
    );
    done = {
      stackName,
      appId,
      appName: output(up.outputs, "appName"),
      up: up.summary.resourceChanges ?? {},
      preview: preview.changeSummary,
      ...checked,
    };
  } catch (e) {
    failure = e;
    log(`==> failed: ${e instanceof Error ? e.message : String(e)}\n`);
  }
  // Torn down whatever happened above: a failed run must not leave an app behind.
  log(`==> destroy ${stackName}\n`);
  const destroyed = await stack.destroy({ onOutput });
  await stack.workspace.removeStack(stackName);
  if (failure !== undefined || !done) throw failure ?? new Error("the run did not finish");
  return { ...done, destroy: destroyed.summary.resourceChanges ?? {} };
}

if (require.main === module) {
  main().then(
    (result) => process.stdout.write(`${JSON.stringify(result)}\n`),
    (e: unknown) => {
      process.stderr.write(`ephemeral-ci: ${e instanceof Error ? e.message : String(e)}\n`);
      process.exit(1);
    },
  );
}

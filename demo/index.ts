// The root Pulumi project: provisions the chat environment declared in a data file (default
// chat-environment.yaml next to Pulumi.yaml; config `file` picks another) with the package's Environment
// component, as a user's own program does. See README "The main job".
import { resolve } from "node:path";
import * as pulumi from "@pulumi/pulumi";
import * as chat from "pulumi-chat";

const config = new pulumi.Config();
// Relative to the project folder (where Pulumi.yaml is), not to this program's folder.
const file = resolve(__dirname, "..", config.get("file") ?? "chat-environment.yaml");

// Before the component, these resources sat at the top of the stack as "<kind>:<id>": the aliases keep
// stacks made then from replacing everything (decision 0072).
const name = "environment";
const env = new chat.Environment(
  name,
  { file },
  {
    // `transformations` run in the program as each child registers (checked: a stack made before keeps
    // every resource, the component is the one create).
    transformations: [
      ({ name: child, props, opts }) => ({
        props,
        opts: {
          ...opts,
          aliases: [
            ...(opts.aliases ?? []),
            { name: child.slice(name.length + 1), parent: pulumi.rootStackResource },
          ],
        },
      }),
    ],
  },
);

export const appId = env.appId;
export const appApiKey = env.appApiKey;
export const roleIds = Object.values(env.roles).map((r) => r.role);
export const userIds = Object.values(env.users).map((u) => u.uid);
export const groupIds = Object.values(env.groups).map((g) => g.guid);
export const apiKeyValues = env.apiKeyValues;
export const webhookIds = Object.values(env.webhooks).map((w) => w.webhookId);
export const webhookBasicAuthPasswords = env.webhookBasicAuthPasswords;

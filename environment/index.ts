// The root Pulumi project: provisions the chat environment declared in a data file (default
// chat-environment.yaml next to Pulumi.yaml; config `file` picks another). See README "The main job".
import { resolve } from "node:path";
import * as pulumi from "@pulumi/pulumi";
import * as random from "@pulumi/random";
import * as chat from "pulumi-chat";
import { EnvironmentFileError, loadEnvironment } from "./load";
import { type Environment, listsOf, SCOPES, type SecretRef } from "./spec";

const config = new pulumi.Config();
// Relative to the project folder (where Pulumi.yaml is), not to this program's folder.
const file = resolve(__dirname, "..", config.get("file") ?? "chat-environment.yaml");

function load(): Environment {
  try {
    return loadEnvironment(file);
  } catch (e) {
    // A clean error for a bad file: the message names the file, the path and the rule; no stack trace.
    if (e instanceof EnvironmentFileError) throw new pulumi.RunError(e.message);
    throw e;
  }
}
const env = load();

/** An object's own `adopt`, else the file's. */
const adopt = (o: { adopt?: boolean | undefined }) => o.adopt ?? env.adopt;
/** A value the file names by a secret config key (`{ secret: key }`: `pulumi config set --secret key …`). */
const secretConfig = (ref: SecretRef) => config.requireSecret(ref.secret);

// The app: created through the management API, or the existing one of the stack's config.
let connection: pulumi.Output<chat.AppConnection> | undefined;
let appId: pulumi.Output<string>;
let appKey: pulumi.Output<string> | undefined;
if ("create" in env.app) {
  const spec = env.app.create;
  const name = spec.uniqueSuffix
    ? pulumi.interpolate`${spec.name}-${new random.RandomString("app-suffix", { length: 6, special: false, upper: false }).result}`
    : pulumi.output(spec.name);
  const app = new chat.App("app", { name, region: spec.region });
  connection = app.connection;
  appId = app.appId;
  appKey = app.apiKey;
} else {
  appId = pulumi.output(new pulumi.Config("chat").require("appId"));
}

const roles = Object.fromEntries(
  env.roles.map((r) => [r.role, new chat.Role(`role:${r.role}`, { ...r, adopt: adopt(r), connection })]),
);

const users = Object.fromEntries(
  env.users.map((u) => {
    const role = u.role ? roles[u.role] : undefined;
    // The role's output (not the plain id) orders the user after its role.
    const args = { ...u, role: role ? role.role : u.role, adopt: adopt(u), connection };
    return [u.uid, new chat.User(`user:${u.uid}`, args)];
  }),
);
const uid = (id: string) => users[id]?.uid ?? pulumi.output(id);

const groups = Object.fromEntries(
  env.groups.map((g) => {
    const { members, permissions, password: secret, ...args } = g;
    const password = secret
      ? secretConfig(secret)
      : g.type === "password"
        ? new random.RandomPassword(`group-password:${g.guid}`, { length: 24, special: false }).result
        : undefined;
    const owner = g.owner ? uid(g.owner) : undefined;
    const group = new chat.Group(`group:${g.guid}`, {
      ...args,
      owner,
      password,
      adopt: adopt(g),
      connection,
    });
    if (members) {
      new chat.GroupMembers(`members:${g.guid}`, {
        guid: group.guid,
        admins: (members.admins ?? []).map(uid),
        moderators: (members.moderators ?? []).map(uid),
        participants: (members.participants ?? []).map(uid),
        connection,
      });
    }
    for (const [scopes, scope] of Object.entries(SCOPES)) {
      const declared = permissions?.[scopes as keyof typeof SCOPES];
      if (declared)
        new chat.GroupScopePermissions(`permissions:${g.guid}:${scope}`, {
          guid: group.guid,
          scope,
          permissions: declared,
          adopt: adopt(g),
          connection,
        });
    }
    return [g.guid, group];
  }),
);

const apiKeys = env.apiKeys.map(
  (k) => new chat.ApiKey(`api-key:${k.name}`, { ...k, adopt: adopt(k), connection }),
);

const webhookPasswords: Record<string, pulumi.Output<string>> = {};
const webhooks = env.webhooks.map((w) => {
  let password: pulumi.Output<string> | undefined;
  if (w.basicAuth?.password) {
    password = secretConfig(w.basicAuth.password);
  } else if (w.basicAuth) {
    // The service accepts letters and digits only in webhook passwords.
    password = new random.RandomPassword(`webhook-password:${w.id}`, { length: 32, special: false }).result;
    webhookPasswords[w.id] = password;
  }
  const hook = new chat.Webhook(`webhook:${w.id}`, {
    appId,
    webhookId: w.id,
    name: w.name,
    webhookURL: w.url,
    useBasicAuth: !!w.basicAuth,
    username: w.basicAuth?.username,
    password,
    enabled: w.enabled,
    retryOnFailure: w.retryOnFailure,
    adopt: adopt(w),
  });
  if (w.triggers) {
    new chat.WebhookTriggers(`webhook-triggers:${w.id}`, {
      appId,
      webhookId: hook.webhookId,
      triggers: w.triggers,
    });
  }
  return hook;
});

// App-level configuration: extensions, app settings, notifications and moderation.
/** A credential from secret config; one holding a JSON object (e.g. FCM credentials) is passed as the object. */
const secretValue = (ref: SecretRef) =>
  secretConfig(ref).apply((v): unknown => {
    try {
      const parsed: unknown = JSON.parse(v);
      return parsed !== null && typeof parsed === "object" ? parsed : v;
    } catch {
      return v;
    }
  });
const extensions = env.extensions.map(
  ({ secrets, ...e }) =>
    new chat.Extension(`extension:${e.extension}`, {
      ...e,
      appId,
      secrets:
        secrets && Object.fromEntries(Object.entries(secrets).map(([k, ref]) => [k, secretValue(ref)])),
      adopt: adopt(e),
    }),
);
if (env.appSettings && Object.keys(env.appSettings).length)
  new chat.AppSettings("app-settings", { appId, settings: env.appSettings });

const notifications = env.notifications;
if (notifications?.settings)
  new chat.NotificationSettings("notification-settings", {
    ...notifications.settings,
    adopt: env.adopt,
    connection,
  });
const pushProviders = [
  ...(notifications?.push.fcm ?? []).map(
    ({ serviceAccount, ...p }) =>
      new chat.FcmPushProvider(`fcm:${p.providerId}`, {
        ...p,
        // The service-account file's text, from secret config, parsed by the provider: requireSecretObject
        // would print the whole value in its error when the text is not JSON.
        credentials: secretConfig(serviceAccount),
        adopt: adopt(p),
        connection,
      }),
  ),
  ...(notifications?.push.apns ?? []).map(
    ({ p8Key, ...p }) =>
      new chat.ApnsPushProvider(`apns:${p.providerId}`, {
        ...p,
        credentials: { p8Key: secretConfig(p8Key) },
        adopt: adopt(p),
        connection,
      }),
  ),
];
// The providers an app has at most one of: the file names each credential by a secret config key.
const secretOr = (ref: SecretRef | undefined) => (ref ? secretConfig(ref) : undefined);
function customArgs<T extends { basicAuthPassword?: SecretRef | undefined; adopt?: boolean | undefined }>(
  p: T,
) {
  const { basicAuthPassword, ...rest } = p;
  const password = secretOr(basicAuthPassword);
  return {
    ...rest,
    credentials: password ? { basicAuthPassword: password } : undefined,
    adopt: adopt(p),
    connection,
  };
}
if (notifications?.customPush)
  new chat.CustomPushProvider("custom-push", customArgs(notifications.customPush));
if (notifications?.email?.custom)
  new chat.CustomEmailProvider("custom-email", customArgs(notifications.email.custom));
if (notifications?.sms?.custom)
  new chat.CustomSmsProvider("custom-sms", customArgs(notifications.sms.custom));
if (notifications?.email?.sendgrid) {
  const { sendGridApiKey, ...p } = notifications.email.sendgrid;
  new chat.SendGridEmailProvider("sendgrid", {
    ...p,
    credentials: { sendGridApiKey: secretConfig(sendGridApiKey) },
    adopt: adopt(p),
    connection,
  });
}
if (notifications?.sms?.twilio) {
  const { twilioAuthToken, ...p } = notifications.sms.twilio;
  new chat.TwilioSmsProvider("twilio", {
    ...p,
    credentials: { twilioAuthToken: secretConfig(twilioAuthToken) },
    adopt: adopt(p),
    connection,
  });
}

const keywordLists = Object.fromEntries(
  (env.moderation?.keywordLists ?? []).map((l) => [
    l.listId,
    new chat.ModerationKeywordList(`keyword-list:${l.listId}`, { ...l, adopt: adopt(l), connection }),
  ]),
);
const rules = (env.moderation?.rules ?? []).map(
  (r) =>
    new chat.ModerationRule(`rule:${r.ruleId}`, {
      ...r,
      // A declared list is named by its resource's id output, which orders the rule after the list.
      conditions: r.conditions.map((c) =>
        listsOf(c).length
          ? { ...c, value: pulumi.all([c.value].flat().map((v) => keywordLists[v]?.id ?? v)) }
          : c,
      ),
      adopt: adopt(r),
      connection,
    }),
);
export const extensionIds = extensions.map((e) => e.extension);
export const pushProviderIds = pushProviders.map((p) => p.providerId);
export const keywordListIds = Object.values(keywordLists).map((l) => l.listId);
export const ruleIds = rules.map((r) => r.ruleId);

export { appId };
export const appApiKey = appKey ? pulumi.secret(appKey) : undefined;
export const roleIds = Object.values(roles).map((r) => r.role);
export const userIds = Object.values(users).map((u) => u.uid);
export const groupIds = Object.values(groups).map((g) => g.guid);
export const apiKeyValues = pulumi.secret(
  Object.fromEntries(apiKeys.map((k, i) => [env.apiKeys[i]?.name ?? String(i), k.apiKey])),
);
export const webhookIds = webhooks.map((w) => w.webhookId);
export const webhookBasicAuthPasswords = pulumi.secret(webhookPasswords);

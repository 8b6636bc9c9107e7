// The declared environment as a Pulumi component (decision 0072): `new chat.Environment("staging", { file })`
// in any program, TypeScript or JavaScript; the root project (environment/index.ts) is one such program.
// Children are named "<component>:<kind>:<id>" so that two environments fit in one stack.
import { resolve } from "node:path";
import * as pulumi from "@pulumi/pulumi";
import * as random from "@pulumi/random";
import type { z } from "zod";
import { configuredAppId } from "../provider/config";
import { kinds } from "../provider/resources";
import { type Args, fileEntryOf, type Kind } from "../provider/resources/kind";
import type { AppConnection } from "../sdk";
import * as chat from "../sdk/kinds";
import { stackConfig } from "../sdk/lookups";
import { argsOf, type EntryKind } from "./entries";
import { DECLARATION_ORDER, entriesOf, type FileKind, idOf, keyOf, kindNamed, mapRefs } from "./graph";
import { checkEnvironment, EnvironmentFileError, loadEnvironment } from "./load";
import { type Environment as EnvironmentSchema, SCOPES, type SecretRef } from "./spec";

/** The resources of the plain entries, by kind and id (the one of a kind an app has one of: by its child name). */
type Declared = Record<string, Record<string, pulumi.CustomResource>>;
type ResourceClass = new (
  name: string,
  args: Args,
  opts: pulumi.CustomResourceOptions,
) => pulumi.CustomResource;

/** An environment in the file's shape (what chat-environment.yaml holds), as an object. */
export type EnvironmentSpec = z.input<typeof EnvironmentSchema> & {
  /**
   * The kinds' plain sections (users, roles, apiKeys, notifications, moderation, …: environment/entries.ts),
   * checked when the component is declared against each kind's own schema, naming path and rule.
   */
  [section: string]: unknown;
};

/** Where the declared environment comes from: a YAML or JSON file, or an object of the same shape. */
export type EnvironmentArgs =
  | {
      /** The environment file (YAML or JSON, e.g. written by chat-export), relative to the project folder. */
      file: string;
      spec?: never;
    }
  | {
      /** The environment as an object, in the file's shape. */
      spec: EnvironmentSpec;
      file?: never;
    };

/** The component's type token. */
export const ENVIRONMENT_TYPE = "chat:index:Environment";

/**
 * A whole chat environment: the app (created, or the stack's `chat:appId`), roles, users, groups and their
 * members and permissions, API keys, webhooks and triggers, extensions, app settings, notifications and
 * moderation. Values the file names as `{ secret: key }` are read from the project's secret stack config.
 * Adopted objects are protected from deletion unless the environment says `protectAdopted: false`.
 */
export class Environment extends pulumi.ComponentResource {
  /** The app id. */
  readonly appId: pulumi.Output<string>;
  /** A created app's fullAccess key (secret); undefined for `app: { existing: true }`. */
  readonly appApiKey: pulumi.Output<string> | undefined;
  /** The declared objects' resources, by their id (API keys by name). */
  readonly roles: Readonly<Record<string, chat.Role>>;
  readonly users: Readonly<Record<string, chat.User>>;
  readonly groups: Readonly<Record<string, chat.Group>>;
  readonly apiKeys: Readonly<Record<string, chat.ApiKey>>;
  readonly webhooks: Readonly<Record<string, chat.Webhook>>;
  /** The API keys' values by name (secret). */
  readonly apiKeyValues: pulumi.Output<Record<string, string>>;
  /** Generated webhook basic-auth passwords by webhook id (secret). */
  readonly webhookBasicAuthPasswords: pulumi.Output<Record<string, string>>;

  constructor(name: string, args: EnvironmentArgs, opts?: pulumi.ComponentResourceOptions) {
    super(ENVIRONMENT_TYPE, name, {}, opts);
    const env = load(args);
    const config = new pulumi.Config();
    const child = (local: string) => `${name}:${local}`;
    /** The name of a composed section's resource: `<component>:<the kind's file child>:<id>`. */
    const childOf = (kind: Kind, id: string) => {
      const entry = fileEntryOf(kind);
      if (!entry) throw new Error(`${kind.name} has no file entry`);
      return child(`${entry.child}:${id}`);
    };
    /** An object's own `adopt`, else the file's. */
    const adopt = (o: { adopt?: boolean | undefined }) => o.adopt ?? env.adopt;
    /** Options of a child: protected when it (or what it belongs to) is adopted. */
    const under = (adopted: boolean | undefined): pulumi.CustomResourceOptions => ({
      parent: this,
      ...(adopted && env.protectAdopted ? { protect: true } : {}),
    });
    /** A value the file names by a secret config key (`{ secret: key }`: `pulumi config set --secret key …`). */
    const secretConfig = (ref: SecretRef) => config.requireSecret(ref.secret);
    const randomPassword = (local: string, length: number) =>
      new random.RandomPassword(child(local), { length, special: false }, { parent: this }).result;

    // The app: created through the management API, or the existing one of the stack's config.
    let connection: pulumi.Output<AppConnection> | undefined;
    let appKey: pulumi.Output<string> | undefined;
    if ("create" in env.app) {
      const spec = env.app.create;
      const suffix = () =>
        new random.RandomString(
          child("app-suffix"),
          { length: 6, special: false, upper: false },
          { parent: this },
        ).result;
      const appName = spec.uniqueSuffix
        ? pulumi.interpolate`${spec.name}-${suffix()}`
        : pulumi.output(spec.name);
      const app = new chat.App(child("app"), { name: appName, region: spec.region }, { parent: this });
      connection = app.connection;
      this.appId = app.appId;
      appKey = app.apiKey;
    } else {
      // As the resources find it: stack config, else the environment variable.
      const configured = configuredAppId(stackConfig);
      if (!configured)
        throw new pulumi.RunError(
          `${name}: app: { existing: true } needs the app's id: set chat:appId (or CHAT_APP_ID)`,
        );
      this.appId = pulumi.output(configured);
    }
    const appId = this.appId;

    // Every kind the file holds, those named before those naming them (environment/graph.ts): a plain entry
    // as its kind's arguments, a composed one by its section below.
    const declared: Declared = {};
    /** `args` with each id a reference names as the named resource's output, which orders this one after it. */
    const wire = (kind: Kind, args: Args) =>
      mapRefs(kind, args, ({ id, kind: target, ref }) => {
        const named = declared[target]?.[id] as unknown as Record<string, unknown> | undefined;
        return named ? named[ref.output ?? keyOf(kindNamed(target) as FileKind) ?? "id"] : id;
      });
    const declarePlain = (kind: EntryKind) => {
      for (const { entry } of entriesOf(env as Record<string, unknown>, kind)) {
        const id = idOf(kind, entry);
        // An entry that is one argument's value has no `adopt` of its own: the file's.
        const adopted = kind.file.only ? env.adopt : adopt(entry as { adopt?: boolean });
        const args = wire(kind, argsOf(kind, entry, secretConfig));
        const where = kind.api === "chat" ? { connection } : kind.ambient?.length ? { appId } : {};
        const Resource = (chat as unknown as Record<string, ResourceClass>)[kind.name] as ResourceClass;
        const resource = new Resource(
          child(id === undefined ? kind.file.child : `${kind.file.child}:${id}`),
          { ...args, ...where, ...(adopted === undefined ? {} : { adopt: adopted }) },
          under(adopted ?? env.adopt),
        );
        declared[kind.name] = { ...declared[kind.name], [id ?? kind.file.child]: resource };
      }
    };
    const declareGroups = () =>
      Object.fromEntries(
        env.groups.map((g) => {
          const { members, permissions, password: secret, ...rest } = g;
          const password = secret
            ? secretConfig(secret)
            : g.type === "password"
              ? randomPassword(`group-password:${g.guid}`, 24)
              : undefined;
          const adopted = adopt(g);
          const group = new chat.Group(
            childOf(kinds.Group, g.guid),
            { ...(wire(kinds.Group, rest) as typeof rest), password, adopt: adopted, connection },
            under(adopted),
          );
          if (members) {
            new chat.GroupMembers(
              childOf(kinds.GroupMembers, g.guid),
              {
                ...wire(kinds.GroupMembers, {
                  admins: members.admins ?? [],
                  moderators: members.moderators ?? [],
                  participants: members.participants ?? [],
                }),
                guid: group.guid,
                connection,
              },
              under(adopted),
            );
          }
          for (const [scopes, scope] of Object.entries(SCOPES)) {
            const declared = permissions?.[scopes as keyof typeof SCOPES];
            if (declared)
              new chat.GroupScopePermissions(
                childOf(kinds.GroupScopePermissions, `${g.guid}:${scope}`),
                { guid: group.guid, scope, permissions: declared, adopt: adopted, connection },
                under(adopted),
              );
          }
          return [g.guid, group];
        }),
      );
    const webhookPasswords: Record<string, pulumi.Output<string>> = {};
    const declareWebhooks = () =>
      Object.fromEntries(
        env.webhooks.map((w) => {
          let password: pulumi.Output<string> | undefined;
          if (w.basicAuth?.password) {
            password = secretConfig(w.basicAuth.password);
          } else if (w.basicAuth) {
            // The service accepts letters and digits only in webhook passwords.
            password = randomPassword(`webhook-password:${w.id}`, 32);
            webhookPasswords[w.id] = password;
          }
          const adopted = adopt(w);
          const hook = new chat.Webhook(
            childOf(kinds.Webhook, w.id),
            {
              appId,
              webhookId: w.id,
              name: w.name,
              webhookURL: w.url,
              useBasicAuth: !!w.basicAuth,
              username: w.basicAuth?.username,
              password,
              enabled: w.enabled,
              retryOnFailure: w.retryOnFailure,
              adopt: adopted,
            },
            under(adopted),
          );
          if (w.triggers)
            new chat.WebhookTriggers(
              childOf(kinds.WebhookTriggers, w.id),
              { appId, webhookId: hook.webhookId, triggers: w.triggers },
              under(adopted),
            );
          return [w.id, hook];
        }),
      );

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
    const declareExtensions = () =>
      Object.fromEntries(
        env.extensions.map(({ secrets, ...e }) => [
          e.extension,
          new chat.Extension(
            childOf(kinds.Extension, e.extension),
            {
              ...e,
              appId,
              secrets:
                secrets &&
                Object.fromEntries(Object.entries(secrets).map(([k, ref]) => [k, secretValue(ref)])),
              adopt: adopt(e),
            },
            under(adopt(e)),
          ),
        ]),
      );

    /** The composed sections, each by the kind whose entries it holds (its `file.composed` says why). */
    const sections = new Map<FileKind, () => Record<string, pulumi.CustomResource>>([
      [kinds.Group as FileKind, declareGroups],
      [kinds.Webhook as FileKind, declareWebhooks],
      [kinds.Extension as FileKind, declareExtensions],
    ]);
    for (const kind of DECLARATION_ORDER) {
      const section = sections.get(kind);
      if (section) declared[kind.name] = section();
      else if (kind.file.composed === undefined) declarePlain(kind as EntryKind);
      else throw new Error(`${kind.name}: a composed file entry with no section in the component`);
    }
    const of = (kind: Kind) => (declared[kind.name] ?? {}) as Record<string, never>;
    this.roles = of(kinds.Role);
    this.users = of(kinds.User);
    this.apiKeys = of(kinds.ApiKey);
    this.groups = of(kinds.Group);
    this.webhooks = of(kinds.Webhook);
    this.appApiKey = appKey && pulumi.secret(appKey);
    this.apiKeyValues = pulumi.secret(
      pulumi.all(Object.fromEntries(Object.entries(this.apiKeys).map(([k, v]) => [k, v.apiKey]))),
    );
    this.webhookBasicAuthPasswords = pulumi.secret(pulumi.all(webhookPasswords));
    this.registerOutputs({
      appId: this.appId,
      appApiKey: this.appApiKey,
      apiKeyValues: this.apiKeyValues,
      webhookBasicAuthPasswords: this.webhookBasicAuthPasswords,
    });
  }
}

/** The validated environment; a bad file or object is one clean error (no stack trace) naming path and rule. */
function load(args: EnvironmentArgs) {
  try {
    if (args.file !== undefined) return loadEnvironment(resolve(args.file));
    return checkEnvironment(args.spec, "spec");
  } catch (e) {
    if (e instanceof EnvironmentFileError) throw new pulumi.RunError(e.message);
    throw e;
  }
}

// The declared environment as a Pulumi component (decision 0072): `new chat.Environment("staging", { file })`
// in any program, TypeScript or JavaScript; the root project (environment/index.ts) is one such program.
// Children are named "<component>:<kind>:<id>" so that two environments fit in one stack.
import { resolve } from "node:path";
import * as pulumi from "@pulumi/pulumi";
import * as random from "@pulumi/random";
import type { z } from "zod";
import { configuredAppId } from "../provider/config";
import type { Args } from "../provider/resources/kind";
import type { AppConnection } from "../sdk";
import * as chat from "../sdk/kinds";
import { stackConfig } from "../sdk/lookups";
import { argsOf, DECLARATION_ORDER, ENTRY_KINDS, idOf, keyOf } from "./entries";
import { checkEnvironment, EnvironmentFileError, loadEnvironment } from "./load";
import { type Environment as EnvironmentSchema, entriesOf, listsOf, SCOPES, type SecretRef } from "./spec";

/** The resources of the plain entries, by kind and id (the one of a kind an app has one of: by its child name). */
type Declared = Record<string, Record<string, pulumi.CustomResource>>;
type ResourceClass = new (
  name: string,
  args: Args,
  opts: pulumi.CustomResourceOptions,
) => pulumi.CustomResource;

/** A set of uids as the declared users' uid outputs, which orders the resource after those users. */
const declaredUids = (uids: unknown, declared: Declared) =>
  uids === undefined
    ? undefined
    : pulumi.all(
        (uids as string[]).map(
          (u) => (declared.User?.[u] as unknown as { uid?: pulumi.Output<string> } | undefined)?.uid ?? u,
        ),
      );

/** Plain entries that name groups: declared after the groups (the file's `groups` section). */
const NAMES_GROUPS = new Set(["GroupBans", "PinnedConversations"]);

/** A group's guid as the declared group's output, which orders the resource after the group. */
const declaredGuid = (guid: unknown, declared: Declared) =>
  (declared.Group?.[String(guid)] as unknown as { guid?: pulumi.Output<string> } | undefined)?.guid ?? guid;

/**
 * What composes a plain entry with other objects beyond its refs: a rule's conditions name keyword lists;
 * friends, blocks, bans and pinned conversations name users and groups.
 */
const compose: Partial<Record<string, (args: Args, declared: Declared) => Args>> = {
  Friends: (args, declared) => ({ ...args, friends: declaredUids(args.friends, declared) }),
  BlockedUsers: (args, declared) => ({ ...args, blockedUids: declaredUids(args.blockedUids, declared) }),
  GroupBans: (args, declared) => ({
    ...args,
    guid: declaredGuid(args.guid, declared),
    uids: declaredUids(args.uids, declared),
  }),
  PinnedConversations: (args, declared) => ({
    ...args,
    conversations: (args.conversations as Record<string, unknown>[]).map((c) => ({
      ...c,
      conversationWith:
        c.conversationType === "group"
          ? declaredGuid(c.conversationWith, declared)
          : declaredUids([c.conversationWith], declared)?.apply((u) => u[0]),
    })),
  }),
  ModerationRule: (args, declared) => ({
    ...args,
    // A declared list is named by its resource's id output, which orders the rule after the list.
    conditions: (args.conditions as Record<string, unknown>[]).map((c) =>
      listsOf(c).length
        ? {
            ...c,
            value: pulumi.all(
              [c.value as string | string[]].flat().map((v) => declared.ModerationKeywordList?.[v]?.id ?? v),
            ),
          }
        : c,
    ),
  }),
};

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

    // The kinds with plain entries (environment/entries.ts), the named before those naming them; those
    // naming groups after the groups.
    const declared: Declared = {};
    const declarePlain = (late: boolean) => {
      for (const kind of DECLARATION_ORDER.filter((k) => NAMES_GROUPS.has(k.name) === late)) {
        for (const { entry } of entriesOf(env as Record<string, unknown>, kind)) {
          const id = idOf(kind, entry);
          // An entry that is one argument's value has no `adopt` of its own: the file's.
          const adopted = kind.file.only ? env.adopt : adopt(entry as { adopt?: boolean });
          let args = argsOf(kind, entry, secretConfig);
          for (const [arg, ref] of Object.entries(kind.file.refs ?? {})) {
            // The named resource's output (not the plain id) orders this one after it.
            const key = ENTRY_KINDS.find((k) => k.name === ref.kind);
            const output = (id: unknown) => {
              const named = declared[ref.kind]?.[String(id)] as unknown as
                | Record<string, unknown>
                | undefined;
              return named && key ? named[keyOf(key) ?? "id"] : id;
            };
            const value = args[arg];
            if (value !== undefined) args[arg] = Array.isArray(value) ? value.map(output) : output(value);
          }
          args = compose[kind.name]?.(args, declared) ?? args;
          const where = kind.api === "chat" ? { connection } : kind.ambient?.length ? { appId } : {};
          const Resource = (chat as unknown as Record<string, ResourceClass>)[kind.name] as ResourceClass;
          const resource = new Resource(
            child(id === undefined ? kind.file.child : `${kind.file.child}:${id}`),
            { ...args, ...where, ...(adopted === undefined ? {} : { adopt: adopted }) },
            under(adopted ?? env.adopt),
          );
          declared[kind.name] = { ...declared[kind.name], [id ?? kind.file.child]: resource };
        }
      }
    };
    declarePlain(false);
    this.roles = (declared.Role ?? {}) as Record<string, chat.Role>;
    this.users = (declared.User ?? {}) as Record<string, chat.User>;
    this.apiKeys = (declared.ApiKey ?? {}) as Record<string, chat.ApiKey>;
    const users = this.users;
    const uid = (id: string) => users[id]?.uid ?? pulumi.output(id);

    this.groups = Object.fromEntries(
      env.groups.map((g) => {
        const { members, permissions, password: secret, ...rest } = g;
        const password = secret
          ? secretConfig(secret)
          : g.type === "password"
            ? randomPassword(`group-password:${g.guid}`, 24)
            : undefined;
        const owner = g.owner ? uid(g.owner) : undefined;
        const adopted = adopt(g);
        const group = new chat.Group(
          child(`group:${g.guid}`),
          { ...rest, owner, password, adopt: adopted, connection },
          under(adopted),
        );
        if (members) {
          const ids = (list: string[] | undefined) => (list ?? []).map(uid);
          new chat.GroupMembers(
            child(`members:${g.guid}`),
            {
              guid: group.guid,
              admins: ids(members.admins),
              moderators: ids(members.moderators),
              participants: ids(members.participants),
              connection,
            },
            under(adopted),
          );
        }
        for (const [scopes, scope] of Object.entries(SCOPES)) {
          const declared = permissions?.[scopes as keyof typeof SCOPES];
          if (declared)
            new chat.GroupScopePermissions(
              child(`permissions:${g.guid}:${scope}`),
              { guid: group.guid, scope, permissions: declared, adopt: adopted, connection },
              under(adopted),
            );
        }
        return [g.guid, group];
      }),
    );
    declared.Group = this.groups;
    declarePlain(true);

    const webhookPasswords: Record<string, pulumi.Output<string>> = {};
    this.webhooks = Object.fromEntries(
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
          child(`webhook:${w.id}`),
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
            child(`webhook-triggers:${w.id}`),
            { appId, webhookId: hook.webhookId, triggers: w.triggers },
            under(adopted),
          );
        return [w.id, hook];
      }),
    );

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
    for (const { secrets, ...e } of env.extensions)
      new chat.Extension(
        child(`extension:${e.extension}`),
        {
          ...e,
          appId,
          secrets:
            secrets && Object.fromEntries(Object.entries(secrets).map(([k, ref]) => [k, secretValue(ref)])),
          adopt: adopt(e),
        },
        under(adopt(e)),
      );
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

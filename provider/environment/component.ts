// The declared environment as a Pulumi component (decision 0072): `new chat.Environment("staging", { file })`
// in any program, TypeScript or JavaScript; the root project (index.ts) is one such program.
// Children are named "<component>:<kind>:<id>" so that two environments fit in one stack.
import { resolve } from "node:path";
import * as pulumi from "@pulumi/pulumi";
import * as random from "@pulumi/random";
import type { z } from "zod";
import type { AppConnection } from "../../sdk/nodejs/connection";
import type { EnvironmentOutputs } from "../../sdk/nodejs/kinds";
import * as chat from "../../sdk/nodejs/kinds";
import { stackConfig } from "../../sdk/nodejs/lookups";
import { configuredAppId } from "../client/config";
import type { Args, Kind } from "../engine/kind";
import { type GatheredOutput, gathersSecret } from "../hosts/plugin/environment-schema";
import { ENVIRONMENT_TYPE } from "../hosts/tokens";
import { askElsewhere, type ElsewhereAnswer, refKey } from "./elsewhere";
import { argsOf } from "./entries";
import {
  APP_KIND,
  DECLARATION_ORDER,
  type EntryAt,
  entriesOf,
  FILE_KINDS,
  type FileKind,
  heldBy,
  idOf,
  keyOf,
  kindNamed,
  mapRefs,
  SEED_KIND,
} from "./graph";
import { type EnvironmentCheck, EnvironmentFileError, previewCheck } from "./load";
import { secretValue } from "./secret-values";
import { seedBuckets, seedDirOf } from "./seed";
import type { Environment as EnvironmentSchema, SecretRef } from "./spec";

/** The resources of the entries, by kind and id (the one of a kind an app has one of: by its child name). */
type Declared = Record<string, Record<string, pulumi.CustomResource>>;
export type ResourceClass = new (
  name: string,
  args: Args,
  opts: pulumi.CustomResourceOptions,
) => pulumi.CustomResource;
/** The class of a kind's resources: the SDK's (dynamic resources) here, the plugin's own when it constructs one. */
export type ClassOf = (kind: Kind) => ResourceClass;
const sdkClassOf: ClassOf = (kind) =>
  (chat as unknown as Record<string, ResourceClass>)[kind.name] as ResourceClass;

/** An environment in the file's shape (what chat-environment.yaml holds), as an object. */
export type EnvironmentSpec = z.input<typeof EnvironmentSchema> & {
  /**
   * The kinds' plain sections (users, roles, apiKeys, notifications, moderation, …: provider/environment/entries.ts),
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

export { ENVIRONMENT_TYPE };

/**
 * The typed outputs, one per kind whose `file` names one (`roles`, `users`, `apiKeys`, `groups`, `webhooks`):
 * generated into sdk/nodejs/kinds.ts from the kinds, filled by the constructor from the kinds.
 */
export interface Environment extends EnvironmentOutputs {}

/**
 * A whole chat environment: the app (created, or the stack's `chat:appId`), roles, users, groups and their
 * members and permissions, API keys, webhooks and triggers, extensions, app settings, notifications and
 * moderation. Values the file names as `{ secret: key }` are read from the project's secret stack config.
 * Adopted objects are protected from deletion unless the environment says `protectAdopted: false`.
 */
// biome-ignore lint/suspicious/noUnsafeDeclarationMerging: the constructor fills every output EnvironmentOutputs names, from the kinds (test/unit/environment-outputs.test.ts)
export class Environment extends pulumi.ComponentResource {
  /** The app id. */
  readonly appId: pulumi.Output<string>;
  /** A created app's fullAccess key (secret); undefined for `app: { existing: true }`. */
  readonly appApiKey: pulumi.Output<string> | undefined;
  /** The API keys' values by name (secret). */
  readonly apiKeyValues: pulumi.Output<Record<string, string>>;
  /** Generated webhook basic-auth passwords by webhook id (secret). */
  readonly webhookBasicAuthPasswords: pulumi.Output<Record<string, string>>;
  /**
   * @internal Rejects with the file's problems when the file is refused after the service was asked about
   * its references (the plugin's construct fails with it, rather than with its outputs' serialization).
   */
  readonly refusal?: Promise<never>;

  constructor(
    name: string,
    args: EnvironmentArgs,
    opts?: pulumi.ComponentResourceOptions,
    classOf: ClassOf = sdkClassOf,
    /** Whether a refusal found after the service is asked is reported by the component (false: by its caller, through `refusal`). */
    report = true,
  ) {
    super(ENVIRONMENT_TYPE, name, {}, opts);
    const config = new pulumi.Config();
    // The file, then the values of the secret config keys it names: every problem before anything is declared.
    const check = load(args, (key) => pulumi.runtime.getConfig(`${config.name}:${key}`), config.name);
    if (!check.env || check.problems.length > 0) {
      // No reference to the app's objects to ask about: the problems are all there is, said now.
      if (check.elsewhere.length === 0) throw new pulumi.RunError(check.refuse(check.problems).message);
      // Else the service's answer is said with them, in one error (nothing is declared).
      const refused = askedElsewhere(name, check).then((answer) => {
        throw quietError(check.refuse([...check.problems, ...answer.problems]).message);
      });
      // Handled now: a rejection the outputs' serialization meets only later is reported first as unhandled,
      // then as "handled asynchronously" (a PromiseRejectionHandledWarning in the user's output).
      refused.catch(() => undefined);
      this.refusal = refused;
      // Said once, by a rejection no one else awaits: the runtime prints a RunError's message alone. (The
      // plugin's construct says it as its own failure instead.)
      if (report) void refused.catch((e: unknown) => Promise.reject(e));
      this.appId = refusedOutput(refused);
      this.appApiKey = undefined;
      this.apiKeyValues = refusedOutput(refused);
      this.webhookBasicAuthPasswords = refusedOutput(refused);
      for (const kind of FILE_KINDS)
        if (kind.file.output !== undefined) Object.assign(this, { [kind.file.output]: {} });
      // Not the refusal: its serialization would say it again, as a property's.
      this.registerOutputs({});
      return;
    }
    const env = check.env;
    const child = (local: string) => `${name}:${local}`;
    /** An object's own `adopt`, else the file's. */
    const adopt = (o: { adopt?: boolean | undefined }) => o.adopt ?? env.adopt;
    // The references the file leaves to the service, asked before any child is registered: every child
    // waits for the answer (a missing name fails the preview, and nothing is written).
    const elsewhere =
      check.elsewhere.length === 0
        ? undefined
        : askedElsewhere(name, check).then((answer) => {
            if (answer.problems.length) throw quietError(check.refuse(answer.problems).message);
            return answer.values;
          });
    const gate = elsewhere && { dependsOn: elsewhere.then(() => []) };
    /** Options of a child: protected when it (or what it belongs to) is adopted. */
    const under = (adopted: boolean | undefined): pulumi.CustomResourceOptions => ({
      parent: this,
      ...gate,
      ...(adopted && env.protectAdopted ? { protect: true } : {}),
    });
    /** A value the file names by a secret config key (`{ secret: key }`: `pulumi config set --secret key …`). */
    const secretConfig = (ref: SecretRef) => config.requireSecret(ref.secret);

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
      if (!APP_KIND) throw new Error("no kind makes the file's app");
      const AppResource = classOf(APP_KIND);
      const app = new AppResource(
        child(APP_KIND.file.app.child),
        { name: appName, region: spec.region },
        { parent: this },
      ) as pulumi.CustomResource & {
        connection: pulumi.Output<AppConnection>;
        appId: pulumi.Output<string>;
        apiKey: pulumi.Output<string>;
      };
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

    // Every kind the file holds, those named before those naming them (provider/environment/graph.ts), each entry
    // followed by the entries of other kinds inside it.
    const declared: Declared = {};
    /** The children that take over an object the service already holds (`adopt`). */
    let adoptedCount = 0;
    /** Every resource of an entry (those inside others too): the seed's rows may name any of them. */
    const entries: pulumi.CustomResource[] = [];
    /** Generated secrets by the component output gathering them (`generated.output`), by id. */
    const gathered: Record<string, Record<string, pulumi.Output<string>>> = {};
    /** `args` with each id a reference names as the named resource's output, which orders this one after it. */
    const wire = (kind: Kind, args: Args) =>
      mapRefs(kind, args, ({ id, kind: target, ref }) => {
        const named = declared[target]?.[id] as unknown as Record<string, unknown> | undefined;
        if (named) return named[ref.output ?? keyOf(kindNamed(target) as FileKind) ?? "id"];
        // Made elsewhere: what the service answered (an object's id where the reference takes its id).
        return elsewhere && ref.elsewhere
          ? pulumi.output(elsewhere.then((values) => values.get(refKey(target, id)) ?? id))
          : id;
      });
    /** A credential from secret config; one holding a JSON object (e.g. FCM credentials) is passed as the object. */
    const secretObject = (ref: SecretRef) => secretConfig(ref).apply(secretValue);
    /** The resource of one entry, then those of the entries inside it; `holder`: the entry it sits in. */
    const declare = (
      kind: FileKind,
      at: EntryAt,
      holder?: {
        kind: FileKind;
        id: string;
        resource: pulumi.CustomResource;
        args: Record<string, unknown>;
        adopted: boolean | undefined;
      },
    ) => {
      const own = idOf(kind, at.entry);
      const id = holder ? [holder.id, ...(at.per ? [at.per] : [])].join(":") : own;
      // An entry inside another, or one that is one argument's value, has no `adopt` of its own.
      const adopted = holder
        ? holder.adopted
        : kind.file.only
          ? env.adopt
          : adopt(at.entry as { adopt?: boolean });
      let args = argsOf(kind, at.entry, {
        named: (ref, s) => (s.each ? secretObject(ref) : secretConfig(ref)),
        generated: (path, s) => {
          // Letters and digits: what every service password field takes.
          const value = new random.RandomPassword(
            child(`${kind.file.child}-${path}:${id}`),
            { length: s.generated.length, special: false },
            { parent: this },
          ).result;
          if (s.generated.output !== undefined && id !== undefined)
            gathered[s.generated.output] = { ...gathered[s.generated.output], [id]: value };
          return value;
        },
      });
      if (kind.file.per && at.per !== undefined) args[kind.file.per.arg] = at.per;
      args = wire(kind, args);
      if (holder) {
        const key = keyOf(holder.kind);
        const outputs = holder.resource as unknown as Record<string, unknown>;
        if (key !== undefined) args[key] = outputs[key];
        // From the holder's declaration, not its outputs: a field the service does not echo (a webhook's
        // version) would read as unknown in every preview and show a change that is not one.
        for (const f of kind.file.inherit ?? []) if (holder.args[f] !== undefined) args[f] = holder.args[f];
      }
      const where = kind.api === "chat" ? { connection } : kind.ambient?.length ? { appId } : {};
      // Only a kind that can take over an existing object is told whether to.
      const adoption = adopted === undefined || !kind.find ? {} : { adopt: adopted };
      const Resource = classOf(kind);
      const resource = new Resource(
        child(id === undefined ? kind.file.child : `${kind.file.child}:${id}`),
        { ...args, ...where, ...adoption },
        under(adopted ?? env.adopt),
      );
      entries.push(resource);
      if (adopted && kind.find) adoptedCount++;
      if (!holder) declared[kind.name] = { ...declared[kind.name], [id ?? kind.file.child]: resource };
      for (const h of heldBy(kind))
        for (const inner of entriesOf(env as Record<string, unknown>, h).filter(
          (e) => e.holder?.entry === at.entry,
        ))
          declare(h, inner, {
            kind,
            id: id ?? kind.file.child,
            resource,
            args,
            adopted: adopted ?? env.adopt,
          });
    };
    for (const kind of DECLARATION_ORDER)
      for (const at of entriesOf(env as Record<string, unknown>, kind)) declare(kind, at);
    // The plan shows an adopted object as a create: say what will happen to it (issue 43).
    if (adoptedCount > 0 && pulumi.runtime.isDryRun())
      void pulumi.log.info(
        `${adoptedCount} object(s) are declared with adopt: one the service already holds is taken over as it is, not created: its "create" in this plan writes only what differs from the file. Adopted objects are protected from deletion${env.protectAdopted ? ": protectAdopted: false in the file lets a destroy delete them" : ""}.`,
        this,
      );
    // The seed files' buckets, after every entry and each file after those before it (users, groups, members,
    // messages): the rows name users and groups, declared or seeded. A destroy removes them first.
    if (env.seed) {
      if (!SEED_KIND) throw new Error("no kind makes the file's seed");
      const Seed = classOf(SEED_KIND);
      const seedChild = SEED_KIND.file.seed.child;
      const adopted = (env.seed.adopt ?? env.adopt) && env.protectAdopted;
      let before: pulumi.Resource[] = entries;
      for (const buckets of seedBuckets(env.seed, seedDirOf(args.file))) {
        const after = before;
        const dependsOn: pulumi.Input<pulumi.Input<pulumi.Resource>[]> = elsewhere
          ? elsewhere.then(() => after)
          : after;
        const made = buckets.map(
          (b) =>
            new Seed(
              child(`${seedChild}:${b.entity}-${b.bucket}`),
              { ...b, connection },
              {
                parent: this,
                dependsOn,
                ...(adopted ? { protect: true } : {}),
              },
            ),
        );
        before = [...before, ...made];
      }
    }
    // The typed outputs (EnvironmentOutputs): each the resources of the section of the kind naming it, by id.
    for (const kind of FILE_KINDS)
      if (kind.file.output !== undefined)
        Object.assign(this, { [kind.file.output]: declared[kind.name] ?? {} });
    // Secret as the fields they gather are (provider/hosts/plugin/environment-schema.ts).
    this.appApiKey = appKey && kept("appApiKey", appKey);
    this.apiKeyValues = kept(
      "apiKeyValues",
      pulumi.all(Object.fromEntries(Object.entries(this.apiKeys).map(([k, v]) => [k, v.apiKey]))),
    );
    this.webhookBasicAuthPasswords = kept(
      "webhookBasicAuthPasswords",
      pulumi.all(gathered.webhookBasicAuthPasswords ?? {}),
    );
    this.registerOutputs({
      appId: this.appId,
      appApiKey: this.appApiKey,
      apiKeyValues: this.apiKeyValues,
      webhookBasicAuthPasswords: this.webhookBasicAuthPasswords,
    });
  }
}

/** `value` as the component's `output` gives it: secret when the field it gathers is. */
function kept<T>(output: GatheredOutput, value: pulumi.Output<T>): pulumi.Output<T> {
  return gathersSecret(output) ? (pulumi.secret(value) as pulumi.Output<T>) : value;
}

/**
 * The checked environment and its problems; a file that cannot be read or is no YAML is one clean error (no
 * stack trace) at once.
 */
function load(
  args: EnvironmentArgs,
  config: (key: string) => string | undefined,
  project: string,
): EnvironmentCheck {
  try {
    const source = args.file !== undefined ? { file: resolve(args.file) } : { spec: args.spec };
    return previewCheck(source, config, project);
  } catch (e) {
    if (e instanceof EnvironmentFileError) throw new pulumi.RunError(e.message);
    throw e;
  }
}

/**
 * The error a promise of the component rejects with. Such a rejection reaches Pulumi after the program's own
 * code has run, when it prints an error by its stack (@pulumi/pulumi cmd/run/index.js): a stack that is the
 * message prints the message alone, as a RunError thrown while the program runs does.
 */
function quietError(message: string): pulumi.RunError {
  const e = new pulumi.RunError(message);
  e.stack = message;
  // The runtime's serialization of an output holding the rejection rewrites the error's message in place
  // (`error serializing property "outputs": …`, @pulumi/pulumi runtime/rpc.js) before it is printed: the
  // message stays the problems.
  Object.defineProperty(e, "message", { get: () => message, set: () => undefined, enumerable: false });
  return e;
}

/**
 * An output failing with the refusal, for what depends on it. An output holds promises of its own (whether
 * it is known, secret) that reject with it: handled now, else each is reported as unhandled, and again when
 * a later reader handles it (a PromiseRejectionHandledWarning), or, in the plugin's process, said twice.
 */
function refusedOutput<T>(refused: Promise<never>): pulumi.Output<T> {
  const out = pulumi.output(refused) as pulumi.Output<T>;
  const own = out as unknown as { isKnown?: Promise<unknown>; isSecret?: Promise<unknown> };
  for (const p of [own.isKnown, own.isSecret]) p?.catch(() => undefined);
  return out;
}

/**
 * The service's answer about the file's references to the app's objects; a failure to ask (no credentials,
 * the service unreachable) is a problem of the file's too, said with the others rather than as a stack trace.
 */
function askedElsewhere(name: string, check: EnvironmentCheck): Promise<ElsewhereAnswer> {
  return askElsewhere(check.elsewhere).catch((e: unknown) => ({
    values: new Map<string, string>(),
    problems: [
      {
        path: [],
        message: `${name}: the references to objects the file does not declare could not be checked: ${e instanceof Error ? e.message : String(e)}`,
      },
    ],
  }));
}

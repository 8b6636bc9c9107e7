// One CRUD dynamic provider for every kind: check, diff, create, read, update and delete are written once
// here; each kind supplies a small spec (kind.ts). This runs inside Pulumi's dynamic-provider process.
import { z } from "zod";
import {
  ChatApiError,
  ConnectionError,
  isConflict,
  isNotFound,
  RateLimitError,
  ServerError,
} from "../client";
import { chatClientFor, managementClientFor } from "../client/clients";
import {
  ChatConnection,
  clientOptions,
  configuredAddressProblem,
  configuredAppId,
  configuredManagementAddressProblem,
  type FieldNaming,
  ManagementConnection,
  resolveChatConnection,
  resolveManagementConnection,
} from "../client/config";
import {
  asCredentialError,
  CredentialError,
  connectionNaming,
  verifyChat,
  verifyManagement,
} from "../client/credentials";
import { claim } from "./claims";
import { clientContext } from "./context";
import { forEngine, issueFailures, readableErrors, secretsOf, WHOLE_RESOURCE } from "./failures";
import {
  type Args,
  type CheckFailure,
  CheckRefusal,
  type Ctx,
  type Kind,
  type Made,
  priorOfId,
} from "./kind";
import { appOf, configuredFallback, moved, resolvedConnection } from "./location";
import { canonical, fieldChanged, normalizeKnown, UNKNOWN, unknownPaths } from "./normalize";

export type { CheckFailure } from "./kind";
export interface DiffResult {
  changes: boolean;
  replaces: string[];
  deleteBeforeReplace: boolean;
}
type Props = Record<string, unknown>;

/** Options every resource accepts, handled here rather than by the kinds. */
const ProviderOptions = z.object({
  connection: ChatConnection.optional(),
  managementConnection: ManagementConnection.optional(),
  adopt: z.boolean().optional(),
});
const PROVIDER_KEY = "__provider";
/** The option names of each API: an App's `connection` is an output, not an option. */
const OPTION_KEYS = { chat: ["connection", "adopt"], management: ["managementConnection", "adopt"] } as const;

/**
 * Failures about values unknown during preview are left out: they are checked again once known, in the same
 * up, before anything is written. A failure is about an unknown value when its path is that value's, inside
 * it or around it; a rule of the whole resource (a cross-field rule) may read any of them.
 */
function known(failures: CheckFailure[], unknown: string[]): CheckFailure[] {
  if (unknown.length === 0) return failures;
  return failures.filter(
    (f) =>
      f.property !== WHOLE_RESOURCE &&
      f.property !== "" &&
      !unknown.some(
        (u) =>
          u === "" || f.property === u || f.property.startsWith(`${u}.`) || u.startsWith(`${f.property}.`),
      ),
  );
}

/** The clients of a resource's options: explicit connections, else stack config or the CHAT_* variables. */
export function contextFor(options: Props): Ctx {
  return clientContext({
    chat: () =>
      chatClientFor(
        resolveChatConnection(options.connection as z.input<typeof ChatConnection> | undefined),
        clientOptions(),
      ),
    management: () =>
      managementClientFor(
        resolveManagementConnection(
          options.managementConnection as z.input<typeof ManagementConnection> | undefined,
        ),
        clientOptions(),
      ),
    appId: () => (options.connection as { appId?: string } | undefined)?.appId ?? configuredAppId(),
  });
}

/** How a provider checks a connection: one read against the service (credentials.ts), or a stand-in in tests. */
export interface CredentialCheck {
  chat(conn: ChatConnection, name: FieldNaming): Promise<string | undefined>;
  management(conn: ManagementConnection, name: FieldNaming): Promise<string | undefined>;
}
const AGAINST_THE_SERVICE: CredentialCheck = { chat: verifyChat, management: verifyManagement };

export class CrudProvider<A extends Args, S extends Args> {
  constructor(
    readonly kind: Kind<A, S>,
    private readonly credentials: CredentialCheck = AGAINST_THE_SERVICE,
  ) {}

  private split(props: Props): { args: Props; options: Props } {
    const names: readonly string[] = OPTION_KEYS[this.kind.api];
    const args: Props = {};
    const options: Props = {};
    for (const [k, v] of Object.entries(props)) {
      if (k === PROVIDER_KEY) continue;
      if (names.includes(k)) options[k] = v;
      else args[k] = v;
    }
    return { args, options };
  }

  /** `secrets`: values the program marked secret beside the kind's own, kept out of the failures too. */
  async check(
    olds: Props,
    news: Props,
    secrets: readonly string[] = [],
  ): Promise<{ inputs: Props; failures: CheckFailure[] }> {
    const { args, options } = this.split(news);
    const unknown = unknownPaths(news);
    const failures = await this.problems(args, options, unknown, olds);
    return {
      inputs: failures.normal ? { ...news, ...failures.normal, ...options } : news,
      failures: forEngine(failures.list, [...this.secretValues(news), ...secrets]),
    };
  }

  /** The secret values among the inputs: the kind's secret arguments and the credentials of the options. */
  private secretValues(news: Props): string[] {
    const { args, options } = this.split(news);
    return [...secretsOf(this.kind.args, args, this.kind.secrets), ...secretsOf(ProviderOptions, options)];
  }

  /** The app a resource's objects belong to, for telling two declarations apart ("" when none is set yet). */
  private appOfClaims(args: Props, options: Props): string {
    try {
      return contextFor(this.located(options)).appId(args);
    } catch {
      return "";
    }
  }

  /** The arguments with what the kind computes when the program leaves it out (kind.fill), or its refusal. */
  private filled(args: Props): { args: Props } | { refused: CheckFailure } {
    if (!this.kind.fill) return { args };
    // With an argument not known yet, what fill would compute is not known either (a connection not known
    // yet does not matter: fill reads arguments only).
    if (unknownPaths(args).length > 0) {
      const pending = (this.kind.fills ?? []).filter((k) => args[k] === undefined);
      return { args: { ...args, ...Object.fromEntries(pending.map((k) => [k, UNKNOWN])) } };
    }
    try {
      return { args: this.kind.fill(args) };
    } catch (e) {
      if (!(e instanceof CheckRefusal)) throw e;
      return { refused: { property: e.property, reason: e.message } };
    }
  }

  private async problems(
    given: Props,
    options: Props,
    givenUnknown: string[],
    olds: Props,
  ): Promise<{ list: CheckFailure[]; normal?: Props }> {
    const isNew = Object.keys(olds).length === 0;
    const failures: CheckFailure[] = [];
    const filled = this.filled(given);
    if ("refused" in filled) return { list: [filled.refused] };
    const { args } = filled;
    const unknown = [...givenUnknown, ...unknownPaths(args).filter((p) => !givenUnknown.includes(p))];
    const parsedArgs = this.kind.args.safeParse(args, { error: readableErrors });
    if (!parsedArgs.success)
      failures.push(...issueFailures(parsedArgs.error.issues, this.kind.args, OPTION_KEYS[this.kind.api]));
    const parsedOptions = ProviderOptions.safeParse(options, { error: readableErrors });
    if (!parsedOptions.success) failures.push(...issueFailures(parsedOptions.error.issues, ProviderOptions));
    const shown = known(failures, unknown);
    if (shown.length > 0) return { list: shown };
    failures.length = 0; // the rest were about values not known yet
    // Normalised values (lowercased ids, defaults) are what is stored and compared from now on; with some
    // input unknown (preview), every known field is still normalised, so `Alice` still equals `alice`.
    const normal = (
      parsedArgs.success && unknown.length === 0 ? parsedArgs.data : normalizeKnown(this.kind.args, args)
    ) as Props;
    failures.push(...this.resolveAmbient(normal), ...this.connectionProblems(options));
    if (this.kind.checkOptions && unknown.length === 0)
      failures.push(...this.kind.checkOptions(normal as A, { adopt: options.adopt as boolean | undefined }));
    if (this.kind.checkChange && !isNew && unknown.length === 0)
      failures.push(...this.kind.checkChange(this.split(olds).args as Partial<A>, normal as A));
    if (this.kind.claims && unknown.length === 0 && failures.length === 0) {
      const { who, claims } = this.kind.claims(normal as A);
      failures.push(...claim(this.appOfClaims(normal, options), who, claims));
    }
    // A new resource's connection, before it is recorded (an existing one's change is seen by diff). No
    // property: the engine then prints the reason alone, one line naming the setting to fix.
    if (failures.length === 0 && isNew) {
      const problem = await this.credentialsProblem(options);
      if (problem) failures.push({ property: "", reason: problem });
    }
    // The rules against the service held when these very inputs were recorded: a no-change preview asks
    // the service nothing (what changed there since is for refresh to show).
    const recorded = this.split(olds);
    const unchanged = !isNew && canonical([normal, options]) === canonical([recorded.args, recorded.options]);
    if (failures.length === 0 && !unchanged)
      failures.push(...known(await this.serviceRules(normal as A, options, unknown), unknown));
    return { list: failures, normal };
  }

  /**
   * Rules against the service (kind.validate) once every input is known; before that, or when the service
   * cannot be asked, the rules the provider can check from what it knows (kind.offline).
   */
  private async serviceRules(a: A, options: Props, unknown: string[]): Promise<CheckFailure[]> {
    const offline = () => this.kind.offline?.(a) ?? [];
    if (!this.kind.validate || unknown.length > 0) return offline();
    try {
      return await this.kind.validate(contextFor(this.located(options)), a);
    } catch {
      return offline();
    }
  }

  /** Ambient defaults (the configured app) resolved once, so they are stored and compared as resolved. */
  private resolveAmbient(args: Props): CheckFailure[] {
    const failures: CheckFailure[] = [];
    for (const k of this.kind.ambient ?? []) {
      if (args[k] !== undefined) continue;
      const id = configuredAppId();
      if (id) args[k] = id;
      else
        failures.push({
          property: k,
          reason: `${k} is not set and there is no chat:appId (or CHAT_APP_ID) to default to`,
        });
    }
    return failures;
  }

  /** A configured address that the client would refuse (e.g. http to a remote host), at preview. */
  private connectionProblems(options: Props): CheckFailure[] {
    const problem =
      this.kind.api === "chat"
        ? options.connection === undefined && configuredAddressProblem()
        : options.managementConnection === undefined && configuredManagementAddressProblem();
    return problem ? [problem] : [];
  }

  /**
   * The provider options with the chat connection resolved (explicit, else stack config or environment):
   * what create and update record in the outputs, so that the app a resource lives in is in its state.
   */
  private located(options: Props): Props {
    if (this.kind.api !== "chat") return options;
    const c = resolvedConnection(options.connection);
    return c === undefined ? options : { ...options, connection: c };
  }

  /** Runs `op` against the recorded connection, or the configured one for the same app if that one fails. */
  private async atRecorded<T>(
    options: Props,
    op: (ctx: Ctx) => Promise<T>,
  ): Promise<{ value: T; options: Props }> {
    try {
      return { value: await op(contextFor(options)), options };
    } catch (e) {
      const alt = this.kind.api === "chat" ? configuredFallback(options.connection, e) : undefined;
      if (!alt) throw e;
      const next = { ...options, connection: alt };
      return { value: await op(contextFor(next)), options: next };
    }
  }

  async diff(_id: string, olds: Props, news: Props): Promise<DiffResult> {
    const { args: recorded, options: oldOptions } = this.split(olds);
    const { args: newArgs, options: newOptions } = this.split(news);
    // The recorded values read as check reads new ones now: a value recorded in a spelling the kind has
    // since normalised (a former enum spelling, provider/engine/aliases.ts) is not a change.
    const oldArgs = this.readAsNow(recorded);

    const changed = this.changedArgs(this.kept(oldArgs), this.kept(newArgs));
    const replaces = changed.filter(
      (k) => this.kind.replaceOn.includes(k) || this.kind.replaceWhen?.[k]?.(oldArgs[k], newArgs[k]) === true,
    );
    // Both sides as resolved: the recorded connection (state without one, from before it was recorded,
    // lives where the configuration points) against the explicit or configured one now.
    const chat = this.kind.api === "chat";
    const oldConn = chat ? resolvedConnection(oldOptions.connection) : undefined;
    const newConn = chat ? resolvedConnection(newOptions.connection) : undefined;
    // Moving a resource to another app (or region) is a new object there; a new address or key is not.
    if (moved(oldConn, newConn)) replaces.push("connection");
    const connectionChanged = newConn !== undefined && fieldChanged(oldConn, newConn);
    const mgmtChanged = fieldChanged(oldOptions.managementConnection, newOptions.managementConnection);
    const changes = changed.length > 0 || replaces.length > 0 || connectionChanged || mgmtChanged;
    // A write follows (and a changed connection would be recorded): its credentials are checked first. No
    // change, no call: a no-change preview stays free.
    const problem = changes ? await this.credentialsProblem(newOptions) : undefined;
    if (problem) throw new CredentialError(problem);
    return {
      changes,
      replaces,
      deleteBeforeReplace: replaces.length > 0 && this.collides(oldArgs, newArgs, oldConn, newConn),
    };
  }

  /**
   * A replacement that keeps the object's identity (same caller-chosen id in the same app, e.g. only the
   * region of the connection changed) must delete first: the new object would collide with the old one.
   * Otherwise the new object is created first, so that dependants (users holding a role, members of a
   * group) move to it before the old one is deleted (docs/decisions/0005-replacement-order.md).
   */
  private collides(oldArgs: Props, newArgs: Props, oldConn: unknown, newConn: unknown): boolean {
    const identity = this.kind.identity;
    if (!identity) return false;
    const key = (args: Props, conn: unknown) => [args.appId ?? appOf(conn), ...identity.map((k) => args[k])];
    return !fieldChanged(key(oldArgs, oldConn), key(newArgs, newConn));
  }

  async create(inputs: Props): Promise<{ id: string; outs: Props }> {
    const { args, options: given } = this.split(inputs);
    const options = this.located(given);
    const problem = await this.credentialsProblem(given);
    if (problem) throw new CredentialError(problem);
    try {
      return await this.#create(args, options);
    } catch (e) {
      throw recordable(explained(e), options, inputs[PROVIDER_KEY]);
    }
  }

  async #create(args: Props, options: Props): Promise<{ id: string; outs: Props }> {
    const ctx = contextFor(options);
    const a = args as A;
    if (options.adopt === true && this.kind.find) {
      const existing = await this.kind.find(ctx, a);
      if (existing) return { id: existing.id, outs: await this.#adopted(ctx, args, options, existing) };
    }
    try {
      const { id, state } = await this.kind.create(ctx, a);
      return { id, outs: { ...this.stored(args), ...state, ...options } };
    } catch (e) {
      if (isConflict(e) && this.kind.find && options.adopt !== true) {
        const which = (this.kind.identity ?? []).map((k) => `${k} "${String(a[k])}"`).join(", ");
        throw new Error(
          `${this.kind.name} ${which} already exists: set adopt: true to manage the existing object, or, if a killed run of this stack made it, run chat-recover first (README "Interrupted runs") (${(e as Error).message})`,
        );
      }
      throw e;
    }
  }

  /** What a create returns for `existing`, taken over: it is made as declared (no write when it already is). */
  async #adopted(ctx: Ctx, args: Props, options: Props, existing: { id: string; args: A }): Promise<Props> {
    const a = args as A;
    // Secrets the API never returns (passwords) cannot be compared: the declared value is taken as the
    // current one, not written, so adopting an object exactly as it is makes no call that changes it.
    const found: Props = { ...existing.args };
    for (const k of this.kind.secrets ?? []) if (!(k in found) && k in a) found[k] = a[k];
    const state = this.changedArgs(found, a).length
      ? await this.kind.update(ctx, existing.id, found as A, a)
      : ((await this.kind.read(ctx, existing.id, { ...a, ...existing.args }))?.state ?? {});
    return { ...this.stored(args), ...state, ...options };
  }

  /**
   * For recovery after a killed run (provider/recover/): the objects a create of `inputs` may have made, each with
   * when the service made it (undefined for kinds the service keeps no time for). Caller-chosen ids: the
   * one object of that id, if any; server-chosen ids: every candidate (kind.ts `made`).
   */
  async candidates(inputs: Props): Promise<Made[]> {
    const { args, options } = this.split(inputs);
    const ctx = contextFor(this.located(options));
    const a = args as A;
    if (this.kind.made) return this.kind.made(ctx, a);
    if (!this.kind.find) return [];
    const found = await this.kind.find(ctx, a);
    if (!found) return [];
    const now = await this.kind.read(ctx, found.id, { ...a, ...found.args });
    const createdAt = now?.state.createdAt;
    return [
      { id: found.id, prior: found.args, createdAt: typeof createdAt === "number" ? createdAt : undefined },
    ];
  }

  /** Takes the object `id` that an interrupted create of `inputs` made: the outputs its create would have returned. */
  async takeOver(inputs: Props, made: Pick<Made, "id" | "prior">): Promise<Props> {
    const { args, options: given } = this.split(inputs);
    const options = this.located(given);
    const ctx = contextFor(options);
    if (!this.kind.made) return this.#adopted(ctx, args, options, { id: made.id, args: made.prior as A });
    const now = await this.kind.read(ctx, made.id, { ...args, ...made.prior } as A);
    if (!now) throw new Error(`${this.kind.name} ${made.id} is gone`);
    return { ...this.stored(args), ...now.state, ...options };
  }

  /** Removes an object an interrupted create made twice (server-chosen ids). */
  async remove(inputs: Props, made: Pick<Made, "id" | "prior">): Promise<void> {
    const { args, options } = this.split(inputs);
    await this.delete(made.id, { ...args, ...made.prior, ...this.located(options) });
  }

  /**
   * Refresh; with `imported`, a read with nothing recorded (`pulumi import`, through the plugin): the whole
   * object, from what its id names, so that the code the engine writes from the inputs declares all of it.
   */
  async read(
    id: string,
    props: Props,
    imported = false,
  ): Promise<{ id: string; props?: Props; inputs?: Props }> {
    const { args, options: recorded } = this.split(props);
    let now: Awaited<ReturnType<Kind<A, S>["read"]>>;
    let options = recorded;
    try {
      const prior = imported ? priorOfId(this.kind as unknown as Kind, id) : args;
      ({ value: now, options } = await this.atRecorded(recorded, (ctx) =>
        this.kind.read(ctx, id, prior as A, imported ? { whole: true } : undefined),
      ));
    } catch (e) {
      if (isNotFound(e)) now = undefined;
      else throw this.explainedAt(e, recorded);
    }
    // State from before connections were recorded: record where the object was found.
    options = this.located(options);
    if (!now) return { id: "" }; // gone: the engine drops it from state, and the next up recreates it
    const kept: Props = {};
    // Secrets the read returns (credentials the service echoes) are compared; the others are kept.
    for (const k of this.kind.secrets ?? []) if (k in args && !(k in now.args)) kept[k] = args[k];
    for (const k of this.kind.local ?? []) if (k in args) kept[k] = args[k];
    // A field the program left out that the service holds at its default is not drift (User's role "default").
    const read: Props = { ...now.args };
    if (!imported)
      for (const [k, d] of Object.entries(this.kind.defaults ?? {}))
        if (args[k] === undefined && !fieldChanged(d, read[k])) delete read[k];
    const refreshed: Props = { ...read, ...kept };
    // Refreshed inputs carry no secrets and no credentials: the engine keeps those from the program.
    const inputs: Props = { ...read };
    for (const k of this.kind.secrets ?? []) delete inputs[k];
    for (const k of this.kind.local ?? []) if (k in args) inputs[k] = args[k];
    if (options.adopt !== undefined) inputs.adopt = options.adopt;
    return { id, props: { ...this.stored(refreshed), ...now.state, ...options }, inputs };
  }

  async update(id: string, olds: Props, news: Props): Promise<{ outs: Props }> {
    const { args: oldArgs } = this.split(olds);
    const { args, options: given } = this.split(news);
    const options = this.located(given);
    const problem = await this.credentialsProblem(given);
    if (problem) throw new CredentialError(problem);
    const ctx = contextFor(options);
    const local: readonly string[] = this.kind.local ?? [];
    const apiChanged = this.changedArgs(this.kept(oldArgs), this.kept(args)).some((k) => !local.includes(k));
    const state = apiChanged
      ? await this.kind.update(ctx, id, oldArgs as A, this.restoring(oldArgs, args)).catch((e: unknown) => {
          throw explained(e);
        })
      : {};
    // Outputs must be returned in full on every update, or the engine wipes them (pulumi#9982): computed
    // outputs the kind's update does not return again (joinedAt, createdAt) are kept from before.
    return { outs: { ...this.priorState(olds), ...this.stored(args), ...state, ...options } };
  }

  async delete(id: string, props: Props): Promise<void> {
    const { args, options } = this.split(props);
    try {
      await this.atRecorded(options, (ctx) => this.kind.delete(ctx, id, args as A));
    } catch (e) {
      if (!isNotFound(e)) throw this.explainedAt(e, options); // already gone is what delete wants
    }
  }

  /**
   * The problem line of the connection `options` give (explicit, else config), checked once per process;
   * undefined when it is valid, not known yet (preview), or not resolvable (reported elsewhere).
   */
  private async credentialsProblem(options: Props): Promise<string | undefined> {
    const chat = this.kind.api === "chat";
    const explicit = chat ? options.connection : options.managementConnection;
    if (unknownPaths(explicit).length > 0) return undefined;
    const name = connectionNaming(this.kind.api, explicit === undefined);
    try {
      return chat
        ? await this.credentials.chat(
            resolveChatConnection(explicit as z.input<typeof ChatConnection> | undefined),
            name,
          )
        : await this.credentials.management(
            resolveManagementConnection(explicit as z.input<typeof ManagementConnection> | undefined),
            name,
          );
    } catch {
      return undefined; // missing or malformed settings: check and the client name them
    }
  }

  /**
   * A failure of refresh or destroy, which act on the recorded connection: a refused connection as one line,
   * named by its config key when config gives the same app (fixing config is what helps then).
   */
  private explainedAt(e: unknown, options: Props): unknown {
    if (this.kind.api === "management") {
      const fromConfig = options.managementConnection === undefined;
      return explained(
        asCredentialError(e, { api: "management" }, connectionNaming("management", fromConfig)),
      );
    }
    const recorded = resolvedConnection(options.connection) as Partial<ChatConnection> | undefined;
    const configured = resolvedConnection(undefined) as Partial<ChatConnection> | undefined;
    if (!recorded?.appId) return explained(e);
    const fromConfig =
      canonical([recorded.appId, recorded.region]) === canonical([configured?.appId, configured?.region]);
    const where = { api: "chat" as const, appId: recorded.appId, region: recorded.region };
    return explained(asCredentialError(e, where, connectionNaming("chat", fromConfig)));
  }

  /**
   * `args` with every removed argument that has a server default set to that default: an update sends only
   * what is declared, and a removed field would otherwise keep its last value (e.g. useBasicAuth: true).
   */
  private restoring(oldArgs: Props, args: Props): A {
    const out: Props = { ...args };
    for (const [k, d] of Object.entries(this.kind.defaults ?? {}))
      if (args[k] === undefined && oldArgs[k] !== undefined) out[k] = d;
    return out as A;
  }

  /**
   * Computed outputs of `olds`: not arguments (a removed argument, even one only the provider reads, must
   * not survive in the outputs, or it diffs forever) and not provider options.
   */
  private priorState(olds: Props): Props {
    const names: readonly string[] = OPTION_KEYS[this.kind.api];
    const state: Props = {};
    for (const [k, v] of Object.entries(olds))
      if (!(k in this.kind.args.shape) && !names.includes(k) && k !== PROVIDER_KEY) state[k] = v;
    return state;
  }

  /** What state keeps of `args` (kind.ts `kept`): all of them, unless the kind keeps less. */
  private kept(args: Props): Props {
    return this.kind.kept ? (this.kind.kept(args as A) as Props) : args;
  }

  /**
   * The arguments as outputs: as `kept` has them (what diff compares), with every argument given that `kept`
   * leaves out. The language SDKs read a property missing from the outputs as unknown at a preview (and as the
   * program's input after an update), so an argument left out of the outputs (a knowledge file's `content`)
   * showed as a change of every stack output made from it, at every preview.
   */
  private stored(args: Props): Props {
    const kept = this.kept(args);
    const dropped = Object.keys(args).filter((k) => args[k] !== undefined && !(k in kept));
    return { ...Object.fromEntries(dropped.map((k) => [k, args[k]])), ...kept };
  }

  /** Each recorded argument as its schema reads it now, where it still parses (else as recorded). */
  private readAsNow(args: Props): Props {
    const shape = this.kind.args.shape as Record<string, z.ZodType>;
    const out: Props = { ...args };
    for (const [k, v] of Object.entries(args)) {
      const field = shape[k];
      if (v === undefined || !field || unknownPaths(v).length > 0) continue;
      const r = field.safeParse(v);
      if (r.success) out[k] = r.data;
    }
    return out;
  }

  /** Argument names whose values differ (old outputs also hold computed state, which is not compared). */
  changedArgs(olds: Props, news: Props): string[] {
    return Object.keys(this.kind.args.shape).filter((k) =>
      fieldChanged(olds[k], news[k], {
        default: this.kind.defaults?.[k],
        asSet: this.kind.sets?.includes(k),
      }),
    );
  }
}

/**
 * A create that failed part-way (kind.ts `partialCreate`) is recorded by the engine with the properties the
 * error carries. They must hold what every later run needs to act on the object: the provider (`__provider`,
 * without which the engine cannot load the provider for refresh or destroy) and the options (connection,
 * adopt). Otherwise the stack is wedged (bug class 9, docs/bug-classes.md).
 */
function recordable(e: unknown, options: Props, provider: unknown): unknown {
  if (!(e instanceof Error) || !("id" in e) || typeof e.id !== "string") return e;
  const partial = e as Error & { properties?: Props; reasons?: string[] };
  partial.properties = { ...partial.properties, ...options, [PROVIDER_KEY]: provider };
  // The engine shows the reasons, not the message: they say why, and what to do.
  if (partial.cause !== undefined) {
    const why = explained(partial.cause);
    partial.reasons = [
      `created ${e.id} but could not finish: ${why instanceof Error ? why.message : String(why)}`,
    ];
  }
  return partial;
}

/** A transient failure that outlasted the retries says so, and what to do about it. */
function explained(e: unknown): unknown {
  const transient =
    ServerError.isInstance(e) || ConnectionError.isInstance(e) || RateLimitError.isInstance(e);
  if (!transient || !ChatApiError.isInstance(e) || e.message.includes(TRANSIENT_HINT)) return e;
  e.message += ` (${TRANSIENT_HINT} after ${e.attempts} attempts: nothing is left half-done, and what was done is in state; run the same command again to continue, and if it keeps failing, check the service's status)`;
  return e;
}
const TRANSIENT_HINT = "the service was still failing";

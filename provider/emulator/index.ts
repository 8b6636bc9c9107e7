// The emulator factory (docs/CONTRACTS.md "provider/emulator/index.ts"): a local stand-in for the chat API v3 and the
// management API, started on a free port by default, with its credentials, state access and close.
import type { AddressInfo } from "node:net";
import type { Region } from "../contract";
import type { AdminActions } from "./admin";
import { type EmulatorClock, SYSTEM_CLOCK } from "./clock";
import { type FaultRule, Faults } from "./faults";
import type { Env } from "./handlers/types";
import { loadStateFile, StateSaver } from "./persistence";
import {
  DEFAULT_IMPORT_RATE_LIMIT_PER_MINUTE,
  DEFAULT_RATE_LIMIT_PER_MINUTE,
  RateLimiter,
} from "./rate-limit";
import { type LoggedRequest, RequestLog } from "./request-log";
import { randomStreams } from "./rng";
import { buildServer } from "./server";
import {
  type Credentials,
  dumpState,
  type EmulatorState,
  emptyState,
  type NewApp,
  newApp,
  systemKeys,
} from "./state";

export type { EmulatorClock } from "./clock";
export type { FaultKind, FaultRule } from "./faults";
export type { LoggedRequest } from "./request-log";

export interface EmulatorOptions {
  /** 0 (default): any free port. */
  port?: number;
  /** Default 127.0.0.1. */
  host?: string;
  /** Keeps the state across restarts (written shortly after each change and on close). */
  stateFile?: string;
  /** Added to every API request. */
  latencyMs?: number;
  /**
   * The emulator's time (default the system's): objects' times, the Date header, rate windows, latency.
   * Tests move one by hand.
   */
  clock?: EmulatorClock;
  /** Per-app budget; default 20,000 (the service's standard budget), 0 turns limiting off. */
  rateLimitPerMinute?: number;
  /** Per-app budget of the data-import routes; default 60 (the service's), 0 turns it off. */
  importRateLimitPerMinute?: number;
  faults?: FaultRule[];
  /** Makes generated ids, keys and probabilistic faults reproducible. */
  seed?: number;
  managementKey?: string;
  managementSecret?: string;
  adminToken?: string;
  /**
   * Serve the /__admin endpoints (default true). False makes the emulator look like a remote endpoint: no
   * reset, dump, faults or request log over HTTP (they answer 404), as live mode's check in `npm test` wants.
   */
  adminApi?: boolean;
  /** Default: one app in "us". */
  bootstrapApp?: false | { name?: string; region?: Region };
}

export interface BootstrapCredentials {
  appId: string;
  region: string;
  /** The "Rest API Key" (fullAccess). */
  apiKey: string;
  /** The "Auth Key" (authOnly). */
  authKey: string;
}

export interface RunningEmulator {
  /** http://127.0.0.1:PORT */
  url: string;
  /** `${url}/management` */
  managementUrl: string;
  /** The template `${url}/chat/{appId}/{region}/v3`. */
  chatEndpoint: string;
  chatUrl(appId: string, region?: string): string;
  credentials: {
    managementKey: string;
    managementSecret: string;
    adminToken: string;
    app?: BootstrapCredentials;
  };
  admin: {
    reset(): void;
    dump(): unknown;
    setFaults(rules: FaultRule[]): void;
    clearFaults(): void;
    requests(): LoggedRequest[];
    /** Requests since the last clear per area of paths, counted whole (requests() keeps the last 10,000). */
    requestCounts(): Record<string, number>;
    clearRequests(): void;
  };
  close(): Promise<void>;
}

/** The bootstrap app's fixed identity, so that a reset recreates it with the same id and keys. */
type Bootstrap = Required<Pick<NewApp, "name" | "region">> & { fixed: NonNullable<NewApp["fixed"]> };

function ensureBootstrap(state: EmulatorState, opts: EmulatorOptions, env: Env): Bootstrap | undefined {
  if (opts.bootstrapApp === false) return undefined;
  const existing = state.bootstrapAppId ? state.apps.get(state.bootstrapAppId) : undefined;
  const app =
    existing ??
    newApp(
      { name: opts.bootstrapApp?.name ?? "Emulator App", region: opts.bootstrapApp?.region ?? "us" },
      env.ids,
      env.now(),
    );
  state.apps.set(app.id, app);
  state.bootstrapAppId = app.id;
  const keys = systemKeys(app);
  return {
    name: app.name,
    region: app.region,
    fixed: { id: app.id, restKey: keys.apiKey, authKey: keys.authKey, createdAt: app.createdAt },
  };
}

const urlHost = (address: AddressInfo): string => {
  if (address.address === "0.0.0.0") return "127.0.0.1";
  if (address.address === "::") return "[::1]";
  return address.family === "IPv6" ? `[${address.address}]` : address.address;
};

export async function startEmulator(opts: EmulatorOptions = {}): Promise<RunningEmulator> {
  const random = randomStreams(opts.seed);
  const clock = opts.clock ?? SYSTEM_CLOCK;
  // Known once the server listens: the presigned upload URLs the knowledge base hands out point here.
  let origin = "";
  const env: Env = { now: () => Math.floor(clock.now() / 1000), ids: random.ids, origin: () => origin };
  const saved = opts.stateFile ? loadStateFile(opts.stateFile) : undefined;
  const credentials: Credentials = {
    managementKey: opts.managementKey ?? saved?.credentials.managementKey ?? random.ids.hex(32),
    managementSecret: opts.managementSecret ?? saved?.credentials.managementSecret ?? random.ids.hex(40),
    adminToken: opts.adminToken ?? saved?.credentials.adminToken ?? random.ids.hex(32),
  };
  const holder = { state: saved?.state ?? emptyState() };
  const bootstrap = ensureBootstrap(holder.state, opts, env);

  const faults = new Faults(random.faults);
  if (opts.faults) faults.set(opts.faults);
  const limiter = new RateLimiter(opts.rateLimitPerMinute ?? DEFAULT_RATE_LIMIT_PER_MINUTE);
  const importLimiter = new RateLimiter(
    opts.importRateLimitPerMinute ?? DEFAULT_IMPORT_RATE_LIMIT_PER_MINUTE,
  );
  const log = new RequestLog();
  const saver = opts.stateFile
    ? new StateSaver(opts.stateFile, () => ({ state: holder.state, credentials }))
    : undefined;

  const admin: AdminActions = {
    reset() {
      const state = emptyState();
      if (bootstrap) {
        const app = newApp(bootstrap, env.ids, env.now());
        state.apps.set(app.id, app);
        state.bootstrapAppId = app.id;
      }
      holder.state = state;
      limiter.clear();
      importLimiter.clear();
      saver?.schedule();
    },
    dump: () => dumpState(holder.state),
    setFaults: (rules) => faults.set(rules),
    clearFaults: () => faults.clear(),
    faults: () => faults.list(),
    requests: () => log.list(),
    clearRequests: () => log.clear(),
  };

  const server = buildServer({
    holder,
    credentials,
    env,
    clock,
    faults,
    limiter,
    importLimiter,
    log,
    latencyMs: opts.latencyMs ?? 0,
    onChange: () => saver?.schedule(),
    admin,
    adminApi: opts.adminApi ?? true,
  });
  await server.listen({ port: opts.port ?? 0, host: opts.host ?? "127.0.0.1" });
  saver?.flush();

  const url = `http://${urlHost(server.server.address() as AddressInfo)}:${(server.server.address() as AddressInfo).port}`;
  origin = url;
  const defaultRegion = bootstrap?.region ?? "us";
  return {
    url,
    managementUrl: `${url}/management`,
    chatEndpoint: `${url}/chat/{appId}/{region}/v3`,
    chatUrl: (appId, region = defaultRegion) => `${url}/chat/${appId}/${region}/v3`,
    credentials: {
      ...credentials,
      ...(bootstrap
        ? {
            app: {
              appId: bootstrap.fixed.id,
              region: bootstrap.region,
              apiKey: bootstrap.fixed.restKey,
              authKey: bootstrap.fixed.authKey,
            },
          }
        : {}),
    },
    admin: {
      reset: admin.reset,
      dump: admin.dump,
      setFaults: admin.setFaults,
      clearFaults: admin.clearFaults,
      requests: admin.requests,
      requestCounts: () => log.counts(),
      clearRequests: admin.clearRequests,
    },
    async close() {
      await server.close();
      saver?.flush();
    },
  };
}

// The one emulator fixture for tests: an emulator started for a test file (or a test), with its bootstrap
// app's chat connection, the management connection, clients of both, the stack config that points a program
// at it, and the unique-id helper for tests that share an emulator.

import { ChatClient, type ClientOptions, ManagementClient, resetBudgets } from "../../provider/client";
import type { Region } from "../../provider/contract";
import {
  type BootstrapCredentials,
  type EmulatorOptions,
  type RunningEmulator,
  startEmulator,
} from "../../provider/emulator";

export interface FixtureOptions extends EmulatorOptions {
  /** Options every client of the fixture starts from (a client's own options are merged over them). */
  clientOptions?: ClientOptions;
}

/** A running emulator and what a test needs to reach it. */
export interface Emulated extends RunningEmulator {
  /** The bootstrap app's credentials (throws when the emulator started without it). */
  readonly app: BootstrapCredentials;
  readonly appId: string;
  /** The chat connection a resource takes as its `connection` argument: the bootstrap app, fullAccess key. */
  readonly connection: { appId: string; region: Region; apiKey: string; endpoint: string };
  /** The management connection a management resource takes as its `managementConnection` argument. */
  readonly managementConnection: { key: string; secret: string; endpoint: string };
  /** A client of the bootstrap app, with the fixture's client options; `apiKey` replaces the fullAccess key. */
  chatClient(opts?: ClientOptions, apiKey?: string): ChatClient;
  managementClient(opts?: ClientOptions): ManagementClient;
  /** One chat client and one management client with the fixture's client options. */
  readonly chat: ChatClient;
  readonly mgmt: ManagementClient;
}

/** Quick retries and a short timeout, so that fault tests take milliseconds, not seconds. */
export const FAST: ClientOptions = { retry: { baseDelayMs: 5, maxDelayMs: 20 }, timeoutMs: 5000 };

const merged = (base: ClientOptions | undefined, opts: ClientOptions): ClientOptions =>
  base ? { ...base, ...opts, retry: { ...base.retry, ...opts.retry } } : opts;

/** Starts an emulator (`seed`, faults and the rest passed through); the caller closes it. */
export async function startEmulated(opts: FixtureOptions = {}): Promise<Emulated> {
  const { clientOptions, ...emulatorOptions } = opts;
  const emu = await startEmulator(emulatorOptions);
  const app = (): BootstrapCredentials => {
    const a = emu.credentials.app;
    if (!a) throw new Error("the emulator started without its bootstrap app");
    return a;
  };
  const connection = (apiKey?: string) => ({
    appId: app().appId,
    region: app().region as Region,
    apiKey: apiKey ?? app().apiKey,
    endpoint: emu.chatEndpoint,
  });
  const managementConnection = {
    key: emu.credentials.managementKey,
    secret: emu.credentials.managementSecret,
    endpoint: emu.managementUrl,
  };
  const chatClient = (o: ClientOptions = {}, apiKey?: string) =>
    new ChatClient(connection(apiKey), merged(clientOptions, o));
  const managementClient = (o: ClientOptions = {}) =>
    new ManagementClient(managementConnection, merged(clientOptions, o));
  let conn: Emulated["connection"] | undefined;
  let chat: ChatClient | undefined;
  let mgmt: ManagementClient | undefined;
  return {
    ...emu,
    get app() {
      return app();
    },
    get appId() {
      return app().appId;
    },
    get connection() {
      conn ??= connection();
      return conn;
    },
    managementConnection,
    chatClient,
    managementClient,
    get chat() {
      chat ??= chatClient();
      return chat;
    },
    get mgmt() {
      mgmt ??= managementClient();
      return mgmt;
    },
  };
}

/**
 * Starts an emulator for the test file: before its first test, closed (and the clients' shared budgets
 * forgotten) after its last. The returned function gives the running emulator.
 */
export function useEmulated(opts: FixtureOptions = {}): () => Emulated {
  let emu: Emulated | undefined;
  beforeAll(async () => {
    emu = await startEmulated(opts);
  });
  afterAll(async () => {
    resetBudgets();
    await emu?.close();
  });
  return () => {
    if (!emu) throw new Error("the emulator is not running");
    return emu;
  };
}

/**
 * `useEmulated` for tests that drive kinds against one emulator: each test starts with no faults, an empty
 * request log and fresh client budgets, so what it asserts is its own.
 */
export function useCleanEmulated(opts: FixtureOptions = {}): () => Emulated {
  const emulated = useEmulated(opts);
  beforeEach(() => {
    emulated().admin.clearFaults();
    emulated().admin.clearRequests();
  });
  afterEach(() => resetBudgets());
  return emulated;
}

export type StackConfig = Record<string, { value: string; secret?: boolean }>;

/** Stack config for an emulator: management credentials and addresses, and its bootstrap app if it has one. */
export function emulatorConfig(emu: RunningEmulator): StackConfig {
  const app = emu.credentials.app;
  return {
    "chat:managementKey": { value: emu.credentials.managementKey },
    "chat:managementSecret": { value: emu.credentials.managementSecret, secret: true },
    "chat:managementEndpoint": { value: emu.managementUrl },
    "chat:endpoint": { value: emu.chatEndpoint },
    ...(app
      ? {
          "chat:appId": { value: app.appId },
          "chat:region": { value: app.region },
          "chat:apiKey": { value: app.apiKey, secret: true },
        }
      : {}),
  };
}

/** The same as environment variables, as chat-export and a stack without config read them. */
export function emulatorEnv(emu: RunningEmulator): Record<string, string> {
  const app = emu.credentials.app;
  return {
    ...(app ? { CHAT_APP_ID: app.appId, CHAT_REGION: app.region, CHAT_API_KEY: app.apiKey } : {}),
    CHAT_ENDPOINT: emu.chatEndpoint,
    CHAT_MANAGEMENT_KEY: emu.credentials.managementKey,
    CHAT_MANAGEMENT_SECRET: emu.credentials.managementSecret,
    CHAT_MANAGEMENT_ENDPOINT: emu.managementUrl,
  };
}

let counter = 0;
/** A fresh id for a test (`prefix-N`), so that tests sharing an emulator do not collide. */
export const unique = (prefix: string) => `${prefix}-${++counter}`;

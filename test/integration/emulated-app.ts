// Shared set-up for driving kinds through the generic provider against the emulator, as the engine would:
// one emulator per test file, its bootstrap app's connections, and clients to look at the service directly.
import { type EmulatorOptions, type RunningEmulator, startEmulator } from "../../emulator";
import type { Region } from "../../provider/api";
import { ChatClient, ManagementClient } from "../../provider/client";
import { CrudProvider, type KindName, kinds } from "../../provider/resources";

export interface EmulatedApp {
  emu: RunningEmulator;
  appId: string;
  /** The chat connection a resource takes as its `connection` argument. */
  connection: { appId: string; region: Region; apiKey: string; endpoint: string };
  /** The management connection a management resource takes as its `managementConnection` argument. */
  managementConnection: { key: string; secret: string; endpoint: string };
  chat: ChatClient;
  mgmt: ManagementClient;
}

/** Starts an emulator for the test file; the returned object is filled in before the first test. */
export function useEmulatedApp(opts: EmulatorOptions = {}): EmulatedApp {
  const app = {} as EmulatedApp;
  beforeAll(async () => {
    const emu = await startEmulator({ port: 0, ...opts });
    const bootstrap = emu.credentials.app;
    if (!bootstrap) throw new Error("the emulator has no bootstrap app");
    const connection = {
      appId: bootstrap.appId,
      region: bootstrap.region as Region,
      apiKey: bootstrap.apiKey,
      endpoint: emu.chatEndpoint,
    };
    const managementConnection = {
      key: emu.credentials.managementKey,
      secret: emu.credentials.managementSecret,
      endpoint: emu.managementUrl,
    };
    Object.assign(app, {
      emu,
      appId: bootstrap.appId,
      connection,
      managementConnection,
      chat: new ChatClient(connection),
      mgmt: new ManagementClient(managementConnection),
    });
  });
  afterAll(async () => app.emu?.close());
  return app;
}

/** The generic provider of one kind, as the engine's provider process runs it. */
export const providerOf = (kind: KindName) => new CrudProvider(kinds[kind] as never);

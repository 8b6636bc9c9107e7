// A local program on a throwaway backend, pointed at a fresh emulator through stack config, the way a user
// points a stack at the real service.
import { type RunningEmulator, startEmulator } from "../../../emulator";
import { localStack, type TestStack } from "./stack";

export interface EmulatedStack extends TestStack {
  emu: RunningEmulator;
}

/** Stack config for an emulator: management credentials and addresses, and its bootstrap app. */
export function emulatorConfig(emu: RunningEmulator): Record<string, { value: string; secret?: boolean }> {
  const app = emu.credentials.app;
  if (!app) throw new Error("the emulator started without its bootstrap app");
  return {
    "chat:managementKey": { value: emu.credentials.managementKey },
    "chat:managementSecret": { value: emu.credentials.managementSecret, secret: true },
    "chat:managementEndpoint": { value: emu.managementUrl },
    "chat:endpoint": { value: emu.chatEndpoint },
    "chat:appId": { value: app.appId },
    "chat:region": { value: app.region },
    "chat:apiKey": { value: app.apiKey, secret: true },
  };
}

/**
 * Starts an emulator (with its bootstrap app) and a stack of `programDir` configured for it: management
 * credentials and endpoints, and the bootstrap app as chat:appId/chat:apiKey for programs that use an
 * existing app. Extra config is set as given (secret when `secret: true`).
 */
export async function emulatedStack(
  programDir: string,
  stackName: string,
  extra: Record<string, { value: string; secret?: boolean }> = {},
): Promise<EmulatedStack> {
  const emu = await startEmulator({ port: 0 });
  const t = await localStack(programDir, stackName);
  await t.stack.setAllConfig({ ...emulatorConfig(emu), ...extra });
  return {
    ...t,
    emu,
    async dispose() {
      try {
        await t.dispose();
      } finally {
        await emu.close();
      }
    },
  };
}

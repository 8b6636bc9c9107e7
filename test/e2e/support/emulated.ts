// A local program on a throwaway backend, pointed at a fresh emulator (the test fixture, test/support/emulator.ts)
// through stack config, the way a user points a stack at the real service.
import {
  type Emulated,
  emulatorConfig,
  type FixtureOptions,
  type StackConfig,
  startEmulated,
} from "../../support/emulator";
import { localStack, type TestStack } from "./stack";

export interface EmulatedStack extends TestStack {
  emu: Emulated;
}

/**
 * Starts an emulator (with its bootstrap app) and a stack of `programDir` configured for it: management
 * credentials and endpoints, and the bootstrap app as chat:appId/chat:apiKey for programs that use an
 * existing app. Extra config is set as given (secret when `secret: true`).
 */
export async function emulatedStack(
  programDir: string,
  stackName: string,
  extra: StackConfig = {},
  emulator: FixtureOptions = {},
): Promise<EmulatedStack> {
  const emu = await startEmulated(emulator);
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

// What the client's integration tests share beyond the emulator fixture (test/support/emulator.ts): readers of
// the emulator's own request log (what actually reached the server), a recording logger, and rejections.

import type { RequestLogFields } from "../../../provider/client";
import type { RunningEmulator } from "../../../provider/emulator";

/** The requests the emulator received for `method` and API `path` (e.g. "/v3/users"). */
export const received = (emu: RunningEmulator, method: string, path: string) =>
  emu.admin.requests().filter((r) => r.method === method && r.path === path);

/** A logger that keeps every line and its fields. */
export function recordingLogger() {
  const lines: string[] = [];
  const fields: RequestLogFields[] = [];
  return {
    lines,
    fields,
    logger: {
      debug(line: string, f: RequestLogFields) {
        lines.push(line);
        fields.push(f);
      },
    },
  };
}

/** The rejection of `p` (fails the test when `p` resolves). */
export async function rejectionOf(p: Promise<unknown>): Promise<unknown> {
  try {
    await p;
  } catch (e) {
    return e;
  }
  throw new Error("expected the call to fail, but it succeeded");
}

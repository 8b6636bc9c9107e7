// Shared set-up for the client's integration tests: a real emulator on a free port, clients pointed at it
// with short backoffs, and readers of the emulator's own request log (what actually reached the server).

import { type RunningEmulator, startEmulator } from "../../../emulator";
import type { Region } from "../../../provider/api";
import {
  ChatClient,
  type ClientOptions,
  ManagementClient,
  type RequestLogFields,
  resetBudgets,
} from "../../../provider/client";

export type Emulator = RunningEmulator;

/** Starts an emulator for one test file; it is closed and the shared budgets forgotten after the file. */
export function useEmulator(opts: Parameters<typeof startEmulator>[0] = {}): () => Emulator {
  let emu: Emulator | undefined;
  beforeAll(async () => {
    emu = await startEmulator({ port: 0, ...opts });
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

/** Quick retries, so that fault tests take milliseconds, not seconds. */
export const FAST: ClientOptions = { retry: { baseDelayMs: 5, maxDelayMs: 20 }, timeoutMs: 5000 };

export function app(emu: Emulator) {
  const a = emu.credentials.app;
  if (!a) throw new Error("the emulator has no bootstrap app");
  return a;
}

export function chatClient(emu: Emulator, opts: ClientOptions = {}, apiKey?: string): ChatClient {
  const a = app(emu);
  return new ChatClient(
    { appId: a.appId, region: a.region as Region, apiKey: apiKey ?? a.apiKey, endpoint: emu.chatEndpoint },
    { ...FAST, ...opts, retry: { ...FAST.retry, ...opts.retry } },
  );
}

export function managementClient(emu: Emulator, opts: ClientOptions = {}): ManagementClient {
  return new ManagementClient(
    {
      key: emu.credentials.managementKey,
      secret: emu.credentials.managementSecret,
      endpoint: emu.managementUrl,
    },
    { ...FAST, ...opts, retry: { ...FAST.retry, ...opts.retry } },
  );
}

/** The requests the emulator received for `method` and API `path` (e.g. "/v3/users"). */
export const received = (emu: Emulator, method: string, path: string) =>
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

let n = 0;
/** A fresh id per call, so tests within one emulator do not collide. */
export const uniq = (prefix: string) => `${prefix}-${Date.now().toString(36)}-${n++}`;

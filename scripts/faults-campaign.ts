// The fault campaign (issue "Converge under faults"): a staging app of every kind (test/e2e/programs/faults,
// about 225 resources) brought up and destroyed on the real engine while the emulator answers 10% of all
// requests with 503, 3% with 429 and drops 2% of the answers to writes after applying them. Per seed: the up
// must succeed; the service then holds every declared object, none twice (campaign-check.ts, derived from each
// kind's listing); a fault-free refresh finds no drift and a preview no change; the destroy, under the same
// faults, succeeds and leaves nothing.
// Used by test/e2e/faults.test.ts (3 seeds) and by `npm run soak` (scripts/soak.ts, 10 seeds and a table).
import { rmSync } from "node:fs";
import { dirname, join } from "node:path";
import type { OutputMap } from "@pulumi/pulumi/automation";
import { ChatClient, ManagementClient } from "../provider/client";
import type { Region } from "../provider/contract";
import { type FaultRule, type RunningEmulator, startEmulator } from "../provider/emulator";
import { clientContext } from "../provider/engine/context";
import type { Ctx } from "../provider/engine/kind";
import { type Declared, declaredOf, type Findings, findings, problemsOf, survey } from "./campaign-check";
import { localStack, type TestStack } from "./local-stack";

export const PROGRAM_DIR = join(
  dirname(require.resolve("pulumi-chat/package.json")),
  "test",
  "e2e",
  "programs",
  "faults",
);

/** The faults of the issue: on every route, and lost answers on writes. */
export const FAULTS: FaultRule[] = [
  { kind: "error", status: 503, probability: 0.1 },
  { kind: "rateLimit", probability: 0.03, retryAfterSeconds: 1 },
  ...(["POST", "PUT", "DELETE"] as const).map(
    (method): FaultRule => ({ kind: "dropAfterApply", method, probability: 0.02 }),
  ),
];

export interface Phase {
  /** Engine runs it took (1 when the first succeeded). */
  runs: number;
  /** Requests the emulator received. */
  requests: number;
  /** Of those, answers the faults shaped. */
  faults: number;
  seconds: number;
}

export interface SeedResult {
  seed: number;
  up: Phase;
  destroy?: Phase;
  /** Everything that did not hold; empty when the seed passed. */
  problems: string[];
}

/** The emulator's record of an app: its state (active or archived). */
export function appState(emu: RunningEmulator, appId: string): string | undefined {
  return (emu.admin.dump() as { apps: Record<string, { state?: string }> }).apps[appId]?.state;
}

/** The app's chat objects as they are now: `survey` (campaign-check.ts) through clients of the emulator. */
export function surveyContext(emu: RunningEmulator, outputs: OutputMap): Ctx {
  // The budget of the campaign's stack config (configureProgram): the emulator's limit, not the free plan's.
  const opts = { budget: { requestsPerMinute: 20_000 } };
  const chat = new ChatClient(
    {
      appId: String(outputs.appId?.value),
      region: String(outputs.region?.value) as Region,
      apiKey: String(outputs.appApiKey?.value),
      endpoint: emu.chatEndpoint,
    },
    opts,
  );
  const management = new ManagementClient(
    {
      key: emu.credentials.managementKey,
      secret: emu.credentials.managementSecret,
      endpoint: emu.managementUrl,
    },
    opts,
  );
  return clientContext({ chat: () => chat, management: () => management });
}

/** What the service holds against what the stack declares now (`gone`: what it declared and deleted since). */
export async function checkService(
  emu: RunningEmulator,
  outputs: OutputMap,
  declared: Declared[],
  gone: Declared[] = [],
): Promise<Findings> {
  return findings(await survey(surveyContext(emu, outputs), declared, gone), declared, gone);
}

/** Runs `op` up to `maxRuns` times until it succeeds, under the emulator's current faults. */
async function phase(
  emu: RunningEmulator,
  maxRuns: number,
  op: () => Promise<unknown>,
  failures: string[],
): Promise<Phase> {
  emu.admin.clearRequests();
  const started = performance.now();
  let runs = 0;
  for (;;) {
    runs++;
    try {
      await op();
      break;
    } catch (e) {
      failures.push(`run ${runs} failed: ${(e instanceof Error ? e.message : String(e)).slice(-2000)}`);
      if (runs >= maxRuns) break;
    }
  }
  const reqs = emu.admin.requests();
  return {
    runs,
    requests: reqs.length,
    faults: reqs.filter((r) => r.fault !== undefined && r.fault !== "latency").length,
    seconds: (performance.now() - started) / 1000,
  };
}

/** Two phases as one: the runs of the one that took most, the rest added up. */
const merged = (a: Phase, b: Phase): Phase => ({
  runs: Math.max(a.runs, b.runs),
  requests: a.requests + b.requests,
  faults: a.faults + b.faults,
  seconds: a.seconds + b.seconds,
});

/** The program's stack config against `emu`: its endpoints and management credentials, and the app's size. */
export async function configureProgram(t: TestStack, emu: RunningEmulator, users: number): Promise<void> {
  await t.stack.setAllConfig({
    "chat:managementKey": { value: emu.credentials.managementKey },
    "chat:managementSecret": { value: emu.credentials.managementSecret, secret: true },
    "chat:managementEndpoint": { value: emu.managementUrl },
    "chat:endpoint": { value: emu.chatEndpoint },
    // The emulator's limit is the standard plan's; the provider's default budget is the free plan's.
    "chat:requestsPerMinute": { value: "20000" },
    "faults:users": { value: String(users) },
    "faults:variant": { value: "0" },
  });
}

export interface CampaignOptions {
  /** Engine runs allowed per phase before the seed fails (the test allows 1: one `up` must converge). */
  maxRuns?: number;
  /** Faults to inject (default FAULTS; [] for a fault-free baseline). */
  faults?: FaultRule[];
  /** Users in the program (default 150). */
  users?: number;
  onOutput?: (line: string) => void;
}

export async function runSeed(seed: number, opts: CampaignOptions = {}): Promise<SeedResult> {
  const maxRuns = opts.maxRuns ?? 1;
  const faults = opts.faults ?? FAULTS;
  const emu = await startEmulator({ port: 0, seed, bootstrapApp: false });
  const t = await localStack(PROGRAM_DIR, `faults-${seed}`);
  const problems: string[] = [];
  const run = { onOutput: opts.onOutput ?? (() => {}) };
  try {
    await configureProgram(t, emu, opts.users ?? 150);
    emu.admin.setFaults(faults);
    let outputs: OutputMap | undefined;
    const up = await phase(
      emu,
      maxRuns,
      async () => {
        outputs = (await t.stack.up(run)).outputs;
      },
      problems,
    );
    emu.admin.clearFaults();
    if (!outputs) return { seed, up, problems };
    const done = outputs;
    const declared = declaredOf(await t.stack.exportStack());
    problems.push(...problemsOf(await checkService(emu, done, declared)));

    const refresh = await t.stack.refresh(run);
    const drift = Object.entries(refresh.summary.resourceChanges ?? {}).filter(([k]) => k !== "same");
    if (drift.length) problems.push(`a fault-free refresh found drift: ${JSON.stringify(drift)}`);
    const preview = await t.stack.preview(run);
    const changes = Object.entries(preview.changeSummary).filter(([k]) => k !== "same");
    if (changes.length) problems.push(`the preview after it shows changes: ${JSON.stringify(changes)}`);

    // The destroy in two steps, the app last: the service reads nothing of an archived app, so what the
    // first step left is surveyed between them.
    const apps = declared.filter((d) => d.kind === "App");
    emu.admin.setFaults(faults);
    const first = await phase(
      emu,
      maxRuns,
      () => t.stack.destroy({ ...run, exclude: apps.map((a) => a.urn) }),
      problems,
    );
    emu.admin.clearFaults();
    problems.push(
      ...problemsOf(await checkService(emu, done, apps, declared)).map((p) => `after destroy, ${p}`),
    );
    emu.admin.setFaults(faults);
    const last = await phase(emu, maxRuns, () => t.stack.destroy(run), problems);
    emu.admin.clearFaults();
    const destroy = merged(first, last);
    const appId = String(done.appId?.value);
    const state = appState(emu, appId);
    if (state !== "archived") problems.push(`after destroy the app is ${state ?? "gone"}`);
    return { seed, up, destroy, problems };
  } finally {
    emu.admin.clearFaults();
    await t.stack.workspace.removeStack(`faults-${seed}`, { force: true }).catch(() => undefined);
    rmSync(t.backendDir, { recursive: true, force: true });
    await emu.close();
  }
}

// The fault campaign (issue "Converge under faults"): a staging app of every kind (test/e2e/programs/faults,
// about 225 resources) brought up and destroyed on the real engine while the emulator answers 10% of all
// requests with 503, 3% with 429 and drops 2% of the answers to writes after applying them. Per seed: the up
// must succeed; the emulator then holds exactly the declared objects; a fault-free refresh finds no drift and
// a preview no change; the destroy, under the same faults, succeeds and leaves nothing.
// Used by test/e2e/faults.test.ts (3 seeds) and by `npm run soak` (scripts/soak.ts, 10 seeds and a table).
import { rmSync } from "node:fs";
import { dirname, join } from "node:path";
import type { OutputMap } from "@pulumi/pulumi/automation";
import { type FaultRule, type RunningEmulator, startEmulator } from "../provider/emulator";
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

export interface Expected {
  roles: string[];
  users: string[];
  members: Record<string, Record<string, string>>;
  apiKeys: string[];
  webhooks: Record<string, string[]>;
  authTokens: string[];
  bots: string[];
  bans: Record<string, string[]>;
  friends: Record<string, string[]>;
  blocked: Record<string, string[]>;
  pinned: string[];
  collaborators: Record<string, string>;
  aiAgents: string[];
  knowledgeTexts: string[];
  agentVariables: string[];
  externalAgents: string[];
  customApiLists: string[];
  chatWidgets: string[];
  apiTools: string[];
  frontendActions: string[];
  /** Per agent name: the custom API tools and frontend actions it is given. */
  agentTools: Record<string, { apiTools: string[]; frontendActions: string[] }>;
}

export interface AppDump {
  state?: string;
  users: Record<string, { deactivatedAt?: number }>;
  groups: Record<string, { members: Record<string, { scope: string }>; banned?: Record<string, number> }>;
  roles: Record<string, unknown>;
  apiKeys: Record<string, { name: string; createdBy?: string }>;
  webhooks: Record<string, { triggers: string[] }>;
  authTokens: Record<string, unknown[]>;
  bots?: Record<string, unknown>;
  friends?: Record<string, Record<string, number>>;
  blocked?: Record<string, Record<string, number>>;
  pinnedConversations?: { conversationType: string; conversationWith: string }[];
  collaborators?: Record<string, { role: string }>;
  builderAgents?: Record<string, { name: string; apiTools?: string[]; frontendActions?: string[] }>;
  apiTools?: Record<string, unknown>;
  frontendActions?: Record<string, unknown>;
  byoAgents?: Record<string, { name: string }>;
  knowledgeTexts?: Record<string, { title: string }>;
  agentVariables?: Record<string, { name: string }>;
  keywordLists?: Record<string, { category: string }>;
  chatWidgets?: Record<string, { configuration: { name: string } }>;
}

const sorted = (xs: Iterable<string>) => [...xs].sort();
/** JSON with object keys in order, so that equal contents compare equal. */
const canonical = (v: unknown): string =>
  JSON.stringify(v, (_k, x: unknown) =>
    x && typeof x === "object" && !Array.isArray(x)
      ? Object.fromEntries(Object.entries(x).sort(([a], [b]) => a.localeCompare(b)))
      : x,
  );
const count = (xs: Iterable<string>) => {
  const m: Record<string, number> = {};
  for (const x of xs) m[x] = (m[x] ?? 0) + 1;
  return m;
};

/** What the app holds that a declaration made (the default role and the app's own keys are not). */
export function held(app: AppDump) {
  return {
    roles: sorted(Object.keys(app.roles).filter((r) => r !== "default")),
    users: sorted(Object.entries(app.users).flatMap(([uid, u]) => (u.deactivatedAt ? [] : [uid]))),
    members: Object.fromEntries(
      Object.entries(app.groups).map(([guid, g]) => [
        guid,
        Object.fromEntries(Object.entries(g.members).map(([uid, m]) => [uid, m.scope])),
      ]),
    ),
    apiKeys: count(Object.values(app.apiKeys).flatMap((k) => (k.createdBy === "app_system" ? [] : [k.name]))),
    webhooks: Object.fromEntries(Object.entries(app.webhooks).map(([id, w]) => [id, sorted(w.triggers)])),
    authTokens: count(Object.entries(app.authTokens).flatMap(([uid, ts]) => ts.map(() => uid))),
    bots: sorted(Object.keys(app.bots ?? {})),
    bans: nonEmpty(
      Object.entries(app.groups).map(([guid, g]) => [guid, sorted(Object.keys(g.banned ?? {}))]),
    ),
    friends: nonEmpty(Object.entries(app.friends ?? {}).map(([uid, f]) => [uid, sorted(Object.keys(f))])),
    blocked: nonEmpty(Object.entries(app.blocked ?? {}).map(([uid, b]) => [uid, sorted(Object.keys(b))])),
    pinned: (app.pinnedConversations ?? []).map((p) => `${p.conversationType}:${p.conversationWith}`),
    collaborators: Object.fromEntries(Object.entries(app.collaborators ?? {}).map(([e, c]) => [e, c.role])),
    // Counted by name: a double made by a lost answer or a killed run shows as 2.
    aiAgents: count(Object.values(app.builderAgents ?? {}).map((a) => a.name)),
    externalAgents: count(Object.values(app.byoAgents ?? {}).map((a) => a.name)),
    knowledgeTexts: count(Object.values(app.knowledgeTexts ?? {}).map((t) => t.title)),
    agentVariables: count(Object.values(app.agentVariables ?? {}).map((v) => v.name)),
    customApiLists: sorted(
      Object.entries(app.keywordLists ?? {}).flatMap(([id, k]) => (k.category === "custom-api" ? [id] : [])),
    ),
    // Counted by name, like the agents: the service makes a widget's id.
    chatWidgets: count(Object.values(app.chatWidgets ?? {}).map((w) => w.configuration.name)),
    apiTools: sorted(Object.keys(app.apiTools ?? {})),
    frontendActions: sorted(Object.keys(app.frontendActions ?? {})),
    // Agents given something (by name): what they are given.
    agentTools: Object.fromEntries(
      Object.values(app.builderAgents ?? {}).flatMap((a) =>
        a.apiTools?.length || a.frontendActions?.length
          ? [
              [
                a.name,
                { apiTools: sorted(a.apiTools ?? []), frontendActions: sorted(a.frontendActions ?? []) },
              ],
            ]
          : [],
      ),
    ),
  };
}

/** Only the entries with something in them (an emptied relation may stay as an empty record). */
const nonEmpty = (entries: [string, string[]][]) => Object.fromEntries(entries.filter(([, v]) => v.length));

export function appOf(emu: RunningEmulator, appId: string): AppDump | undefined {
  return (emu.admin.dump() as { apps: Record<string, AppDump> }).apps[appId];
}

/** Differences between what the emulator holds and what was declared. */
export function checkHeld(app: AppDump, want: Expected): string[] {
  const have = held(app);
  const wanted = {
    roles: sorted(want.roles),
    users: sorted(want.users),
    members: want.members,
    apiKeys: count(want.apiKeys),
    webhooks: Object.fromEntries(Object.entries(want.webhooks).map(([id, t]) => [id, sorted(t)])),
    authTokens: count(want.authTokens),
    bots: sorted(want.bots),
    bans: Object.fromEntries(Object.entries(want.bans).map(([g, u]) => [g, sorted(u)])),
    friends: Object.fromEntries(Object.entries(want.friends).map(([u, f]) => [u, sorted(f)])),
    blocked: Object.fromEntries(Object.entries(want.blocked).map(([u, b]) => [u, sorted(b)])),
    pinned: want.pinned,
    collaborators: want.collaborators,
    aiAgents: count(want.aiAgents),
    externalAgents: count(want.externalAgents),
    knowledgeTexts: count(want.knowledgeTexts),
    agentVariables: count(want.agentVariables),
    customApiLists: sorted(want.customApiLists),
    chatWidgets: count(want.chatWidgets),
    apiTools: sorted(want.apiTools),
    frontendActions: sorted(want.frontendActions),
    agentTools: Object.fromEntries(
      Object.entries(want.agentTools).map(([n, t]) => [
        n,
        { apiTools: sorted(t.apiTools), frontendActions: sorted(t.frontendActions) },
      ]),
    ),
  };
  const problems: string[] = [];
  for (const k of Object.keys(wanted) as (keyof typeof wanted)[]) {
    const [a, b] = [canonical(have[k]), canonical(wanted[k])];
    if (a !== b) problems.push(`${k}: the emulator holds ${a}, declared ${b}`);
  }
  return problems;
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
    const appId = String(outputs.appId?.value);
    const app = appOf(emu, appId);
    if (!app) problems.push(`the app ${appId} is not in the emulator`);
    else problems.push(...checkHeld(app, outputs.expected?.value as Expected));

    const refresh = await t.stack.refresh(run);
    const drift = Object.entries(refresh.summary.resourceChanges ?? {}).filter(([k]) => k !== "same");
    if (drift.length) problems.push(`a fault-free refresh found drift: ${JSON.stringify(drift)}`);
    const preview = await t.stack.preview(run);
    const changes = Object.entries(preview.changeSummary).filter(([k]) => k !== "same");
    if (changes.length) problems.push(`the preview after it shows changes: ${JSON.stringify(changes)}`);

    emu.admin.setFaults(faults);
    const destroy = await phase(emu, maxRuns, () => t.stack.destroy(run), problems);
    emu.admin.clearFaults();
    const after = appOf(emu, appId);
    if (after?.state !== "archived") problems.push(`after destroy the app is ${after?.state ?? "gone"}`);
    if (after) {
      // Chat widgets have no delete route: a destroy leaves them by design (decision 0114).
      const { chatWidgets: _, ...left } = held(after);
      const anything = { ...left, members: Object.values(left.members).flatMap(Object.keys) };
      for (const [k, v] of Object.entries(anything))
        if (Object.keys(v).length)
          problems.push(`after destroy the app still holds ${k}: ${JSON.stringify(v)}`);
    }
    return { seed, up, destroy, problems };
  } finally {
    emu.admin.clearFaults();
    await t.stack.workspace.removeStack(`faults-${seed}`, { force: true }).catch(() => undefined);
    rmSync(t.backendDir, { recursive: true, force: true });
    await emu.close();
  }
}

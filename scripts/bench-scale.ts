// `npm run bench:scale`: the project beside the engine's own floor, in one run. For each N: N chat Users in
// an existing app against the emulator (at a paid plan's rate limit), declared twice (the TypeScript dynamic
// resources, and a Pulumi YAML program on the `chat` plugin), and N dynamic resources whose provider
// does no I/O (scripts/bench-scale/floor: same engine, same provider process model, nothing else); up, a
// no-change preview, refresh and destroy of each. Prints seconds, the ratio to the floor, the API calls the
// emulator saw, the provider process's peak memory and the state's bytes per resource; then an up at the
// free plan's 500 requests a minute against its rate bound, and the floor without checkpoints (what the
// engine's own bookkeeping costs). A measurement, not a test: docs/benchmarks.md records a run.
import { mkdtempSync, rmSync, statSync, writeFileSync } from "node:fs";
import { cpus, tmpdir, totalmem } from "node:os";
import { join } from "node:path";
import { type RunningEmulator, startEmulator } from "../provider/emulator";
import { PLUGIN_TYPE_PREFIX } from "../provider/hosts/tokens";
import { localStack, type TestStack } from "./local-stack";
import { withPeakMemory } from "./peak-memory";

// commander 15 is ESM-only; Node 24 loads ES modules with require() (docs/decisions/0001-commonjs-on-node-24.md).
type CommanderModule = typeof import("commander", { with: { "resolution-mode": "import" }});
const { Command } = require("commander") as CommanderModule;

const opts = new Command()
  .name("bench:scale")
  .option("--n <list>", "sizes, comma-separated ('' for none)", "100,1000,2000")
  .option("--plan <perMinute>", "the emulator's rate limit for the main rows (a paid plan)", "20000")
  .option("--free <n>", "N for the free-plan row (500 a minute); 0 skips it", "1000")
  .parse()
  .opts<{ n: string; plan: string; free: string }>();

const HERE = join(__dirname, "..", "..", "scripts", "bench-scale");
const OPS = ["up", "preview", "refresh", "destroy"] as const;
type Op = (typeof OPS)[number];
const log = (s: string) => process.stderr.write(`${s}\n`);

async function timed(t: TestStack, op: Op): Promise<{ seconds: number; peakMiB: number }> {
  const started = performance.now();
  const { peakMiB } = await withPeakMemory(async () => {
    if (op === "up") await t.stack.up();
    else if (op === "preview") {
      const p = await t.stack.preview();
      const changed = Object.entries(p.changeSummary).filter(([k]) => k !== "same");
      if (changed.length) throw new Error(`the preview shows changes: ${JSON.stringify(changed)}`);
    } else if (op === "refresh") await t.stack.refresh();
    else await t.stack.destroy();
  });
  return { seconds: (performance.now() - started) / 1000, peakMiB };
}

/** Bytes of the stack's checkpoint file per resource. */
function stateBytesPerResource(t: TestStack, project: string, stack: string, n: number): number {
  const file = join(t.backendDir, ".pulumi", "stacks", project, `${stack}.json`);
  return Math.round(statSync(file).size / n);
}

async function usersStack(emu: RunningEmulator, n: number, name: string): Promise<TestStack> {
  const app = emu.credentials.app;
  if (!app) throw new Error("the emulator has no bootstrap app");
  const t = await localStack(join(HERE, "users"), name);
  await t.stack.setAllConfig({
    "chat:appId": { value: app.appId },
    "chat:region": { value: app.region },
    "chat:apiKey": { value: app.apiKey, secret: true },
    "chat:endpoint": { value: emu.chatEndpoint },
    "bench:n": { value: String(n) },
  });
  return t;
}

const PLUGIN_DIR = join(__dirname, "..", "plugin", "bin");

/** The same N users in a Pulumi YAML program on the `chat` plugin (their own uids: they share the app). */
async function pluginStack(emu: RunningEmulator, n: number, name: string): Promise<TestStack> {
  const app = emu.credentials.app;
  if (!app) throw new Error("the emulator has no bootstrap app");
  const dir = mkdtempSync(join(tmpdir(), "bench-plugin-"));
  const users = Array.from({ length: n }, (_, i) => {
    const uid = `yaml-${String(i).padStart(5, "0")}`;
    return `  ${uid}:\n    type: ${PLUGIN_TYPE_PREFIX}User\n    properties: { uid: ${uid}, name: "User ${i}", permanentDelete: true }\n`;
  });
  writeFileSync(
    join(dir, "Pulumi.yaml"),
    `name: bench-plugin\nruntime: yaml\nplugins:\n  providers:\n    - name: chat\n      path: ${PLUGIN_DIR}\nresources:\n${users.join("")}`,
  );
  const t = await localStack(dir, name);
  await t.stack.setAllConfig({
    "chat:appId": { value: app.appId },
    "chat:region": { value: app.region },
    "chat:apiKey": { value: app.apiKey, secret: true },
    "chat:endpoint": { value: emu.chatEndpoint },
  });
  return t;
}

async function floorStack(n: number, name: string, env: Record<string, string> = {}): Promise<TestStack> {
  const t = await localStack(join(HERE, "floor"), name, env);
  await t.stack.setConfig("bench:n", { value: String(n) });
  return t;
}

const rows: string[] = [];
const fmt = (x: number) => x.toFixed(1);

async function compare(n: number): Promise<void> {
  const emu = await startEmulator({ port: 0, rateLimitPerMinute: Number(opts.plan) });
  const floor = await floorStack(n, `floor-${n}`);
  const users = await usersStack(emu, n, `users-${n}`);
  const plugin = await pluginStack(emu, n, `plugin-${n}`);
  try {
    for (const op of OPS) {
      log(`N=${n} ${op}: floor ...`);
      const f = await timed(floor, op);
      const fState = op === "up" ? stateBytesPerResource(floor, "bench-floor", `floor-${n}`, n) : undefined;
      log(`N=${n} ${op}: users ...`);
      emu.admin.clearRequests();
      const u = await timed(users, op);
      const calls = emu.admin.requests().length;
      const uState = op === "up" ? stateBytesPerResource(users, "bench-users", `users-${n}`, n) : undefined;
      log(`N=${n} ${op}: plugin ...`);
      emu.admin.clearRequests();
      const y = await timed(plugin, op);
      const yCalls = emu.admin.requests().length;
      const yState =
        op === "up" ? stateBytesPerResource(plugin, "bench-plugin", `plugin-${n}`, n) : undefined;
      rows.push(
        `| ${n} | ${op} | ${fmt(f.seconds)} | ${fmt(u.seconds)} | ${(u.seconds / f.seconds).toFixed(2)} | ${fmt(y.seconds)} | ${(y.seconds / f.seconds).toFixed(2)} | ${calls} | ${yCalls} | ${fmt(f.peakMiB)} | ${fmt(u.peakMiB)} | ${fmt(y.peakMiB)} | ${fState ?? ""} | ${uState ?? ""} | ${yState ?? ""} |`,
      );
      log(rows[rows.length - 1] ?? "");
    }
  } finally {
    await floor.stack.workspace.removeStack(`floor-${n}`, { force: true }).catch(() => undefined);
    await users.stack.workspace.removeStack(`users-${n}`, { force: true }).catch(() => undefined);
    await plugin.stack.workspace.removeStack(`plugin-${n}`, { force: true }).catch(() => undefined);
    rmSync(plugin.stack.workspace.workDir, { recursive: true, force: true });
    await emu.close();
  }
}

const extra: string[] = [];

async function freePlan(n: number): Promise<void> {
  const emu = await startEmulator({ port: 0, rateLimitPerMinute: 500 });
  const users = await usersStack(emu, n, `free-${n}`);
  try {
    log(`free plan: up of ${n} users at 500 a minute ...`);
    const started = Date.now();
    const u = await timed(users, "up");
    const requests = emu.admin.requests();
    const limited = requests.filter((r) => r.status === 429).length;
    // When the requests went out: the engine's own work after the last one is what exceeds the bound.
    const at = (i: number) =>
      fmt(((requests[Math.min(i, requests.length) - 1]?.at ?? started) - started) / 1000);
    const bound = (n / 500) * 60;
    extra.push(
      `| free plan (500/min) | up of ${n} users | ${fmt(u.seconds)} s | rate bound ${fmt(bound)} s | ${(u.seconds / bound).toFixed(2)}× the bound | ${limited} answers were 429; request 500 at ${at(500)} s, 501 at ${at(501)} s, the last at ${at(requests.length)} s |`,
    );
    await users.stack.destroy();
  } finally {
    await users.stack.workspace.removeStack(`free-${n}`, { force: true }).catch(() => undefined);
    await emu.close();
  }
}

async function floorWithoutCheckpoints(n: number): Promise<void> {
  const plain = await floorStack(n, `plain-${n}`);
  const skipping = await floorStack(n, `skip-${n}`, { PULUMI_SKIP_CHECKPOINTS: "true" });
  try {
    log(`floor of ${n}: up with and without checkpoints ...`);
    const a = await timed(plain, "up");
    const b = await timed(skipping, "up");
    extra.push(
      `| engine floor | up of ${n} no-op resources | ${fmt(a.seconds)} s with checkpoints | ${fmt(b.seconds)} s with PULUMI_SKIP_CHECKPOINTS=true | ${(a.seconds / b.seconds).toFixed(1)}× | |`,
    );
    await plain.stack.destroy();
    await skipping.stack.destroy();
  } finally {
    await plain.stack.workspace.removeStack(`plain-${n}`, { force: true }).catch(() => undefined);
    await skipping.stack.workspace.removeStack(`skip-${n}`, { force: true }).catch(() => undefined);
  }
}

async function main(): Promise<void> {
  for (const n of opts.n.split(",").filter(Boolean).map(Number)) await compare(n);
  const free = Number(opts.free);
  if (free > 0) {
    await freePlan(free);
    await floorWithoutCheckpoints(free);
  }
  const cpu = cpus();
  const out = [
    `Machine: ${cpu.length} × ${cpu[0]?.model ?? "cpu"}, ${Math.round(totalmem() / 2 ** 30)} GiB; node ${process.version}; ` +
      `${new Date().toISOString().slice(0, 10)}; the emulator's rate limit ${opts.plan} a minute.`,
    "",
    "| N | op | floor s | users s | ratio | plugin (YAML) s | ratio | API calls | plugin API calls | floor provider peak MiB | users provider peak MiB | plugin peak MiB | floor state B/resource | users state B/resource | plugin state B/resource |",
    "|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|",
    ...rows,
    "",
    "| case | what | measured | against | ratio | note |",
    "|---|---|---|---|---|---|",
    ...extra,
  ];
  process.stdout.write(`${out.join("\n")}\n`);
}

main().catch((e: unknown) => {
  log(e instanceof Error ? (e.stack ?? e.message) : String(e));
  process.exit(1);
});

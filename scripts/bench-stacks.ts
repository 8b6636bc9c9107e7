// `npm run bench:stacks`: many stacks, one app (issue 47 item 2). S stacks of N users each, `pulumi up` at once
// against one emulated app at the free plan's 500 requests a minute (the emulator counts an app's requests
// whatever process sends them, as the service does). Per row: whether each stack converged in one up, the
// 429 answers, the whole time against the rate bound (the writes at 500 a minute). Rows: each stack with the
// default budget (450 a minute, learnt 500 from the service's headers), which the processes of one machine
// share (decision 0125), and each with chat:requestsPerMinute = 500 / S (runners on different hosts: on one
// machine that pinned limit is the app's for all processes together, so this row is slow). A measurement,
// not a test.
import { rmSync } from "node:fs";
import { join } from "node:path";
import { startEmulator } from "../provider/emulator";
import { localStack, type TestStack } from "./local-stack";

// commander 15 is ESM-only; Node 24 loads ES modules with require() (docs/decisions/0001-commonjs-on-node-24.md).
type CommanderModule = typeof import("commander", { with: { "resolution-mode": "import" }});
const { Command } = require("commander") as CommanderModule;

const opts = new Command()
  .name("bench:stacks")
  .option("--stacks <n>", "stacks run at once", "8")
  .option("--users <n>", "users per stack", "125")
  .option("--limit <perMinute>", "the app's rate limit", "500")
  .option("--rows <list>", "default,share", "default,share")
  .parse()
  .opts<{ stacks: string; users: string; limit: string; rows: string }>();

const log = (s: string) => process.stderr.write(`${s}\n`);
const PROGRAM = join(__dirname, "..", "..", "scripts", "bench-scale", "users");

async function row(kind: "default" | "share", stacks: number, users: number, limit: number): Promise<string> {
  const emu = await startEmulator({ port: 0, rateLimitPerMinute: limit });
  const app = emu.credentials.app;
  if (!app) throw new Error("the emulator has no bootstrap app");
  const all: TestStack[] = [];
  try {
    for (let s = 0; s < stacks; s++) {
      const t = await localStack(PROGRAM, `area-${s}`);
      await t.stack.setAllConfig({
        "chat:appId": { value: app.appId },
        "chat:region": { value: app.region },
        "chat:apiKey": { value: app.apiKey, secret: true },
        "chat:endpoint": { value: emu.chatEndpoint },
        "bench:n": { value: String(users) },
        "bench:prefix": { value: `s${s}-` },
        ...(kind === "share"
          ? { "chat:requestsPerMinute": { value: String(Math.floor(limit / stacks)) } }
          : {}),
      });
      all.push(t);
    }
    log(`${kind}: ${stacks} stacks x ${users} users at once, ${limit} a minute ...`);
    const started = performance.now();
    const ups = await Promise.allSettled(all.map((t) => t.stack.up()));
    const seconds = (performance.now() - started) / 1000;
    const failed = ups.filter((u) => u.status === "rejected");
    for (const f of failed) log(`  failed: ${String((f as PromiseRejectedResult).reason).slice(0, 400)}`);
    const requests = emu.admin.requests();
    const writes = requests.filter((r) => r.method !== "GET").length;
    const limited = requests.filter((r) => r.status === 429).length;
    const bound = ((stacks * users) / limit) * 60;
    // Converged: a second preview of each stack shows no change.
    let converged = 0;
    for (const t of all) {
      const p = await t.stack.preview().catch((e: unknown) => {
        log(`  ${t.stack.name}: the preview failed: ${String(e).slice(-600)}`);
        return undefined;
      });
      if (p && Object.keys(p.changeSummary).every((k) => k === "same")) converged++;
      else if (p) log(`  ${t.stack.name}: the preview shows ${JSON.stringify(p.changeSummary)}`);
    }
    return `| ${kind === "default" ? "default budget (450/min), shared on the machine" : `a share each (${Math.floor(limit / stacks)}/min)`} | ${stacks} x ${users} | ${stacks - failed.length}/${stacks} | ${converged}/${stacks} | ${writes} | ${limited} | ${seconds.toFixed(1)} s | ${bound.toFixed(0)} s | ${(seconds / bound).toFixed(2)}x |`;
  } finally {
    // The emulator is thrown away with what it holds: no destroy (it would take as long again).
    for (const t of all) {
      await t.stack.workspace.removeStack(t.stack.name, { force: true }).catch(() => undefined);
      rmSync(t.backendDir, { recursive: true, force: true });
    }
    await emu.close();
  }
}

async function main(): Promise<void> {
  const stacks = Number(opts.stacks);
  const users = Number(opts.users);
  const limit = Number(opts.limit);
  const lines = [
    "| budget | stacks x users | ups that succeeded | converged (no-change preview) | writes | 429 answers | whole | rate bound | ratio |",
    "| --- | --- | --- | --- | --- | --- | --- | --- | --- |",
  ];
  for (const kind of opts.rows.split(",").filter(Boolean) as Array<"default" | "share">)
    lines.push(await row(kind, stacks, users, limit));
  process.stdout.write(`${lines.join("\n")}\n`);
}

main().catch((e: unknown) => {
  log(e instanceof Error ? (e.stack ?? e.message) : String(e));
  process.exit(1);
});

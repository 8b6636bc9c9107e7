// `npm run bench:seed`: a staging app's volume as seed data (10,000 users, 500 groups, 50,000 memberships,
// 100,000 messages with their times) beside 1,000 users as per-user resources, in one run against the
// emulator at a paid plan's limits: up, a no-change preview, refresh, an update of 10 rows and destroy,
// with the API calls the emulator saw and the provider's peak memory; first, the engine's floor: as many no-op
// dynamic resources as the seed has buckets, empty and then carrying the same bucket strings. The data-import
// budget is the service's 60 a minute unless `--import-limit` raises it (the run says which). A measurement,
// not a test: docs/benchmarks.md records a run. Its last line is for tools that compare runs.
import { existsSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { cpus, homedir, tmpdir, totalmem } from "node:os";
import { join } from "node:path";
import { IMPORT_LIMITS } from "../provider/contract/blocks";
import { startEmulator } from "../provider/emulator";
import { bucketsOf, DEFAULT_BUCKETS } from "../provider/kinds/seed/buckets";
import type { Entity } from "../provider/kinds/seed/entities";
import { localStack, type TestStack } from "./local-stack";
import { type StepCpu, withPeakMemory } from "./peak-memory";

type CommanderModule = typeof import("commander", { with: { "resolution-mode": "import" }});
const { Command } = require("commander") as CommanderModule;

const opts = new Command()
  .name("bench:seed")
  .option("--users <n>", "seeded users", "10000")
  .option("--groups <n>", "seeded groups", "500")
  .option("--members <n>", "memberships (spread over the groups)", "50000")
  .option("--messages <n>", "messages", "100000")
  .option("--per-user <n>", "users as per-user resources, beside", "1000")
  .option("--plan <perMinute>", "the emulator's shared rate limit (a paid plan)", "20000")
  .option(
    "--import-limit <perMinute>",
    `data-import requests a minute (the service's: ${IMPORT_LIMITS.perMinute})`,
    String(IMPORT_LIMITS.perMinute),
  )
  .parse()
  .opts<{
    users: string;
    groups: string;
    members: string;
    messages: string;
    perUser: string;
    plan: string;
    importLimit: string;
  }>();

const HERE = join(__dirname, "..", "..", "scripts");
const log = (s: string) => process.stderr.write(`${s}\n`);
const fmt = (x: number) => x.toFixed(1);

/** The data set, written as the files a team would keep. */
function writeData(dir: string, n: { users: number; groups: number; members: number; messages: number }) {
  const uid = (i: number) => `seed-u${i}`;
  const guid = (g: number) => `seed-g${g}`;
  const t0 = 1_600_000_000;
  writeFileSync(
    join(dir, "users.csv"),
    `uid,name,tags,createdAt\n${Array.from({ length: n.users }, (_, i) => `${uid(i)},User ${i},team${i % 7},${t0 + i}`).join("\n")}\n`,
  );
  writeFileSync(
    join(dir, "groups.ndjson"),
    `${Array.from({ length: n.groups }, (_, g) => JSON.stringify({ guid: guid(g), name: `Group ${g}`, type: "public", owner: uid(g % n.users), createdAt: t0 })).join("\n")}\n`,
  );
  // Owners are members already: memberships start after each group's owner.
  const per = Math.ceil(n.members / n.groups);
  const members: string[] = [];
  for (let g = 0; g < n.groups && members.length < n.members; g++)
    for (let k = 1; k <= per && members.length < n.members; k++)
      members.push(`${guid(g)},${uid((g + k * 97) % n.users)},participant,${t0 + 3600}`);
  writeFileSync(join(dir, "members.csv"), `guid,uid,scope,joinedAt\n${members.join("\n")}\n`);
  writeFileSync(
    join(dir, "messages.ndjson"),
    `${Array.from({ length: n.messages }, (_, i) => {
      const g = i % n.groups;
      return JSON.stringify({
        muid: `seed-m${i}`,
        sender: uid(g % n.users),
        receiverType: "group",
        receiver: guid(g),
        sentAt: t0 + 7200 + i,
        readAt: t0 + 7300 + i,
        data: { text: `message ${i}` },
      });
    }).join("\n")}\n`,
  );
}

/**
 * A Pulumi home where the engine's automatic log cannot start, sharing the plugins. Pulumi (v3.259) writes
 * every property value it handles to `<home>/logs`, compressed, with no switch to turn it off; a `logs` that
 * is a file stops it. Only to measure what that log costs a preview: a user's engine writes it.
 */
function homeWithoutEngineLog(): string {
  const home = mkdtempSync(join(tmpdir(), "bench-seed-home-"));
  writeFileSync(join(home, "logs"), "");
  const plugins = join(process.env.PULUMI_HOME ?? join(homedir(), ".pulumi"), "plugins");
  if (existsSync(plugins)) symlinkSync(plugins, join(home, "plugins"));
  return home;
}

/** A no-change preview with the engine's automatic log off (see homeWithoutEngineLog). */
async function previewWithoutEngineLog(t: TestStack, home: string) {
  const vars = t.stack.workspace.envVars;
  vars.PULUMI_HOME = home;
  try {
    return await timed(t, "preview");
  } finally {
    delete vars.PULUMI_HOME;
  }
}

async function timed(t: TestStack, op: "up" | "preview" | "refresh" | "destroy") {
  const started = performance.now();
  const { peakMiB, cpu } = await withPeakMemory(async () => {
    if (op === "up") await t.stack.up();
    else if (op === "preview") {
      const p = await t.stack.preview();
      const changed = Object.entries(p.changeSummary).filter(([k]) => k !== "same");
      if (changed.length) throw new Error(`the preview shows changes: ${JSON.stringify(changed)}`);
    } else if (op === "refresh") await t.stack.refresh();
    else await t.stack.destroy();
  }, t.backendDir);
  return { seconds: (performance.now() - started) / 1000, peakMiB, cpu };
}

async function main(): Promise<void> {
  const n = {
    users: Number(opts.users),
    groups: Number(opts.groups),
    members: Number(opts.members),
    messages: Number(opts.messages),
  };
  const importLimit = Number(opts.importLimit);
  const { perRequest, perMinute } = IMPORT_LIMITS;
  const imports = Object.values(n).reduce((a, rows) => a + Math.ceil(rows / perRequest), 0);
  // The budget starts a minute's worth at once, then a request as each minute-old one expires.
  if (imports > importLimit)
    log(
      `${imports} import requests at ${importLimit} a minute: the seed up alone takes at least ${Math.floor((imports - 1) / importLimit)} minutes (--import-limit raises the budget)`,
    );
  const emu = await startEmulator({
    port: 0,
    rateLimitPerMinute: Number(opts.plan),
    importRateLimitPerMinute: importLimit,
  });
  const app = emu.credentials.app;
  if (!app) throw new Error("the emulator has no bootstrap app");
  const config = {
    "chat:appId": { value: app.appId },
    "chat:region": { value: app.region },
    "chat:apiKey": { value: app.apiKey, secret: true },
    "chat:endpoint": { value: emu.chatEndpoint },
  };
  const dir = mkdtempSync(join(tmpdir(), "bench-seed-data-"));
  writeData(dir, n);
  const env = { CHAT_IMPORT_REQUESTS_PER_MINUTE: String(importLimit) };
  const seed = await localStack(join(HERE, "bench-seed", "seed"), "seed", env);
  await seed.stack.setAllConfig({ ...config, "bench:dir": { value: dir } });
  // The floor: one no-op resource per bucket, empty, then carrying the buckets' strings (the seed's inputs).
  const files: [Entity, string][] = [
    ["users", "users.csv"],
    ["groups", "groups.ndjson"],
    ["members", "members.csv"],
    ["messages", "messages.ndjson"],
  ];
  const strings = files.flatMap(([e, f]) => bucketsOf(e, join(dir, f), DEFAULT_BUCKETS).map((b) => b.rows));
  const payload = join(dir, "payload.json");
  writeFileSync(payload, JSON.stringify(strings));
  const payloadMiB = strings.reduce((a, x) => a + x.length, 0) / 2 ** 20;
  const empty = await localStack(join(HERE, "bench-scale", "floor"), "floor-empty");
  await empty.stack.setAllConfig({ "bench:n": { value: String(strings.length) } });
  const carrying = await localStack(join(HERE, "bench-scale", "floor"), "floor-rows");
  await carrying.stack.setAllConfig({ "bench:payload": { value: payload } });
  const perUser = await localStack(join(HERE, "bench-scale", "users"), "per-user");
  await perUser.stack.setAllConfig({ ...config, "bench:n": { value: opts.perUser } });
  const rows: string[] = [];
  const row = (what: string, r: { seconds: number; peakMiB: number; cpu: StepCpu }) => {
    // Counted whole (the request list keeps only the last 10,000).
    const counts = emu.admin.requestCounts();
    const calls = Object.values(counts).reduce((a, b) => a + b, 0);
    const imports = counts["/v3/data_import"] ?? 0;
    const { engine, program, provider } = r.cpu;
    rows.push(
      `| ${what} | ${fmt(r.seconds)} | ${calls} | ${imports} | ${fmt(r.peakMiB)} | ${fmt(engine)} / ${fmt(program)} / ${fmt(provider)} |`,
    );
    log(rows[rows.length - 1] ?? "");
    emu.admin.clearRequests();
  };
  let seedUp = 0;
  let seedPreview = 0;
  let perUserUp = 0;
  const floor = `${strings.length} no-op resources`;
  const noLog = homeWithoutEngineLog();
  try {
    log("floor ...");
    await timed(empty, "up");
    row(`engine floor: no-change preview of ${floor}`, await timed(empty, "preview"));
    row(`  the same, the engine's automatic log off`, await previewWithoutEngineLog(empty, noLog));
    await timed(empty, "destroy");
    row(
      `engine floor: up of ${floor} carrying the buckets' rows (${fmt(payloadMiB)} MiB)`,
      await timed(carrying, "up"),
    );
    row(`engine floor: no-change preview of ${floor} carrying them`, await timed(carrying, "preview"));
    row(`  the same, the engine's automatic log off`, await previewWithoutEngineLog(carrying, noLog));
    await timed(carrying, "destroy");
    emu.admin.clearRequests();
    log("seed: up ...");
    const up = await timed(seed, "up");
    seedUp = up.seconds;
    row(
      `seed up (${n.users} users, ${n.groups} groups, ${n.members} memberships, ${n.messages} messages)`,
      up,
    );
    const preview = await timed(seed, "preview");
    seedPreview = preview.seconds;
    row("seed no-change preview", preview);
    row(`  the same, the engine's automatic log off`, await previewWithoutEngineLog(seed, noLog));
    row("seed refresh", await timed(seed, "refresh"));
    // Ten rows changed: nine users renamed, one removed.
    const file = join(dir, "users.csv");
    const lines = readFileSync(file, "utf8").split("\n");
    for (let i = 1; i <= 9; i++) lines[i] = (lines[i] ?? "").replace(/,User (\d+),/, ",Renamed $1,");
    lines.splice(10, 1);
    writeFileSync(file, lines.join("\n"));
    row("seed up: 10 rows changed", await timed(seed, "up"));
    row("seed destroy", await timed(seed, "destroy"));
    log("per-user: up ...");
    const pu = await timed(perUser, "up");
    perUserUp = pu.seconds;
    row(`per-user up (${opts.perUser} User resources)`, pu);
    row("per-user no-change preview", await timed(perUser, "preview"));
    row("per-user destroy", await timed(perUser, "destroy"));
  } finally {
    await seed.stack.workspace.removeStack("seed", { force: true }).catch(() => undefined);
    for (const f of [empty, carrying])
      await f.stack.workspace.removeStack(f.stack.name, { force: true }).catch(() => undefined);
    await perUser.stack.workspace.removeStack("per-user", { force: true }).catch(() => undefined);
    await emu.close();
    rmSync(noLog, { recursive: true, force: true });
  }
  const cpu = cpus();
  const out = [
    `Machine: ${cpu.length} × ${cpu[0]?.model ?? "cpu"}, ${Math.round(totalmem() / 2 ** 30)} GiB; node ${process.version}; ${new Date().toISOString().slice(0, 10)}; shared limit ${opts.plan} a minute, data import ${importLimit} a minute (${imports} import requests: at the service's ${perMinute} a minute they take at least ${fmt(imports / perMinute)} minutes).`,
    "",
    "| run | seconds | API calls | of them imports | provider peak MiB | CPU s: engine / program / provider |",
    "|---|---|---|---|---|---|",
    ...rows,
    "",
    `no-change preview ${fmt(seedPreview)} s: ${fmt((seedPreview / seedUp) * 100)} % of the seed up; at the service's ${perMinute} import requests a minute the up takes at least ${fmt(imports / perMinute)} minutes, and the same preview is ${fmt((seedPreview / (imports / perMinute) / 60) * 100)} % of that`,
    "",
    `seed up ${fmt(seedUp)} s for ${n.users} users vs per-user up ${fmt(perUserUp)} s for ${opts.perUser} users`,
  ];
  process.stdout.write(`${out.join("\n")}\n`);
}

main().catch((e: unknown) => {
  log(e instanceof Error ? (e.stack ?? e.message) : String(e));
  process.exit(1);
});

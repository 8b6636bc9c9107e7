// Benchmark of the emulator on loopback (`npm run bench`): not a timed test, a table of requests per second.
// The emulator runs as the real CLI in its own process (one Node thread: one core); this process generates
// the load over keep-alive connections. 10,000 users are stored by the first phase, and every later phase
// runs against them. Record a run's numbers in docs/benchmarks.md.
import { spawn } from "node:child_process";
import { Agent, request } from "node:http";
import { cpus } from "node:os";
import { join } from "node:path";

const USERS = 10_000;
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 32);

interface Started {
  url: string;
  credentials: { app: { appId: string; region: string; apiKey: string } };
}

interface Call {
  method: string;
  path: string;
  body?: unknown;
  onBehalfOf?: string;
}

function startEmulator(): Promise<{ info: Started; stop: () => Promise<void> }> {
  const cli = join(__dirname, "../provider/emulator/cli.js");
  const child = spawn(process.execPath, [cli, "--port", "0", "--json", "--rate-limit", "0", "--seed", "1"], {
    stdio: ["ignore", "pipe", "inherit"],
  });
  return new Promise((resolve, reject) => {
    let out = "";
    child.stdout.on("data", (c: Buffer) => {
      out += c.toString();
      const nl = out.indexOf("\n");
      if (nl < 0) return;
      const info = JSON.parse(out.slice(0, nl)) as Started;
      resolve({
        info,
        stop: () =>
          new Promise<void>((done) => {
            child.on("exit", () => done());
            child.kill("SIGTERM");
          }),
      });
    });
    child.on("exit", (code) => reject(new Error(`the emulator exited early (${code})`)));
  });
}

const agent = new Agent({ keepAlive: true, maxSockets: CONCURRENCY });

function send(base: string, apiKey: string, call: Call): Promise<number> {
  return new Promise((resolve, reject) => {
    const body = call.body === undefined ? undefined : JSON.stringify(call.body);
    const headers: Record<string, string> = { apikey: apiKey };
    if (body !== undefined) {
      headers["content-type"] = "application/json";
      headers["content-length"] = String(Buffer.byteLength(body));
    }
    if (call.onBehalfOf) headers.onBehalfOf = call.onBehalfOf;
    const req = request(`${base}${call.path}`, { method: call.method, headers, agent }, (res) => {
      res.resume();
      res.on("end", () => resolve(res.statusCode ?? 0));
    });
    req.on("error", reject);
    if (body !== undefined) req.write(body);
    req.end();
  });
}

interface Row {
  name: string;
  requests: number;
  seconds: number;
  perSecond: number;
  p50: number;
  p99: number;
}

/** Runs `count` calls with CONCURRENCY in flight; every answer must be a 200. */
async function phase(
  name: string,
  base: string,
  apiKey: string,
  count: number,
  make: (i: number) => Call,
): Promise<Row> {
  const latencies: number[] = new Array(count);
  let next = 0;
  const started = process.hrtime.bigint();
  const worker = async () => {
    while (next < count) {
      const i = next++;
      const t = process.hrtime.bigint();
      const status = await send(base, apiKey, make(i));
      latencies[i] = Number(process.hrtime.bigint() - t) / 1e6;
      if (status !== 200) throw new Error(`${name}: request ${i} answered ${status}`);
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  latencies.sort((a, b) => a - b);
  const pct = (p: number) => latencies[Math.min(count - 1, Math.floor(count * p))] ?? 0;
  return { name, requests: count, seconds, perSecond: count / seconds, p50: pct(0.5), p99: pct(0.99) };
}

const uid = (i: number) => `user-${i}`;
/** A deterministic spread over the stored users. */
const pick = (i: number) => uid((i * 7919) % USERS);

async function main(): Promise<void> {
  const { info, stop } = await startEmulator();
  const app = info.credentials.app;
  const base = `${info.url}/chat/${app.appId}/${app.region}/v3`;
  const rows: Row[] = [];
  try {
    const run = async (name: string, count: number, make: (i: number) => Call) => {
      const row = await phase(name, base, app.apiKey, count, make);
      rows.push(row);
      process.stderr.write(`  ${name}: ${row.perSecond.toFixed(0)} req/s\n`);
    };
    await run("write  POST /users (stores 10,000 users)", USERS, (i) => ({
      method: "POST",
      path: "/users",
      body: { uid: uid(i), name: `User ${i}`, tags: ["bench"], metadata: { i } },
    }));
    await run("read   GET /users/{uid}", 20_000, (i) => ({ method: "GET", path: `/users/${pick(i)}` }));
    await run("read   GET /users?perPage=100&page=n", 5_000, (i) => ({
      method: "GET",
      path: `/users?perPage=100&page=${(i % 100) + 1}`,
    }));
    await run("read   GET /users?searchKey=user-12", 5_000, () => ({
      method: "GET",
      path: "/users?searchKey=user-12",
    }));
    await run("write  PUT /users/{uid}", 10_000, (i) => ({
      method: "PUT",
      path: `/users/${pick(i)}`,
      body: { name: `Renamed ${i}`, tags: ["bench", "updated"] },
    }));
    await run("write  POST /messages", 10_000, (i) => ({
      method: "POST",
      path: "/messages",
      body: { receiver: pick(i + 1), receiverType: "user", type: "text", data: { text: `message ${i}` } },
      onBehalfOf: pick(i),
    }));
    await run("read   GET /messages/{id}", 20_000, (i) => ({
      method: "GET",
      path: `/messages/${(i % 10_000) + 1}`,
    }));
  } finally {
    agent.destroy();
    await stop();
  }

  const cpu = cpus()[0]?.model ?? "unknown CPU";
  const lines = [
    `chat emulator benchmark: loopback, ${USERS.toLocaleString("en")} users stored, ${CONCURRENCY} connections,`,
    `emulator in one Node ${process.version} process (one core for its JavaScript), ${cpus().length} cores (${cpu})`,
    "",
    "| operation | requests | seconds | req/s | p50 ms | p99 ms |",
    "|---|---:|---:|---:|---:|---:|",
    ...rows.map(
      (r) =>
        `| ${r.name} | ${r.requests} | ${r.seconds.toFixed(2)} | ${r.perSecond.toFixed(0)} | ${r.p50.toFixed(2)} | ${r.p99.toFixed(2)} |`,
    ),
  ];
  process.stdout.write(`${lines.join("\n")}\n`);
}

main().catch((e: unknown) => {
  process.stderr.write(`bench-emulator: ${e instanceof Error ? e.message : String(e)}\n`);
  process.exit(1);
});

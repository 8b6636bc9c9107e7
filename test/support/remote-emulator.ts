// An emulator as a remote endpoint would be: a separate process (the chat-emulator command) with its admin
// API off and the free plan's rate limit, behind a small counting proxy (the number of requests a run costs,
// measured without the emulator's request log).
import { type ChildProcess, spawn } from "node:child_process";
import { createServer, request, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";

/** The free plan's requests per minute (docs/service/errors-and-limits.md). */
export const FREE_PLAN_PER_MINUTE = 500;

export interface RemoteEmulator {
  /** The proxy's base URL (what a client is pointed at). */
  url: string;
  chatEndpoint: string;
  managementUrl: string;
  appId: string;
  region: string;
  apiKey: string;
  managementKey: string;
  managementSecret: string;
  /** Requests that went through the proxy since the last reset. */
  requests(): number;
  resetCount(): void;
  close(): Promise<void>;
}

interface Started {
  url: string;
  credentials: {
    managementKey: string;
    managementSecret: string;
    app: { appId: string; region: string; apiKey: string };
  };
}

function firstLine(child: ChildProcess): Promise<string> {
  return new Promise((resolve, reject) => {
    let out = "";
    let err = "";
    const timer = setTimeout(() => reject(new Error(`the emulator printed nothing: ${err}`)), 30_000);
    child.stderr?.on("data", (c: Buffer) => {
      err += c.toString();
    });
    child.stdout?.on("data", (c: Buffer) => {
      out += c.toString();
      const nl = out.indexOf("\n");
      if (nl >= 0) {
        clearTimeout(timer);
        resolve(out.slice(0, nl));
      }
    });
    child.on("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`the emulator exited (${code}): ${err}`));
    });
  });
}

/** Starts `chat-emulator --no-admin --rate-limit 500` in its own process, and a counting proxy in front. */
export async function startRemoteEmulator(extra: string[] = []): Promise<RemoteEmulator> {
  const child = spawn(
    process.execPath,
    [
      "-r",
      "ts-node/register/transpile-only",
      "provider/emulator/cli.ts",
      "--port",
      "0",
      "--no-admin",
      "--rate-limit",
      String(FREE_PLAN_PER_MINUTE),
      "--json",
      ...extra,
    ],
    {
      cwd: join(__dirname, "../.."),
      env: { ...process.env, NODE_OPTIONS: "" },
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  const started = JSON.parse(await firstLine(child)) as Started;
  const target = new URL(started.url);
  let count = 0;
  const proxy: Server = createServer((req, res) => {
    count++;
    const out = request(
      { host: target.hostname, port: target.port, method: req.method, path: req.url, headers: req.headers },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    out.on("error", () => {
      res.writeHead(502).end();
    });
    req.pipe(out);
  });
  await new Promise<void>((resolve) => proxy.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
  const { app, managementKey, managementSecret } = started.credentials;
  return {
    url,
    chatEndpoint: `${url}/chat/{appId}/{region}/v3`,
    managementUrl: `${url}/management`,
    appId: app.appId,
    region: app.region,
    apiKey: app.apiKey,
    managementKey,
    managementSecret,
    requests: () => count,
    resetCount: () => {
      count = 0;
    },
    async close() {
      proxy.closeAllConnections();
      await new Promise<void>((resolve) => proxy.close(() => resolve()));
      const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
      child.kill("SIGTERM");
      await exited;
    },
  };
}

/** Stack config naming the remote emulator, as a user's Pulumi.<stack>.yaml would. */
export function remoteConfig(r: RemoteEmulator): Record<string, string> {
  return {
    "chat:appId": r.appId,
    "chat:region": r.region,
    "chat:apiKey": r.apiKey,
    "chat:endpoint": r.chatEndpoint,
    "chat:managementKey": r.managementKey,
    "chat:managementSecret": r.managementSecret,
    "chat:managementEndpoint": r.managementUrl,
  };
}

#!/usr/bin/env node
// chat-emulator: the emulator as a command. Thin on purpose: flags map onto startEmulator's options. It is the
// one emulator file that knows the provider's settings (decision 0127): it prints the lines that point a
// stack, or a shell, at what it started.
import type { ConfigKey } from "../client/config";
import { configLines } from "../client/config-lines";
import { REGIONS, type Region } from "../contract";
import { type FaultRule, parseFaultRule } from "./faults";
import { type RunningEmulator, startEmulator } from "./index";
import { DEFAULT_IMPORT_RATE_LIMIT_PER_MINUTE, DEFAULT_RATE_LIMIT_PER_MINUTE } from "./rate-limit";

// commander 15 is ESM-only; Node 24 loads ES modules with require() (docs/decisions/0001-commonjs-on-node-24.md).
type CommanderModule = typeof import("commander", { with: { "resolution-mode": "import" }});
const { Command, InvalidArgumentError } = require("commander") as CommanderModule;

export const DEFAULT_PORT = 7700;

function integer(min: number) {
  return (value: string): number => {
    const n = Number(value);
    if (!Number.isInteger(n) || n < min) throw new InvalidArgumentError(`expected an integer >= ${min}`);
    return n;
  };
}

function fault(value: string, previous: FaultRule[]): FaultRule[] {
  try {
    return [...previous, parseFaultRule(value)];
  } catch (e) {
    throw new InvalidArgumentError(e instanceof Error ? e.message : String(e));
  }
}

function region(value: string): Region {
  if (!(REGIONS as readonly string[]).includes(value)) {
    throw new InvalidArgumentError(`expected one of ${REGIONS.join(", ")}`);
  }
  return value as Region;
}

interface Flags {
  port: number;
  host: string;
  stateFile?: string;
  latency: number;
  rateLimit: number;
  importRateLimit: number;
  fault: FaultRule[];
  seed?: number;
  managementKey?: string;
  managementSecret?: string;
  adminToken?: string;
  app: boolean;
  admin: boolean;
  appName?: string;
  region: Region;
  json?: boolean;
}

/** The provider's settings that point at `emu`: its endpoints, management credentials and bootstrap app. */
export function emulatorSettings(emu: RunningEmulator): Partial<Record<ConfigKey, string>> {
  const c = emu.credentials;
  return {
    ...(c.app ? { "chat:appId": c.app.appId, "chat:region": c.app.region, "chat:apiKey": c.app.apiKey } : {}),
    "chat:managementKey": c.managementKey,
    "chat:managementSecret": c.managementSecret,
    "chat:endpoint": emu.chatEndpoint,
    "chat:managementEndpoint": emu.managementUrl,
  };
}

export function describe(emu: RunningEmulator, admin: boolean): string {
  const c = emu.credentials;
  const lines = [
    `chat-emulator listening on ${emu.url}`,
    "",
    "endpoints",
    `  chat API (path form)   ${emu.chatEndpoint}`,
    `  chat API (host form)   ${emu.url}/v3 with Host: <appId>.api-<region>.localhost`,
    `  management API         ${emu.managementUrl}  (or Host: apimgmt.localhost)`,
    admin
      ? `  admin                  ${emu.url}/__admin  (header x-emulator-admin-token)`
      : "  admin                  off (--no-admin)",
    "",
    "credentials",
    `  management key         ${c.managementKey}`,
    `  management secret      ${c.managementSecret}`,
    `  admin token            ${c.adminToken}`,
  ];
  if (c.app) {
    lines.push(
      `  app id                 ${c.app.appId}  (region ${c.app.region})`,
      `  REST API key           ${c.app.apiKey}  (fullAccess)`,
      `  auth key               ${c.app.authKey}  (authOnly)`,
      `  chat URL               ${emu.chatUrl(c.app.appId, c.app.region)}`,
    );
  }
  const paste = configLines(emulatorSettings(emu));
  lines.push(
    "",
    "configure a stack: paste in the project's folder (after `pulumi stack init`)",
    ...paste.pulumi,
    "",
    "or the environment (chat-export, chat-doctor, stacks without chat:* config)",
    ...paste.env,
  );
  return lines.join("\n");
}

export async function main(argv: string[]): Promise<void> {
  const program = new Command("chat-emulator")
    .description("Local emulator of the chat REST API v3 and its management API, for tests, demos and CI.")
    .option("-p, --port <port>", "port to listen on (0: any free port)", integer(0), DEFAULT_PORT)
    .option("--host <address>", "address to bind", "127.0.0.1")
    .option(
      "-s, --state-file <file>",
      "keep the state in this JSON file across restarts (default: in memory)",
    )
    .option("-l, --latency <ms>", "latency added to every API request", integer(0), 0)
    .option(
      "-r, --rate-limit <perMinute>",
      "per-app request budget per minute (0: off)",
      integer(0),
      DEFAULT_RATE_LIMIT_PER_MINUTE,
    )
    .option(
      "--import-rate-limit <perMinute>",
      "per-app budget of the data-import routes per minute, apart from the shared one (0: off)",
      integer(0),
      DEFAULT_IMPORT_RATE_LIMIT_PER_MINUTE,
    )
    .option(
      "-f, --fault <rule>",
      "inject a fault, repeatable: JSON or key=value pairs, e.g. kind=error,method=POST,path=/v3/users,probability=0.2 " +
        "(kinds: latency, error, rateLimit, dropAfterApply)",
      fault,
      [],
    )
    .option("--seed <n>", "seed for generated ids and fault rolls (reproducible runs)", integer(0))
    .option("--management-key <key>", "management API key (default: generated)")
    .option("--management-secret <secret>", "management API secret (default: generated)")
    .option("--admin-token <token>", "token of the /__admin endpoints (default: generated)")
    .option("--no-admin", "serve no /__admin endpoints (they answer 404), as a remote endpoint would")
    .option("--no-app", "start without the bootstrap app")
    .option("--app-name <name>", "name of the bootstrap app", "Emulator App")
    .option("--region <region>", "region of the bootstrap app (us, eu, in)", region, "us")
    .option("--json", "print the endpoints and credentials as one JSON line")
    .showHelpAfterError();
  program.parse(argv);
  const f = program.opts<Flags>();

  const emu = await startEmulator({
    port: f.port,
    host: f.host,
    ...(f.stateFile ? { stateFile: f.stateFile } : {}),
    latencyMs: f.latency,
    rateLimitPerMinute: f.rateLimit,
    importRateLimitPerMinute: f.importRateLimit,
    faults: f.fault,
    ...(f.seed !== undefined ? { seed: f.seed } : {}),
    ...(f.managementKey ? { managementKey: f.managementKey } : {}),
    ...(f.managementSecret ? { managementSecret: f.managementSecret } : {}),
    ...(f.adminToken ? { adminToken: f.adminToken } : {}),
    adminApi: f.admin,
    bootstrapApp: f.app ? { name: f.appName ?? "Emulator App", region: f.region } : false,
  });

  // Ready to stop before saying where it listens: whoever reads the address may signal at once.
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    emu.close().then(
      () => {
        if (!f.json) process.stdout.write(`chat-emulator stopped (${signal})\n`);
        process.exit(0);
      },
      (e: unknown) => {
        process.stderr.write(`chat-emulator: error while stopping: ${String(e)}\n`);
        process.exit(1);
      },
    );
  };
  process.on("SIGINT", () => stop("SIGINT"));
  process.on("SIGTERM", () => stop("SIGTERM"));

  if (f.json) {
    const { url, managementUrl, chatEndpoint, credentials } = emu;
    process.stdout.write(`${JSON.stringify({ url, managementUrl, chatEndpoint, credentials })}\n`);
  } else {
    process.stdout.write(`${describe(emu, f.admin)}\n`);
  }
}

if (require.main === module) {
  main(process.argv).catch((e: unknown) => {
    process.stderr.write(`chat-emulator: ${e instanceof Error ? e.message : String(e)}\n`);
    process.exit(1);
  });
}

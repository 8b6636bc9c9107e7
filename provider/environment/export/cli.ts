#!/usr/bin/env node
// chat-export: writes a live app (the real service or the emulator) as a chat-environment.yaml for the root
// project, with every object adopted. Settings as the provider takes them: flags in place of stack config,
// else CHAT_* variables (provider/client/config.ts). Progress and the secret config to set go to stderr.
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import { basename, dirname, join, relative, resolve } from "node:path";
import { z } from "zod";
import { ChatApiError, ChatClient, type ClientOptions, ManagementClient } from "../../client";
import {
  type ChatConnection,
  CONFIG_KEYS,
  configKeyOf,
  type Lookup,
  resolveChatConnection,
  resolveManagementConnection,
} from "../../client/config";
import { credentialProblem } from "../../client/credentials";
import { type RouteName, routes } from "../../contract";
import { configSetLine, exportEnvironment } from "./index";
import { ENVIRONMENT_FILE, LANGUAGES, type Language, type ProgramOptions, programFiles } from "./program";
import { promote, stackEnvironment } from "./promote";

// commander 15 is ESM-only; Node 24 loads ES modules with require() (docs/decisions/0001-commonjs-on-node-24.md).
type CommanderModule = typeof import("commander", { with: { "resolution-mode": "import" }});
const { Command, InvalidArgumentError } = require("commander") as CommanderModule;

interface Flags {
  appId?: string;
  region?: string;
  apiKey?: string;
  host?: string;
  endpoint?: string;
  managementKey?: string;
  managementSecret?: string;
  managementEndpoint?: string;
  out?: string;
  project?: string;
  language?: Language;
  goSdk?: string;
  webhooks: boolean;
  requestsPerMinute?: number;
  concurrency?: number;
  quiet?: boolean;
  seed?: string;
  messagesSince?: number;
  messagesUntil?: number;
  compare?: string;
  write?: boolean;
}

/** The config key each flag stands for (the flag wins over the CHAT_* variable, as stack config does). */
const FLAG_OF: Record<(typeof CONFIG_KEYS)[number]["key"], keyof Flags & string> = {
  "chat:appId": "appId",
  "chat:region": "region",
  "chat:apiKey": "apiKey",
  "chat:managementKey": "managementKey",
  "chat:managementSecret": "managementSecret",
  "chat:host": "host",
  "chat:endpoint": "endpoint",
  "chat:managementEndpoint": "managementEndpoint",
  "chat:requestsPerMinute": "requestsPerMinute",
};

function positive(value: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1) throw new InvalidArgumentError("expected an integer >= 1");
  return n;
}

/** A time as Unix seconds: Unix seconds as they are, else an ISO 8601 date. */
export function unixTime(value: string): number {
  if (/^\d+$/.test(value)) return Number(value);
  const ms = /^\d{4}-\d{2}-\d{2}/.test(value) ? Date.parse(value) : Number.NaN;
  if (Number.isNaN(ms))
    throw new InvalidArgumentError(
      "expected Unix seconds or an ISO 8601 date (2026-01-31 or 2026-01-31T12:00:00Z)",
    );
  return Math.floor(ms / 1000);
}

function language(value: string): Language {
  if (!(LANGUAGES as readonly string[]).includes(value))
    throw new InvalidArgumentError(`expected one of ${LANGUAGES.join(", ")}`);
  return value as Language;
}

/**
 * Writes the project: the environment file (replaced: an export is the app as it is now) and, where they are
 * not there yet, Pulumi.yaml and the program (a team's own edits are never overwritten).
 */
function writeProject(
  dir: string,
  lang: Language,
  yaml: string,
  options: ProgramOptions,
  report: (line: string) => void,
): void {
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, ENVIRONMENT_FILE), yaml);
  const name = basename(resolve(dir)).replace(/[^A-Za-z0-9_.-]/g, "-") || "chat-environment";
  for (const [file, text] of Object.entries(programFiles(lang, name, options))) {
    const path = join(dir, file);
    if (existsSync(path)) report(`kept ${path} (it exists)`);
    else writeFileSync(path, text);
  }
  report(`wrote a ${lang} project in ${dir}`);
}

function flagsLookup(f: Flags): Lookup {
  return (key) => {
    const flag = FLAG_OF[key as keyof typeof FLAG_OF];
    const v = flag ? f[flag] : undefined;
    return typeof v === "string" || typeof v === "number" ? String(v) : undefined;
  };
}

type ConfigKey = keyof typeof FLAG_OF;
const isSet = (lookup: Lookup, key: ConfigKey) =>
  !!(lookup(key) ?? process.env[CONFIG_KEYS.find((k) => k.key === key)?.env ?? ""]);

/** A setting as messages name it: its flag and variable. */
function flagName(key: ConfigKey): string {
  const flag = FLAG_OF[key].replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
  return `--${flag} (or ${CONFIG_KEYS.find((c) => c.key === key)?.env})`;
}

/** Refuses, before any call, settings that are missing, naming each flag and its variable. */
function requireSettings(lookup: Lookup, what: string, keys: ConfigKey[]): void {
  const missing = keys.filter((k) => !isSet(lookup, k));
  if (missing.length === 0) return;
  throw new Error(`${what}: set ${missing.map(flagName).join(" and ")}`);
}

/** A refused connection (the API of the failed route) as the one line naming the flag to fix. */
function credentialLine(e: unknown, conn: ChatConnection): string | undefined {
  const route = ChatApiError.isInstance(e) ? e.request?.route : undefined;
  const api = route !== undefined && route in routes ? routes[route as RouteName].api : undefined;
  if (api === undefined) return undefined;
  const name = (field: string) => {
    const key = configKeyOf(api, field);
    return key ? flagName(key) : field;
  };
  const where = api === "chat" ? { api, appId: conn.appId, region: conn.region } : { api };
  return credentialProblem(e, where, name);
}

/** A settings problem (zod) as "field: rule" lines; anything else by its message. */
function describeError(e: unknown): string {
  if (e instanceof z.ZodError)
    return `invalid settings: ${e.issues.map((i) => `${i.path.join(".") || "(settings)"}: ${i.message}`).join("; ")}`;
  return e instanceof Error ? e.message : String(e);
}

export async function main(argv: string[]): Promise<void> {
  const env = (key: string) => CONFIG_KEYS.find((k) => k.key === key)?.env;
  const program = new Command("chat-export")
    .description(
      "Write a live chat app (roles with the default role, users, groups with their members and scope " +
        "permissions, API keys, webhooks and triggers, extensions and their settings, app settings, " +
        "notification settings and providers, moderation keyword lists and rules) as a chat-environment.yaml " +
        "that pulumi-chat's Environment component adopts unchanged and protects from deletion. Reads only.",
    )
    .option("--app-id <id>", `app id (default $${env("chat:appId")})`)
    .option("--region <region>", `region: us, eu or in (default $${env("chat:region")}, else us)`)
    .option("--api-key <key>", `a fullAccess API key (default $${env("chat:apiKey")}; prefer the variable)`)
    .option("--host <host>", `vendor host (default $${env("chat:host")}, else cometchat.io)`)
    .option("--endpoint <template>", `chat base address template (default $${env("chat:endpoint")})`)
    .option("--management-key <key>", `management key (default $${env("chat:managementKey")})`)
    .option(
      "--management-secret <secret>",
      `management secret (default $${env("chat:managementSecret")}; prefer the variable)`,
    )
    .option(
      "--management-endpoint <url>",
      `management base address (default $${env("chat:managementEndpoint")})`,
    )
    .option("-o, --out <file>", "write the environment file here (default: standard output)")
    .option(
      "--project <dir>",
      `write a Pulumi project there: ${ENVIRONMENT_FILE} and, unless they exist, Pulumi.yaml and a program declaring the Environment component over it (with --compare: the folder of the stack's project, default the current folder)`,
    )
    .option(
      "--language <language>",
      `the project's language: ${LANGUAGES.join(", ")} (default yaml)`,
      language,
    )
    .option(
      "--go-sdk <dir>",
      "go: a local folder of the chat Go SDK (a clone's sdk/go/chat), written as a replace in go.mod",
    )
    .option(
      "--seed <dir>",
      "write users, groups and members as seed files in <dir> (named by the environment's seed: section) rather than as entries; those other entries name stay entries",
    )
    .option(
      "--messages-since <time>",
      "with --seed: also write the messages sent since then (Unix seconds or ISO 8601)",
      unixTime,
    )
    .option(
      "--messages-until <time>",
      "with --seed: also write the messages sent until then (Unix seconds or ISO 8601)",
      unixTime,
    )
    .option(
      "--compare <stack>",
      "promotion: show, as a plan, what the app has that the environment file of <stack> (a stack of the project in --project <dir>, default the current folder) lacks or holds differently; secrets shown as [secret]",
    )
    .option(
      "--write",
      "with --compare: add the entries the stack's file lacks to it (comments and order kept; secrets as secret config references)",
    )
    .option("--no-webhooks", "leave out what the management API reads: webhooks, extensions and app settings")
    .option("--requests-per-minute <n>", "request budget of the app (default 450)", positive)
    .option("--concurrency <n>", "requests in flight at most (default 10)", positive)
    .option("-q, --quiet", "no progress lines")
    .showHelpAfterError();
  program.parse(argv);
  const f = program.opts<Flags>();
  const report = (line: string) => {
    if (!f.quiet) process.stderr.write(`chat-export: ${line}\n`);
  };

  if (f.write && !f.compare)
    throw new Error("--write needs --compare <stack>: the stack whose file to write");
  if (f.compare && (f.out || f.seed || f.language))
    throw new Error("--compare reads the stack's own file: it takes none of --out, --seed, --language");
  if (f.language && !f.project)
    throw new Error("--language needs --project <dir>: the folder to write the project in");
  if (f.goSdk && f.language !== "go") throw new Error("--go-sdk needs --language go");
  const range =
    f.messagesSince !== undefined || f.messagesUntil !== undefined
      ? { since: f.messagesSince, until: f.messagesUntil }
      : undefined;
  if (range && !f.seed) throw new Error("--messages-since and --messages-until need --seed <dir>");
  if (range?.since !== undefined && range.until !== undefined && range.since > range.until)
    throw new Error("--messages-since must not be after --messages-until");
  // The seed folder as the environment file names it: from the folder the file is written to.
  const fileDir = f.project ? resolve(f.project) : f.out ? dirname(resolve(f.out)) : process.cwd();
  const seed = f.seed
    ? { at: relative(fileDir, resolve(f.seed)).split("\\").join("/") || ".", messages: range }
    : undefined;
  // The stack's file first: a wrong stack or folder is said before any call.
  const target = f.compare ? stackEnvironment(f.compare, f.project ?? process.cwd()) : undefined;
  const lookup = flagsLookup(f);
  // Only given limits reconfigure the app's shared budget; otherwise its defaults hold.
  const options: ClientOptions =
    f.requestsPerMinute || f.concurrency
      ? {
          budget: {
            ...(f.requestsPerMinute ? { requestsPerMinute: f.requestsPerMinute } : {}),
            ...(f.concurrency ? { concurrency: f.concurrency } : {}),
          },
        }
      : {};
  requireSettings(lookup, "the app to export", ["chat:appId", "chat:apiKey"]);
  const conn = resolveChatConnection(undefined, lookup);
  const chat = new ChatClient(conn, options);
  let management: ManagementClient | undefined;
  if (f.webhooks && (isSet(lookup, "chat:managementKey") || isSet(lookup, "chat:managementSecret"))) {
    requireSettings(lookup, "webhooks", ["chat:managementKey", "chat:managementSecret"]);
    management = new ManagementClient(resolveManagementConnection(undefined, lookup), options);
  } else if (f.webhooks) {
    report("no management credentials: webhooks, extensions and app settings are left out");
  }

  const { yaml, exported, seedFiles } = await exportEnvironment({
    chat,
    management,
    apiKey: conn.apiKey,
    report,
    seed,
  }).catch((e: unknown) => {
    const line = credentialLine(e, conn);
    if (line !== undefined) throw new Error(line);
    // The app compared is named: with --compare, two places are in play.
    throw f.compare && e instanceof Error
      ? new Error(`cannot read the app to compare (${conn.appId}): ${e.message}`)
      : e;
  });
  if (f.compare && target) {
    const done = promote(exported, {
      stack: f.compare,
      target,
      write: f.write === true,
      management: management !== undefined,
      app: { appId: conn.appId, region: conn.region },
    });
    process.stdout.write(done.text);
    if (f.write && done.secrets.length > 0) {
      process.stderr.write(
        `\nThe added entries name secret config; in stack ${f.compare}, set each before \`pulumi up\`:\n`,
      );
      for (const key of done.secrets) process.stderr.write(`  ${configSetLine(key)} --stack ${f.compare}\n`);
    }
    if (f.write) report(done.written ? `wrote ${done.file}` : `nothing to add: ${done.file} left as it was`);
    return;
  }
  if (f.seed && seedFiles) {
    mkdirSync(f.seed, { recursive: true });
    for (const [name, text] of Object.entries(seedFiles)) {
      writeFileSync(join(f.seed, name), text);
      report(
        `wrote ${join(f.seed, name)} (${text.split("\n").length - (name.endsWith(".csv") ? 2 : 1)} rows)`,
      );
    }
  }
  if (f.project)
    writeProject(
      f.project,
      f.language ?? "yaml",
      yaml,
      { ...(f.goSdk ? { goSdk: resolve(f.goSdk) } : {}) },
      report,
    );
  if (f.out) {
    writeFileSync(f.out, yaml);
    report(`wrote ${f.out}`);
  } else if (!f.project) {
    process.stdout.write(yaml);
  }
  for (const n of exported.notes) report(n);
  if (exported.secrets.length > 0) {
    process.stderr.write(
      `\nValues the API never returns are read from secret stack config. ${f.project ? `In ${f.project}` : "In the Pulumi project that reads this environment file"}, run:\n`,
    );
    for (const s of exported.secrets) process.stderr.write(`  ${configSetLine(s.key)}   # ${s.what}\n`);
  }
}

if (require.main === module) {
  main(process.argv).catch((e: unknown) => {
    process.stderr.write(`chat-export: ${describeError(e)}\n`);
    process.exit(1);
  });
}

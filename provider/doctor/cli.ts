#!/usr/bin/env node
// chat-doctor: checks that the app a stack (--stack) or the CHAT_* variables name answers as the provider
// expects (provider/doctor/checks.ts). One line per check and a summary, or --json; exit 0 when the service matches.
import { writeFileSync } from "node:fs";
import { CONFIG_KEYS, type Lookup } from "../client/config";
import { runDoctor } from "./checks";
import { divergencesFile } from "./divergences";
import { formatReport, redact } from "./report";
import { stackLookup } from "./stack-config";

type CommanderModule = typeof import("commander", { with: { "resolution-mode": "import" }});
const { Command, InvalidArgumentError } = require("commander") as CommanderModule;

interface Flags {
  stack?: string;
  json?: boolean;
  timeout?: number;
  emitDivergences?: string;
  write?: boolean;
}

const positive = (v: string) => {
  const n = Number(v);
  if (!Number.isInteger(n) || n < 1) throw new InvalidArgumentError("expected a whole number of ms >= 1");
  return n;
};

export async function main(argv: string[]): Promise<number> {
  const program = new Command("chat-doctor")
    .description(
      "Check the app a stack or the CHAT_* variables name: settings, endpoints, credentials, then first the contract's guesses (docs/service/coverage.md), rate-limit headers, and every listing against the provider's contract. Exit 0 when the service matches, 1 when not.",
    )
    .option("-s, --stack <name>", "read the chat:* config of this stack (through the Pulumi CLI)")
    .option("--json", "print the report as JSON")
    .option(
      "--write",
      "also make, read back and delete one object of each kind (ids and names start lv<time>-)",
    )
    .option("--timeout <ms>", "per-request timeout", positive)
    .option(
      "--emit-divergences <file>",
      "write the divergences found as a YAML file for provider/contract/observed/",
    )
    .showHelpAfterError();
  program.parse(argv);
  const f = program.opts<Flags>();
  const lookup: Lookup = f.stack ? stackLookup(f.stack) : () => undefined;
  const report = await runDoctor({
    lookup,
    source: f.stack ? `stack ${f.stack} (CHAT_* variables fill what it leaves unset)` : "CHAT_* variables",
    ...(f.timeout ? { timeoutMs: f.timeout } : {}),
    write: f.write === true,
  });
  // Every secret setting's value is blanked from whatever is printed or written, whatever a message held.
  const secrets = CONFIG_KEYS.filter((k) => k.secret).flatMap((k) => [lookup(k.key), process.env[k.env]]);
  const clean = (text: string) =>
    redact(
      text,
      secrets.filter((s): s is string => typeof s === "string"),
    );
  process.stdout.write(`${clean(f.json ? JSON.stringify(report, null, 2) : formatReport(report))}\n`);
  if (f.emitDivergences) writeFileSync(f.emitDivergences, clean(divergencesFile(report)));
  return report.ok ? 0 : 1;
}

if (require.main === module) {
  main(process.argv).then(
    (code) => process.exit(code),
    (e: unknown) => {
      // The whole reason: a first line alone would drop what Pulumi or the service said.
      process.stderr.write(`chat-doctor: ${e instanceof Error ? e.message : String(e)}\n`);
      process.exit(2);
    },
  );
}

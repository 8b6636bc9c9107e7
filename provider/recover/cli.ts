#!/usr/bin/env node
// chat-recover: after a killed or cancelled `pulumi up`, `destroy` or `refresh`, puts the stack back in order
// so that the next command converges (provider/recover/index.ts; README "Interrupted runs"). Run it in the project's
// folder, with the environment `pulumi up` has (backend, passphrase, CHAT_* settings).
import { RecoverRefused, recover } from "./index";

// commander 15 is ESM-only; Node 24 loads ES modules with require() (docs/decisions/0001-commonjs-on-node-24.md).
type CommanderModule = typeof import("commander", { with: { "resolution-mode": "import" }});
const { Command } = require("commander") as CommanderModule;

interface Flags {
  stack?: string;
  cwd: string;
  unlock?: boolean;
  restoreBackup?: boolean;
  since?: string;
  dryRun?: boolean;
}

const program = new Command()
  .name("chat-recover")
  .description(
    "Repairs a stack after a killed or cancelled run: a stale lock, a cut checkpoint, and the creates the run left pending (the objects it made are taken into state, doubles removed). Safe to run before every pulumi up: with nothing to repair it changes nothing.",
  )
  .option("-s, --stack <name>", "the stack (default: the selected one)")
  .option("-C, --cwd <dir>", "the project's folder", process.cwd())
  .option("--unlock", "also remove a lock taken on another host (no run of the stack may be going on there)")
  .option("--restore-backup", "put the checkpoint's backup in place of a checkpoint that does not parse")
  .option("--since <time>", "when the killed run began, if its lock is gone (ISO time)")
  .option("--dry-run", "say what would be done, change nothing")
  .parse();

const flags = program.opts<Flags>();
recover({ ...flags, log: (l) => process.stderr.write(`chat-recover: ${l}\n`) }).catch((e: unknown) => {
  const message = e instanceof Error ? e.message : String(e);
  process.stderr.write(`chat-recover: ${e instanceof RecoverRefused ? "" : "failed: "}${message}\n`);
  process.exit(1);
});

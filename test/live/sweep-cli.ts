// `npm run sweep:live`: deletes what live runs left behind (test/live/sweep.ts) in the app the configuration
// names (--stack, else the CHAT_* variables). Prints each object it deletes; --dry-run only prints.
// `--check` only says whether live mode has its settings (scripts/live.sh asks it first: exit 3 when not).
import { setStackConfig } from "../../provider/client/config";
import { contextFor } from "../../provider/engine/generic";
import { liveLookup, missingSettings } from "./config";
import { DEFAULT_SWEEP_AGE_MS, sweep } from "./sweep";

type CommanderModule = typeof import("commander", { with: { "resolution-mode": "import" }});
const { Command } = require("commander") as CommanderModule;

async function main(argv: string[]): Promise<number> {
  const program = new Command("sweep-live")
    .description(
      "Delete objects left by live test runs: only ids or names with a run prefix older than --older-than.",
    )
    .option("--dry-run", "print what would be deleted, delete nothing")
    .option(
      "--older-than <minutes>",
      "only runs started at least this long ago",
      String(DEFAULT_SWEEP_AGE_MS / 60_000),
    )
    .option("-s, --stack <name>", "read the chat:* config of this stack (CHAT_* variables fill the rest)")
    .option("--check", "only check that live mode's settings are there (exit 3 when not)")
    .parse(argv);
  const o = program.opts<{ dryRun?: boolean; olderThan: string; stack?: string; check?: boolean }>();
  if (o.stack) process.env.CHAT_LIVE_STACK = o.stack;
  const minutes = Number(o.olderThan);
  if (!Number.isFinite(minutes) || minutes < 0)
    throw new Error(`--older-than must be minutes >= 0, not "${o.olderThan}"`);
  const lookup = liveLookup();
  const missing = missingSettings(lookup);
  if (missing.length > 0) {
    process.stdout.write(
      `live mode: skipped: set ${missing.join(", ")} to a test app (CHAT_REGION, CHAT_ENDPOINT and CHAT_MANAGEMENT_ENDPOINT for other endpoints), or pass --stack <name>\n`,
    );
    return o.check ? 3 : 0;
  }
  if (o.check) return 0;
  setStackConfig(lookup);
  const log = (line: string) => process.stdout.write(`${line}\n`);
  await sweep({ ctx: contextFor({}), olderThanMs: minutes * 60_000, dryRun: o.dryRun === true, log });
  return 0;
}

main(process.argv).then(
  (code) => process.exit(code),
  (e: unknown) => {
    process.stderr.write(`sweep:live: ${e instanceof Error ? e.message : String(e)}\n`);
    process.exit(1);
  },
);

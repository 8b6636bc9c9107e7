// `npm run sweep:live`: deletes what live runs left behind (test/live/sweep.ts) in the app the configuration
// names (CHAT_* variables). Prints each object it deletes; --dry-run only prints.
import { configuredChatConnection } from "../../provider/config";
import { contextFor } from "../../provider/resources/generic";
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
    .parse(argv);
  const o = program.opts<{ dryRun?: boolean; olderThan: string }>();
  const minutes = Number(o.olderThan);
  if (!Number.isFinite(minutes) || minutes < 0)
    throw new Error(`--older-than must be minutes >= 0, not "${o.olderThan}"`);
  if (!configuredChatConnection()) {
    process.stdout.write(
      "sweep:live: nothing to sweep: set CHAT_APP_ID and CHAT_API_KEY (and CHAT_ENDPOINT for a non-default endpoint)\n",
    );
    return 0;
  }
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

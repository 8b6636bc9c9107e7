// chat-export as a library: read a live app and write it as the root project's environment file.
import { type Exported, toEnvironment } from "./document";
import { type ReadOptions, readSnapshot } from "./read";
import { renderEnvironment } from "./render";
import { type MessageRange, withSeed } from "./seed";

export { ExportError, type Exported, type SecretPlaceholder, type Snapshot, toEnvironment } from "./document";
export { type ReadOptions, type Report, readSnapshot } from "./read";
export { configSetLine, renderEnvironment } from "./render";
export { type MessageRange, SEED_FILE_NAMES, withSeed } from "./seed";

export interface ExportOptions extends ReadOptions {
  /**
   * Users, groups and members as seed files: `at` is their folder as the environment file names it;
   * `messages`, the time range of the messages to write (none without it).
   */
  seed?: { at: string; messages?: MessageRange | undefined } | undefined;
}

/**
 * Reads the app (GETs only) and returns the environment file's text with what it holds, and the seed files
 * (name → text) when asked for.
 */
export async function exportEnvironment(
  opts: ExportOptions,
): Promise<{ yaml: string; exported: Exported; seedFiles?: Record<string, string> }> {
  const snapshot = await readSnapshot({
    ...opts,
    seedRows: opts.seed !== undefined,
    messages: opts.seed?.messages !== undefined,
  });
  const whole = toEnvironment(snapshot);
  if (!opts.seed) return { yaml: renderEnvironment(whole, snapshot), exported: whole };
  const { exported, files } = withSeed(whole, snapshot, opts.seed.at, opts.seed.messages);
  return { yaml: renderEnvironment(exported, snapshot), exported, seedFiles: files };
}

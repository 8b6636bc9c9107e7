// chat-export as a library: read a live app and write it as the root project's environment file.
import { type Exported, toEnvironment } from "./document";
import { type ReadOptions, readSnapshot } from "./read";
import { renderEnvironment } from "./render";

export { ExportError, type Exported, type SecretPlaceholder, type Snapshot, toEnvironment } from "./document";
export { type ReadOptions, type Report, readSnapshot } from "./read";
export { configSetLine, renderEnvironment } from "./render";

/** Reads the app (GETs only) and returns the environment file's text with what it holds. */
export async function exportEnvironment(opts: ReadOptions): Promise<{ yaml: string; exported: Exported }> {
  const snapshot = await readSnapshot(opts);
  const exported = toEnvironment(snapshot);
  return { yaml: renderEnvironment(exported, snapshot), exported };
}

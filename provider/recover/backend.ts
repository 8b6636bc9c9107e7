// What a killed run leaves in a file (diy) backend's checkpoint, found and repaired (decision 0080; its lock is
// locks.ts's, as on every backend): a checkpoint whose metadata sidecar (`<file>.attrs`,
// written after the data) was cut short, so every later command fails with "failed to load checkpoint: EOF".
import { existsSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { fileBackendDir } from "./locks";

export { fileBackendDir };

/** The stack's folder names in the backend: project-scoped (current) or the legacy flat layout. */
function candidates(root: string, project: string, stack: string): string[] {
  const base = join(root, ".pulumi", "stacks");
  return [join(base, project, stack), join(base, stack)];
}

export type CheckpointState =
  | { kind: "ok" }
  | { kind: "repaired"; what: string }
  | { kind: "broken"; file: string; backup: string | undefined };

const parses = (file: string): boolean => {
  try {
    JSON.parse(readFileSync(file, "utf8"));
    return true;
  } catch {
    return false;
  }
};

/** The stack's metadata sidecars (`*.attrs`): beside its checkpoint, its backup, its history and its backups. */
function sidecars(root: string, project: string, stack: string): string[] {
  const out: string[] = [];
  const p = join(root, ".pulumi");
  for (const base of candidates(root, project, stack))
    for (const f of [`${base}.json.attrs`, `${base}.json.bak.attrs`]) if (existsSync(f)) out.push(f);
  for (const dir of [
    join(p, "history", project, stack),
    join(p, "backups", project, stack),
    join(p, "history", stack),
  ])
    if (existsSync(dir)) for (const n of readdirSync(dir)) if (n.endsWith(".attrs")) out.push(join(dir, n));
  if (existsSync(join(p, "meta.yaml.attrs"))) out.push(join(p, "meta.yaml.attrs"));
  return out;
}

/**
 * Checks the stack's checkpoint. Metadata sidecars that a kill cut short (empty, or not JSON) are removed: they
 * hold only the blob's content type, and the backend reads a file without one. Data that does not parse is
 * never replaced here: the caller decides, and only when told to, whether the backup takes its place.
 */
export function checkCheckpoint(root: string, project: string, stack: string): CheckpointState {
  for (const base of candidates(root, project, stack)) {
    const file = `${base}.json`;
    if (!existsSync(file) || parses(file)) continue;
    const backup = `${file}.bak`;
    return { kind: "broken", file, backup: existsSync(backup) && parses(backup) ? backup : undefined };
  }
  const cut = sidecars(root, project, stack).filter((f) => !parses(f));
  for (const f of cut) rmSync(f);
  return cut.length
    ? {
        kind: "repaired",
        what: `removed ${cut.length} metadata file(s) cut short by the kill: ${cut.join(", ")}`,
      }
    : { kind: "ok" };
}

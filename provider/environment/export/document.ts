// A live app's snapshot as the environment file of the root project (provider/environment/spec.ts), in the form the
// provider reads each object back on adoption, so that the first `pulumi up` finds nothing to change.
// Deterministic: lists sorted by id, object keys in a fixed order, metadata keys sorted, so that two
// exports differ exactly where the app does.
import type { z } from "zod";
import type { Region } from "../../contract";
import type { Kind, Listed } from "../../engine/kind";
import { kinds } from "../../kinds";
import {
  ENTRY_KINDS,
  type EntryKind,
  type ExportContext,
  entryFrom,
  exportedSecret,
  keyOf,
  present,
  SECTION_ORDER,
  type SecretPlaceholder,
  sortKeys,
} from "../entries";
import { type FileKind, fileKeyOf, idOfArgs, kindNamed, mapRefs } from "../graph";
import { environmentProblems, formatPath } from "../load";
import type { Environment } from "../spec";

export type { SecretPlaceholder } from "../entries";

type Json = Record<string, unknown>;
/** An enabled extension: its settings as the Extension kind reads them, and the credentials it needs. */
export interface ExportedExtension {
  extension: string;
  settings?: Json | undefined;
  /** Credential fields to name by secret config keys (echoed by the service, or required). */
  credentials: string[];
}
/** Everything chat-export read from the app. */
export interface Snapshot {
  appId: string;
  region: Region;
  /**
   * The objects of each kind the file holds, as the kind lists them (a kind held inside another's entry:
   * as it reads them with each object of its holder); a kind not read is absent.
   */
  listed: Partial<Record<string, Listed[]>>;
  /** The key the export authenticated with: left out, the stack uses it (and a key cannot delete itself). */
  ownApiKey: string;
  /** Undefined when not read (no management credentials), as webhooks and app settings. */
  extensions?: ExportedExtension[] | undefined;
  /** The app's messages as the service lists them, when asked for (`chat-export --seed` with a time range). */
  messages?: Record<string, unknown>[] | undefined;
  /**
   * Per seed entity, per row key: fields of the rows the kinds' reads leave out (a member's joinedAt), read
   * for `chat-export --seed`.
   */
  rowFields?: Partial<Record<string, Record<string, Record<string, unknown>>>> | undefined;
}

export interface Exported {
  /** The environment file's content (validated by the same schema the root project uses). */
  environment: z.input<typeof Environment> & Record<string, unknown>;
  secrets: SecretPlaceholder[];
  /** What was left out and why (printed, and written as comments). */
  notes: string[];
}

export class ExportError extends Error {
  override name = "ExportError";
}

/** A copy of `list` sorted by `key`, so the file does not depend on the order the API listed things in. */
const sortBy = <T>(list: readonly T[], key: (t: T) => string) =>
  [...list].sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0));

/**
 * Objects of a kind holding a credential (`file.credential`) that the file can hold: not the one this export
 * authenticated with (the stack uses it), and only names held by one object (they are adopted by a unique
 * name).
 */
function credentialHolders(k: EntryKind, listed: readonly Listed[], own: string, notes: string[]): Listed[] {
  const credential = k.file.credential;
  const key = keyOf(k);
  if (!credential || key === undefined) return [...listed];
  const { output, noun } = credential;
  const byName = new Map<string, Listed[]>();
  for (const l of listed) byName.set(String(l.args[key]), [...(byName.get(String(l.args[key])) ?? []), l]);
  const out: Listed[] = [];
  for (const [name, same] of sortBy([...byName], ([n]) => n)) {
    if (same.some((l) => l.state[output] === own)) {
      notes.push(`${noun} "${name}" is left out: this export authenticated with it (the stack does too).`);
    } else if (same.length > 1) {
      notes.push(
        `${noun}s named "${name}" are left out: ${same.length} keys share the name, and keys are adopted by a unique name.`,
      );
    } else out.push(...same);
  }
  return out;
}

/** An extension; each credential becomes a secret config key to set. */
function extension(e: ExportedExtension, secrets: SecretPlaceholder[]): Json {
  const refs = Object.fromEntries(
    [...e.credentials].sort().map((field) => {
      const placeholder = exportedSecret(kinds.Extension as FileKind, "secrets", e.extension, field);
      secrets.push(placeholder);
      return [field, { secret: placeholder.key }];
    }),
  );
  return present({ extension: e.extension, settings: sortKeys(e.settings), secrets: refs });
}

/** Puts a kind's entries where the file holds them (a kind of one: its entry, unless empty). */
function place(environment: Json, k: EntryKind, entries: unknown[]): void {
  const value = k.file.one ? entries[0] : entries;
  const empty =
    value === undefined || (typeof value === "object" && Object.keys(value as object).length === 0);
  if (k.file.one && empty) return;
  let at = environment;
  for (const p of k.file.at.slice(0, -1)) {
    at[p] = (at[p] as Json | undefined) ?? {};
    at = at[p] as Json;
  }
  at[k.file.at[k.file.at.length - 1] as string] = value;
}

/** The environment file for `snap`, validated; an ExportError lists what the file format cannot hold. */
export function toEnvironment(snap: Snapshot): Exported {
  const secrets: SecretPlaceholder[] = [];
  const notes: string[] = [];
  const environment: Json = { app: { existing: true }, adopt: true };
  const ids = new Map<string, Set<string>>();
  const listed = (kind: string) => {
    const objects = snap.listed[kind];
    if (!objects) return undefined;
    if (!ids.has(kind))
      ids.set(kind, new Set(objects.map((l) => idOfArgs(kindNamed(kind) as FileKind, l.args) ?? l.id)));
    return ids.get(kind);
  };
  // A reference by another output than the key (an agent's knowledge sources, named by their service id)
  // is written as the named object's key, which the file names it by; an id the export did not read stays.
  const byKey = (k: FileKind, args: Json): Json =>
    mapRefs(k as Kind, args, ({ id, kind, ref }) => {
      const target = kindNamed(kind) as FileKind | undefined;
      if (ref.output === undefined || !target) return id;
      const found = snap.listed[kind]?.find((o) => o.id === id);
      return (found && idOfArgs(target, found.args)) ?? id;
    });
  for (const k of SECTION_ORDER) {
    const objects = snap.listed[k.name];
    if (objects === undefined) continue;
    const kept = credentialHolders(k, objects, snap.ownApiKey, notes);
    // Sorted by the entry's id, so that the file does not depend on the order the API listed things in.
    const ordered = sortBy(kept, (l) => idOfArgs(k, l.args) ?? l.id);
    const key = keyOf(k);
    const context: (l: Listed) => ExportContext = (l) => ({
      // The objects inside this one: those naming it by its key.
      held: (h) =>
        (snap.listed[h.name] ?? []).flatMap((o) =>
          key !== undefined && o.args[key] === l.args[key] ? [o.args] : [],
        ),
      listed,
    });
    place(
      environment,
      k,
      ordered.map((l) => entryFrom(k, byKey(k, l.args), secrets, context(l))),
    );
  }
  // Extensions are read from the service's catalogue (the Extension kind has no listing), by hand.
  if (snap.extensions) {
    environment.extensions = sortBy(snap.extensions, (e) => e.extension).map((e) => extension(e, secrets));
  }
  if (!snap.extensions)
    notes.push(
      "Webhooks, extensions and app settings are left out: no management credentials (CHAT_MANAGEMENT_KEY, CHAT_MANAGEMENT_SECRET).",
    );
  const { problems } = environmentProblems(environment, process.cwd(), false);
  if (problems.length > 0) {
    // The file is not written, so each problem also names the object by its id.
    const idAt = (path: readonly PropertyKey[]) => {
      const [section, index] = path;
      const list = environment[String(section)];
      const item = Array.isArray(list) && typeof index === "number" ? (list[index] as Json) : undefined;
      const kind = ENTRY_KINDS.find((k) => k.file.at.length === 1 && k.file.at[0] === section);
      const key = kind && fileKeyOf(kind);
      const id = key === undefined ? undefined : item?.[key];
      return id === undefined ? "" : ` (${String(id)})`;
    };
    const lines = problems.map(
      (i) => `  ${formatPath(i.path) || "(top level)"}${idAt(i.path)}: ${i.message}`,
    );
    throw new ExportError(
      `the app has objects the environment file cannot hold as they are:\n${lines.join("\n")}`,
    );
  }
  return { environment: environment as z.input<typeof Environment>, secrets, notes };
}

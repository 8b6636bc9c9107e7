// A live app's snapshot as the environment file of the root project (environment/spec.ts), in the form the
// provider reads each object back on adoption, so that the first `pulumi up` finds nothing to change.
// Deterministic: lists sorted by id, object keys in a fixed order, metadata keys sorted, so that two
// exports differ exactly where the app does.
import type { z } from "zod";
import type { Region } from "../../provider/api";
import { kinds } from "../../provider/resources";
import { type Args, fileEntryOf, type Listed, refTargets } from "../../provider/resources/kind";
import {
  ENTRY_KINDS,
  type EntryKind,
  entryFrom,
  fieldsOf,
  idOf,
  keyOf,
  present,
  type SecretPlaceholder,
  sortKeys,
} from "../entries";
import { formatPath } from "../load";
import { Environment, SCOPES, type SecretRef } from "../spec";

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
  /** The objects of each kind with a plain entry, as the kind lists them; a kind not read is absent. */
  listed: Partial<Record<string, Listed[]>>;
  /** Each group as its kind lists it, with its members (GroupMembers' read) and its scopes' permissions. */
  groups: Array<Listed & { members: Args; permissions: Listed[] }>;
  /** Each webhook as its kind lists it, with its triggers; undefined when not read (no management credentials). */
  webhooks: Array<Listed & { triggers: string[] }> | undefined;
  /** The key the export authenticated with: left out, the stack uses it (and a key cannot delete itself). */
  ownApiKey: string;
  /** Undefined when not read (no management credentials), as app settings. */
  extensions?: ExportedExtension[] | undefined;
}

export interface Exported {
  /** The environment file's content (validated by the same schema the root project uses). */
  environment: z.input<typeof Environment>;
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

function group(
  g: Snapshot["groups"][number],
  users: ReadonlySet<string>,
  secrets: SecretPlaceholder[],
): Json {
  const { owner, ...fields } = fieldsOf(kinds.Group, g.args);
  let password: SecretRef | undefined;
  if (g.args.type === "password") {
    password = { secret: `groupPassword-${g.id}` };
    secrets.push({ key: password.secret, what: `the password of group "${g.id}"` });
  }
  const permissions = Object.fromEntries(g.permissions.map((p) => [p.args.scope, p.args.permissions]));
  return present({
    ...fields,
    // An owner that is no user of the app (a system owner) cannot be declared; the service keeps it.
    owner: typeof owner === "string" && users.has(owner) ? owner : undefined,
    password,
    // The owner is an admin without being declared a member (GroupMembers leaves it alone).
    members: fieldsOf(kinds.GroupMembers, { ...g.members, guid: undefined }),
    permissions: present(
      Object.fromEntries(Object.entries(SCOPES).map(([file, scope]) => [file, sortKeys(permissions[scope])])),
    ),
  });
}

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

function webhook(w: NonNullable<Snapshot["webhooks"]>[number], secrets: SecretPlaceholder[]): Json {
  const { webhookId, webhookURL, useBasicAuth, username, ...fields } = fieldsOf(kinds.Webhook, w.args);
  let basicAuth: Json | undefined;
  if (useBasicAuth) {
    const password: SecretRef = { secret: `webhookPassword-${webhookId}` };
    secrets.push({ key: password.secret, what: `the basic-auth password of webhook "${webhookId}"` });
    basicAuth = { username, password };
  }
  // The file's shorter names for the webhook's own fields (environment/spec.ts).
  return present({
    id: webhookId,
    url: webhookURL,
    basicAuth,
    ...fields,
    // None: left out (not managed), since a trigger set cannot be empty.
    triggers: [...w.triggers].sort(),
  });
}

/** An extension; each credential becomes a secret config key to set. */
function extension(e: ExportedExtension, secrets: SecretPlaceholder[]): Json {
  const refs = Object.fromEntries(
    [...e.credentials].sort().map((field) => {
      const key = `extension-${e.extension}-${field}`;
      secrets.push({ key, what: `${field} of extension "${e.extension}"` });
      return [field, { secret: key }];
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
  // A group's owner as the kind it names (users).
  const owner = fileEntryOf(kinds.Group)?.refs?.owner;
  const owners = owner ? refTargets(owner) : [];
  const uids = new Set(owners.flatMap((o) => (snap.listed[o] ?? []).map((u) => u.id)));
  const environment: Json = { app: { existing: true }, adopt: true };
  for (const k of ENTRY_KINDS) {
    const listed = snap.listed[k.name];
    if (listed === undefined) continue;
    const kept = credentialHolders(k, listed, snap.ownApiKey, notes);
    // Sorted by the entry's id, so that the file does not depend on the order the API listed things in.
    const ordered = sortBy(kept, (l) => idOf(k, l.args) ?? l.id);
    place(
      environment,
      k,
      ordered.map((l) => entryFrom(k, l.args, secrets)),
    );
  }
  environment.groups = sortBy(snap.groups, (g) => g.id).map((g) => group(g, uids, secrets));
  // Webhooks, extensions and app settings are read through the management API.
  if (snap.webhooks) {
    environment.webhooks = sortBy(snap.webhooks, (w) => w.id).map((w) => webhook(w, secrets));
  }
  if (snap.extensions) {
    environment.extensions = sortBy(snap.extensions, (e) => e.extension).map((e) => extension(e, secrets));
  }
  if (!snap.webhooks || !snap.extensions)
    notes.push(
      "Webhooks, extensions and app settings are left out: no management credentials (CHAT_MANAGEMENT_KEY, CHAT_MANAGEMENT_SECRET).",
    );
  const checked = Environment.safeParse(environment);
  if (!checked.success) {
    // The file is not written, so each problem also names the object by its id.
    const idAt = (path: readonly PropertyKey[]) => {
      const [section, index] = path;
      const list = environment[String(section)];
      const item = Array.isArray(list) && typeof index === "number" ? (list[index] as Json) : undefined;
      const kind = ENTRY_KINDS.find((k) => k.file.at.length === 1 && k.file.at[0] === section);
      const key = kind?.file.key ?? kind?.identity?.[0] ?? (section === "groups" ? "guid" : "id");
      const id = item?.[key];
      return id === undefined ? "" : ` (${String(id)})`;
    };
    const lines = checked.error.issues.map(
      (i) => `  ${formatPath(i.path) || "(top level)"}${idAt(i.path)}: ${i.message}`,
    );
    throw new ExportError(
      `the app has objects the environment file cannot hold as they are:\n${lines.join("\n")}`,
    );
  }
  return { environment: environment as z.input<typeof Environment>, secrets, notes };
}

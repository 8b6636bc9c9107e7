// Reads everything chat-export writes from a live app, through the provider's client (retries, the shared
// request budget), reporting progress as it goes. Only GETs: an export never changes the app.
import type { ChatClient, ManagementClient } from "../../client";
import { LIMITS } from "../../contract";
import type { Args, Ctx, Kind, Listed, Progress } from "../../engine/kind";
import { clientContext, kinds } from "../../kinds";
import { requiredCredentialFields } from "../../kinds/extension";
import { SEED_SOURCES } from "../../kinds/seed/sources";
import { ENTRY_KINDS } from "../entries";
import { type FileKind, heldBy, keyOf, whereOf } from "../graph";
import type { ExportedExtension, Snapshot } from "./document";

/** One line of progress (chat-export prints it on stderr). */
export type Report = (line: string) => void;

export interface ReadOptions {
  chat: ChatClient;
  /** Management client for webhooks; without one, webhooks are not read. */
  management?: ManagementClient | undefined;
  /** The API key `chat` authenticates with (left out of the export). */
  apiKey: string;
  report?: Report;
  /** Read the app's messages too (for seed files). */
  messages?: boolean;
  /** Read what seed rows hold beyond the kinds' reads (a member's joinedAt), for seed files. */
  seedRows?: boolean;
}

export async function readSnapshot(opts: ReadOptions): Promise<Snapshot> {
  const { chat, management } = opts;
  const report: Report = opts.report ?? (() => {});
  report(`reading app ${chat.appId} (${chat.region})`);

  // The kinds' own reads: each object is read the way adoption will read it.
  const ctx = clientContext({ chat: () => chat, management: management && (() => management) });
  // Each kind with a section, as it lists its objects (management kinds need management credentials), and
  // the kinds inside its entries as they read them with each object.
  const listed: Snapshot["listed"] = {};
  for (const k of ENTRY_KINDS) {
    if (k.api === "management" && !management) continue;
    if (!k.list) continue; // extensions: below
    const what = k.file.at.join(".");
    const objects = await listOf(k, ctx, {}, (n, total) =>
      report(total === undefined ? `${what}: ${n} so far` : `${what}: ${total}`),
    );
    listed[k.name] = objects;
    for (const h of heldBy(k)) listed[h.name] = await readHeld(h, k, objects, ctx, report);
  }
  let extensions: Snapshot["extensions"];
  if (management) {
    extensions = await readExtensions(ctx, management, chat.appId);
    report(`extensions: ${extensions.length} enabled`);
  }
  const rowFields = opts.seedRows ? await readRowFields(ctx, listed, report) : undefined;
  const messages = opts.messages ? await readMessages(chat, report) : undefined;
  const stats = chat.budgetStats();
  report(`done: ${stats.started} chat API requests`);
  return {
    appId: chat.appId,
    region: chat.region,
    listed,
    extensions,
    ownApiKey: opts.apiKey,
    ...(messages ? { messages } : {}),
    ...(rowFields ? { rowFields } : {}),
  };
}

/** Per seed entity whose rows hold more than its kind reads (provider/kinds/seed/sources.ts): those fields by row key. */
async function readRowFields(
  ctx: Ctx,
  listed: Snapshot["listed"],
  report: Report,
): Promise<NonNullable<Snapshot["rowFields"]>> {
  const out: NonNullable<Snapshot["rowFields"]> = {};
  for (const source of SEED_SOURCES) {
    const objects = listed[source.kind];
    if (!source.extra || !objects) continue;
    out[source.entity] = await source.extra(ctx, objects);
    report(`${source.entity}: ${Object.keys(out[source.entity] ?? {}).length} read for the seed`);
  }
  return out;
}

/** Every message of the app, oldest first, by cursor pages of the largest size. */
async function readMessages(chat: ChatClient, report: Report): Promise<Record<string, unknown>[]> {
  const out: Record<string, unknown>[] = [];
  let id = "0";
  for (;;) {
    const r = await chat.call("listMessages", { query: { limit: LIMITS.perPageMax, id, affix: "append" } });
    out.push(...(r.data as Record<string, unknown>[]));
    report(`messages: ${out.length} so far`);
    const next = (r.meta as { next?: { id?: unknown } }).next?.id;
    if (next === undefined || r.data.length === 0) return out;
    id = String(next);
  }
}

/** A kind's listing (every kind with a file entry has one: test/unit/registry.test.ts). */
function listOf(k: Kind, ctx: Ctx, scope: Args = {}, progress?: Progress): Promise<Listed[]> {
  if (!k.list) return Promise.reject(new Error(`${k.name} cannot be listed`));
  return k.list(ctx, scope, progress);
}

/**
 * The objects of held kind `h` inside each of `holders` (of kind `holder`): a kind of an entry per value
 * (`per`) as it lists those of one holder, another as it reads the one of a holder (by the holder's id and
 * the arguments the two share).
 */
async function readHeld(
  h: FileKind,
  holder: FileKind,
  holders: readonly Listed[],
  ctx: Ctx,
  report: Report,
): Promise<Listed[]> {
  const key = keyOf(holder);
  const shared = (args: Args) =>
    Object.fromEntries(Object.keys(h.args.shape).flatMap((a) => (a in args ? [[a, args[a]]] : [])));
  let done = 0;
  const step = Math.max(1, Math.ceil(holders.length / 10));
  const what = whereOf(h);
  const read = await Promise.all(
    holders.map(async (o): Promise<Listed[]> => {
      const prior = shared(o.args);
      const found = h.file.per
        ? await listOf(h, ctx, key === undefined ? {} : { [key]: o.args[key] })
        : await h.read(ctx, o.id, prior).then((r) => (r ? [{ id: o.id, ...r }] : []));
      done++;
      if (done % step === 0 || done === holders.length) report(`${what}: ${done} of ${holders.length}`);
      return found;
    }),
  );
  return read.flat();
}

/** The enabled extensions, with their settings as the Extension kind reads them back. */
async function readExtensions(
  ctx: Ctx,
  management: ManagementClient,
  appId: string,
): Promise<ExportedExtension[]> {
  const listed = await management.listAll("listExtensions", { params: { appId } });
  const out: ExportedExtension[] = [];
  for (const e of listed.filter((x) => x.isActive)) {
    const found = await kinds.Extension.find?.(ctx, { appId, extension: e.id, enabled: true });
    if (!found) continue;
    const { settings, secrets } = found.args;
    const stored = settings !== undefined || secrets !== undefined;
    const credentials = [
      ...new Set([...Object.keys(secrets ?? {}), ...(stored ? requiredCredentialFields(e.id) : [])]),
    ];
    out.push({ extension: e.id, settings, credentials });
  }
  return out;
}

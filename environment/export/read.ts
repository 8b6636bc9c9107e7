// Reads everything chat-export writes from a live app, through the provider's client (retries, the shared
// request budget), reporting progress as it goes. Only GETs: an export never changes the app.
import type { ChatClient, ManagementClient } from "../../provider/client";
import * as live from "../../provider/live";
import { kinds } from "../../provider/resources";
import { requiredCredentialFields } from "../../provider/resources/extension";
import type { Ctx } from "../../provider/resources/kind";
import { listingsOf } from "../../provider/resources/listings";
import { ENTRY_KINDS } from "../entries";
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
}

export async function readSnapshot(opts: ReadOptions): Promise<Snapshot> {
  const { chat, management } = opts;
  const report: Report = opts.report ?? (() => {});
  report(`reading app ${chat.appId} (${chat.region})`);

  const ctx = readContext(chat, management);
  // Each kind with a plain entry, as it lists its objects (management kinds need management credentials).
  const listed: Snapshot["listed"] = {};
  for (const k of ENTRY_KINDS) {
    if (!k.list || (k.api === "management" && !management)) continue;
    const objects = await k.list(ctx, {});
    listed[k.name] = objects;
    report(`${k.file.at.join(".")}: ${objects.length}`);
  }
  const groups = await live.listGroups(chat);
  report(`groups: ${groups.length}`);
  let done = 0;
  const step = Math.max(1, Math.ceil(groups.length / 10));
  const withMembers = await Promise.all(
    groups.map(async (g) => {
      const [members, permissions] = await Promise.all([
        live.listMembers(chat, g.guid),
        live.listScopePermissions(chat, g.guid),
      ]);
      done++;
      if (done % step === 0 || done === groups.length)
        report(`group members and permissions: ${done} of ${groups.length} groups`);
      return { ...g, members, permissions };
    }),
  );
  let webhooks: Snapshot["webhooks"];
  let extensions: Snapshot["extensions"];
  if (management) {
    webhooks = await live.listWebhooks(management, chat.appId);
    report(`webhooks: ${webhooks.length}`);
    extensions = await readExtensions(ctx, management, chat.appId);
    report(`extensions: ${extensions.length} enabled`);
  }
  const stats = chat.budgetStats();
  report(`done: ${stats.started} chat API requests`);
  return {
    appId: chat.appId,
    region: chat.region,
    listed,
    groups: withMembers,
    webhooks,
    extensions,
    ownApiKey: opts.apiKey,
  };
}

/** A context for the kinds' own reads: each object is read the way adoption will read it. */
function readContext(chat: ChatClient, management: ManagementClient | undefined): Ctx {
  const ctx: Ctx = {
    chat: () => chat,
    management: () => {
      if (!management) throw new Error("no management credentials");
      return management;
    },
    appId: () => chat.appId,
    listed: (listing, id, alone) =>
      listingsOf(listing.api === "chat" ? chat : ctx.management()).get(listing, id, alone),
  };
  return ctx;
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

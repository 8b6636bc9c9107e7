// Reads everything chat-export writes from a live app, through the provider's client (retries, the shared
// request budget), reporting progress as it goes. Only GETs: an export never changes the app.
import type { ChatClient, ManagementClient } from "../../provider/client";
import { clientContext, kinds } from "../../provider/resources";
import { requiredCredentialFields } from "../../provider/resources/extension";
import type { Args, Ctx, Kind, Listed, Progress } from "../../provider/resources/kind";
import { ENTRY_KINDS } from "../entries";
import { rewrites } from "../graph";
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

  // The kinds' own reads: each object is read the way adoption will read it.
  const ctx = clientContext({ chat: () => chat, management: management && (() => management) });
  // Each kind with a plain entry, as it lists its objects (management kinds need management credentials).
  const listed: Snapshot["listed"] = {};
  // The sections whose entries are not their arguments as they are are still read by hand, below.
  for (const k of ENTRY_KINDS.filter((e) => !rewrites(e))) {
    if (k.api === "management" && !management) continue;
    const what = k.file.at.join(".");
    const objects = await listOf(k, ctx, {}, (n, total) =>
      report(total === undefined ? `${what}: ${n} so far` : `${what}: ${total}`),
    );
    listed[k.name] = objects;
  }
  const groups = await readGroups(ctx, report);
  let webhooks: Snapshot["webhooks"];
  let extensions: Snapshot["extensions"];
  if (management) {
    webhooks = await Promise.all(
      (await listOf(kinds.Webhook, ctx)).map(async (w) => ({
        ...w,
        triggers: (await kinds.WebhookTriggers.read(ctx, w.id, w.args as never))?.args.triggers ?? [],
      })),
    );
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
    groups,
    webhooks,
    extensions,
    ownApiKey: opts.apiKey,
  };
}

/** A kind's listing (every kind with a file entry has one: test/unit/registry.test.ts). */
function listOf(k: Kind, ctx: Ctx, scope: Args = {}, progress?: Progress): Promise<Listed[]> {
  if (!k.list) return Promise.reject(new Error(`${k.name} cannot be listed`));
  return k.list(ctx, scope, progress);
}

/** Every group with its members and the permissions each scope sets, as those kinds read them. */
async function readGroups(ctx: Ctx, report: Report): Promise<Snapshot["groups"]> {
  const groups = await listOf(kinds.Group, ctx);
  report(`groups: ${groups.length}`);
  let done = 0;
  const step = Math.max(1, Math.ceil(groups.length / 10));
  return Promise.all(
    groups.map(async (g) => {
      const [members, permissions] = await Promise.all([
        kinds.GroupMembers.read(ctx, g.id, { guid: g.id }),
        listOf(kinds.GroupScopePermissions, ctx, { guid: g.id }),
      ]);
      done++;
      if (done % step === 0 || done === groups.length)
        report(`group members and permissions: ${done} of ${groups.length} groups`);
      return { ...g, members: members?.args ?? { guid: g.id }, permissions };
    }),
  );
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

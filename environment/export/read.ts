// Reads everything chat-export writes from a live app, through the provider's client (retries, the shared
// request budget), reporting progress as it goes. Only GETs: an export never changes the app.
import { APP_SETTINGS, LIMITS } from "../../provider/api";
import type { ChatClient, ManagementClient } from "../../provider/client";
import * as live from "../../provider/live";
import { clientContext, kinds } from "../../provider/resources";
import { requiredCredentialFields } from "../../provider/resources/extension";
import type { Ctx, Kind } from "../../provider/resources/kind";
import { type ExportedExtension, SINGLETON_KINDS, type Singletons, type Snapshot } from "./document";

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

  const roles = await live.listRoles(chat);
  report(`roles: ${roles.length}`);
  const users = await live.listUsers(chat, {}, (n, total) =>
    report(total === undefined ? `users: ${n} so far` : `users: ${total}`),
  );
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
  const apiKeys = await live.listApiKeys(chat);
  report(`API keys: ${apiKeys.length}`);
  let webhooks: Snapshot["webhooks"];
  if (management) {
    webhooks = await live.listWebhooks(management, chat.appId);
    report(`webhooks: ${webhooks.length}`);
  }
  // The kinds' own reads: each object is read the way adoption will read it.
  const ctx = clientContext({ chat: () => chat, management: management && (() => management) });
  let extensions: Snapshot["extensions"];
  let appSettings: Snapshot["appSettings"];
  if (management) {
    extensions = await readExtensions(ctx, management, chat.appId);
    report(`extensions: ${extensions.length} enabled`);
    const all = (await management.call("getAppSettings", { params: { appId: chat.appId } })).data;
    appSettings = Object.fromEntries(
      // The flags the AppSettings resource can set; other keys would make the file fail its own check.
      Object.entries(all).filter(
        (e): e is [string, boolean] =>
          typeof e[1] === "boolean" && (APP_SETTINGS as Record<string, string>)[e[0]] === "flag",
      ),
    );
    report(`app settings: ${Object.keys(appSettings).length}`);
  }
  const notifications = {
    settings: (await chat.call("getNotificationSettings")).data,
    fcm: (await chat.call("listFcmProviders")).data.pushProviders,
    apns: (await chat.call("listApnsProviders")).data.pushProviders,
    ...(await readSingletons(ctx)),
  };
  report(`push providers: ${notifications.fcm.length} FCM, ${notifications.apns.length} APNs`);
  const moderation = {
    keywordLists: (await chat.call("listKeywordLists")).data,
    rules: (await chat.call("listRules", { query: { limit: LIMITS.perPageMax } })).data,
  };
  report(`moderation: ${moderation.keywordLists.length} keyword lists, ${moderation.rules.length} rules`);
  const stats = chat.budgetStats();
  report(`done: ${stats.started} chat API requests`);
  return {
    appId: chat.appId,
    region: chat.region,
    roles,
    users,
    groups: withMembers,
    apiKeys,
    webhooks,
    extensions,
    appSettings,
    ownApiKey: opts.apiKey,
    notifications,
    moderation,
  };
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

/** The providers an app has at most one of, as their kinds read them (credentials never come back). */
async function readSingletons(ctx: Ctx): Promise<Singletons> {
  const out: Singletons = {};
  for (const [key, name] of Object.entries(SINGLETON_KINDS)) {
    const found = await (kinds[name] as Kind).read(ctx, "", {});
    if (found) out[key as keyof Singletons] = found.args;
  }
  return out;
}

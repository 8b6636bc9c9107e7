// Reads everything chat-export writes from a live app, through the provider's client (retries, the shared
// request budget), reporting progress as it goes. Only GETs: an export never changes the app.
import { LIMITS } from "../../provider/api";
import type { ChatClient, ManagementClient } from "../../provider/client";
import * as live from "../../provider/live";
import type { Snapshot } from "./document";

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
      const members = await live.listMembers(chat, g.guid);
      done++;
      if (done % step === 0 || done === groups.length)
        report(`group members: ${done} of ${groups.length} groups`);
      return { ...g, members };
    }),
  );
  const apiKeys = await live.listApiKeys(chat);
  report(`API keys: ${apiKeys.length}`);
  let webhooks: Snapshot["webhooks"];
  if (management) {
    webhooks = await live.listWebhooks(management, chat.appId);
    report(`webhooks: ${webhooks.length}`);
  }
  // ---- issue 12 part B: notifications and moderation (issue-12c) ----
  const notifications = {
    settings: (await chat.call("getNotificationSettings")).data,
    fcm: (await chat.call("listFcmProviders")).data.pushProviders,
    apns: (await chat.call("listApnsProviders")).data.pushProviders,
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
    ownApiKey: opts.apiKey,
    notifications,
    moderation,
  };
}

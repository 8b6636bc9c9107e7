// The app's notification settings (chat API `/notifications/v1/settings`): one per app, always present (the
// service answers its defaults before any change). Only the fields declared are managed: the PATCH is a deep
// merge, and a read keeps just the declared leaves, so a field not declared keeps the service's value.
// Deleting the resource resets the whole tree to the service's defaults (decision 0045).
import { z } from "zod";
import { NotificationSettingsPatch } from "../contract";
import { declare, none } from "../engine/fields";
import type { Args, Kind } from "../engine/kind";
import { canonical } from "../engine/normalize";
import { defined } from "../engine/util";

export const NotificationSettingsArgs = NotificationSettingsPatch;
export type NotificationSettingsArgs = z.output<typeof NotificationSettingsArgs>;

/** One id per app: the app is the resource's connection. */
export const NOTIFICATION_SETTINGS_ID = "notification-settings";
const TREES = ["preferences", "sound", "templates"] as const;

const isTree = (v: unknown): v is Args => typeof v === "object" && v !== null && !Array.isArray(v);

/** `remote` cut down to the leaves `declared` names: what this resource manages. */
export function managedPart(remote: unknown, declared: unknown): unknown {
  if (!isTree(declared)) return remote;
  if (!isTree(remote)) return undefined;
  const out: Args = {};
  for (const [k, v] of Object.entries(declared)) {
    if (v === undefined) continue;
    const part = managedPart(remote[k], v);
    if (part !== undefined) out[k] = part;
  }
  return out;
}

async function current(ctx: Parameters<Kind["read"]>[0], declared: Args): Promise<NotificationSettingsArgs> {
  const r = await ctx.chat().call("getNotificationSettings", {});
  const out: Args = {};
  for (const k of TREES) if (declared[k] !== undefined) out[k] = managedPart(r.data[k], declared[k]);
  return out as NotificationSettingsArgs;
}

const patch = async (ctx: Parameters<Kind["read"]>[0], a: NotificationSettingsArgs) => {
  const body = defined(a, []);
  if (Object.keys(body).length)
    await ctx.chat().call("updateNotificationSettings", { body: body as NotificationSettingsPatch });
};

export const notificationSettings: Kind<NotificationSettingsArgs> = {
  name: "NotificationSettings",
  doc: `The app's notification settings (one per app, always present): only the fields declared are managed; deleting the resource resets every setting to the service's defaults. Id: "${NOTIFICATION_SETTINGS_ID}".`,
  ...declare(NotificationSettingsArgs, z.object({}), {
    preferences: {
      doc: "Its parts (group, oneOnOne, call, mute, email, sms, push, bypassPreferencesForMentions): each <event>Setting with its <event>Override; only the declared fields are compared.",
      default: none,
    },
    sound: { doc: "Its parts: chat and call (names of sound files).", default: none },
    templates: {
      doc: "Its parts (usePrivacyTemplate, <message kind>TemplateDefault/Privacy with their title and body texts).",
      default: none,
    },
  }),
  api: "chat",
  file: { at: ["notifications", "settings"], one: true, child: "notification-settings" },

  async create(ctx, a) {
    // The settings always exist: write only when what is declared differs from what the service holds.
    if (canonical(await current(ctx, a)) !== canonical(a)) await patch(ctx, a);
    return { id: NOTIFICATION_SETTINGS_ID, state: {} };
  },
  async read(ctx, _id, prior, how) {
    const declared = how?.whole ? (await ctx.chat().call("getNotificationSettings", {})).data : prior;
    return { args: await current(ctx, declared as Args), state: {} };
  },
  async update(ctx, _id, _olds, news) {
    // A field no longer declared is left as it is: a PATCH cannot say "back to the default" for one field.
    await patch(ctx, news);
    return {};
  },
  async delete(ctx) {
    await ctx.chat().call("resetNotificationSettings", {});
  },
  async find(ctx, a) {
    return { id: NOTIFICATION_SETTINGS_ID, args: await current(ctx, a) };
  },
  async list(ctx) {
    // The whole tree, as a resource declaring every field reads it.
    const all = (await ctx.chat().call("getNotificationSettings", {})).data as Args;
    return [{ id: NOTIFICATION_SETTINGS_ID, args: await current(ctx, all), state: {} }];
  },
};

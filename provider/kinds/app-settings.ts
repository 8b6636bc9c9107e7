// AppSettings (management API `/apps/{appId}/settings`, decision 0040): the boolean settings this resource
// manages; every other key is left as the service has it (like Role.permissions). List-valued settings
// (such as `core.notifications.push.advanced.included`) are read-only. The API's DELETE resets every
// setting of the app, so delete never calls it: it puts the managed keys back to the values they had before
// this resource first set them, and leaves keys that had none (decision 0042). Id: the appId.
import { z } from "zod";
import { APP_SETTING_KEYS, APP_SETTINGS, AppSettingsSet } from "../contract";
import { unknownKey } from "../engine/failures";
import { appIdFact, declare } from "../engine/fields";
import type { Args, Ctx, Kind } from "../engine/kind";

/** Settings the service sets itself (lists, times): POST takes booleans only. */
export const READ_ONLY_APP_SETTINGS = APP_SETTING_KEYS.filter((k) => APP_SETTINGS[k] === "readOnly");

export const AppSettingsArgs = z.strictObject({
  /** The app (default: the chat connection's or chat:appId). */
  appId: z.string().min(1, "appId must not be empty").optional(),
  settings: AppSettingsSet.superRefine((s, ctx) => {
    for (const k of Object.keys(s))
      if (!Object.hasOwn(APP_SETTINGS, k))
        ctx.addIssue({
          code: "custom",
          path: [k],
          message: unknownKey(k, "an app setting", APP_SETTING_KEYS),
        });
      else if ((READ_ONLY_APP_SETTINGS as readonly string[]).includes(k))
        ctx.addIssue({ code: "custom", path: [k], message: `${k} is read-only (the service sets it)` });
  }),
});
export type AppSettingsArgs = z.output<typeof AppSettingsArgs>;
type Flags = Record<string, boolean>;

async function now(ctx: Ctx, appId: string): Promise<Record<string, unknown>> {
  return (await ctx.management().call("getAppSettings", { params: { appId } })).data;
}

/** The managed keys' current values (a key the service does not answer is left out). */
const managed = (all: Record<string, unknown>, keys: readonly string[]): Flags =>
  Object.fromEntries(keys.flatMap((k) => (typeof all[k] === "boolean" ? [[k, all[k] as boolean]] : [])));

async function set(ctx: Ctx, appId: string, settings: Flags): Promise<void> {
  if (Object.keys(settings).length)
    await ctx.management().call("setAppSettings", { params: { appId }, body: { settings } });
}

/**
 * Writes the declared values that differ from the service's, and restores keys no longer declared to their
 * recorded previous values. Returns the previous values, extended with those of newly managed keys.
 */
async function apply(ctx: Ctx, appId: string, olds: Flags, news: Flags, previous: Flags): Promise<Flags> {
  const all = await now(ctx, appId);
  const prev = { ...previous };
  for (const k of Object.keys(news))
    if (!(k in olds) && !(k in prev) && typeof all[k] === "boolean") prev[k] = all[k];
  const write: Flags = {};
  for (const [k, v] of Object.entries(news)) if (all[k] !== v) write[k] = v;
  for (const k of Object.keys(olds))
    if (!(k in news) && k in prev && all[k] !== prev[k]) write[k] = prev[k] as boolean;
  await set(ctx, appId, write);
  for (const k of Object.keys(prev)) if (!(k in news)) delete prev[k];
  return prev;
}

/** Every setting this resource can set (the read-only ones are not arguments): what a whole read reads. */
const FLAGS = APP_SETTING_KEYS.filter((k) => APP_SETTINGS[k] === "flag");

const Previous = z
  .record(z.string(), z.boolean())
  .describe("The managed keys' values before this resource first set them (restored on delete).");

export const appSettings: Kind<AppSettingsArgs, Args> = {
  name: "AppSettings",
  doc: "The boolean settings of an app that this resource manages; other keys are left as they are. Id: the appId.",
  ...declare(AppSettingsArgs, z.object({ previous: Previous }), {
    appId: { ...appIdFact("resource"), identity: true },
    settings: {
      doc: 'The settings this resource manages, key to true/false, e.g. { "core.conversations.updateOnReplies": false }; unknown keys are refused. List-valued settings are read-only. A key no longer declared gets its previous value back.',
    },
  }),
  api: "management",
  idParts: ["appId"],
  file: { at: ["appSettings"], one: true, child: "app-settings", only: "settings" },

  async create(ctx, a) {
    const appId = ctx.appId(a);
    const previous = await apply(ctx, appId, {}, a.settings, {});
    return { id: appId, state: { previous } };
  },
  async read(ctx, _id, prior, how) {
    const appId = ctx.appId(prior);
    const settings = managed(await now(ctx, appId), how?.whole ? FLAGS : Object.keys(prior.settings ?? {}));
    const previous = ((prior as Args).previous as Flags | undefined) ?? {};
    return { args: { appId, settings }, state: { previous } };
  },
  async update(ctx, _id, olds, news) {
    const previous = ((olds as Args).previous as Flags | undefined) ?? {};
    return { previous: await apply(ctx, ctx.appId(news), olds.settings, news.settings, previous) };
  },
  async delete(ctx, _id, a) {
    const appId = ctx.appId(a);
    const previous = ((a as Args).previous as Flags | undefined) ?? {};
    const all = await now(ctx, appId);
    await set(
      ctx,
      appId,
      Object.fromEntries(Object.entries(previous).filter(([k, v]) => k in a.settings && all[k] !== v)),
    );
  },
  async find(ctx, a) {
    const appId = ctx.appId(a);
    return { id: appId, args: { appId, settings: managed(await now(ctx, appId), Object.keys(a.settings)) } };
  },
  async list(ctx, scope) {
    const appId = ctx.appId(scope);
    const settings = managed(await now(ctx, appId), FLAGS);
    return [{ id: appId, args: { appId, settings }, state: { previous: {} } }];
  },
};

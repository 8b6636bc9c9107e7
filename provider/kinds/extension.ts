// Extension (management API, decision 0040): one kind for every extension of an app, enabled or disabled,
// with its settings for the slugs that have a settings route (provider/contract/extension-settings.ts). The
// credential fields of a slug's settings travel in their own top-level argument, `secrets`, so that Pulumi
// keeps them secret in state and outputs while the other settings stay readable. Identity: (appId,
// extension). Delete removes the settings and disables the extension (decision 0041).
import { z } from "zod";
import {
  EXTENSION_SETTINGS,
  ExtensionId,
  type ExtensionSlug,
  extensionSettingsSchema,
  extensionSupports,
  isExtensionSlug,
  KNOWN_EXTENSION_IDS,
  secret,
  secretPaths,
} from "../contract";
import { closest } from "../contract/closest";
import { readableErrors, unknownKey } from "../engine/failures";
import { appIdFact, declare, none } from "../engine/fields";
import { type Args, type CheckFailure, type Ctx, type Kind, partialCreate } from "../engine/kind";
import { hasCode } from "../engine/util";

const Settings = () => z.record(z.string(), z.unknown());

/** The top-level settings fields of an extension that hold credentials (marked `secret()` in the table). */
export function credentialFields(extension: string): string[] {
  if (!isExtensionSlug(extension)) return [];
  return [...new Set(secretPaths(extensionSettingsSchema(extension)).map((p) => p.split(/[.[]/)[0] ?? p))];
}

/** The credential fields an extension's settings cannot be stored without. */
export function requiredCredentialFields(extension: string): string[] {
  if (!isExtensionSlug(extension)) return [];
  const fields = EXTENSION_SETTINGS[extension].fields as Record<string, z.ZodType>;
  return credentialFields(extension).filter((k) => !fields[k]?.safeParse(undefined).success);
}

export const ExtensionArgs = z
  .strictObject({
    /** The app (default: the chat connection's or chat:appId). */
    appId: z.string().min(1, "appId must not be empty").optional(),
    extension: ExtensionId,
    enabled: z.boolean().default(true),
    settings: Settings().optional(),
    // A schema of its own: the mark is on the instance, and the settings are not secret.
    secrets: secret(Settings()).optional(),
  })
  .superRefine((a, ctx) => {
    const declared = a.settings !== undefined || a.secrets !== undefined;
    if (!declared) return;
    // Settings are known only for known slugs: a typo is named as one, with the closest id.
    const [unknown] = notListed(a.extension, KNOWN_EXTENSION_IDS, KNOWN);
    if (unknown) {
      ctx.addIssue({ code: "custom", path: ["extension"], message: unknown.reason });
      return;
    }
    if (!isExtensionSlug(a.extension)) {
      ctx.addIssue({
        code: "custom",
        path: [a.settings !== undefined ? "settings" : "secrets"],
        message: `extension ${a.extension} has no settings route: settings and secrets are not taken`,
      });
      return;
    }
    if (!a.enabled) {
      ctx.addIssue({
        code: "custom",
        path: ["settings"],
        message: "settings can be stored only for an enabled extension (enabled: true)",
      });
      return;
    }
    const secretFields = credentialFields(a.extension);
    const fields = Object.keys(EXTENSION_SETTINGS[a.extension].fields);
    // Each declared field once: unknown to the slug (named with the closest field), or in the wrong argument.
    // A typo's closest field, left out, is what it stands for: its "is required" would be the same mistake again.
    const given = { ...a.settings, ...a.secrets };
    const meant = new Set<string>();
    for (const [arg, wrong, rule] of [
      ["settings", (k: string) => secretFields.includes(k), "is a credential: declare it in secrets"],
      ["secrets", (k: string) => !secretFields.includes(k), "is not a credential: declare it in settings"],
    ] as const) {
      for (const k of Object.keys(a[arg] ?? {}))
        if (!fields.includes(k)) {
          const near = closest(k, fields);
          if (near !== undefined && !(near in given)) meant.add(near);
          ctx.addIssue({
            code: "custom",
            path: [arg, k],
            message: unknownKey(k, `a field of ${a.extension}`, fields, `${arg}.${k}`),
          });
        } else if (wrong(k)) ctx.addIssue({ code: "custom", path: [arg, k], message: `${arg}.${k} ${rule}` });
    }
    const whole = extensionSettingsSchema(a.extension).safeParse(
      { ...a.settings, ...a.secrets },
      { error: readableErrors },
    );
    if (whole.success) return;
    for (const issue of whole.error.issues) {
      if (issue.code === "unrecognized_keys") continue; // reported above, under the argument that has it
      const field = String(issue.path[0] ?? "");
      if (meant.has(field) && issue.path.length === 1) continue; // the typo above

      const arg = secretFields.includes(field) ? "secrets" : "settings";
      // Never echo a credential's value: zod's messages here name the field and the rule only.
      const path = field ? [arg, ...issue.path] : [arg];
      const where = field ? `${arg}.${issue.path.join(".")}` : arg;
      ctx.addIssue({ code: "custom", path, message: `${where}: ${issue.message}` });
    }
  });
export type ExtensionArgs = z.output<typeof ExtensionArgs>;

const hasSettings = (a: ExtensionArgs) => a.settings !== undefined || a.secrets !== undefined;
const params = (appId: string, slug: string) => ({ appId, slug });

/** Whether the app has the extension enabled (the catalogue's `isActive`); undefined when it is not listed. */
async function enabledNow(ctx: Ctx, appId: string, id: string): Promise<boolean | undefined> {
  try {
    const e = await ctx.listed(
      { api: "management", route: "listExtensions", params: { appId }, key: "id" },
      id,
      async () => {
        const all = await ctx.management().listAll("listExtensions", { params: { appId } });
        const found = all.find((x) => x.id === id);
        if (!found) throw Object.assign(new Error(`extension ${id} is not listed`), { notListed: true });
        return found;
      },
    );
    return e.isActive;
  } catch (err) {
    if ((err as { notListed?: boolean }).notListed || hasCode(err, "ERR_EXTENSION_NOT_FOUND"))
      return undefined;
    throw err;
  }
}

/** The stored settings as the service answers them; undefined when there are none (or it cannot tell). */
async function storedSettings(ctx: Ctx, appId: string, slug: ExtensionSlug): Promise<Args | undefined> {
  try {
    const r = await ctx.management().call("getExtensionSettings", { params: params(appId, slug) });
    return r.data.body.data?.settings as Args | undefined;
  } catch (e) {
    if (hasCode(e, "ERR_EXTENSION_SETTINGS_NOT_FOUND", "ERR_EXTENSION_INACTIVE")) return undefined;
    throw e;
  }
}

/** The fields as the API stores them, split back into settings and secrets; the service's own fields left out. */
function split(
  slug: ExtensionSlug,
  remote: Args,
  prior: ExtensionArgs,
): Pick<ExtensionArgs, "settings" | "secrets"> {
  const spec = EXTENSION_SETTINGS[slug] as { fields: Record<string, unknown>; generated?: readonly string[] };
  const secretFields = credentialFields(slug);
  const settings: Args = {};
  const secrets: Args = {};
  for (const [k, v] of Object.entries(remote)) {
    if (!(k in spec.fields) || spec.generated?.includes(k)) continue; // e.g. the echoed appId, a reply webhook
    if (k === "appId" && prior.settings?.appId === undefined) continue;
    (secretFields.includes(k) ? secrets : settings)[k] = v;
  }
  // A credential the service does not echo cannot be compared: the declared one is kept (from state).
  for (const [k, v] of Object.entries(prior.secrets ?? {})) if (!(k in secrets)) secrets[k] = v;
  return {
    ...(Object.keys(settings).length || prior.settings ? { settings } : {}),
    ...(Object.keys(secrets).length || prior.secrets ? { secrets } : {}),
  };
}

async function toggle(ctx: Ctx, appId: string, id: string, enabled: boolean): Promise<void> {
  await ctx
    .management()
    .call("toggleExtensions", { params: { appId }, body: enabled ? { enabled: [id] } : { disabled: [id] } });
}

/**
 * Stores the declared settings from what the service holds now: POST when there are none (PUT for the
 * slugs without POST), PUT when there are, DELETE when none are declared. Safe to repeat (0022).
 */
async function applySettings(ctx: Ctx, appId: string, a: ExtensionArgs): Promise<void> {
  if (!isExtensionSlug(a.extension) || !a.enabled) return;
  const slug = a.extension;
  const have = await storedSettings(ctx, appId, slug);
  if (!hasSettings(a)) {
    if (have !== undefined) await removeSettings(ctx, appId, slug);
    return;
  }
  const fields = { ...a.settings, ...a.secrets };
  const body = (EXTENSION_SETTINGS[slug] as { unwrapped?: true }).unwrapped ? fields : { settings: fields };
  const route =
    have === undefined && extensionSupports(slug, "POST")
      ? "createExtensionSettings"
      : "updateExtensionSettings";
  await ctx.management().call(route, { params: params(appId, slug), body });
}

async function removeSettings(ctx: Ctx, appId: string, slug: ExtensionSlug): Promise<void> {
  try {
    await ctx.management().call("deleteExtensionSettings", { params: params(appId, slug) });
  } catch (e) {
    if (!hasCode(e, "ERR_EXTENSION_SETTINGS_NOT_FOUND", "ERR_EXTENSION_INACTIVE")) throw e;
  }
}

async function current(ctx: Ctx, appId: string, prior: ExtensionArgs): Promise<ExtensionArgs | undefined> {
  const enabled = await enabledNow(ctx, appId, prior.extension);
  if (enabled === undefined) return undefined;
  const args: ExtensionArgs = { appId, extension: prior.extension, enabled };
  if (!isExtensionSlug(prior.extension)) return args;
  // Settings of a disabled extension cannot be read (ERR_EXTENSION_INACTIVE): none are declared then.
  const remote = enabled ? await storedSettings(ctx, appId, prior.extension) : undefined;
  return remote === undefined ? args : { ...args, ...split(prior.extension, remote, prior) };
}

/** Failures for an extension id the catalogue `ids` does not hold, naming the closest one it does. */
function notListed(id: string, ids: readonly string[], where: string): CheckFailure[] {
  if (ids.includes(id)) return [];
  return [
    { property: "extension", reason: unknownKey(id, `an extension ${where}`, ids, `extension "${id}"`) },
  ];
}
const KNOWN = "this provider knows";

export const extension: Kind<ExtensionArgs> = {
  name: "Extension",
  doc: 'An extension of an app, enabled or disabled, with its settings where it has any. Id: "<appId>/<extension>".',
  ...declare(ExtensionArgs, z.object({}), {
    appId: appIdFact("resource"),
    extension: {
      doc: 'The extension id, e.g. "gifs-giphy" (with settings) or "polls" (without). Changing it replaces the resource.',
      replace: true,
      identity: true,
    },
    enabled: {
      doc: "Enable the extension for the app. Settings are stored only while it is enabled.",
    },
    settings: {
      doc: "The extension's non-credential settings (the slug's fields, checked at preview; the service's own, such as reply webhooks, are left out). Absent: none stored.",
      default: none,
    },
    secrets: {
      doc: "The extension's credential fields, e.g. { giphyApiKey } (kept secret; compared on refresh where the service echoes them).",
      default: none,
    },
  }),
  api: "management",
  idParts: ["appId", "extension"],
  file: {
    at: ["extensions"],
    child: "extension",
    // One config key per credential field; the values are checked by the provider at preview.
    secretRefs: {
      secrets: {
        field: "secrets",
        each: { fields: (a) => credentialFields(String(a.extension)) },
        exported: { key: "extension", what: "of extension" },
      },
    },
  },

  // The service's catalogue once the app is known (the real one may hold more than the known list)…
  async validate(ctx, a) {
    const appId = ctx.appId(a);
    if ((await enabledNow(ctx, appId, a.extension)) !== undefined) return [];
    const all = await ctx.management().listAll("listExtensions", { params: { appId } });
    return notListed(
      a.extension,
      all.map((e) => e.id),
      `of app ${appId}`,
    );
  },
  // …and the known list before (preview of a new app), so a typo never waits for `up` to fail.
  offline: (a) => (typeof a.extension === "string" ? notListed(a.extension, KNOWN_EXTENSION_IDS, KNOWN) : []),

  async create(ctx, a) {
    const appId = ctx.appId(a);
    const id = `${appId}/${a.extension}`;
    // An extension already enabled, or with settings, is someone's: taken over only with adopt: true.
    const before = await current(ctx, appId, { ...a, secrets: undefined });
    if (before && (before.enabled || before.settings || before.secrets))
      throw new Error(
        `Extension "${a.extension}" is already enabled or configured in app ${appId}: set adopt: true to manage it`,
      );
    await toggle(ctx, appId, a.extension, a.enabled);
    try {
      await applySettings(ctx, appId, a);
    } catch (e) {
      throw partialCreate(e, id, { ...a, appId, settings: undefined, secrets: undefined });
    }
    return { id, state: {} };
  },
  async read(ctx, _id, prior) {
    const args = await current(ctx, ctx.appId(prior), prior);
    return args && { args, state: {} };
  },
  async update(ctx, _id, _olds, news) {
    const appId = ctx.appId(news);
    // Settings first while enabled (they cannot be written or removed once disabled), then the switch.
    if (news.enabled) {
      await toggle(ctx, appId, news.extension, true);
      await applySettings(ctx, appId, news);
    } else {
      if (isExtensionSlug(news.extension)) await removeSettings(ctx, appId, news.extension);
      await toggle(ctx, appId, news.extension, false);
    }
    return {};
  },
  async delete(ctx, _id, a) {
    const appId = ctx.appId(a);
    if (isExtensionSlug(a.extension)) await removeSettings(ctx, appId, a.extension);
    try {
      await toggle(ctx, appId, a.extension, false);
    } catch (e) {
      if (!hasCode(e, "ERR_EXTENSION_NOT_FOUND")) throw e;
    }
  },
  async find(ctx, a) {
    const appId = ctx.appId(a);
    const found = await current(ctx, appId, { ...a, secrets: undefined } as ExtensionArgs);
    if (!found) return undefined;
    // Adopt only what is there: an extension that is disabled with no settings is not taken as existing.
    if (!found.enabled && !found.settings && !found.secrets) return undefined;
    return { id: `${appId}/${a.extension}`, args: found };
  },
};

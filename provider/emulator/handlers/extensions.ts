// Extensions (management API): the catalogue with what this app has enabled, enabling and disabling, and
// each extension's settings through the one generic route (provider/contract/extension-settings.ts says what
// differs per slug). Where the vendor is silent, the stricter reading (decision 0040).
import {
  EXTENSION_SETTINGS,
  type ExtensionSettingsSpec,
  type ExtensionSlug,
  extensionSupports,
  isExtensionSlug,
  KNOWN_EXTENSION_IDS,
  settingsOfBody,
} from "../../contract";
import { ApiError } from "../errors";
import type { AppRecord, EmulatorState, Json } from "../state";
import { paginate } from "../views";
import { requireApp } from "./lookup";
import type { ManagementHandlers } from "./types";

const PER_PAGE = 25;

const titleOf = (id: string) =>
  isExtensionSlug(id)
    ? EXTENSION_SETTINGS[id].title
    : id
        .split("-")
        .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
        .join(" ");

const extensionView = (app: AppRecord) => (id: string) => ({
  id,
  name: titleOf(id),
  tagLine: titleOf(id),
  author: "Emulator",
  accessToAppData: false,
  isActive: app.extensions.get(id)?.enabled ?? false,
  isPrivate: false,
  isInvisible: false,
  isThirdParty: false,
  createdAt: app.createdAt,
  hooks: { data: [] },
  categories: { data: [] },
});

/** The relayed answer of the extension: the service wraps it, whatever the extension said. */
const relayed = (body: Json) => ({
  data: { statusCode: 200, success: true, responseTime: 1.5, body },
});

const spec = (slug: ExtensionSlug): ExtensionSettingsSpec => EXTENSION_SETTINGS[slug];

/** The app, the slug (known, enabled, taking this method) and its record, or the service's errors. */
function settingsTarget(
  state: EmulatorState,
  appId: string,
  slug: string,
  method: "POST" | "PUT" | "GET" | "DELETE",
) {
  const app = requireApp(state, appId);
  if (!isExtensionSlug(slug)) {
    throw new ApiError("ERR_EXTENSION_NOT_FOUND", `The extension ${slug} does not exist or has no settings.`);
  }
  if (!extensionSupports(slug, method)) {
    throw new ApiError(
      "ERR_API_NOT_FOUND",
      `The API ${method} /apps/${appId}/extensions/${slug}/v1/settings does not exist.`,
    );
  }
  const ext = app.extensions.get(slug);
  if (!ext?.enabled) {
    throw new ApiError("ERR_EXTENSION_INACTIVE", `The extension ${slug} is not enabled for this app.`);
  }
  return { app, slug, ext };
}

const noSettings = (slug: string) =>
  new ApiError("ERR_EXTENSION_SETTINGS_NOT_FOUND", `The extension ${slug} has no settings stored.`);

/** What is stored: the settings as sent, with what the service makes itself (reply webhooks). */
function stored(
  app: AppRecord,
  slug: ExtensionSlug,
  settings: Json,
  before: Json | undefined,
  hex: string,
): Json {
  const out: Json = { ...settings };
  for (const field of spec(slug).generated ?? []) {
    out[field] =
      before?.[field] ?? `https://${app.id}.extensions.emulator.invalid/${slug}/replies?token=${hex}`;
  }
  if (slug === "data-masking") {
    // The ids to delete act on the custom patterns and are not kept; a custom pattern without an id gets one.
    const remove = new Set((settings.deleteCustomRegexData as string[] | undefined) ?? []);
    delete out.deleteCustomRegexData;
    let n = 0;
    out.customregexData = ((settings.customregexData as Json[] | undefined) ?? [])
      .map((p) => ({ ...p, id: typeof p.id === "string" ? p.id : `custom-${hex.slice(0, 8)}-${++n}` }))
      .filter((p) => !remove.has(p.id as string));
  }
  return out;
}

function writeAnswer(app: AppRecord, slug: ExtensionSlug, settings: Json) {
  switch (spec(slug).writeAnswer ?? "settings") {
    case "settings":
      return relayed({ data: { settings: { ...settings, appId: app.id } } });
    case "success":
      return relayed({ data: { success: true } });
    case "bareSuccess":
      return relayed({ success: true });
  }
}

export const extensionHandlers = {
  listExtensions: ({ state, params, query }) => {
    const app = requireApp(state, params.appId);
    return paginate(KNOWN_EXTENSION_IDS, query, () => true, extensionView(app), PER_PAGE);
  },

  toggleExtensions: ({ state, params, body }) => {
    const app = requireApp(state, params.appId);
    // All or nothing: an unknown id fails the call before anything changes.
    const unknown = [...(body.enabled ?? []), ...(body.disabled ?? [])].find(
      (id) => !KNOWN_EXTENSION_IDS.includes(id),
    );
    if (unknown !== undefined) {
      throw new ApiError("ERR_EXTENSION_NOT_FOUND", `The extension ${unknown} does not exist.`);
    }
    const results = (ids: string[] | undefined, enabled: boolean) =>
      Object.fromEntries(
        (ids ?? []).map((id) => {
          const ext = app.extensions.get(id);
          if (ext) ext.enabled = enabled;
          else app.extensions.set(id, { enabled });
          return [id, { success: true, message: `Extension ${id} ${enabled ? "enabled" : "disabled"}.` }];
        }),
      );
    return { data: { enabled: results(body.enabled, true), disabled: results(body.disabled, false) } };
  },

  getExtensionSettings: ({ state, params }) => {
    const { app, slug, ext } = settingsTarget(state, params.appId, params.slug, "GET");
    if (!ext.settings) throw noSettings(slug);
    return relayed({ data: { settings: { ...ext.settings, appId: app.id } } });
  },

  createExtensionSettings: ({ state, params, body, env }) => {
    const { app, slug, ext } = settingsTarget(state, params.appId, params.slug, "POST");
    if (ext.settings) {
      throw new ApiError(
        "ERR_EXTENSION_SETTINGS_ALREADY_EXIST",
        `The extension ${slug} already has settings; update them instead.`,
      );
    }
    ext.settings = stored(app, slug, settingsOfBody(slug, body), undefined, env.ids.hex(32));
    return writeAnswer(app, slug, ext.settings);
  },

  updateExtensionSettings: ({ state, params, body, env }) => {
    const { app, slug, ext } = settingsTarget(state, params.appId, params.slug, "PUT");
    if (!ext.settings && !spec(slug).putCreates) throw noSettings(slug);
    // A PUT replaces the settings: the body carries every required field.
    ext.settings = stored(app, slug, settingsOfBody(slug, body), ext.settings, env.ids.hex(32));
    return writeAnswer(app, slug, ext.settings);
  },

  deleteExtensionSettings: ({ state, params }) => {
    const { slug, ext } = settingsTarget(state, params.appId, params.slug, "DELETE");
    if (!ext.settings) throw noSettings(slug);
    delete ext.settings;
    switch (spec(slug).deleteAnswer ?? "success") {
      case "success":
        return relayed({ data: { success: true } });
      case "bareSuccess":
        return relayed({ success: true });
      case "settingsSuccess":
        return relayed({ data: { settings: { success: true } } });
    }
  },
} satisfies ManagementHandlers;

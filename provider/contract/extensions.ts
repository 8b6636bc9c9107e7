// Extensions of an app (management API): the catalogue with what is enabled, enabling and disabling, and each
// extension's settings through one route with the slug as a path parameter (the per-slug shapes are in
// extension-settings.ts). Decision 0040 records what the vendor leaves open. The schemas are generated from
// the document (provider/contract/generated/schemas.ts); this file names them and adds each slug's body (`bodyOf`).
import type { z } from "zod";
import { EXTENSION_SLUGS } from "./extension-settings";
import * as G from "./generated/schemas";
import { ROUTE_SCHEMAS as S } from "./generated/schemas";

/**
 * Extension ids seen in the vendor's catalogue example that have no settings route. With the settings slugs
 * they make the catalogue the emulator serves; the real one may hold more, so requests are not limited to it.
 */
export const SETTINGLESS_EXTENSIONS = [
  "widget",
  "document",
  "whiteboard",
  "emojis",
  "gifs-gfycat",
  "link-preview",
  "mentions",
  "message-translation",
  "pin-message",
  "polls",
  "reactions",
  "save-message",
  "smart-reply",
  "thumbnail-generation",
] as const;
export const KNOWN_EXTENSION_IDS: readonly string[] = [...EXTENSION_SLUGS, ...SETTINGLESS_EXTENSIONS];

export const ExtensionId = G.ExtensionId;

/** Enable and disable in one call; an id may not be in both lists (rules.ts). */
export const ExtensionsToggle = G.ExtensionsToggle;
export type ExtensionsToggle = z.input<typeof ExtensionsToggle>;

export const ExtensionHook = G.ExtensionHook;

/** One catalogue entry. `isActive` says whether the extension is enabled for this app (a GUESS, 0040). */
export const Extension = G.Extension;
export type Extension = z.infer<typeof Extension>;

/** `perPage` is a string in the vendor's spec (default 25, at most 1000); `page` is in its example links. */
export const ExtensionListQuery = S.listExtensions.query;

/**
 * The envelope every settings answer shares: the service relays the extension's own answer
 * (`statusCode`, `success`, `responseTime`) with its `body`, whose content differs per slug and method.
 */
export const ExtensionSettingsAnswer = G.ExtensionSettingsAnswer;
export type ExtensionSettingsAnswer = z.infer<typeof ExtensionSettingsAnswer>;

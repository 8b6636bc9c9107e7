// Extensions of an app (management API): the catalogue with what is enabled, enabling and disabling, and each
// extension's settings through one route with the slug as a path parameter (the per-slug shapes are in
// extension-settings.ts). Decision 0040 records what the vendor leaves open.
import { z } from "zod";
import { Ack, dataOf, LIMITS, PageQuery, pageOf, Timestamp } from "./common";
import { EXTENSION_SLUGS, extensionSettingsBody } from "./extension-settings";
import { OPERATIONS } from "./generated/routes";
import { route } from "./route";

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

export const ExtensionId = z
  .string()
  .min(1, "an extension id must not be empty")
  .max(LIMITS.idLength, `an extension id must be at most ${LIMITS.idLength} characters`)
  .regex(/^[a-z0-9-]+$/, "an extension id is lowercase letters, digits and '-'");

/** Enable and disable in one call; an id may not be in both lists. */
export const ExtensionsToggle = z
  .strictObject({
    enabled: z.array(ExtensionId).optional(),
    disabled: z.array(ExtensionId).optional(),
  })
  .refine((b) => (b.enabled?.length ?? 0) + (b.disabled?.length ?? 0) > 0, {
    message: "enabled or disabled must name at least one extension",
    path: ["enabled"],
  })
  .refine((b) => !b.enabled?.some((id) => b.disabled?.includes(id)), {
    message: "an extension cannot be both enabled and disabled",
    path: ["disabled"],
  });
export type ExtensionsToggle = z.input<typeof ExtensionsToggle>;

export const ExtensionHook = z.looseObject({
  hook: z.string(),
  description: z.string().optional(),
  isActive: z.boolean().optional(),
  enabled: z.union([z.number(), z.boolean()]).optional(),
  createdAt: Timestamp.optional(),
});

/** One catalogue entry. `isActive` says whether the extension is enabled for this app (a GUESS, 0040). */
export const Extension = z.looseObject({
  id: z.string(),
  name: z.string(),
  tagLine: z.string().optional(),
  description: z.string().optional(),
  author: z.string().optional(),
  webhookURL: z.string().optional(),
  accessToAppData: z.boolean().optional(),
  isActive: z.boolean(),
  isPrivate: z.boolean().optional(),
  isInvisible: z.boolean().optional(),
  isThirdParty: z.boolean().optional(),
  createdAt: Timestamp.optional(),
  hooks: z.looseObject({ data: z.array(ExtensionHook) }).optional(),
  categories: z.looseObject({ data: z.array(z.unknown()) }).optional(),
});
export type Extension = z.infer<typeof Extension>;

/** `perPage` is a string in the vendor's spec (default 25, at most 1000); `page` is in its example links. */
export const ExtensionListQuery = PageQuery;

/**
 * The envelope every settings answer shares: the service relays the extension's own answer
 * (`statusCode`, `success`, `responseTime`) with its `body`, whose content differs per slug and method.
 */
export const ExtensionSettingsAnswer = z.looseObject({
  statusCode: z.number().int(),
  success: z.boolean(),
  responseTime: z.number(),
  body: z.looseObject({
    data: z
      .looseObject({
        settings: z.record(z.string(), z.unknown()).optional(),
        success: z.boolean().optional(),
      })
      .optional(),
    success: z.boolean().optional(),
  }),
});
export type ExtensionSettingsAnswer = z.infer<typeof ExtensionSettingsAnswer>;

/** The route's own body: any object; the slug's schema (bodyOf) is what validates it. */
const AnySettingsBody = z.record(z.string(), z.unknown());

export const extensionRoutes = {
  listExtensions: route({
    ...OPERATIONS.listExtensions,
    query: ExtensionListQuery,
    response: pageOf(Extension),
  }),
  toggleExtensions: route({
    ...OPERATIONS.toggleExtensions,
    body: ExtensionsToggle,
    response: dataOf(
      z.looseObject({ enabled: z.record(z.string(), Ack), disabled: z.record(z.string(), Ack) }),
    ),
  }),
  getExtensionSettings: route({
    ...OPERATIONS.getExtensionSettings,
    response: dataOf(ExtensionSettingsAnswer),
  }),
  createExtensionSettings: route({
    ...OPERATIONS.createExtensionSettings,
    body: AnySettingsBody,
    bodyOf: (p) => extensionSettingsBody(p.slug ?? "", "POST"),
    response: dataOf(ExtensionSettingsAnswer),
  }),
  updateExtensionSettings: route({
    ...OPERATIONS.updateExtensionSettings,
    body: AnySettingsBody,
    bodyOf: (p) => extensionSettingsBody(p.slug ?? "", "PUT"),
    response: dataOf(ExtensionSettingsAnswer),
  }),
  deleteExtensionSettings: route({
    ...OPERATIONS.deleteExtensionSettings,
    response: dataOf(ExtensionSettingsAnswer),
  }),
} as const;

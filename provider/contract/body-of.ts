// What the document cannot say of a route: the body schema a path parameter picks (`x-body-of` on the
// operation's request body names the parameter; provider/contract/generated/route-table.ts calls the chooser
// here with its value). The settings of each extension share one route; their schemas are the contract's own
// table (extension-settings.ts, decision 0040). Undefined: no schema for that value (the route refuses it).
import type { z } from "zod";
import { extensionSettingsBody } from "./extension-settings";

export const BODY_OF = {
  createExtensionSettings: (slug: string) => extensionSettingsBody(slug, "POST"),
  updateExtensionSettings: (slug: string) => extensionSettingsBody(slug, "PUT"),
} as const satisfies Readonly<Record<string, (value: string) => z.ZodType | undefined>>;

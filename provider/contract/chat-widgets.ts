// Chat widgets (management API `/apps/{appId}/extensions/widget/v2/settings`): list, create and update; the
// service makes each widget's id and has no route to read one or delete one (docs/service/app-configuration.md).
// The schemas are generated from the document (provider/contract/generated/schemas.ts); this file names them.
import type { z } from "zod";
import * as G from "./generated/schemas";

/** The only generation this route takes. */
export const CHAT_WIDGET_VERSION = "v2";

export const ChatWidgetStyle = G.ChatWidgetStyle;
export const ChatWidgetSidebar = G.ChatWidgetSidebar;
export const ChatWidgetMain = G.ChatWidgetMain;
export const ChatWidgetSettings = G.ChatWidgetSettings;
export type ChatWidgetSettings = z.input<typeof ChatWidgetSettings>;
export type ChatWidgetUpdateSettings = z.input<typeof G.ChatWidgetUpdateSettings>;
export const ChatWidgetListed = G.ChatWidgetListed;
export type ChatWidgetListed = z.infer<typeof ChatWidgetListed>;

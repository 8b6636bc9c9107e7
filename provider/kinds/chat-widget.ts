// ChatWidget: a chat widget of an app (management API `/apps/{appId}/extensions/widget/v2/settings`,
// docs/service/app-configuration.md, decision 0114). The service makes its id, answers it only on create and
// in the listing (no read of one widget), updates it in place, and has no route to delete one.
import { z } from "zod";
import {
  CHAT_WIDGET_VERSION,
  type ChatWidgetListed,
  ChatWidgetMain,
  ChatWidgetSettings,
  ChatWidgetSidebar,
  ChatWidgetStyle,
  type ChatWidgetUpdateSettings,
} from "../contract";
import { appIdFact, declare, none } from "../engine/fields";
import type { Args, Ctx, Kind } from "../engine/kind";
import { defined, sortedById } from "../engine/util";

export const ChatWidgetArgs = z.strictObject({
  /** The app the widget belongs to (default: the connection's or chat:appId). */
  appId: z.string().min(1, "appId must not be empty").optional(),
  name: ChatWidgetSettings.shape.name,
  style: ChatWidgetStyle.optional(),
  sidebar: ChatWidgetSidebar.optional(),
  main: ChatWidgetMain.optional(),
});
export type ChatWidgetArgs = z.output<typeof ChatWidgetArgs>;

/** The parts of the settings that are objects, each managed only while declared (or read whole). */
const PARTS = { style: ChatWidgetStyle, sidebar: ChatWidgetSidebar, main: ChatWidgetMain } as const;
type Part = keyof typeof PARTS;

const widgetOutputs = z.object({
  widgetId: z.string().describe("The widget's id, made by the service (a UUID)."),
});

/** The settings as the routes take them. */
const settingsOf = (a: ChatWidgetArgs) =>
  defined({ name: a.name, version: CHAT_WIDGET_VERSION, style: a.style, sidebar: a.sidebar, main: a.main });

/** A stored part as arguments: the fields the part's schema knows (the service may store more). */
function partOf(part: Part, stored: unknown): Args | undefined {
  if (typeof stored !== "object" || stored === null) return undefined;
  const known = Object.keys(PARTS[part].shape);
  return Object.fromEntries(Object.entries(stored).filter(([k, v]) => known.includes(k) && v !== undefined));
}

/** A listed widget as arguments; a part is read when it is declared, or on a whole read (import, listing). */
function widgetArgs(w: ChatWidgetListed, appId: string, prior: Args, whole: boolean): ChatWidgetArgs {
  const c = w.configuration;
  const args: Args = { appId, name: c.name };
  for (const part of Object.keys(PARTS) as Part[]) {
    if (!whole && prior[part] === undefined) continue;
    const value = partOf(part, c[part]);
    if (value !== undefined) args[part] = value;
  }
  return args as ChatWidgetArgs;
}

const widgetIdOf = (id: string) => id.slice(id.indexOf("/") + 1);

/** Every widget of the app: the listing answers all of them at once. */
async function widgets(ctx: Ctx, appId: string): Promise<ChatWidgetListed[]> {
  const r = await ctx.management().call("listChatWidgets", { params: { appId } });
  return r.data.body.data;
}

export const chatWidget: Kind<ChatWidgetArgs> = {
  name: "ChatWidget",
  doc: 'A chat widget of an app: the embeddable chat\'s look, sidebar and what users may do in it. The service makes its id and has no route to delete one: destroy LEAVES the widget in the app (remove it in the dashboard). Adopted by name, which must then be unique. Id: "<appId>/<widgetId>".',
  ...declare(ChatWidgetArgs, widgetOutputs, {
    appId: appIdFact("widget"),
    name: { doc: "Not empty; it names the widget for adopt, so keep it unique." },
    style: {
      doc: "How the widget looks: colours, launcher icons, custom CSS and script. Unset fields take the vendor's defaults; undeclared, the service's style is not compared.",
      default: none,
    },
    sidebar: {
      doc: "The sidebar: which sections show (calls is required) and in which order, and which users, groups and chats are listed. Undeclared, not compared.",
      default: none,
    },
    main: {
      doc: "What users may do (send files, call, react, edit, …); the flags without a vendor default are required. Undeclared, not compared.",
      default: none,
    },
  }),
  api: "management",
  idParts: ["appId", "widgetId"],
  file: { at: ["chatWidgets"], child: "chat-widget", key: "name" },

  async create(ctx, a) {
    const appId = ctx.appId(a);
    const r = await ctx.management().call("createChatWidget", {
      params: { appId },
      body: { settings: settingsOf(a) as ChatWidgetSettings },
    });
    const widgetId = r.data.body.data.widgetId;
    return { id: `${appId}/${widgetId}`, state: { widgetId } };
  },
  async read(ctx, id, prior, how) {
    const appId = ctx.appId(prior);
    const widgetId = widgetIdOf(id);
    const w = (await widgets(ctx, appId)).find((x) => x.widgetId === widgetId);
    return w ? { args: widgetArgs(w, appId, prior, how?.whole === true), state: { widgetId } } : undefined;
  },
  async update(ctx, id, _olds, news) {
    const appId = ctx.appId(news);
    const widgetId = widgetIdOf(id);
    const settings = { ...settingsOf(news), widgetId } as ChatWidgetUpdateSettings;
    await ctx.management().call("updateChatWidget", { params: { appId }, body: { settings } });
    return { widgetId };
  },
  async delete() {
    // No delete route: the widget stays in the app (the kind's doc says so, decision 0114).
  },
  deleteLeaves: true,
  async find(ctx, a) {
    const appId = ctx.appId(a);
    const named = (await widgets(ctx, appId)).filter((w) => w.configuration.name === a.name);
    if (named.length > 1)
      throw new Error(
        `adopt: ${named.length} chat widgets are named "${a.name}"; names must be unique to adopt`,
      );
    const w = named[0];
    return w ? { id: `${appId}/${w.widgetId}`, args: widgetArgs(w, appId, a, false) } : undefined;
  },
  async list(ctx, scope) {
    const appId = ctx.appId(scope);
    return sortedById(
      (await widgets(ctx, appId)).map((w) => ({
        id: `${appId}/${w.widgetId}`,
        args: widgetArgs(w, appId, {}, true),
        state: { widgetId: w.widgetId },
      })),
    );
  },
};

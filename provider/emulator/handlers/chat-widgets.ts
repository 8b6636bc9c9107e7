// Chat widgets on the management host (docs/service/app-configuration.md): the service makes each widget's
// id; an update names the widget inside its settings and replaces them; there is no read of one widget and no
// delete. Answers are relayed from the widget service, wrapped like the extensions' settings answers.
import { ApiError } from "../errors";
import type { Json } from "../state";
import { requireApp } from "./lookup";
import type { Env, ManagementHandlers } from "./types";

const relayed = <B extends Json>(body: B) => ({ statusCode: 200, success: true, responseTime: 0.5, body });

/** The service's ids are UUIDs. */
const uuid = (env: Env) => {
  const h = env.ids.hex(32);
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}`;
};

const copy = <T>(v: T): T => structuredClone(v);

export const chatWidgetHandlers = {
  listChatWidgets: ({ state, params }) => {
    const app = requireApp(state, params.appId);
    return { data: relayed({ data: [...app.chatWidgets.values()].map(copy) }) };
  },

  createChatWidget: ({ state, params, body, env }) => {
    const app = requireApp(state, params.appId);
    const widgetId = uuid(env);
    app.chatWidgets.set(widgetId, { widgetId, configuration: { ...copy(body.settings), appId: app.id } });
    return { data: relayed({ data: { widgetId } }) };
  },

  updateChatWidget: ({ state, params, body }) => {
    const app = requireApp(state, params.appId);
    const { widgetId, appId: _, ...settings } = body.settings;
    const widget = app.chatWidgets.get(widgetId);
    if (!widget) {
      // The vendor names no code for an unknown widget: the extensions' own (a GUESS, decision 0114).
      throw new ApiError("ERR_EXTENSION_SETTINGS_NOT_FOUND", `The widget ${widgetId} does not exist.`);
    }
    widget.configuration = { ...copy(settings), appId: app.id };
    return { data: relayed({ data: { success: true } }) };
  },
} satisfies ManagementHandlers;

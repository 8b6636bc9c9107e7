// Bots (docs/service/bots-agents-and-social.md): a bot is an existing user's uid with a callback URL; at most 25
// per app. The basic-auth password is echoed, as the service does. Where the vendor is silent, decision 0090.
import { type BotUpdate, type botRoutes, LIMITS } from "../../contract";
import { ApiError, badRequest } from "../errors";
import type { AppRecord, BotRecord } from "../state";
import { defined, paginate } from "../views";
import { ack, norm, requireUser } from "./lookup";
import { quotaExceeded } from "./roles";
import type { ChatHandlers } from "./types";

const botView = (b: BotRecord) => ({
  uid: b.uid,
  webhookURL: b.webhookURL,
  enabled: b.enabled,
  groupChatSetting: b.groupChatSetting,
  useBasicAuth: b.useBasicAuth,
  ...defined({ username: b.username, password: b.password }),
  createdAt: b.createdAt,
  updatedAt: b.updatedAt,
});

function requireBot(app: AppRecord, uid: string): BotRecord {
  const b = app.bots.get(norm(uid));
  if (!b) throw new ApiError("ERR_BOT_NOT_FOUND", `The bot with UID ${uid} does not exist.`);
  return b;
}

/** Basic auth on needs both credentials, also after an update that leaves them out. */
function checkBasicAuth(b: BotRecord): void {
  if (b.useBasicAuth && (!b.username || !b.password)) {
    throw badRequest({ useBasicAuth: ["username and password are required when useBasicAuth is true"] });
  }
}

function apply(b: BotRecord, body: Exclude<BotUpdate, undefined>): void {
  if (body.webhookURL !== undefined) b.webhookURL = body.webhookURL;
  if (body.enabled !== undefined) b.enabled = body.enabled;
  if (body.groupChatSetting !== undefined) b.groupChatSetting = body.groupChatSetting;
  if (body.useBasicAuth !== undefined) b.useBasicAuth = body.useBasicAuth;
  if (body.username !== undefined) b.username = body.username;
  if (body.password !== undefined) b.password = body.password;
}

export const botHandlers: ChatHandlers<typeof botRoutes> = {
  createBot: ({ app, body, env }) => {
    const u = requireUser(app, body.uid);
    if (app.bots.has(u.uid)) {
      throw new ApiError("ERR_BOT_ALREADY_EXISTS", `The bot with UID ${u.uid} already exists.`);
    }
    if (app.bots.size >= LIMITS.botsPerApp) throw quotaExceeded("bots", LIMITS.botsPerApp);
    const now = env.now();
    const b: BotRecord = {
      uid: u.uid,
      webhookURL: body.webhookURL,
      enabled: body.enabled ?? true,
      groupChatSetting: body.groupChatSetting ?? "mentions",
      useBasicAuth: body.useBasicAuth ?? false,
      ...defined({ username: body.username, password: body.password }),
      createdAt: now,
      updatedAt: now,
    };
    checkBasicAuth(b);
    app.bots.set(b.uid, b);
    return { data: botView(b) };
  },

  listBots: ({ app, query }) => paginate(app.bots.values(), query, () => true, botView),

  getBot: ({ app, params }) => ({ data: botView(requireBot(app, params.uid)) }),

  updateBot: ({ app, params, body, env }) => {
    const b = requireBot(app, params.uid);
    const next = { ...b };
    apply(next, body);
    checkBasicAuth(next);
    Object.assign(b, next, { updatedAt: env.now() });
    return { data: botView(b) };
  },

  deleteBot: ({ app, params }) => {
    const b = requireBot(app, params.uid);
    app.bots.delete(b.uid);
    return ack(`The bot with UID ${b.uid} has been deleted successfully.`);
  },
};

// Bots (docs/service/bots-agents-and-social.md): a bot is an existing user's uid with a callback URL; at most 25
// per app. The basic-auth password is echoed, as the service does. Where the vendor is silent, decision 0090.
import { Bot, type botRoutes, DEFAULTS, LIMITS } from "../../contract";
import { ApiError, badRequest } from "../errors";
import { created, updated, viewOf } from "../records";
import type { AppRecord, BotRecord } from "../state";
import { paginate } from "../views";
import { ack, norm, requireUser } from "./lookup";
import { quotaExceeded } from "./roles";
import type { ChatHandlers } from "./types";

/** The answer names the password: the service echoes it. */
const botView = (b: BotRecord) => viewOf(b, Bot);

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

export const botHandlers: ChatHandlers<typeof botRoutes> = {
  createBot: ({ app, body, env }) => {
    const u = requireUser(app, body.uid);
    if (app.bots.has(u.uid)) {
      throw new ApiError("ERR_BOT_ALREADY_EXISTS", `The bot with UID ${u.uid} already exists.`);
    }
    if (app.bots.size >= LIMITS.botsPerApp) throw quotaExceeded("bots", LIMITS.botsPerApp);
    const now = env.now();
    const b: BotRecord = created({ ...body, uid: u.uid }, DEFAULTS.Bot, { createdAt: now, updatedAt: now });
    checkBasicAuth(b);
    app.bots.set(b.uid, b);
    return { data: botView(b) };
  },

  listBots: ({ app, query }) => paginate(app.bots.values(), query, () => true, botView),

  getBot: ({ app, params }) => ({ data: botView(requireBot(app, params.uid)) }),

  updateBot: ({ app, params, body, env }) => {
    const b = requireBot(app, params.uid);
    const next = updated({ ...b }, body ?? {});
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

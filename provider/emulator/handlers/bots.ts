// Bots (docs/service/bots-agents-and-social.md, the vendor's pages https://www.cometchat.com/docs/rest-api/bots):
// a bot is an existing user's uid with a callback URL; at most 25 per app. As the vendor documents them: a
// create keeps the basic-auth credentials only with useBasicAuth true, an update stores them as sent, every
// answer echoes the stored password and leaves out fields that are false or empty. Where the vendor is
// silent, decision 0090.
import { Bot, DEFAULTS, LIMITS } from "../../contract";
import { ApiError, badRequest } from "../errors";
import { created, updated, viewOf } from "../records";
import type { AppRecord, BotRecord } from "../state";
import { paginate } from "../views";
import { ack, norm, requireUser } from "./lookup";
import { quotaExceeded } from "./roles";
import type { ChatHandlers } from "./types";

/** The answer: the answer schema's fields, the password among them, less those that are false or empty. */
function botView(b: BotRecord) {
  const view = viewOf(b, Bot);
  for (const [k, v] of Object.entries(view)) if (v === false || v === "") delete view[k as keyof typeof view];
  return view;
}

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

export const botHandlers = {
  createBot: ({ app, body, env }) => {
    const u = requireUser(app, body.uid);
    if (app.bots.has(u.uid)) {
      throw new ApiError("ERR_BOT_ALREADY_EXISTS", `The bot with UID ${u.uid} already exists.`);
    }
    if (app.bots.size >= LIMITS.botsPerApp) throw quotaExceeded("bots", LIMITS.botsPerApp);
    // Without basic auth the service discards the credentials a create sends.
    const { username: _username, password: _password, ...rest } = body;
    const kept = body.useBasicAuth === true ? body : rest;
    const b: BotRecord = created({ ...kept, uid: u.uid }, DEFAULTS.Bot, { createdAt: env.now() });
    checkBasicAuth(b);
    app.bots.set(b.uid, b);
    return { data: botView(b) };
  },

  // Ordered by uid; searchKey matches the start of the uid; standard bots unless isAIBot asks for the others.
  listBots: ({ app, query }) => {
    const key = query.searchKey?.toLowerCase() ?? "";
    const ai = query.isAIBot === true;
    const bots = [...app.bots.values()].sort((a, b) => (a.uid < b.uid ? -1 : a.uid > b.uid ? 1 : 0));
    return paginate(bots, query, (b) => b.uid.startsWith(key) && (b.isAIBot === true) === ai, botView);
  },

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
} satisfies ChatHandlers;

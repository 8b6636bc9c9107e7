// Bots: an existing user whose messages the service relays to a callback URL (docs/service/bots-agents-and-social.md).
// The bot's id is the uid of that user. The basic-auth password is a credential, marked `x-secret` in the
// document. The schemas are generated from it (provider/contract/generated/schemas.ts); this file names them.
import type { z } from "zod";
import * as ENUMS from "./generated/enums";
import { OPERATIONS } from "./generated/routes";
import * as G from "./generated/schemas";
import { ROUTE_SCHEMAS as S } from "./generated/schemas";
import { route } from "./route";

/** A bot's uid: a user's uid, shorter than users' (docs/service/bots-agents-and-social.md, rules.ts). */
export const BotUid = G.BotUid;

/** Which group messages reach the bot (decision 0090: the dashboard's two choices, under names of ours). */
export const GROUP_CHAT_SETTINGS = ENUMS.GroupChatSetting;
export const GroupChatSetting = G.GroupChatSetting;

/** With basic auth on, both credentials are needed (decision 0090, rules.ts). */
export const BotCreate = G.BotCreate;
export type BotCreate = z.input<typeof BotCreate>;

export const BotUpdate = G.BotUpdate;
export type BotUpdate = z.input<typeof BotUpdate>;

// The service echoes the password (docs/service/bots-agents-and-social.md); the client keeps it secret.
export const Bot = G.Bot;
export type Bot = z.infer<typeof Bot>;

export const botRoutes = {
  createBot: route({ ...OPERATIONS.createBot, ...S.createBot }),
  listBots: route({ ...OPERATIONS.listBots, ...S.listBots }),
  getBot: route({ ...OPERATIONS.getBot, ...S.getBot }),
  updateBot: route({ ...OPERATIONS.updateBot, ...S.updateBot }),
  deleteBot: route({ ...OPERATIONS.deleteBot, ...S.deleteBot }),
} as const;

// Bots: an existing user whose messages the service relays to a callback URL (docs/service/bots-agents-and-social.md,
// the vendor's bots pages https://www.cometchat.com/docs/rest-api/bots). The bot's id is the uid of that user. The
// basic-auth password is a credential, marked `x-secret` in the document. The schemas are generated from it
// (provider/contract/generated/schemas.ts); this file names them.
import type { z } from "zod";
import * as ENUMS from "./generated/enums";
import * as G from "./generated/schemas";

/** A bot's uid: a user's uid, at most 50 characters (the vendor's create page). */
export const BotUid = G.BotUid;

/** Which group messages reach the bot, as the vendor spells them. */
export const GROUP_CHAT_SETTINGS = ENUMS.GroupChatSetting;
export const GroupChatSetting = G.GroupChatSetting;

/**
 * The names release 0.1.0 gave two of the settings (decision 0090's guess), each with the value it stands
 * for: the Bot kind still takes them, and the emulator reads them from state files saved before.
 */
export const GROUP_CHAT_SETTING_ALIASES = { all: "allMessages", mentions: "mentionedMessages" } as const;

/**
 * With basic auth on, both credentials are needed (decision 0090, rules.ts). The service keeps the
 * credentials of a create only with basic auth on; an update stores them as sent.
 */
export const BotCreate = G.BotCreate;
export type BotCreate = z.input<typeof BotCreate>;

export const BotUpdate = G.BotUpdate;
export type BotUpdate = z.input<typeof BotUpdate>;

// The service echoes the stored password and leaves out fields that are false or empty (the vendor's get
// page); the client keeps the password secret.
export const Bot = G.Bot;
export type Bot = z.infer<typeof Bot>;

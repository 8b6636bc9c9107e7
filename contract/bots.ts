// Bots: an existing user whose messages the service relays to a callback URL (docs/service/bots-agents-and-social.md).
// The bot's id is the uid of that user. The basic-auth password is a credential, marked with `secret()`.
import { z } from "zod";
import {
  Ack,
  boundedString,
  chatId,
  dataOf,
  LIMITS,
  oneOf,
  PageQuery,
  pageOf,
  Timestamp,
  Url,
} from "./common";
import * as ENUMS from "./generated/enums";
import { OPERATIONS } from "./generated/routes";
import { route } from "./route";
import { secret } from "./secret";

/** A bot's uid: a user's uid, shorter than users' (docs/service/bots-agents-and-social.md). */
export const BotUid = chatId("uid").refine((s) => s.length < LIMITS.botUidLength, {
  message: `a bot's uid must be shorter than ${LIMITS.botUidLength} characters`,
});

/** Which group messages reach the bot (decision 0090: the dashboard's two choices, under names of ours). */
export const GROUP_CHAT_SETTINGS = ENUMS.GroupChatSetting;
export const GroupChatSetting = oneOf(GROUP_CHAT_SETTINGS, "groupChatSetting");

const botFields = {
  webhookURL: Url("webhookURL", LIMITS.webhookUrlLength).refine((u) => u.startsWith("https://"), {
    message: "webhookURL must be an https URL",
  }),
  enabled: z.boolean().optional(),
  groupChatSetting: GroupChatSetting.optional(),
  useBasicAuth: z.boolean().optional(),
  username: boundedString("username", LIMITS.webhookUsernameLength).optional(),
  password: secret(boundedString("password", LIMITS.webhookPasswordLength)).optional(),
};

/** With basic auth on, both credentials are needed (decision 0090). */
const basicAuthRule = {
  check: (b: {
    useBasicAuth?: boolean | undefined;
    username?: string | undefined;
    password?: string | undefined;
  }) => b.useBasicAuth !== true || (!!b.username && !!b.password),
  message: {
    message: "username and password are required when useBasicAuth is true",
    path: ["useBasicAuth"],
  },
};

export const BotCreate = z
  .strictObject({ uid: BotUid, ...botFields })
  .refine(basicAuthRule.check, basicAuthRule.message);
export type BotCreate = z.input<typeof BotCreate>;

export const BotUpdate = z
  .strictObject({ ...botFields, webhookURL: botFields.webhookURL.optional() })
  .refine(basicAuthRule.check, basicAuthRule.message);
export type BotUpdate = z.input<typeof BotUpdate>;

export const Bot = z.looseObject({
  uid: z.string(),
  webhookURL: z.string(),
  enabled: z.boolean(),
  groupChatSetting: z.string(),
  useBasicAuth: z.boolean(),
  username: z.string().optional(),
  // The service echoes the password (docs/service/bots-agents-and-social.md); the client keeps it secret.
  password: secret(z.string()).optional(),
  createdAt: Timestamp,
  updatedAt: Timestamp.optional(),
});
export type Bot = z.infer<typeof Bot>;

export const botRoutes = {
  createBot: route({ ...OPERATIONS.createBot, body: BotCreate, response: dataOf(Bot) }),
  listBots: route({ ...OPERATIONS.listBots, query: PageQuery, response: pageOf(Bot) }),
  getBot: route({ ...OPERATIONS.getBot, response: dataOf(Bot) }),
  updateBot: route({ ...OPERATIONS.updateBot, body: BotUpdate, response: dataOf(Bot) }),
  deleteBot: route({ ...OPERATIONS.deleteBot, response: dataOf(Ack) }),
} as const;

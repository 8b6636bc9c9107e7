// The moderation queues (chat API): messages users flagged, messages rules blocked, and the ones a moderator
// reviewed; read as data in lookups (provider/kinds/data-lookups.ts), never declared (docs/service/metrics.md). The
// schemas are generated from the document (provider/contract/generated/schemas.ts); this file names them.
import type { z } from "zod";
import { OPERATIONS } from "./generated/routes";
import * as G from "./generated/schemas";
import { ROUTE_SCHEMAS as S } from "./generated/schemas";
import { route } from "./route";

export const FlaggedMessage = G.FlaggedMessage;
export type FlaggedMessage = z.infer<typeof FlaggedMessage>;
export const ModeratedMessage = G.ModeratedMessage;
export type ModeratedMessage = z.infer<typeof ModeratedMessage>;

export const moderationQueueRoutes = {
  listFlaggedMessages: route({ ...OPERATIONS.listFlaggedMessages, ...S.listFlaggedMessages }),
  reviewFlaggedMessage: route({ ...OPERATIONS.reviewFlaggedMessage, ...S.reviewFlaggedMessage }),
  listReviewedMessages: route({ ...OPERATIONS.listReviewedMessages, ...S.listReviewedMessages }),
  listBlockedMessages: route({ ...OPERATIONS.listBlockedMessages, ...S.listBlockedMessages }),
  flagMessage: route({ ...OPERATIONS.flagMessage, ...S.flagMessage }),
} as const;

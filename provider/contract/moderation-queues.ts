// The moderation queues (chat API): messages users flagged, messages rules blocked, and the ones a moderator
// reviewed; read as data in lookups (provider/kinds/data-lookups.ts), never declared (docs/service/metrics.md). The
// schemas are generated from the document (provider/contract/generated/schemas.ts); this file names them.
import type { z } from "zod";
import * as G from "./generated/schemas";

export const FlaggedMessage = G.FlaggedMessage;
export type FlaggedMessage = z.infer<typeof FlaggedMessage>;
export const ModeratedMessage = G.ModeratedMessage;
export type ModeratedMessage = z.infer<typeof ModeratedMessage>;

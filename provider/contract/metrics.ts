// The app's usage and message traffic, read as data (docs/service/metrics.md). The schemas are generated from
// the document (provider/contract/generated/schemas.ts); this file names them.
import type { z } from "zod";
import * as G from "./generated/schemas";

export const UsageMetrics = G.UsageMetrics;
export type UsageMetrics = z.infer<typeof UsageMetrics>;
export const MessageMetrics = G.MessageMetrics;
export type MessageMetrics = z.infer<typeof MessageMetrics>;

// The app's usage and message traffic, read as data (docs/service/metrics.md). The schemas are generated from
// the document (provider/contract/generated/schemas.ts); this file names them.
import type { z } from "zod";
import { OPERATIONS } from "./generated/routes";
import * as G from "./generated/schemas";
import { ROUTE_SCHEMAS as S } from "./generated/schemas";
import { route } from "./route";

export const UsageMetrics = G.UsageMetrics;
export type UsageMetrics = z.infer<typeof UsageMetrics>;
export const MessageMetrics = G.MessageMetrics;
export type MessageMetrics = z.infer<typeof MessageMetrics>;

export const metricsRoutes = {
  getUsageMetrics: route({ ...OPERATIONS.getUsageMetrics, ...S.getUsageMetrics }),
  getMessageMetrics: route({ ...OPERATIONS.getMessageMetrics, ...S.getMessageMetrics }),
} as const;

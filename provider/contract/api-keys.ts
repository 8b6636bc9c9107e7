// API keys of an app (docs/service/api-keys.md). The key value is the id, server-generated, 40 hex characters.
// The schemas are generated from the document (provider/contract/generated/schemas.ts).
import type { z } from "zod";
import { OPERATIONS } from "./generated/routes";
import * as G from "./generated/schemas";
import { ROUTE_SCHEMAS as S } from "./generated/schemas";
import { route } from "./route";

export const ApiKeyCreate = G.ApiKeyCreate;
export type ApiKeyCreate = z.input<typeof ApiKeyCreate>;
export const ApiKeyUpdate = G.ApiKeyUpdate;

export const ApiKey = G.ApiKey;
export type ApiKey = z.infer<typeof ApiKey>;

export const apiKeyRoutes = {
  createApiKey: route({ ...OPERATIONS.createApiKey, ...S.createApiKey }),
  listApiKeys: route({ ...OPERATIONS.listApiKeys, ...S.listApiKeys }),
  getApiKey: route({ ...OPERATIONS.getApiKey, ...S.getApiKey }),
  updateApiKey: route({ ...OPERATIONS.updateApiKey, ...S.updateApiKey }),
  deleteApiKey: route({ ...OPERATIONS.deleteApiKey, ...S.deleteApiKey }),
} as const;

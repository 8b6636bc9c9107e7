// API keys of an app (docs/service/api-keys.md). The key value is the id, server-generated, 40 hex characters.
import { z } from "zod";
import {
  Ack,
  ApiKeyScope,
  boundedString,
  dataOf,
  LIMITS,
  PageQuery,
  pageOf,
  requiredName,
  Timestamp,
} from "./common";
import { OPERATIONS } from "./generated/routes";
import { route } from "./route";

export const ApiKeyCreate = z.strictObject({
  name: requiredName("name", LIMITS.apiKeyNameLength),
  scope: ApiKeyScope.default("authOnly"),
});
export type ApiKeyCreate = z.input<typeof ApiKeyCreate>;
export const ApiKeyUpdate = z.strictObject({
  name: requiredName("name", LIMITS.apiKeyNameLength).optional(),
  scope: ApiKeyScope.optional(),
});

export const ApiKey = z.looseObject({
  apiKey: z.string(),
  name: z.string(),
  scope: ApiKeyScope,
  createdAt: Timestamp,
  createdBy: z.string().optional(),
});
export type ApiKey = z.infer<typeof ApiKey>;

export const apiKeyRoutes = {
  createApiKey: route({ ...OPERATIONS.createApiKey, body: ApiKeyCreate, response: dataOf(ApiKey) }),
  listApiKeys: route({
    ...OPERATIONS.listApiKeys,
    query: PageQuery.extend({
      scope: ApiKeyScope.optional(),
      searchKey: boundedString("searchKey", 100).optional(),
    }),
    response: pageOf(ApiKey),
  }),
  getApiKey: route({ ...OPERATIONS.getApiKey, response: dataOf(ApiKey) }),
  updateApiKey: route({ ...OPERATIONS.updateApiKey, body: ApiKeyUpdate, response: dataOf(ApiKey) }),
  deleteApiKey: route({ ...OPERATIONS.deleteApiKey, response: dataOf(Ack) }),
} as const;

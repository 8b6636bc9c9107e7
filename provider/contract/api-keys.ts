// API keys of an app (docs/service/api-keys.md). The key value is the id, server-generated, 40 hex characters.
// The schemas are generated from the document (provider/contract/generated/schemas.ts).
import type { z } from "zod";
import * as G from "./generated/schemas";

export const ApiKeyCreate = G.ApiKeyCreate;
export type ApiKeyCreate = z.input<typeof ApiKeyCreate>;
export const ApiKeyUpdate = G.ApiKeyUpdate;

export const ApiKey = G.ApiKey;
export type ApiKey = z.infer<typeof ApiKey>;

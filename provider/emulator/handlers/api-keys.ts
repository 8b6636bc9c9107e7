// API keys of an app (docs/service/api-keys.md): 40 hex characters, the key is its own id, at most 25 per app.
import { ApiKey, LIMITS } from "../../contract";
import { ApiError } from "../errors";
import { created, updated, viewOf } from "../records";
import type { ApiKeyRecord, AppRecord } from "../state";
import { paginate, startsWithCi } from "../views";
import { ack } from "./lookup";
import { quotaExceeded } from "./roles";
import type { ChatHandlers } from "./types";

const keyView = (k: ApiKeyRecord) => viewOf(k, ApiKey);

function requireKey(app: AppRecord, apiKey: string): ApiKeyRecord {
  const k = app.apiKeys.get(apiKey);
  if (!k) throw new ApiError("ERR_APIKEY_NOT_FOUND", `The API key ${apiKey} does not exist.`);
  return k;
}

/** A key cannot update or delete itself. */
function notSelf(k: ApiKeyRecord, caller: ApiKeyRecord): void {
  if (k.apiKey === caller.apiKey) {
    throw new ApiError("ERR_APIKEY_NO_SELF_ACTION", "An API key cannot update or delete itself.");
  }
}

export const apiKeyHandlers = {
  createApiKey: ({ app, body, env }) => {
    if (app.apiKeys.size >= LIMITS.apiKeysPerApp) throw quotaExceeded("API keys", LIMITS.apiKeysPerApp);
    const k: ApiKeyRecord = created(body, {}, { apiKey: env.ids.hex(40), createdAt: env.now() });
    app.apiKeys.set(k.apiKey, k);
    return { data: keyView(k) };
  },

  listApiKeys: ({ app, query: q }) => {
    const keep = (k: ApiKeyRecord) =>
      (!q.scope || k.scope === q.scope) && (!q.searchKey || startsWithCi(k.name, q.searchKey));
    return paginate(app.apiKeys.values(), q, keep, keyView);
  },

  getApiKey: ({ app, params }) => ({ data: keyView(requireKey(app, params.apiKey)) }),

  updateApiKey: ({ app, params, body, key }) => {
    const k = requireKey(app, params.apiKey);
    notSelf(k, key);
    return { data: keyView(updated(k, body)) };
  },

  deleteApiKey: ({ app, params, key }) => {
    const k = requireKey(app, params.apiKey);
    notSelf(k, key);
    app.apiKeys.delete(k.apiKey);
    return ack(`The Api Key ${k.apiKey} has been deleted successfully.`);
  },
} satisfies ChatHandlers;

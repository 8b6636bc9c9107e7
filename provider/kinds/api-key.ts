// API key (docs/service/api-keys.md). The key value is server-generated; it is a secret output, and the resource id
// is a hash of it (ids are stored in plain text). Adoption finds an existing key by its (then unique) name.
import { createHash } from "node:crypto";
import { z } from "zod";
import { ApiKey, ApiKeyCreate, ApiKeyUpdate, described, LIMITS } from "../contract";
import { declare } from "../engine/fields";
import { type Args, type Ctx, createdAt, type Kind, type Progress } from "../engine/kind";
import { collect, sortedById } from "../engine/util";

export const ApiKeyArgs = ApiKeyCreate;
export type ApiKeyArgs = z.output<typeof ApiKeyArgs>;

const idOf = (key: string) => `apikey-${createHash("sha256").update(key).digest("hex").slice(0, 16)}`;
const keyOf = (a: Args): string => {
  const k = a.apiKey;
  if (typeof k !== "string" || !k) throw new Error("API key value missing from state");
  return k;
};

/** What the service computes beside the arguments. */
export const ApiKeyOutputs = z.object({
  apiKey: described(ApiKey.shape.apiKey, "The key value (secret)."),
  ...createdAt,
});

/** What a listing of keys may be narrowed by (ApiKey.list's scope): exactly this name, this scope. */
export const ApiKeyListScope = z.strictObject({
  name: ApiKeyUpdate.shape.name.describe("Only those with exactly this name."),
  scope: ApiKeyUpdate.shape.scope.describe("Only keys of this scope."),
});

/** A key as read returns it (the one mapping: read and list). */
const asRead = (k: ApiKey) => ({
  args: { name: k.name, scope: k.scope },
  state: { apiKey: k.apiKey, createdAt: k.createdAt },
});

/** Every key of the app in `scope`, as read returns each, in the service's order (that of creation). */
async function listKeys(ctx: Ctx, scope: Args, progress?: Progress) {
  const { name, scope: keyScope } = ApiKeyListScope.parse(scope);
  const query = {
    perPage: LIMITS.perPageMax,
    ...(name ? { searchKey: name } : {}),
    ...(keyScope ? { scope: keyScope } : {}),
  };
  const keys = await collect(ctx.chat().paginate("listApiKeys", { query }), LIMITS.perPageMax, progress);
  const wanted = (k: ApiKey) =>
    (name === undefined || k.name === name) && (keyScope === undefined || k.scope === keyScope);
  return keys.filter(wanted).map((k) => ({ id: idOf(k.apiKey), ...asRead(k) }));
}

export const apiKey: Kind<ApiKeyArgs> = {
  name: "ApiKey",
  doc: "An API key of an app (at most 25 per app). Id: a hash of the key; the key itself is the secret output `apiKey`.",
  ...declare(ApiKeyArgs, ApiKeyOutputs, {
    name: { doc: "Name (unique, to be adoptable)." },
    scope: { doc: "authOnly: create users and auth tokens only; fullAccess: every call. Changed in place." },
  }),
  api: "chat",
  file: {
    at: ["apiKeys"],
    child: "api-key",
    output: "apiKeys",
    key: "name",
    credential: { output: "apiKey", noun: "API key" },
  },

  async create(ctx, a) {
    const r = await ctx.chat().call("createApiKey", { body: a });
    return { id: idOf(r.data.apiKey), state: { apiKey: r.data.apiKey, createdAt: r.data.createdAt } };
  },
  async read(ctx, id, prior) {
    // Nothing recorded (`pulumi import` by id): the key whose hash the id is.
    if ((prior as Args).apiKey === undefined) return (await listKeys(ctx, {})).find((k) => k.id === id);
    const key = keyOf(prior);
    const k = await ctx.listed(
      { api: "chat", route: "listApiKeys", key: "apiKey" },
      key,
      async () => (await ctx.chat().call("getApiKey", { params: { apiKey: key } })).data,
    );
    return asRead(k);
  },
  listScope: ApiKeyListScope,
  async list(ctx, scope, progress) {
    return sortedById(await listKeys(ctx, scope, progress));
  },
  async update(ctx, _id, olds, news) {
    const r = await ctx.chat().call("updateApiKey", {
      params: { apiKey: keyOf(olds) },
      body: { name: news.name, scope: news.scope },
    });
    return { apiKey: r.data.apiKey, createdAt: r.data.createdAt };
  },
  async delete(ctx, _id, a) {
    await ctx.chat().call("deleteApiKey", { params: { apiKey: keyOf(a) } });
  },
  async made(ctx, a) {
    return (await listKeys(ctx, { name: a.name })).map((k) => ({
      id: k.id,
      createdAt: k.state.createdAt,
      prior: { apiKey: k.state.apiKey },
    }));
  },
  async find(ctx, a) {
    const matches = await listKeys(ctx, { name: a.name });
    if (matches.length > 1)
      throw new Error(
        `adopt: ${matches.length} API keys are named "${a.name}"; names must be unique to adopt`,
      );
    const k = matches[0];
    return k ? { id: k.id, args: { ...k.args, apiKey: k.state.apiKey } as ApiKeyArgs } : undefined;
  },
};

// API key (docs/service/api-keys.md). The key value is server-generated; it is a secret output, and the resource id
// is a hash of it (ids are stored in plain text). Adoption finds an existing key by its (then unique) name.
import { createHash } from "node:crypto";
import { z } from "zod";
import { ApiKeyCreate } from "../api";
import { type Args, type Ctx, createdAt, type Kind } from "./kind";

export const ApiKeyArgs = ApiKeyCreate;
export type ApiKeyArgs = z.output<typeof ApiKeyArgs>;

const idOf = (key: string) => `apikey-${createHash("sha256").update(key).digest("hex").slice(0, 16)}`;
const keyOf = (a: Args): string => {
  const k = a.apiKey;
  if (typeof k !== "string" || !k) throw new Error("API key value missing from state");
  return k;
};

const named = async (ctx: Ctx, name: string) =>
  (await ctx.chat().listAll("listApiKeys", { query: { searchKey: name } })).filter((k) => k.name === name);

export const apiKey: Kind<ApiKeyArgs> = {
  name: "ApiKey",
  doc: "An API key of an app (at most 25 per app). Id: a hash of the key; the key itself is the secret output `apiKey`.",
  docs: {
    name: "Name, at most 100 characters (unique, to be adoptable).",
    scope: "authOnly (default: create users and auth tokens only) or fullAccess. Changed in place.",
  },
  outputs: z.object({ apiKey: z.string().describe("The key value (secret)."), ...createdAt }),
  api: "chat",
  args: ApiKeyArgs,
  replaceOn: [],
  defaults: { scope: "authOnly" },
  file: { at: ["apiKeys"], child: "api-key", key: "name" },
  secrets: ["apiKey"],

  async create(ctx, a) {
    const r = await ctx.chat().call("createApiKey", { body: a });
    return { id: idOf(r.data.apiKey), state: { apiKey: r.data.apiKey, createdAt: r.data.createdAt } };
  },
  async read(ctx, _id, prior) {
    const key = keyOf(prior);
    const k = await ctx.listed(
      { api: "chat", route: "listApiKeys", key: "apiKey" },
      key,
      async () => (await ctx.chat().call("getApiKey", { params: { apiKey: key } })).data,
    );
    return { args: { name: k.name, scope: k.scope }, state: { apiKey: k.apiKey, createdAt: k.createdAt } };
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
    return (await named(ctx, a.name)).map((k) => ({
      id: idOf(k.apiKey),
      createdAt: k.createdAt,
      prior: { apiKey: k.apiKey },
    }));
  },
  async find(ctx, a) {
    const matches = await named(ctx, a.name);
    if (matches.length > 1)
      throw new Error(
        `adopt: ${matches.length} API keys are named "${a.name}"; names must be unique to adopt`,
      );
    const k = matches[0];
    return k
      ? { id: idOf(k.apiKey), args: { name: k.name, scope: k.scope, apiKey: k.apiKey } as ApiKeyArgs }
      : undefined;
  },
};

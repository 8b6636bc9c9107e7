// AuthToken (docs/service/users-and-auth-tokens.md): a token that logs one user in through a client SDK. The token is a secret
// output; the resource id is the uid and a hash of the token, so no token reaches the (plaintext) id.
import { createHash } from "node:crypto";
import { z } from "zod";
import { AuthToken, AuthTokenUpdate, described, Uid } from "../contract";
import { declare, none } from "../engine/fields";
import { type Args, createdAt, type Kind, partialCreate } from "../engine/kind";

export const AuthTokenArgs = z.strictObject({
  uid: Uid,
  platform: AuthTokenUpdate.shape.platform,
  userAgent: AuthTokenUpdate.shape.userAgent,
  appInfo: AuthTokenUpdate.shape.appInfo,
});
export type AuthTokenArgs = z.output<typeof AuthTokenArgs>;

const tokenOf = (a: Args): string => {
  const t = a.authToken;
  if (typeof t !== "string" || !t) throw new Error("auth token missing from state");
  return t;
};
const idOf = (uid: string, token: string) =>
  `${uid}/${createHash("sha256").update(token).digest("hex").slice(0, 16)}`;
const describes = (a: AuthTokenArgs) =>
  a.platform !== undefined || a.userAgent !== undefined || a.appInfo !== undefined;

export const authToken: Kind<AuthTokenArgs> = {
  name: "AuthToken",
  doc: 'A login token for one user (for client SDKs). Id: "<uid>/<hash of the token>".',
  ...declare(
    AuthTokenArgs,
    z.object({ authToken: described(AuthToken.shape.authToken, "The token (secret)."), ...createdAt }),
    {
      uid: { doc: "The user the token logs in. Changing it replaces the token.", replace: true },
      platform: { doc: "Platform the token is tied to.", default: none },
      userAgent: { doc: "User agent the token is tied to.", default: none },
      appInfo: { doc: "Free-form app information.", default: none },
    },
  ),
  api: "chat",
  idParts: ["uid", "tokenHash"],
  file: {
    omitted: "a user's session token is made by a program for a user, not declared for an environment",
  },

  async create(ctx, a) {
    // force: a new token for this resource, never one shared with another login.
    const r = await ctx.chat().call("createAuthToken", { params: { uid: a.uid }, body: { force: true } });
    const token = r.data.authToken;
    const id = idOf(a.uid, token);
    const state = { authToken: token, createdAt: r.data.createdAt };
    try {
      if (describes(a)) await authToken.update(ctx, id, { uid: a.uid, ...state } as AuthTokenArgs, a);
    } catch (e) {
      // The token exists: record it (undescribed), so the next up describes it instead of making another.
      throw partialCreate(e, id, { uid: a.uid, ...state });
    }
    return { id, state };
  },
  async read(ctx, id, prior, how) {
    // Nothing recorded (`pulumi import` by id): the user's token whose hash the id ends with.
    const token =
      (prior as Args).authToken === undefined
        ? (await ctx.chat().listAll("listAuthTokens", { params: { uid: prior.uid } })).find(
            (t) => idOf(prior.uid, t.authToken) === id,
          )?.authToken
        : tokenOf(prior);
    if (token === undefined) return undefined;
    const r = await ctx.chat().call("getAuthToken", { params: { uid: prior.uid, authToken: token } });
    const args: Args = { uid: r.data.uid };
    for (const k of ["platform", "userAgent", "appInfo"] as const)
      if (r.data[k] !== undefined && (prior[k] !== undefined || how?.whole)) args[k] = r.data[k];
    return { args: args as AuthTokenArgs, state: { authToken: token, createdAt: r.data.createdAt } };
  },
  async update(ctx, _id, olds, news) {
    const token = tokenOf(olds);
    // Each field is optional: send the declared ones, and clear the ones no longer declared.
    const body = {
      ...(news.platform !== undefined || olds.platform ? { platform: news.platform ?? "" } : {}),
      ...(news.userAgent !== undefined || olds.userAgent ? { userAgent: news.userAgent ?? "" } : {}),
      ...(news.appInfo !== undefined || olds.appInfo ? { appInfo: news.appInfo ?? {} } : {}),
    };
    await ctx.chat().call("updateAuthToken", { params: { uid: news.uid, authToken: token }, body });
    return { authToken: token, createdAt: (olds as Args).createdAt };
  },
  async delete(ctx, _id, a) {
    await ctx.chat().call("deleteAuthToken", { params: { uid: a.uid, authToken: tokenOf(a) } });
  },
  async made(ctx, a) {
    const tokens = await ctx.chat().listAll("listAuthTokens", { params: { uid: a.uid } });
    return tokens.map((t) => ({
      id: idOf(a.uid, t.authToken),
      createdAt: t.createdAt,
      prior: { authToken: t.authToken },
    }));
  },
};

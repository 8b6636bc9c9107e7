// FCM and APNs push providers (chat API `/notifications/push/v1/providers/{fcm,apns}`): several per app,
// named by a caller-chosen providerId. The keys are the top-level secret argument `credentials` (secret in
// state and outputs); listings leave them out, so a read keeps them from state (generic.ts). The optional
// settings are compared only when declared: a PUT merges, so one left out keeps the service's value.
// `isDefault: true` makes the provider its kind's default; the API can move the default but not unset it,
// so false is the same as absent (decision 0046).
import { z } from "zod";
import type { PushProvider } from "../contract";
import { type ArgsSchema, declare, type Facts } from "../engine/fields";
import type { Args, Ctx, FileEntry, Kind } from "../engine/kind";
import { sortedById } from "../engine/util";

export type Routes = {
  list: "listFcmProviders" | "listApnsProviders";
  add: "addFcmProvider" | "addApnsProvider";
  update: "updateFcmProvider" | "updateApnsProvider";
  remove: "deleteFcmProvider" | "deleteApnsProvider";
  setDefault: "setDefaultFcmProvider" | "setDefaultApnsProvider";
};

export const isDefault = z.boolean().optional();

export interface Shape<A> {
  name: string;
  what: string;
  routes: Routes;
  args: ArgsSchema<A>;
  /** What is said of each argument (fields.ts): `providerIdFact` and `isDefaultFact` for the two every one has. */
  facts: Facts<A>;
  /** Settings always compared (required by the API). */
  required: readonly string[];
  /** The API's body from the arguments (credentials spread into their API fields). */
  body(a: A): Args;
  file: FileEntry;
}

export type Call = (name: Routes[keyof Routes], req?: unknown) => Promise<{ data: Args }>;
export const call = (ctx: Ctx): Call => {
  const c = ctx.chat();
  return c.call.bind(c) as unknown as Call;
};

export async function listed(
  ctx: Ctx,
  route: Routes["list"],
  providerId: string,
): Promise<PushProvider | undefined> {
  const r = await call(ctx)(route);
  return (r.data.pushProviders as PushProvider[]).find((p) => p.providerId === providerId);
}

export function pushProvider<A extends Args & { providerId: string; isDefault?: boolean | undefined }>(
  s: Shape<A>,
): Kind<A> {
  /** The provider as arguments: required settings, and the optional ones `declared` names. */
  const toArgs = (p: PushProvider, declared: A): A => {
    const out: Args = { providerId: p.providerId };
    for (const k of s.required) if (p[k] !== undefined) out[k] = p[k];
    for (const k of Object.keys(s.args.shape))
      if (!s.required.includes(k) && k !== "isDefault" && k !== "credentials" && declared[k] !== undefined)
        if (p[k] !== undefined) out[k] = p[k];
    if (declared.isDefault === true) out.isDefault = p.isDefault === true;
    return out as A;
  };
  /** A declaration of every setting: what a whole read compares. */
  const everything = (a: A): A =>
    ({ ...Object.fromEntries(Object.keys(s.args.shape).map((k) => [k, true])), ...a, isDefault: true }) as A;
  const makeDefault = async (ctx: Ctx, a: A) => {
    if (a.isDefault !== true) return;
    const now = await listed(ctx, s.routes.list, a.providerId);
    if (now?.isDefault !== true)
      await call(ctx)(s.routes.setDefault, { params: { providerId: a.providerId } });
  };
  return {
    name: s.name,
    doc: `${s.what} of an app (several per app, each named by its providerId). Id: the providerId.`,
    ...declare(s.args, z.object({}), s.facts),
    api: "chat",
    idParts: ["providerId"],
    file: s.file,

    async create(ctx, a) {
      await call(ctx)(s.routes.add, { body: s.body(a) });
      await makeDefault(ctx, a);
      return { id: a.providerId, state: {} };
    },
    async read(ctx, _id, prior, how) {
      const p = await listed(ctx, s.routes.list, prior.providerId);
      return p ? { args: toArgs(p, how?.whole ? everything(prior) : prior), state: {} } : undefined;
    },
    async update(ctx, _id, _olds, news) {
      await call(ctx)(s.routes.update, { body: s.body(news) });
      await makeDefault(ctx, news);
      return {};
    },
    async delete(ctx, _id, a) {
      await call(ctx)(s.routes.remove, { params: { providerId: a.providerId } });
    },
    async find(ctx, a) {
      const p = await listed(ctx, s.routes.list, a.providerId);
      return p ? { id: a.providerId, args: toArgs(p, a) } : undefined;
    },
    async list(ctx) {
      const r = await call(ctx)(s.routes.list);
      return sortedById(
        (r.data.pushProviders as PushProvider[]).map((p) => ({
          id: p.providerId,
          args: toArgs(p, everything({ providerId: p.providerId } as A)),
          state: {},
        })),
      );
    },
  };
}

export const credentialsDoc = "(kept secret; the service never returns it)";

/** The caller-chosen id every push provider is named by. */
export const providerIdFact = {
  doc: "Caller-chosen id: letters, digits, '-', '_'. Changing it replaces the provider.",
  replace: true,
  identity: true,
} as const;

/** Whether it is its kind's default: false is the same as absent (the API cannot unset the default). */
export const isDefaultFact = (what: string) =>
  ({
    doc: `true makes it the app's default ${what} provider; false is the same as absent (the API moves the default, it cannot unset it).`,
    default: false,
  }) as const;

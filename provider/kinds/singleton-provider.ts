// The notification providers an app has at most one of (chat API `/notifications/{push,email,sms}/v1/
// providers/...`): the custom push, email and SMS webhooks, SendGrid and Twilio. One kind each, named as
// users think of them (decision 0047). The credentials are the top-level secret argument `credentials`
// (secret in state and outputs; reads keep them from state, generic.ts). A PUT merges, so every update
// sends the whole declaration.
import { z } from "zod";
import type { ChatRouteName } from "../client";
import { CustomPushProviderCreate } from "../contract";
import { type ArgsSchema, declare, type Facts, none } from "../engine/fields";
import type { Args, Ctx, FileEntry, Kind } from "../engine/kind";
import { defined, hasCode } from "../engine/util";

export type Call = (name: ChatRouteName, req?: unknown) => Promise<{ data: Args }>;
export const call = (ctx: Ctx): Call => {
  const c = ctx.chat();
  return c.call.bind(c) as unknown as Call;
};

export interface Shape<A extends Args> {
  name: string;
  doc: string;
  args: ArgsSchema<A>;
  /** What is said of each argument (fields.ts); the credentials, marked secret in the contract, are secret. */
  facts: Facts<A>;
  /** Its routes, named from the route table. */
  routes: { get: ChatRouteName; create: ChatRouteName; update: ChatRouteName; delete: ChatRouteName };
  /** The API's body from the arguments. */
  body(a: A): Args;
  /** The provider in a GET answer; undefined when there is none. */
  found(data: Args): Args | undefined;
  /** Outputs the service computes; one holding a credential is marked `secret()`. */
  outputs?: z.ZodObject<z.ZodRawShape>;
  state?(p: Args): Args;
  file: FileEntry;
}

export function singletonProvider<A extends Args>(s: Shape<A>): Kind<A> {
  const id = s.name.charAt(0).toLowerCase() + s.name.slice(1);
  const get = async (ctx: Ctx): Promise<Args | undefined> => {
    try {
      return s.found((await call(ctx)(s.routes.get)).data);
    } catch (e) {
      if (hasCode(e, "ERR_PROVIDER_NOT_FOUND")) return undefined;
      throw e;
    }
  };
  const declared = declare(s.args, s.outputs ?? z.object({}), s.facts);
  /** The fields read back: every argument but the credentials (never returned). */
  const fields = Object.keys(s.args.shape).filter((k) => !declared.secrets?.includes(k));
  const toArgs = (p: Args): A => {
    const out: Args = {};
    for (const k of fields) if (p[k] !== undefined && p[k] !== null && p[k] !== "") out[k] = p[k];
    return out as A;
  };
  const state = (p: Args) => s.state?.(p) ?? {};
  return {
    name: s.name,
    doc: `${s.doc} At most one per app. Id: "${id}".`,
    ...declared,
    api: "chat",
    file: s.file,

    async create(ctx, a) {
      const r = await call(ctx)(s.routes.create, { body: s.body(a) });
      return { id, state: state(s.found(r.data) ?? {}) };
    },
    async read(ctx, _id, _prior) {
      const p = await get(ctx);
      return p ? { args: toArgs(p), state: state(p) } : undefined;
    },
    async update(ctx, _id, _olds, news) {
      const r = await call(ctx)(s.routes.update, { body: s.body(news) });
      return state(s.found(r.data) ?? {});
    },
    async delete(ctx) {
      await call(ctx)(s.routes.delete);
    },
    async find(ctx) {
      const p = await get(ctx);
      return p ? { id, args: toArgs(p) } : undefined;
    },
    async list(ctx) {
      const p = await get(ctx);
      return p ? [{ id, args: toArgs(p), state: state(p) }] : [];
    },
  };
}

// ---- the custom (webhook) providers ---------------------------------------------------------------------

const custom = CustomPushProviderCreate.shape;
const customShape = {
  isEnabled: custom.isEnabled.optional(),
  webhookURL: custom.webhookURL,
  useBasicAuth: custom.useBasicAuth.optional(),
  basicAuthUsername: z.string().min(1, "basicAuthUsername must not be empty").optional(),
  credentials: z.strictObject({ basicAuthPassword: custom.basicAuthPassword }).optional(),
};
/** What is said of the arguments every custom provider has. */
export const customFacts = {
  isEnabled: { doc: "Send notifications through this provider.", default: true },
  webhookURL: { doc: "Public https URL the service posts notifications to." },
  useBasicAuth: {
    doc: "Send basic-auth credentials with each call (needs basicAuthUsername and credentials).",
    default: false,
  },
  basicAuthUsername: { doc: "Basic-auth user name.", default: none },
  credentials: { doc: "{ basicAuthPassword }: the basic-auth password (kept secret).", default: none },
} as const;
const basicAuthOk = (a: {
  useBasicAuth?: boolean | undefined;
  basicAuthUsername?: string | undefined;
  credentials?: { basicAuthPassword: string } | undefined;
}) => a.useBasicAuth !== true || (!!a.basicAuthUsername && !!a.credentials?.basicAuthPassword);
const basicAuthRule = {
  message: "basicAuthUsername and credentials.basicAuthPassword are required when useBasicAuth is true",
  path: ["useBasicAuth"],
};
/** A custom provider's arguments: those every custom provider has and its own, basic auth checked. */
export const customArgs = <S extends z.ZodRawShape>(own: S) =>
  z
    .strictObject({ ...customShape, ...own })
    .refine((a) => basicAuthOk(a as Parameters<typeof basicAuthOk>[0]), basicAuthRule);
export const customBody = ({
  credentials,
  ...a
}: Args & { credentials?: { basicAuthPassword: string } | undefined }) => ({
  isEnabled: true,
  useBasicAuth: false,
  basicAuthUsername: "",
  ...defined(a),
  basicAuthPassword: credentials?.basicAuthPassword ?? "",
});
/** A custom provider's entry: the password is named in the file by a secret config key. */
export const customFile = (at: string[], child: string): FileEntry => ({
  at,
  one: true,
  child,
});

// One declaration per argument (provider/engine/fields.ts, decision 0104): the compiler refuses a fact
// left out (the `@ts-expect-error` lines below fail `tsc -p tsconfig.test.json` when an omission compiles),
// and `declare` derives a kind's lists from the facts and its secrets from the contract's `secret()` marks.
import { z } from "zod";
import { DEFAULTS, secret } from "../../provider/contract";
import { ambient, appIdFact, declare, type Facts, none, service } from "../../provider/engine/fields";
import type { Kind } from "../../provider/engine/kind";
import { kinds } from "../../provider/kinds";

const Args = z.strictObject({
  id: z.string(),
  name: z.string().optional(),
  size: z.number().default(3),
  tags: z.array(z.string()).optional(),
  password: secret(z.string()).optional(),
  keep: z.boolean().optional(),
});
type Args = z.output<typeof Args>;
const Outputs = z.object({ token: secret(z.string()), at: z.number() });

const facts = {
  id: { doc: "The id.", replace: true, identity: true },
  name: { doc: "The name.", default: "unnamed" },
  size: { doc: "The size (the schema's default)." },
  tags: { doc: "Tags.", default: none, set: true },
  password: { doc: "A password.", default: none },
  keep: { doc: "Provider-only.", default: false, local: true },
} as const;

describe("declare: a kind's lists from one fact per argument", () => {
  const d = declare(Args, Outputs, facts);

  it("derives docs, replace-on-change, identity, sets, local and defaults (a schema's default included)", () => {
    expect(d.docs).toEqual({
      id: "The id.",
      name: "The name.",
      size: "The size (the schema's default).",
      tags: "Tags.",
      password: "A password.",
      keep: "Provider-only.",
    });
    expect([d.replaceOn, d.identity, d.sets, d.local]).toEqual([["id"], ["id"], ["tags"], ["keep"]]);
    expect(d.defaults).toEqual({ name: "unnamed", size: 3, keep: false });
  });

  it("takes the secrets from the secret() marks of the arguments and the outputs, not from a list", () => {
    expect(d.secrets).toEqual(["password", "token"]);
    const plain = declare(z.strictObject({ id: z.string() }), z.object({}), { id: { doc: "The id." } });
    expect(plain.secrets).toBeUndefined();
    expect([plain.identity, plain.sets, plain.defaults, plain.local]).toEqual([
      undefined,
      undefined,
      undefined,
      undefined,
    ]);
  });

  it("takes an ambient appId from its fact: not a default to compare, and only appId", () => {
    const Scoped = z.strictObject({ appId: z.string().optional(), other: z.string().optional() });
    const d = declare(Scoped, z.object({}), { appId: appIdFact("hook"), other: { doc: "x", default: none } });
    expect([d.ambient, d.replaceOn, d.defaults]).toEqual([["appId"], ["appId"], undefined]);
    expect(d.docs.appId).toMatch(
      /chat:appId; resolved once and recorded\). Changing it replaces the hook\.$/,
    );
    expect(() =>
      declare(Scoped, z.object({}), { appId: appIdFact("hook"), other: { doc: "x", default: ambient } }),
    ).toThrow(/only appId has an ambient default, not appId,other/);
  });

  it("refuses at load facts that do not name the schema's arguments (a schema built at run time)", () => {
    const loose = z.strictObject({ id: z.string(), other: z.string() }) as unknown as z.ZodObject<
      { id: z.ZodString },
      z.core.$strict
    >;
    expect(() => declare(loose, z.object({}), { id: { doc: "The id." } })).toThrow(
      /facts for id do not match the arguments id,other/,
    );
  });

  it("takes a service's default from the document's table, said once as `service`", () => {
    const Hook = z.strictObject({ id: z.string(), retryOnFailure: z.boolean().optional() });
    const said = { id: { doc: "The id." }, retryOnFailure: { doc: "Retry.", default: service } } as const;
    const hook = declare(Hook, z.object({}), said, DEFAULTS.Webhook);
    expect(hook.defaults).toEqual({ retryOnFailure: DEFAULTS.Webhook.retryOnFailure });
    expect(declare(Hook, z.object({}), said, { retryOnFailure: true }).defaults).toEqual({
      retryOnFailure: true,
    });
    // `none` still says the kind compares no default, though the document has one.
    const unmanaged = { ...said, retryOnFailure: { doc: "Retry.", default: none } } as const;
    expect(declare(Hook, z.object({}), unmanaged, DEFAULTS.Webhook).defaults).toBeUndefined();
    type D = typeof DEFAULTS.Webhook;
    type Hook = z.output<typeof Hook>;
    // @ts-expect-error the document's default written again
    const again: Facts<Hook, D> = { ...said, retryOnFailure: { doc: "Retry.", default: false } };
    // @ts-expect-error `service` where the document states no default
    const noneStated: Facts<Hook> = said;
    // @ts-expect-error the document's default is not of the argument's type
    const mistyped: Facts<{ id: string; retryOnFailure?: string }, D> = said;
    expect([again, noneStated, mistyped]).toHaveLength(3);
    // At load, too (a table given as a plain record).
    expect(() => declare(Hook, z.object({}), said as never, {} as Readonly<Record<string, unknown>>)).toThrow(
      /retryOnFailure: the document states no service default/,
    );
  });

  it("lets no omission compile", () => {
    const { name: _name, ...withoutName } = facts;
    // @ts-expect-error an argument without its facts
    const missing: Facts<Args> = withoutName;
    // @ts-expect-error an optional argument that says nothing of its default
    const noDefault: Facts<Args> = { ...facts, name: { doc: "The name." } };
    // @ts-expect-error a required argument has no default to say
    const requiredDefault: Facts<Args> = { ...facts, id: { doc: "The id.", default: "x" } };
    // @ts-expect-error a default of another type than the argument's
    const wrongType: Facts<Args> = { ...facts, name: { doc: "The name.", default: 3 } };
    // @ts-expect-error only an array is a set
    const notASet: Facts<Args> = { ...facts, name: { doc: "The name.", default: none, set: true } };
    // @ts-expect-error a doc line is wanted
    const noDoc: Facts<Args> = { ...facts, id: { replace: true } };
    const hand: Pick<Kind<Args>, "secrets" | "replaceOn"> = {
      // @ts-expect-error a list only `declare` makes: a hand-written one does not compile
      secrets: ["password"],
      // @ts-expect-error likewise
      replaceOn: ["id"],
    };
    expect([missing, noDefault, requiredDefault, wrongType, notASet, noDoc, hand]).toHaveLength(7);
  });
});

describe("the kinds' secrets", () => {
  // A second look at the contract's marks: an argument or output named like a credential that is not marked
  // secret() would be stored and shown in plain text. A name ending in "tokens" counts them (an agent's
  // maxTokens), it holds none.
  const CREDENTIAL = /password|secret|token(?!s$)|credential|apikey|authkey|headers/i;
  it.each(Object.entries(kinds) as [string, Kind][])(
    "%s: every credential-named field is secret",
    (_, kind) => {
      const names = [...Object.keys(kind.args.shape), ...Object.keys(kind.outputs.shape)];
      const secrets: readonly string[] = kind.secrets ?? [];
      expect(names.filter((n) => CREDENTIAL.test(n) && !secrets.includes(n))).toEqual([]);
    },
  );
});

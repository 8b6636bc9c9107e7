// What a kind says of each argument, said once (issue 28 item 2, decision 0104): its doc line, its default,
// whether a change replaces the object, whether it names the object, whether it is a set, whether it only
// steers the provider. `declare` derives the kind's lists from these facts and its secrets from the
// schemas' `secret()` marks (provider/contract/secret.ts), so no list is written by hand and none can be
// forgotten: the compiler wants a fact for every argument, and a default (or `none`) for every optional one.
import type { z } from "zod";
import { secretPaths } from "../contract";
import type { Args, Derived, Docs } from "./kind";

/** Said of an optional argument the service gives no default to (or one it computes: no value to compare). */
export const none: unique symbol = Symbol("no default");
/**
 * Said of `appId`, whose default is ambient (the configured app): check resolves it once and stores it, so a
 * later change of the configuration shows as a change (kind.ts `ambient`).
 */
export const ambient: unique symbol = Symbol("the configured app");

/**
 * Said of an optional argument whose default the service's document states (`default:` on the field of the
 * kind's answer schema, provider/contract/generated/defaults.ts): the kind passes that schema's defaults to `declare`,
 * and the value stands once, in the document.
 */
export const service: unique symbol = Symbol("the service's default");

/** No defaults from the document. */
type NoDefaults = Record<never, never>;

/** The app a management resource acts on: the ambient one unless given; changing it replaces the `what`. */
export const appIdFact = (what: string) =>
  ({
    doc: `The app (default: the chat connection's app, chat:appId; resolved once and recorded). Changing it replaces the ${what}.`,
    default: ambient,
    replace: true,
  }) as const;

/** What every argument says. */
interface Said<V> {
  /**
   * What the document cannot say of it (behaviour). The docs show it after the document's description and
   * before the schema's limits and the default (engine/arg-docs.ts), so it restates neither; empty when the
   * document says it all.
   */
  readonly doc: string;
  /** A change replaces the object (caller-chosen ids, parents, create-only fields). */
  readonly replace?: true;
  /**
   * A change replaces the object when this says so (old and new values): a value whose parts the service
   * changes in place, the others only by a new object (a campaign template's channels, decision 0134).
   */
  readonly replaceWhen?: (old: V, now: V) => boolean;
  /**
   * It names the object inside its app (uid; guid and uid, in the order declared): a replacement that keeps
   * it would collide with the old object, so it deletes first.
   */
  readonly identity?: true;
  /** An array compared as a set. */
  readonly set?: NonNullable<V> extends readonly unknown[] ? true : never;
  /** It only steers the provider (never sent to the API): a change is stored, not applied. */
  readonly local?: true;
}

/**
 * The facts of one argument. An optional one must say its default: the service's value (the same as an
 * absent one), or `none`. Where the document states the service's default (`D`, the document's value or
 * `never`), it is said as `service` (a value of the argument's type) or `none`, not written again. A required
 * one has none to say, nor has one whose schema has its default (`.default(…)`: the schema's value is the
 * default).
 */
export type Fact<V, Optional extends boolean, D = never> = Said<V> &
  (Optional extends true
    ? {
        readonly default: [D] extends [never]
          ? NonNullable<V> | typeof none | typeof ambient
          : (D extends NonNullable<V> ? typeof service : never) | typeof none;
      }
    : { readonly default?: never });

type IsOptional<A, K extends keyof A> = object extends Pick<A, K> ? true : false;

/**
 * A fact for every argument of `A` (the parsed arguments, where a schema's default is filled in), `D` the
 * service's defaults the document states for them: the compiler refuses an argument left out, an optional one
 * that does not say its default, and one that writes the document's default again.
 */
export type Facts<A, D = NoDefaults> = {
  readonly [K in keyof A]-?: Fact<A[K], IsOptional<A, K>, K extends keyof D ? D[K] : never>;
};

/** A kind's argument schema (kind.ts). */
export type ArgsSchema<A> = z.ZodObject<z.ZodRawShape, z.core.$strict> & z.ZodType<A>;

/** What `declare` makes: the members of a kind (kind.ts) that come from its arguments' facts and schemas. */
export interface Declared<A, O extends z.ZodObject<z.ZodRawShape>> {
  readonly args: ArgsSchema<A>;
  readonly outputs: O;
  readonly docs: Derived<Docs<A>>;
  readonly replaceOn: Derived<readonly string[]>;
  readonly replaceWhen?: Derived<Readonly<Record<string, (old: unknown, now: unknown) => boolean>>>;
  readonly identity?: Derived<readonly string[]>;
  readonly sets?: Derived<readonly string[]>;
  readonly defaults?: Derived<Readonly<Record<string, unknown>>>;
  readonly secrets?: Derived<readonly string[]>;
  readonly local?: Derived<readonly string[]>;
  readonly ambient?: Derived<readonly "appId"[]>;
}

/** The top-level names of the fields marked `secret()` in `schema` (a field holding one is secret whole). */
export const secretNames = (schema: z.ZodType): string[] => [
  ...new Set(secretPaths(schema).map((p) => p.split(/[.[]/)[0] ?? p)),
];

/**
 * The kind's arguments and outputs with what is said of each argument, as the members of a kind. Secrets
 * are the arguments and outputs whose schemas are marked `secret()`: an output holding a credential is
 * marked where the kind declares its outputs. `defaults`: the service's defaults the document states for the
 * kind's answer (`DEFAULTS.Webhook`), which its facts name as `service`.
 */
export function declare<
  A extends Args,
  O extends z.ZodObject<z.ZodRawShape>,
  D extends Readonly<Record<string, unknown>> = NoDefaults,
>(args: ArgsSchema<A>, outputs: O, facts: NoInfer<Facts<A, D>>, defaults?: D): Declared<A, O> {
  const all = Object.entries(facts as Record<string, Said<unknown> & { default?: unknown }>);
  const declared = Object.keys(args.shape);
  if (all.length !== declared.length || declared.some((k) => !(k in facts)))
    throw new Error(`facts for ${all.map(([k]) => k)} do not match the arguments ${declared}`);
  const names = (p: (f: Said<unknown>) => boolean | undefined) => all.filter(([, f]) => p(f)).map(([k]) => k);
  // Absent when empty, as a kind without such arguments leaves them out.
  const some = <K extends string, T extends object>(key: K, v: T) =>
    (Object.keys(v).length ? { [key]: v as Derived<T> } : {}) as { [k in K]?: Derived<T> };
  const identity = names((f) => f.identity);
  const replaceWhen = Object.fromEntries(
    all.flatMap(([k, f]) => (f.replaceWhen ? [[k, f.replaceWhen]] : [])),
  );
  const sets = names((f) => f.set);
  const local = names((f) => f.local);
  const ambients = all.filter(([, f]) => "default" in f && f.default === ambient).map(([k]) => k);
  if (ambients.some((k) => k !== "appId"))
    throw new Error(`only appId has an ambient default, not ${ambients}`);
  const serviceDefault = (k: string) => {
    if (!defaults || !(k in defaults)) throw new Error(`${k}: the document states no service default for it`);
    return defaults[k];
  };
  const valued = Object.fromEntries(
    all.flatMap(([k, f]) => {
      const def = (args.shape[k] as unknown as { _zod: { def: { type: string; defaultValue?: unknown } } })
        ._zod.def;
      if (def.type === "default") return [[k, def.defaultValue]];
      if (!("default" in f) || f.default === none || f.default === ambient) return [];
      return [[k, f.default === service ? serviceDefault(k) : f.default]];
    }),
  );
  const secrets = [...secretNames(args), ...secretNames(outputs)];
  return {
    args,
    outputs,
    docs: Object.fromEntries(all.map(([k, f]) => [k, f.doc])) as Derived<Docs<A>>,
    replaceOn: names((f) => f.replace) as Derived<string[]>,
    ...some("replaceWhen", replaceWhen),
    ...some("identity", identity),
    ...some("sets", sets),
    ...some("defaults", valued),
    ...some("secrets", secrets),
    ...some("local", local),
    ...some("ambient", ambients as "appId"[]),
  };
}

// A record made, changed and shown from the contract's schemas and the document's defaults
// (provider/contract/generated/defaults.ts), so that a field added to the document reaches the emulator's create,
// update and answers without a line here or in a handler. The handlers keep what is not a field's plain copy:
// checks, ids the service makes, fields that name other objects.
import type { z } from "zod";

type Json = Record<string, unknown>;

/**
 * A record of what a create body `B` says, the service's defaults `D` filled in for the fields it left out.
 * Its other fields stay optional, as the body's.
 */
export type Created<B, D> = Omit<B, keyof D> & {
  -readonly [K in keyof D & keyof B]-?: Exclude<B[K], undefined>;
};

/** What an update may set: any field of the record (`undefined`: left as it is). */
export type Patch<R> = { readonly [K in keyof R]?: R[K] | undefined };

/** An answer's fields as a record holds them (the answer schema's own keys; a loose answer's are all the record's). */
export type View<R, S extends z.ZodType> = Pick<R, keyof R & keyof z.input<S>>;

const copy = <T>(v: T): T => (v !== null && typeof v === "object" ? structuredClone(v) : v);

/**
 * A new record: the body's defined fields, the defaults of those it left out, then `extra` (what the service
 * makes: timestamps, ids, collections). A default is copied, so records share no list.
 */
export function created<B extends object, D extends Readonly<Json>, E extends object>(
  body: B,
  defaults: D,
  extra: E,
): Created<B, D> & E {
  const record: Json = {};
  for (const [k, v] of Object.entries(body)) if (v !== undefined) record[k] = v;
  for (const [k, v] of Object.entries(defaults)) if (record[k] === undefined) record[k] = copy(v);
  return Object.assign(record, extra) as Created<B, D> & E;
}

/** Sets each defined field of `patch` on `record`, then removes the `unset` ones; returns the record. */
export function updated<R extends object>(record: R, patch: Patch<R>, unset: readonly (keyof R)[] = []): R {
  for (const [k, v] of Object.entries(patch)) if (v !== undefined) (record as Json)[k] = v;
  for (const k of unset) delete record[k];
  return record;
}

/**
 * The record as `answer` shows it: the answer schema's fields the record holds, in the schema's order (a field
 * the answer does not name, e.g. a password never echoed, stays out). Lists and objects are copies.
 */
export function viewOf<R extends object, S extends z.ZodObject<z.ZodRawShape>>(
  record: R,
  answer: S,
): View<R, S> {
  const out: Json = {};
  for (const k of Object.keys(answer.shape)) {
    const v = (record as Json)[k];
    if (v !== undefined) out[k] = copy(v);
  }
  return out as View<R, S>;
}

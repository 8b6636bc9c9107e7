// Each argument's doc as the plugin's schema, the registry docs and the SDKs show it, from its sources (decision
// 0128): the document's description of the field, the kind's note (what the document cannot say: behaviour),
// then what the schema states of it, its limits and its default. A note never restates those
// (test/unit/arg-docs.test.ts), so a limit or a default is written once, in the document or the kind's facts.
import type { Json } from "./json-schema";
import { jsonOf } from "./json-schema";
import type { Kind } from "./kind";

/** A sentence: the text with a full stop where it has none. */
const sentence = (s: string) => (/[.!?)]$/.test(s.trim()) ? s.trim() : `${s.trim()}.`);

/** The schema of a field with its `null` alternative (a clearable field) set aside. */
function unwrapped(p: Json): Json {
  const members = (p.anyOf ?? p.oneOf ?? []).filter((m) => m.type !== "null");
  return members.length === 1 && members[0]
    ? { ...members[0], ...(p.description ? { description: p.description } : {}) }
    : p;
}

type Limits = Json & {
  maxLength?: number;
  maxItems?: number;
  minItems?: number;
  minimum?: number;
  maximum?: number;
};

/** The limits a field's schema states, in words (its items' too: each element of a list). */
export function limitsOf(property: Json): string[] {
  const p = unwrapped(property) as Limits;
  const out: string[] = [];
  if (p.maxLength !== undefined) out.push(`At most ${p.maxLength} characters.`);
  if (p.minItems !== undefined && p.minItems > 1) out.push(`At least ${p.minItems} items.`);
  if (p.maxItems !== undefined) out.push(`At most ${p.maxItems} items.`);
  const items = p.items ? (unwrapped(p.items) as Limits) : undefined;
  if (items?.maxLength !== undefined) out.push(`Each at most ${items.maxLength} characters.`);
  if (p.minimum !== undefined && p.maximum !== undefined) out.push(`From ${p.minimum} to ${p.maximum}.`);
  else if (p.minimum !== undefined && p.minimum !== 0) out.push(`At least ${p.minimum}.`);
  else if (p.maximum !== undefined) out.push(`At most ${p.maximum}.`);
  return out;
}

/** The numbers of the limits `limitsOf` states for `property`. */
export function limitNumbers(property: Json): number[] {
  return limitsOf(property).flatMap((l) => [...l.matchAll(/-?\d+/g)].map((m) => Number(m[0])));
}

const made = new WeakMap<object, Readonly<Record<string, string>>>();

/** The doc of each argument of `kind`: description, note, limits and default, in that order. */
export function argDocs(kind: Pick<Kind, "args" | "docs" | "defaults">): Readonly<Record<string, string>> {
  const known = made.get(kind);
  if (known) return known;
  const input = jsonOf(kind.args, "input", true);
  const notes = kind.docs as Readonly<Record<string, string>>;
  const defaults = (kind.defaults ?? {}) as Readonly<Record<string, unknown>>;
  const out: Record<string, string> = {};
  for (const [k, note] of Object.entries(notes)) {
    const property = input.properties?.[k] ?? {};
    const description = unwrapped(property).description ?? "";
    // A limit the document's description already words is not said twice.
    const limits = limitsOf(property).filter((l) => {
      const n = l.match(/\d+/)?.[0];
      return !n || !new RegExp(`\\b${n}\\b`).test(description);
    });
    const parts = [description, note].filter((s) => s.trim() !== "").map(sentence);
    if (Object.hasOwn(defaults, k)) limits.push(`Default: ${JSON.stringify(defaults[k])}.`);
    out[k] = [...parts, ...limits].join(" ");
  }
  made.set(kind, out);
  return out;
}

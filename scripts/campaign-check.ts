// What the fault and crash campaigns check the service against, derived from the kinds registry (decision
// 0122): the stack's state names every declared object by its kind's type token and id, and each kind's own
// listing (its `read` where it has none) says whether the service holds it. Nothing here names a kind: a
// new kind is checked as soon as the registry has it.
//   lost     a declared object the service does not hold;
//   doubled  a second object a create of a declared object's arguments may have made (kinds whose ids the
//            service chooses: a lost answer's retry or a killed run makes one), found by the kind's `made`,
//            else by its listing grouped by the argument that names an entry in the file (`file.key`);
//   left     an object the stack once declared and deleted since (a replaced role, everything after a
//            destroy) that the service still holds, unless the kind's delete leaves it (`deleteLeaves`).
// Objects nobody declared are none of these: the service makes some itself (the default role, the app's
// own API keys, the other side of a friendship).
import { isNotFound } from "../provider/client";
import type { Args, Ctx, Kind } from "../provider/engine/kind";
import { DYNAMIC_TYPE_PREFIX as TOKEN } from "../provider/hosts/tokens";
import { type KindName, kinds } from "../provider/kinds";

/** One object the stack's state holds: its kind, its resource id and its inputs (the kind's arguments). */
export interface Declared {
  kind: KindName;
  id: string;
  urn: string;
  inputs: Args;
}

/** One object the service holds, as a kind's listing, read or `made` found it. */
export interface Held {
  kind: KindName;
  id: string;
  /** Kinds whose doubles are counted by listing: the value of the argument naming the entry (`file.key`). */
  key?: string;
  /** Found by `made` for a declared object's arguments (a candidate double when not itself declared). */
  made?: true;
}

export interface Findings {
  lost: Declared[];
  doubled: Held[];
  left: Declared[];
}

const isKind = (name: string): name is KindName => Object.hasOwn(kinds, name);
const kindOf = (name: KindName) => kinds[name] as Kind;
/** The argument a no-identity kind's listing is grouped by, to count doubles (undefined: not counted so). */
const keyOf = (kind: Kind): string | undefined =>
  !kind.identity && !kind.made && kind.file && "at" in kind.file ? kind.file.key : undefined;
const at = (d: { kind: string; id: string }) => `${d.kind} ${d.id}`;

/** A declared object of kind `name`: its inputs without the provider options (connection, adopt, __provider). */
export function declaration(name: KindName, id: string, urn: string, inputs: Args): Declared {
  const shape = kindOf(name).args.shape;
  return {
    kind: name,
    id,
    urn,
    inputs: Object.fromEntries(Object.entries(inputs).filter(([k]) => k in shape)),
  };
}

/** Whether the check counts a kind's doubles: its ids are the service's, and `made` or its listing finds them. */
export const countsDoubles = (name: KindName): boolean => {
  const kind = kindOf(name);
  return !kind.identity && (kind.made !== undefined || keyOf(kind) !== undefined);
};

/** The chat objects of an exported deployment (`stack.exportStack()`), in its order. */
export function declaredOf(deployment: unknown): Declared[] {
  const resources =
    (
      deployment as {
        deployment?: { resources?: { urn: string; type?: string; id?: string; inputs?: Args }[] };
      }
    ).deployment?.resources ?? [];
  return resources.flatMap((r) => {
    const name = r.type?.startsWith(TOKEN) ? r.type.slice(TOKEN.length) : "";
    return isKind(name) && r.id ? [declaration(name, r.id, r.urn, r.inputs ?? {})] : [];
  });
}

/** The object as the kind's `read` sees it; undefined when it is gone (a 404 too, as the engine reads it). */
async function readOf(ctx: Ctx, d: Declared): Promise<unknown> {
  try {
    return await kindOf(d.kind).read(ctx, d.id, d.inputs);
  } catch (e) {
    if (isNotFound(e)) return undefined;
    throw e;
  }
}

const members = (args: unknown): [string, unknown[]][] =>
  Object.entries((args ?? {}) as Args).filter(
    (e): e is [string, unknown[]] => Array.isArray(e[1]) && e[1].length > 0,
  );

// Members compare as the kinds' sets do: emails and uids lowercased.
const spelled = (v: unknown): string => (typeof v === "string" ? v.toLowerCase() : JSON.stringify(v));

/**
 * Whether a deleted object's read still finds it. A kind that holds members (collaborators, pinned
 * conversations, a user's friends) may read back after its delete, holding others (the app's owner): it is
 * left only while it still holds one of the members the stack declared.
 */
function holdsSomething(d: Declared, read: unknown): boolean {
  if (read === undefined) return false;
  const declared = members(d.inputs);
  if (declared.length === 0) return true;
  const now = (read as { args?: Args }).args ?? {};
  return declared.some(([k, list]) => {
    const held = new Set((Array.isArray(now[k]) ? (now[k] as unknown[]) : []).map(spelled));
    return list.some((v) => held.has(spelled(v)));
  });
}

/**
 * What the service holds of the kinds `declared` and `gone` name: each listable kind's whole listing, each
 * other object by its `read`, and what `made` finds for each declared object of a kind that has it.
 */
export async function survey(ctx: Ctx, declared: Declared[], gone: Declared[] = []): Promise<Held[]> {
  const held = new Map<string, Held>();
  const add = (h: Held) => held.set(at(h), { ...held.get(at(h)), ...h });
  const names = [...new Set([...declared, ...gone].map((d) => d.kind))];
  await Promise.all(
    names.map(async (name) => {
      const kind = kindOf(name);
      const key = keyOf(kind);
      for (const l of (await kind.list?.(ctx, {})) ?? [])
        add({ kind: name, id: l.id, ...(key ? { key: String(l.args[key]) } : {}) });
    }),
  );
  // What a listing leaves out (a private group, a deactivated user; a kind with no listing) is asked for
  // on its own, as the engine's reads do.
  for (const d of declared)
    if (!held.has(at(d)) && (await readOf(ctx, d)) !== undefined) add({ kind: d.kind, id: d.id });
  const isDeclared = new Set(declared.map(at));
  for (const d of gone) {
    // A listing finds a record of members by the app's id; whether ours are still in it is the read's to say.
    const collection = members(d.inputs).length > 0;
    if (held.has(at(d)) && !collection) continue;
    if (holdsSomething(d, await readOf(ctx, d))) add({ kind: d.kind, id: d.id });
    else if (!isDeclared.has(at(d))) held.delete(at(d));
  }
  for (const d of declared)
    for (const m of (await kindOf(d.kind).made?.(ctx, d.inputs)) ?? [])
      add({ kind: d.kind, id: m.id, made: true });
  return [...held.values()];
}

/** Compares what the service holds with what the state declares (and `gone`, what it no longer does). */
export function findings(held: Held[], declared: Declared[], gone: Declared[] = []): Findings {
  const holds = new Set(held.map(at));
  const isDeclared = new Set(declared.map(at));
  const lost = declared.filter((d) => !holds.has(at(d)));
  const left = gone.filter((d) => !isDeclared.has(at(d)) && holds.has(at(d)) && !kindOf(d.kind).deleteLeaves);
  // An object once declared and still held is left, not doubled.
  const wasDeclared = new Set(gone.map(at));
  const doubled = held.filter((h) => h.made && !isDeclared.has(at(h)) && !wasDeclared.has(at(h)));
  // Kinds counted by listing: an undeclared object named like a declared one (by the entry's key).
  const keyOfDeclared = (d: Declared) => `${d.kind} ${String(d.inputs[keyOf(kindOf(d.kind)) ?? ""])}`;
  const declaredKeys = new Set(declared.filter((d) => keyOf(kindOf(d.kind))).map(keyOfDeclared));
  for (const h of held)
    if (
      h.key !== undefined &&
      declaredKeys.has(`${h.kind} ${h.key}`) &&
      !isDeclared.has(at(h)) &&
      !wasDeclared.has(at(h))
    )
      doubled.push(h);
  return { lost, doubled, left };
}

/** The findings as the campaigns report them, one line each. */
export function problemsOf(f: Findings): string[] {
  return [
    ...f.lost.map((d) => `lost: the service does not hold the declared ${at(d)}`),
    ...f.doubled.map(
      (h) =>
        `doubled: the service holds ${at(h)}${h.key ? ` (${h.key})` : ""}, which no resource declares, beside the declared one`,
    ),
    ...f.left.map((d) => `left: the service still holds ${at(d)}, deleted from the stack`),
  ];
}

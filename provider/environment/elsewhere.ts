// The references the file leaves to the service (references.ts `Elsewhere`: a group's owner, an agent's
// knowledge source, in an app the file does not make), asked of it when the component is declared, with
// reads only, so that a preview fails on a name the app does not hold (issue 43) and a plan never sends a
// name where an id belongs: a kind the file names by another field than its id (a knowledge source by its
// title) is found by it, and its id is what the reference passes.
import { withApi } from "../../sdk/nodejs/read";
import type { Ctx, Kind } from "../engine/kind";
import { type FileKind, keyOf, kindNamed, whereOf } from "./graph";
import { type Problem, withMeant } from "./problems";
import type { Elsewhere } from "./references";

/** What the service says of the references: their problems, and the value each passes, by `refKey`. */
export interface ElsewhereAnswer {
  problems: Problem[];
  values: ReadonlyMap<string, string>;
}

/** The key of a reference among the answer's values. */
export const refKey = (kind: string, id: string): string => `${kind}\u0000${id}`;

/** The keys of the objects of `k` the app holds, for "did you mean" (a listing; none for a kind without). */
async function keysOf(ctx: Ctx, k: FileKind): Promise<string[]> {
  const key = keyOf(k);
  if (!k.list || key === undefined) return [];
  return (await k.list(ctx, {})).flatMap((l) => (typeof l.args[key] === "string" ? [l.args[key]] : []));
}

/**
 * Asks the service for each object `refs` name (`find`, as adoption does), through `read` (a context on the
 * kind's API). A missing one is a problem naming the entry's place and the closest name the app holds; a
 * found one passes its id where the reference takes the object's id (`output: "id"`), else the name.
 */
export async function askElsewhere(
  refs: readonly Elsewhere[],
  read: <T>(kind: Kind, use: (ctx: Ctx) => Promise<T>) => Promise<T> = (kind, use) =>
    withApi(`checking the environment's references to ${kind.name}`, kind, {}, use),
): Promise<ElsewhereAnswer> {
  const values = new Map<string, string>();
  const problems: Problem[] = [];
  const byKind = new Map<string, Elsewhere[]>();
  for (const r of refs) byKind.set(r.kind, [...(byKind.get(r.kind) ?? []), r]);
  for (const [name, named] of byKind) {
    const k = kindNamed(name) as FileKind;
    const key = keyOf(k);
    if (!k.find || key === undefined) {
      // Nothing to ask with: passed as written (no kind of the graph is so today).
      for (const r of named) values.set(refKey(name, r.id), r.id);
      continue;
    }
    const find = k.find.bind(k);
    await read(k, async (ctx) => {
      const found = new Map<string, string | undefined>();
      for (const id of new Set(named.map((r) => r.id)))
        found.set(id, (await find(ctx, { [key]: id } as never))?.id);
      const missing = named.filter((r) => found.get(r.id) === undefined);
      const held = missing.length ? await keysOf(ctx, k) : [];
      for (const r of named) {
        const id = found.get(r.id);
        if (id !== undefined) {
          values.set(refKey(name, r.id), r.output === "id" ? id : r.id);
          continue;
        }
        const seeded = r.seeded
          ? `; it is a row of the seed file ${r.seeded.file} (line ${r.seeded.line}), imported after every entry: declare it in ${whereOf(k)} instead`
          : "";
        // The one meant may be the file's own (a guid mistyped in a ban list) or one the app holds.
        problems.push({
          path: r.path,
          message: withMeant(
            `${r.named} is neither declared in ${whereOf(k)} nor in the app${seeded}`,
            r.id,
            [...(r.declared ?? []), ...held],
          ),
        });
      }
    });
  }
  return { problems, values };
}

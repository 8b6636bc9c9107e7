// The live mode's sweeper: deletes what live runs left behind, through each listable kind of the registry,
// and only objects whose id (or a part of it) or name carries a run prefix older than `olderThanMs`.
import { NotFoundError } from "../../provider/client";
import type { Args, Ctx, Kind } from "../../provider/engine/kind";
import { kinds } from "../../provider/kinds";
import { FIXTURES } from "../support/kinds";
import { prefixTime } from "./prefix";
import { leftByDestroy } from "./run";

export interface SweepOptions {
  /** A fresh context: a context keeps the listings it read, and a sweep must see the service as it is now. */
  ctx: Ctx;
  /** Only runs started at least this long ago (default one hour: longer than a run). */
  olderThanMs?: number;
  dryRun?: boolean;
  nowMs?: number;
  /** One line per object deleted (or that would be), and per kind that could not be listed. */
  log?: (line: string) => void;
}

export const DEFAULT_SWEEP_AGE_MS = 60 * 60 * 1000;

/** The run time a listed object carries in its id parts or its name; undefined when it carries none. */
function runTimeOf(id: string, args: Args): number | undefined {
  // The prefix is on whichever field names the object (a name, a channelId): any string argument may carry it.
  const names = [id, ...id.split("/"), ...Object.values(args)].filter(
    (v): v is string => typeof v === "string",
  );
  for (const n of names) {
    const t = prefixTime(n);
    if (t !== undefined) return t;
  }
  return undefined;
}

export interface Swept {
  /** `<kind> <id>` of each object deleted (or, with `dryRun`, to delete). */
  deleted: string[];
  /** Prefixed objects of kinds the API cannot delete (left in the app; the dashboard removes them). */
  kept: string[];
}

/** Deletes (or lists, with `dryRun`) the prefixed leftovers. */
export async function sweep(o: SweepOptions): Promise<Swept> {
  const now = o.nowMs ?? Date.now();
  const age = o.olderThanMs ?? DEFAULT_SWEEP_AGE_MS;
  const log = o.log ?? (() => {});
  const swept: string[] = [];
  const kept: string[] = [];
  // Dependants first (the fixtures' dependency order, reversed): a member before its group.
  const order = [...FIXTURES.keys()].reverse();
  for (const name of order) {
    const kind = kinds[name] as unknown as Kind;
    if (!kind.list) continue;
    let listed: Awaited<ReturnType<NonNullable<Kind["list"]>>>;
    try {
      listed = await kind.list(o.ctx, {});
    } catch (e) {
      // Kinds listed inside a parent (a group's members) go with their parent.
      log(
        `sweep: ${name} not listed on its own (${e instanceof Error ? e.message.split("\n")[0] : String(e)})`,
      );
      continue;
    }
    for (const item of listed) {
      const at = runTimeOf(item.id, item.args);
      if (at === undefined || now - at < age) continue;
      const what = `${name} ${item.id}`;
      const ago = `${Math.round((now - at) / 60_000)} min old`;
      if (leftByDestroy(name)) {
        kept.push(what);
        log(`sweep: cannot delete ${what} (${ago}): the API has no delete route for it`);
      } else if (o.dryRun) {
        log(`sweep: would delete ${what} (${ago})`);
      } else {
        const args =
          "permanentDelete" in kind.args.shape ? { ...item.args, permanentDelete: true } : item.args;
        await kind.delete(o.ctx, item.id, args).catch((e: unknown) => {
          if (!NotFoundError.isInstance(e)) throw e; // gone meanwhile: what the sweep wants
        });
        log(`sweep: deleted ${what} (${ago})`);
      }
      if (!leftByDestroy(name)) swept.push(what);
    }
  }
  log(
    `sweep: ${swept.length} ${o.dryRun ? "to delete" : "deleted"}` +
      (kept.length ? `, ${kept.length} without a delete route left` : ""),
  );
  return { deleted: swept, kept };
}

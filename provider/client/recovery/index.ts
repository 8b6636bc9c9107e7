// Lost-write recovery, in one place: the table of how each write is made safe to repeat (table.ts) and how
// that is carried out (read-back.ts, reconcile.ts). `sendRecovering` is what every call goes through.
import type { Core } from "../core";
import type { Prepared } from "../prepare";
import type { AnyRequest } from "../types";
import { createOnce } from "./read-back";
import { createReconciled } from "./reconcile";
import { type PagedRouteName, RECOVERY, type RouteCall } from "./table";

export { type PagedRouteName, RECOVERY, type Recovery, type RouteCall, resendable } from "./table";

/** Every item of a page-based list (the client's listAll). */
export type ListAll = (list: RouteCall<PagedRouteName>) => Promise<unknown[]>;

/**
 * Sends a prepared call as the table says for its route: a lost answer is read back (caller-chosen ids),
 * reconciled with a listing (server-chosen ids), or the request is sent with the retries its method and the
 * table allow. `req` is the call's request as given (the read-back finds its parameters there).
 */
export function sendRecovering(core: Core, p: Prepared, req: AnyRequest, listAll: ListAll): Promise<unknown> {
  const recovery = RECOVERY[p.name];
  if (recovery?.kind === "readBack") {
    const target = recovery.locate(req, p.body);
    if (target) {
      const { pick, next } = recovery;
      // A picked read keeps its own schema; the create's answer is made from it and parsed as the create's.
      const read = core.prepare(target.name, target.req, pick ? undefined : p.response);
      // A listing's next page is asked of the same route (its request as given, then prepared as the first).
      const requests = new WeakMap<Prepared, AnyRequest>([[read, target.req]]);
      const nextPage =
        next &&
        ((page: unknown, prev: Prepared) => {
          const req = next(page, requests.get(prev) ?? target.req);
          if (!req) return undefined;
          const prepared = core.prepare(target.name, req);
          requests.set(prepared, req);
          return prepared;
        });
      return createOnce(core, p, read, pick && ((r) => pick(r, p.body)), nextPage);
    }
  }
  if (recovery?.kind === "reconcile") {
    const listed = recovery.list(req, p.body);
    const list = async () =>
      (await listAll(listed)).filter((item) =>
        recovery.matches(item as Record<string, unknown>, p.body),
      ) as Array<Record<string, unknown>>;
    const discard = recovery.discard;
    return createReconciled(
      core,
      p,
      list,
      recovery.identity,
      `${listed.name} ${JSON.stringify(listed.req)}`,
      discard && ((item) => core.send(core.prepare(discard(item).name, discard(item).req))),
    );
  }
  if (recovery?.kind === "reconcileListed") {
    const listed = recovery.list(req, p.body);
    const list = async () =>
      recovery
        .items(await core.send(core.prepare(listed.name, listed.req)))
        .filter((item) => recovery.matches(item, p.body));
    const lockKey = `${listed.name} ${JSON.stringify(listed.req)}`;
    return createReconciled(core, p, list, recovery.identity, lockKey, undefined, recovery.answer);
  }
  return core.send(p);
}

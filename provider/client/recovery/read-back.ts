// A lost create with a caller-chosen id, recovered by reading the object back (table.ts, "readBack").
import { toSeconds } from "../../contract/common";
import { pause } from "../clock";
import type { Core } from "../core";
import { ChatApiError, ConflictError, NotFoundError } from "../errors";
import { logAttempt } from "../log";
import type { Prepared } from "../prepare";
import { backoff, isLost } from "../retry";
import { parseAnswer } from "../shape";

/**
 * A create with a caller-chosen id (bug class 4, docs/bug-classes.md). When its answer is lost (5xx, timeout, reset)
 * the object is read back with `readBack`; if it exists and was created no earlier than this create was
 * first sent, that is the create's result. One that existed before is not taken over: that is a
 * ConflictError. Only when there is none is the POST sent again, and an "already exists" answer after a lost
 * one is read back too. `pick` makes the create's answer from a read that answers with more (a list); `next`
 * gives the request of a listing's next page (every page is read until the object is found).
 */
export async function createOnce(
  core: Core,
  p: Prepared,
  readBack: Prepared,
  pick?: (read: unknown) => unknown,
  next?: (read: unknown, req: Prepared) => Prepared | undefined,
): Promise<unknown> {
  const sentAt = core.target.clock.now();
  let lost = false;
  for (let round = 1; ; round++) {
    let err: ChatApiError;
    try {
      return await core.send(p, false);
    } catch (e) {
      if (!ChatApiError.isInstance(e)) throw e;
      err = e;
    }
    if (isLost(err)) lost = true;
    else if (!(lost && ConflictError.isInstance(err))) throw err;
    logAttempt(core.target, p, undefined, err.code, 0, round, "lost create, reading back");
    let found: unknown;
    if (pick) {
      found = await pickFromPages(core, readBack, pick, next);
      if (found !== undefined) found = parseAnswer(p, p.response, found, 200, round);
    } else
      try {
        found = await core.send(readBack, true);
      } catch (e) {
        if (!NotFoundError.isInstance(e)) throw e;
      }
    if (found !== undefined) {
      const createdAt = (found as { data?: { createdAt?: unknown } }).data?.createdAt;
      // Ours was created after it was sent, and the estimate of the service's clock is never late (Date
      // headers are truncated to the second): an older object existed before.
      if (typeof createdAt === "number" && toSeconds(createdAt) < core.serviceSeconds(sentAt))
        throw existedBefore(p, createdAt);
      return found;
    }
    if (ConflictError.isInstance(err) || round > core.target.retry.retries) throw err;
    await pause(core.target.clock, backoff(core.target.retry, round));
  }
}

/**
 * What `pick` finds in the read, page after page while `next` gives one; undefined when no page holds it (a
 * 404, or a page with nothing not seen before, ends the walk too).
 */
async function pickFromPages(
  core: Core,
  first: Prepared,
  pick: (read: unknown) => unknown,
  next: ((read: unknown, req: Prepared) => Prepared | undefined) | undefined,
): Promise<unknown> {
  const seen = new Set<string>();
  for (let req: Prepared | undefined = first; req; ) {
    let read: unknown;
    try {
      read = await core.send(req, true);
    } catch (e) {
      if (NotFoundError.isInstance(e)) return undefined;
      throw e;
    }
    const found = pick(read);
    if (found !== undefined) return found;
    const key = JSON.stringify(read);
    if (seen.has(key)) return undefined;
    seen.add(key);
    req = next?.(read, req);
  }
  return undefined;
}

function existedBefore(p: Prepared, createdAt: number): ConflictError {
  return new ConflictError({
    code: "ERR_ALREADY_EXISTS",
    message: `${p.name}: the answer was lost and the object found in its place already existed before this create (created at ${createdAt}); it is not taken over`,
    request: p.info,
    redactor: p.redactor,
  });
}

// A lost create with a server-chosen id, recovered by comparing listings (table.ts, "reconcile").
import { pause } from "../clock";
import type { Core } from "../core";
import { ChatApiError, isNotFound } from "../errors";
import { logAttempt } from "../log";
import type { Prepared } from "../prepare";
import { backoff, isLost } from "../retry";
import { parseAnswer } from "../shape";
import { serialised } from "./serialised";

/**
 * A create with a server-chosen id (API keys, auth tokens, apps). The candidates `list` returns are taken
 * before sending; after a lost answer a candidate that was not there before is the create's result, and
 * only when there is none is the POST sent again. Creates with the same candidate list are serialised in
 * this process, so a new candidate is this create's own.
 */
export async function createReconciled(
  core: Core,
  p: Prepared,
  list: () => Promise<Array<Record<string, unknown>>>,
  identity: (item: Record<string, unknown>) => string,
  lockKey: string,
  discard?: (item: Record<string, unknown>) => Promise<unknown>,
  /** The create's answer made from the candidate found (default: the candidate under `data`). */
  answerOf: (item: Record<string, unknown>) => unknown = (item) => ({ data: item }),
): Promise<unknown> {
  return serialised(`${core.target.baseUrl} ${lockKey}`, async () => {
    const before = new Set((await list()).map(identity));
    for (let round = 1; ; round++) {
      try {
        return await core.send(p, false);
      } catch (e) {
        if (!ChatApiError.isInstance(e) || !isLost(e)) throw e;
        logAttempt(core.target, p, undefined, e.code, 0, round, "lost create, reconciling");
        const made = (await list()).find((item) => !before.has(identity(item)));
        if (made) {
          if (!discard) return parseAnswer(p, p.response, answerOf(made), 200, round);
          // Not usable as the answer: removed (a lost answer of the removal is retried by the client, and a
          // removal already done answers 404), then the create is sent again.
          await discard(made).catch((d: unknown) => {
            if (!isNotFound(d)) throw d;
          });
          before.add(identity(made));
        }
        if (round > core.target.retry.retries) throw e;
        await pause(core.target.clock, backoff(core.target.retry, round));
      }
    }
  });
}

// One attempt of a prepared request over got: a slot of the shared budget for its duration, the per-attempt
// timeout, the budget's limit and the service's clock learnt from the answer, the answer parsed with the
// route's response schema, and one log line. got's own retry is off: the retry loop is ours (retry.ts).
import type { Got } from "got" with { "resolution-mode": "import" };
import { familyOf, toFormData } from "../contract";
import type { ServiceClock } from "./clock";
import { ChatApiError, errorFromResponse, errorFromTransport } from "./errors";
import { assertEngineAlive } from "./lifeline";
import { logAttempt } from "./log";
import type { Target } from "./options";
import type { Prepared } from "./prepare";
import { parseAnswer, shapeError } from "./shape";

export const DEFAULT_TIMEOUT_MS = 30_000;

// got 14 is ESM-only; Node 24 loads ES modules with require() (docs/decisions/0001-commonjs-on-node-24.md).
type GotModule = typeof import("got", { with: { "resolution-mode": "import" }});
const gotModule = require("got") as GotModule;

// Redirects are refused: got would forward the custom `apikey`/`key`/`secret` headers to the new host.
const http: Got = gotModule.default.extend({
  retry: { limit: 0 },
  throwHttpErrors: false,
  followRedirect: false,
  http2: false,
});

function parseJson(text: string): { ok: true; value: unknown } | { ok: false } {
  if (text.trim() === "") return { ok: true, value: undefined };
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false };
  }
}

/** Sends `p` once (attempt number `attempt`); throws a ChatApiError for any answer but a valid 2xx. */
export async function sendOnce(
  t: Target,
  clock: ServiceClock,
  p: Prepared,
  attempt: number,
): Promise<unknown> {
  // A route the service counts apart (Data Import) takes a slot of its family's budget first, so a request
  // waiting for its family holds none of the app's.
  const family = familyOf(p.name);
  const own = family ? t.families[family] : undefined;
  const releaseFamily = own ? await own.acquire() : undefined;
  const release = await t.budget.acquire();
  // The last moment before a request goes out: a dead engine's provider sends nothing more.
  assertEngineAlive();
  const started = performance.now();
  let status: number | undefined;
  let code: string | undefined;
  try {
    let res: { statusCode: number; body: string; headers: Record<string, string | string[] | undefined> };
    try {
      res = await http(p.url, {
        method: p.route.method,
        headers: p.headers,
        // A fresh form per attempt: a sent FormData stream cannot be read twice.
        ...(p.body === undefined
          ? {}
          : p.route.encoding === "multipart"
            ? { body: toFormData(p.body as Record<string, unknown>) }
            : { json: p.body }),
        ...(p.searchParams ? { searchParams: p.searchParams } : {}),
        timeout: { request: t.timeoutMs },
        responseType: "text",
      });
    } catch (e) {
      throw errorFromTransport(e, p.info, {
        redactor: p.redactor,
        attempts: attempt,
        timeoutMs: t.timeoutMs,
      });
    }
    status = res.statusCode;
    // The app's limit; a family's refusal (a 429 of Data Import) tells the family's, not the app's.
    const limit = Number(res.headers["x-ratelimit-limit"]);
    if (limit > 0 && !(own && status === 429)) t.budget.learn(limit);
    clock.learn(res.headers.date);
    const parsed = parseJson(res.body);
    if (status < 200 || status >= 300) {
      throw errorFromResponse(status, parsed.ok ? parsed.value : res.body, p.info, {
        headers: res.headers,
        redactor: p.redactor,
        attempts: attempt,
      });
    }
    if (!parsed.ok) throw shapeError(p, status, attempt, { "(root)": ["the body is not JSON"] });
    return parseAnswer(p, p.response, parsed.value, status, attempt);
  } catch (e) {
    code = ChatApiError.isInstance(e) ? e.code : "ERR_UNEXPECTED";
    throw e;
  } finally {
    release();
    releaseFamily?.();
    logAttempt(t, p, status, code, performance.now() - started, attempt);
  }
}

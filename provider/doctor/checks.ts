// chat-doctor's checks against the app the configuration names: settings, endpoints, credentials (which key,
// which scope, which setting to fix), the guesses of the contract first (guess-checks.ts, decision 0119), the
// rate-limit headers, and every listing route's answer against its
// response schema in the route table (contract `routes`, `RouteSpec.response`, validated by the client),
// then every listable kind of the registry read through its own `list`.

import { type ChatClient, type ClientOptions, type ManagementClient, ResponseShapeError } from "../client";
import { chatClientFor, managementClientFor } from "../client/clients";
import {
  addressProblem,
  type ChatConnection,
  clientOptions,
  configNaming,
  type Lookup,
  type ManagementConnection,
  resolveChatConnection,
  resolveManagementConnection,
  setStackConfig,
} from "../client/config";
import { credentialProblem } from "../client/credentials";
import { chatBaseUrl, managementBaseUrl } from "../client/endpoints";
import { type RouteSpec, routes } from "../contract";
import type { Kind } from "../engine/kind";
import { clientContext, type KindName, kinds } from "../kinds";
import { exercise } from "./exercise";
import { divergencesOf, firstLine } from "./explain";
import { guessChecks } from "./guess-checks";
import type { Caller } from "./guesses";
import { runPrefix } from "./prefix";
import { type Check, type Report, summarise } from "./report";
import { leftOut, type Sample, samples } from "./samples";

export interface DoctorOptions {
  /** Stack config (`chat:*`); the CHAT_* variables fill what it leaves unset. */
  lookup: Lookup;
  /** Where the settings came from, for the report ("stack dev", "CHAT_* variables"). */
  source: string;
  /** Per-attempt timeout of every request (default: the client's). */
  timeoutMs?: number;
  /** Retry policy override (tests make a 5xx storm end quickly). */
  retry?: ClientOptions["retry"];
  /** Also make, read back and delete one object of each kind (provider/doctor/samples.ts) under a run prefix. */
  write?: boolean;
  /** The prefix of what --write makes (default: a fresh run prefix). */
  prefix?: string;
}

/** A failed read's line; an answer that is not JSON is something else answering (a proxy, a login page). */
function readProblem(e: unknown, setting: string): string {
  const line = firstLine(e);
  return /the body is not JSON/.test(line)
    ? `${line}: something other than the API answered (a proxy or a login page?): check ${setting}`
    : line;
}

/** The route table's listing routes the doctor can call with what it has (the app id at most). */
function listingRoutes(api: "chat" | "management"): [string, RouteSpec][] {
  return (Object.entries(routes) as [string, RouteSpec][]).filter(
    ([name, r]) => r.api === api && r.method === "GET" && name.startsWith("list"),
  );
}

const pathParams = (path: string) => [...path.matchAll(/:([A-Za-z]+)/g)].map((m) => m[1] as string);

type AnyCaller = { call(name: string, req: object): Promise<unknown> };

async function checkListing(
  client: ChatClient | ManagementClient,
  name: string,
  spec: RouteSpec,
  appId: string,
): Promise<Check> {
  const check = `answer of ${spec.method} ${spec.path} (${name})`;
  const params = pathParams(spec.path);
  if (params.some((p) => p !== "appId"))
    return {
      name: check,
      status: "skip",
      detail: `needs ${params.map((p) => `:${p}`).join(", ")} of an object`,
    };
  try {
    await (client as unknown as AnyCaller).call(name, params.length ? { params: { appId } } : {});
    return { name: check, status: "ok", detail: "matches the contract" };
  } catch (e) {
    if (ResponseShapeError.isInstance(e))
      return {
        name: check,
        status: "fail",
        detail: "does not match the contract",
        divergences: divergencesOf(name, spec, e),
      };
    // A route the plan or app does not offer is not a divergence of shape; the service said so.
    return { name: check, status: "fail", detail: firstLine(e) };
  }
}

/** Runs every check; stops after the credentials when they are wrong (nothing else can be learnt). */
export async function runDoctor(o: DoctorOptions): Promise<Report> {
  const checks: Check[] = [];
  const target: Report["target"] = { source: o.source };
  const done = (): Report => ({ target, checks, ...summarise(checks) });
  const opts: ClientOptions = {
    ...clientOptions(o.lookup),
    ...(o.timeoutMs ? { timeoutMs: o.timeoutMs } : {}),
    ...(o.retry ? { retry: o.retry } : {}),
  };

  // Settings: what is set, and what is missing, by config key and variable.
  let chat: ChatConnection | undefined;
  let mgmt: ManagementConnection | undefined;
  try {
    // Not a resource: the settings are all there is to name.
    chat = resolveChatConnection(undefined, o.lookup, "");
    target.appId = chat.appId;
    target.region = chat.region;
    checks.push({ name: "chat settings", status: "ok", detail: `app ${chat.appId}, region ${chat.region}` });
  } catch (e) {
    checks.push({ name: "chat settings", status: "fail", detail: firstLine(e) });
  }
  try {
    mgmt = resolveManagementConnection(undefined, o.lookup, "");
    checks.push({ name: "management settings", status: "ok", detail: "management key and secret set" });
  } catch (e) {
    checks.push({
      name: "management settings",
      status: "skip",
      detail: `${firstLine(e)}: management checks skipped`,
    });
  }
  if (!chat) return done();

  // Endpoints: each address valid (https unless loopback, a template with {appId}), named by its setting.
  const chatAddress = addressProblem(
    () => chatBaseUrl(chat),
    (f) => `chat:${f}`,
  );
  if (chatAddress) {
    checks.push({
      name: "chat endpoint",
      status: "fail",
      detail: `${chatAddress.property}: ${chatAddress.reason}`,
    });
    return done();
  }
  target.chatBase = chatBaseUrl(chat);
  checks.push({ name: "chat endpoint", status: "ok", detail: target.chatBase });
  if (mgmt) {
    const m = mgmt;
    const problem = addressProblem(
      () => managementBaseUrl(m),
      (f) => (f === "endpoint" ? "chat:managementEndpoint" : `chat:${f}`),
    );
    if (problem) {
      checks.push({
        name: "management endpoint",
        status: "fail",
        detail: `${problem.property}: ${problem.reason}`,
      });
      mgmt = undefined;
    } else {
      target.managementBase = managementBaseUrl(m);
      checks.push({ name: "management endpoint", status: "ok", detail: target.managementBase });
    }
  }

  // Credentials: one read each (with the doctor's timeout); a refusal is worded as the provider words it,
  // naming the key, the scope or the setting to fix; anything else (an outage, an HTML page, a timeout) is
  // the client's own message.
  const chatClient = chatClientFor(chat, opts);
  try {
    await chatClient.call("listRoles", { query: { perPage: 1 } });
    checks.push({
      name: "chat credentials",
      status: "ok",
      detail: `a fullAccess key of app ${chat.appId} in region ${chat.region}`,
    });
  } catch (e) {
    const line = credentialProblem(
      e,
      { api: "chat", appId: chat.appId, region: chat.region },
      configNaming("chat"),
    );
    checks.push({
      name: "chat credentials",
      status: "fail",
      detail: line ?? readProblem(e, "chat:endpoint (CHAT_ENDPOINT) and chat:host (CHAT_HOST)"),
    });
  }
  let mgmtClient: ManagementClient | undefined;
  if (mgmt) {
    const client = managementClientFor(mgmt, opts);
    try {
      await client.call("listApps", { query: { perPage: 1 } });
      checks.push({
        name: "management credentials",
        status: "ok",
        detail: "a valid management key and secret",
      });
      mgmtClient = client;
    } catch (e) {
      const line = credentialProblem(e, { api: "management" }, configNaming("management"));
      checks.push({
        name: "management credentials",
        status: "fail",
        detail:
          line ??
          readProblem(e, "chat:managementEndpoint (CHAT_MANAGEMENT_ENDPOINT) and chat:host (CHAT_HOST)"),
      });
    }
  }
  if (checks.some((c) => c.name.endsWith("credentials") && c.status === "fail")) return done();

  // The guesses first: every operation of ours whose wire rests on our reading (decision 0119).
  const m = mgmtClient;
  const ctx = clientContext({ chat: () => chatClient, ...(m ? { management: () => m } : {}) });
  const prefix = o.prefix ?? runPrefix();
  const all = samples(prefix);
  const withStack = async <T>(fn: () => Promise<T>): Promise<T> => {
    setStackConfig(o.lookup);
    try {
      return await fn();
    } finally {
      setStackConfig(() => undefined);
    }
  };
  const guesses = await guessChecks({
    clients: {
      chat: chatClient as unknown as Caller,
      ...(m ? { management: m as unknown as Caller } : {}),
      appId: chat.appId,
    },
    write: o.write === true,
    samples: all,
    listCtx: ctx,
    withStack,
  });
  checks.push(...guesses.checks);

  // Rate-limit headers: the client sizes its budget from X-RateLimit-Limit.
  checks.push(await rateHeaders(chat, target.chatBase, o.timeoutMs));

  // Every listing route's answer against its schema (those a guess read just now are not read twice).
  for (const [name, spec] of listingRoutes("chat"))
    if (!guesses.read.has(name)) checks.push(await checkListing(chatClient, name, spec, chat.appId));
  if (mgmtClient)
    for (const [name, spec] of listingRoutes("management"))
      if (!guesses.read.has(name)) checks.push(await checkListing(mgmtClient, name, spec, chat.appId));

  // Every listable kind through its own list (the path lookups and chat-export take).
  for (const [name, k] of Object.entries(kinds)) {
    const kind = k as unknown as Kind;
    if (!kind.list) continue;
    if (kind.api === "management" && !m) {
      checks.push({ name: `list ${name}`, status: "skip", detail: "needs the management key and secret" });
      continue;
    }
    try {
      const listed = await kind.list(ctx, {});
      checks.push({ name: `list ${name}`, status: "ok", detail: `${listed.length} read` });
    } catch (e) {
      checks.push({ name: `list ${name}`, status: "fail", detail: firstLine(e) });
    }
  }
  if (o.write) {
    const rest = all.filter((s) => !guesses.sampled.has(s.kind));
    checks.push(...(await withStack(() => exercise(rest, false, ctx))).checks, ...notSampled(all));
  }
  return done();
}

/** A skip line for each kind no sample makes, saying why. */
function notSampled(all: readonly Sample[]): Check[] {
  const sampled = new Set<string>(all.map((s) => s.kind));
  const why = leftOut();
  return (Object.keys(kinds) as KindName[])
    .filter((kind) => !sampled.has(kind))
    .map((kind) => ({
      name: `write ${kind}`,
      status: "skip" as const,
      detail: why[kind] ?? "settings of the app or a set inside other objects: a check does not change them",
    }));
}

/** One cheap read, by hand, to see the rate-limit headers the client's transport consumes silently. */
async function rateHeaders(chat: ChatConnection, base: string, timeoutMs = 30_000): Promise<Check> {
  const name = "rate-limit headers";
  try {
    const res = await fetch(`${base}${routes.listRoles.path}?perPage=1`, {
      headers: { apikey: chat.apiKey, accept: "application/json" },
      redirect: "manual",
      signal: AbortSignal.timeout(timeoutMs),
    });
    await res.arrayBuffer();
    const h = (k: string) => res.headers.get(k);
    const missing = ["x-ratelimit-limit", "x-ratelimit-remaining", "x-ratelimit-reset"].filter(
      (k) => !/^\d+$/.test(h(k) ?? ""),
    );
    if (missing.length > 0)
      return {
        name,
        status: "fail",
        detail: `missing or not a number: ${missing.join(", ")} (the client then assumes 450 a minute)`,
      };
    return {
      name,
      status: "ok",
      detail: `limit ${h("x-ratelimit-limit")} a minute, ${h("x-ratelimit-remaining")} remaining`,
    };
  } catch (e) {
    return { name, status: "fail", detail: firstLine(e) };
  }
}

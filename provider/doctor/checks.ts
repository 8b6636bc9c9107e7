// chat-doctor's checks against the app the configuration names: settings, endpoints, credentials (which key,
// which scope, which setting to fix), the rate-limit headers, and every listing route's answer against its
// response schema in the route table (contract `routes`, `RouteSpec.response`, validated by the client),
// then every listable kind of the registry read through its own `list`.

import {
  type ChatApiError,
  type ChatClient,
  type ClientOptions,
  type ManagementClient,
  ResponseShapeError,
} from "../client";
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
import { CrudProvider, clientContext, type KindName, kinds } from "../kinds";
import { runPrefix } from "./prefix";
import { type Check, type Divergence, type Report, summarise } from "./report";
import { LEFT_OUT, samples } from "./samples";

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

const firstLine = (e: unknown) => (e instanceof Error ? e.message : String(e)).split("\n")[0] ?? "";

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

/** A shape error's details as divergences of `route`. */
function divergencesOf(name: string, spec: RouteSpec, e: ChatApiError): Divergence[] {
  return Object.entries(e.details ?? { "(root)": [firstLine(e)] }).map(([field, problems]) => ({
    route: name,
    method: spec.method,
    path: spec.path,
    field,
    problem: problems.join(", "),
    ...(ResponseShapeError.isInstance(e) && e.received[field] ? { received: e.received[field] } : {}),
  }));
}

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

  // Rate-limit headers: the client sizes its budget from X-RateLimit-Limit.
  checks.push(await rateHeaders(chat, target.chatBase, o.timeoutMs));

  // Every listing route's answer against its schema.
  for (const [name, spec] of listingRoutes("chat"))
    checks.push(await checkListing(chatClient, name, spec, chat.appId));
  if (mgmtClient)
    for (const [name, spec] of listingRoutes("management"))
      checks.push(await checkListing(mgmtClient, name, spec, chat.appId));

  // Every listable kind through its own list (the path lookups and chat-export take).
  const m = mgmtClient;
  const ctx = clientContext({ chat: () => chatClient, ...(m ? { management: () => m } : {}) });
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
  if (o.write) checks.push(...(await writeChecks(o.lookup, o.prefix ?? runPrefix())));
  return done();
}

/**
 * Each sample made, read back and deleted through the generic provider, as a `pulumi up` and `destroy` would
 * (stack config `lookup`, else the CHAT_* variables); what it made is deleted even when a step fails.
 */
async function writeChecks(lookup: Lookup, prefix: string): Promise<Check[]> {
  const out: Check[] = [];
  const made: { kind: KindName; id: string; outs: Record<string, unknown> }[] = [];
  setStackConfig(lookup);
  try {
    for (const { kind, args } of samples(prefix)) {
      const p = new CrudProvider(kinds[kind] as never);
      try {
        const checked = await p.check({}, args);
        if (checked.failures.length > 0)
          throw new Error(checked.failures.map((f) => `${f.property}: ${f.reason}`).join("; "));
        const { id, outs } = await p.create(checked.inputs);
        made.push({ kind, id, outs });
        const read = await p.read(id, outs);
        if (read.id !== id) throw new Error(`made ${id} but a read finds ${JSON.stringify(read.id)}`);
        out.push({ name: `write ${kind}`, status: "ok", detail: `made ${id} and read it back` });
      } catch (e) {
        out.push({ name: `write ${kind}`, status: "fail", detail: firstLine(e) });
      }
    }
  } finally {
    for (const m of made.reverse()) {
      const p = new CrudProvider(kinds[m.kind] as never);
      const name = `delete ${m.kind}`;
      try {
        await p.delete(m.id, m.outs);
        const gone = await p.read(m.id, m.outs);
        out.push(
          gone.id === ""
            ? { name, status: "ok", detail: `${m.id} deleted, reads as gone` }
            : { name, status: "fail", detail: `${m.id} still reads after delete` },
        );
      } catch (e) {
        out.push({
          name,
          status: "fail",
          detail: `${m.id}: ${firstLine(e)} (npm run sweep:live removes it later)`,
        });
      }
    }
    setStackConfig(() => undefined);
  }
  const sampled = new Set<string>(samples(prefix).map((s) => s.kind));
  for (const kind of Object.keys(kinds) as KindName[])
    if (!sampled.has(kind))
      out.push({
        name: `write ${kind}`,
        status: "skip",
        detail:
          LEFT_OUT[kind] ?? "settings of the app or a set inside other objects: a check does not change them",
      });
  return out;
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

// The agent builder's custom API tools and frontend actions, and what an agent is given of them and of the
// tool catalogue (docs/service/bots-agents-and-social.md, S35-S37). Tools are named by the caller's slug,
// frontend actions by a trigger function unique per app and, in their routes, by the `_id` the service makes.
// Answers are bare, times in milliseconds; a tool's password is never shown. Where the vendor is silent, the
// choices are marked GUESS on the service page.
import { ApiTool, FrontendAction } from "../../contract";
import { ApiError } from "../errors";
import { created, updated, viewOf } from "../records";
import type { AgentRecord, ApiToolRecord, AppRecord, FrontendActionRecord } from "../state";
import { builderView, requireAgent } from "./ai-agents";
import { requireTool, requireTools } from "./api-tool-lookup";
import type { ChatHandlers, Env } from "./types";

/** As the vendor documents it: the headers and body template as text or null; the credentials never shown. */
const toolView = (t: ApiToolRecord) => {
  const { basicAuthUsername: _u, basicAuthPassword: _p, ...shown } = t;
  return { ...viewOf(shown, ApiTool), headers: t.headers || null, bodyTemplate: t.bodyTemplate || null };
};
const actionView = (a: FrontendActionRecord) => viewOf(a, FrontendAction);

function requireAction(app: AppRecord, id: string): FrontendActionRecord {
  const a = [...app.frontendActions.values()].find((f) => f._id === id);
  if (!a) throw new ApiError("ERR_FRONTEND_ACTION_NOT_FOUND", `The frontend action ${id} does not exist.`);
  return a;
}

/** Every name must be the trigger function of a frontend action: nothing is changed otherwise. */
function requireActions(app: AppRecord, names: readonly string[]): void {
  const missing = names.find((n) => !app.frontendActions.has(n));
  if (missing !== undefined)
    throw new ApiError("ERR_FRONTEND_ACTION_NOT_FOUND", `The frontend action ${missing} does not exist.`);
}

/** Milliseconds unique per app among `records`: the list's cursor is a time (as for MCP servers). */
function millis(records: Iterable<{ createdAt: number; updatedAt: number }>, env: Env): number {
  const latest = Math.max(0, ...[...records].map((r) => Math.max(r.createdAt, r.updatedAt)));
  return Math.max(env.now() * 1000, latest + 1);
}

/** A cursor page, oldest first: `append` after the `createdAt` given, `prepend` before it (S35, S36). */
function cursorPage<R extends { createdAt: number }, V>(
  records: Iterable<R>,
  query: {
    limit?: number | undefined;
    affix?: "append" | "prepend" | undefined;
    createdAt?: number | undefined;
  },
  view: (r: R) => V,
) {
  const limit = query.limit ?? 10;
  const all = [...records].sort((a, b) => a.createdAt - b.createdAt);
  const at = query.createdAt;
  const page =
    at === undefined
      ? all.slice(0, limit)
      : query.affix === "prepend"
        ? all.filter((r) => r.createdAt < at).slice(-limit)
        : all.filter((r) => r.createdAt > at).slice(0, limit);
  const first = page[0];
  const last = page[page.length - 1];
  return {
    data: page.map(view),
    meta: {
      current: { limit, count: page.length },
      ...(first ? { previous: { affix: "prepend", createdAt: first.createdAt } } : {}),
      ...(last ? { next: { affix: "append", createdAt: last.createdAt } } : {}),
    },
  };
}

/** Basic auth on needs both credentials, given now or kept from before (S35). */
function checkBasicAuth(t: ApiToolRecord): void {
  if (t.enableBasicAuth && !(t.basicAuthUsername && t.basicAuthPassword))
    throw new ApiError(
      "ERR_BAD_REQUEST",
      "basicAuthUsername and basicAuthPassword are required when enableBasicAuth is true.",
    );
}

type Attached = "tools" | "apiTools" | "frontendActions";
/** `names` attached to (or detached from) the agent, each once, in the order attached. */
function attach(a: AgentRecord, list: Attached, names: readonly string[], add: boolean, env: Env) {
  const now = a[list] ?? [];
  a[list] = add
    ? [...now, ...names.filter((n, i) => !now.includes(n) && names.indexOf(n) === i)]
    : now.filter((n) => !names.includes(n));
  a.updatedAt = env.now();
  return { success: true, data: builderView(a) };
}

/** Deleting what agents name detaches it from them (a GUESS: the vendor does not say). */
function detachEverywhere(app: AppRecord, list: Attached, name: string) {
  for (const a of app.builderAgents.values())
    if (a[list]?.includes(name)) a[list] = a[list]?.filter((n) => n !== name);
}

export const agentToolHandlers = {
  createApiTool: ({ app, body, env }) => {
    if (app.apiTools.has(body.slug))
      throw new ApiError("ERR_API_TOOL_ALREADY_EXISTS", `The API tool ${body.slug} already exists.`);
    const now = millis(app.apiTools.values(), env);
    const t: ApiToolRecord = created(body, {}, { createdAt: now, updatedAt: now });
    checkBasicAuth(t);
    app.apiTools.set(t.slug, t);
    return toolView(t);
  },
  listApiTools: ({ app, query }) => cursorPage(app.apiTools.values(), query, toolView),
  getApiTool: ({ app, params }) => toolView(requireTool(app, params.slug)),
  updateApiTool: ({ app, params, body, env }) => {
    const t = requireTool(app, params.slug);
    const { slug, ...rest } = body;
    // A new slug renames the tool (the vendor's PATCH takes one); agents naming it follow.
    if (slug !== undefined && slug !== t.slug) {
      if (app.apiTools.has(slug))
        throw new ApiError("ERR_API_TOOL_ALREADY_EXISTS", `The API tool ${slug} already exists.`);
      const next = { ...t, ...rest, slug };
      checkBasicAuth(next);
      app.apiTools.delete(t.slug);
      for (const a of app.builderAgents.values())
        a.apiTools = a.apiTools?.map((s) => (s === t.slug ? slug : s));
      t.slug = slug;
      app.apiTools.set(slug, t);
    }
    const before = { ...t };
    updated(t, rest);
    // An empty text clears it, as for agents; basic auth off forgets the credentials.
    for (const k of ["icon", "headers", "bodyTemplate"] as const) if (t[k] === "") delete t[k];
    if (body.enableBasicAuth === false) {
      delete t.basicAuthUsername;
      delete t.basicAuthPassword;
    }
    try {
      checkBasicAuth(t);
    } catch (e) {
      Object.assign(t, before);
      throw e;
    }
    t.updatedAt = millis(app.apiTools.values(), env);
    return toolView(t);
  },
  deleteApiTool: ({ app, params }) => {
    const t = requireTool(app, params.slug);
    app.apiTools.delete(t.slug);
    detachEverywhere(app, "apiTools", t.slug);
    return { success: true, message: `The API tool ${t.slug} has been deleted.` };
  },
  addAgentApiTools: ({ app, params, body, env }) => {
    const a = requireAgent(app.builderAgents, params.uid);
    requireTools(app, body.apiTools);
    return attach(a, "apiTools", body.apiTools, true, env);
  },
  // Detaching what is not attached changes nothing (a GUESS, as for MCP servers).
  removeAgentApiTools: ({ app, params, body, env }) =>
    attach(requireAgent(app.builderAgents, params.uid), "apiTools", body.apiTools, false, env),

  createFrontendAction: ({ app, body, env }) => {
    if (app.frontendActions.has(body.triggerFunction))
      throw new ApiError(
        "ERR_FRONTEND_ACTION_ALREADY_EXISTS",
        `A frontend action with the trigger function ${body.triggerFunction} already exists.`,
      );
    const now = millis(app.frontendActions.values(), env);
    // The vendor's example `_id` is the app and the trigger function joined by '_' (S36).
    const f: FrontendActionRecord = created(
      body,
      {},
      { _id: `${app.id}_${body.triggerFunction}`, createdAt: now, updatedAt: now },
    );
    app.frontendActions.set(f.triggerFunction, f);
    return actionView(f);
  },
  listFrontendActions: ({ app, query }) => cursorPage(app.frontendActions.values(), query, actionView),
  getFrontendAction: ({ app, params }) => actionView(requireAction(app, params.id)),
  updateFrontendAction: ({ app, params, body, env }) => {
    const f = updated(requireAction(app, params.id), body);
    if (f.icon === "") delete f.icon;
    f.updatedAt = millis(app.frontendActions.values(), env);
    return actionView(f);
  },
  deleteFrontendAction: ({ app, params }) => {
    const f = requireAction(app, params.id);
    app.frontendActions.delete(f.triggerFunction);
    detachEverywhere(app, "frontendActions", f.triggerFunction);
    return { success: true, message: `The frontend action ${f._id} has been deleted.` };
  },
  addAgentFrontendActions: ({ app, params, body, env }) => {
    const a = requireAgent(app.builderAgents, params.uid);
    requireActions(app, body.frontendActions);
    return attach(a, "frontendActions", body.frontendActions, true, env);
  },
  removeAgentFrontendActions: ({ app, params, body, env }) =>
    attach(requireAgent(app.builderAgents, params.uid), "frontendActions", body.frontendActions, false, env),

  // The tool catalogue (Composio's) is not modelled: any well-formed slug is taken (a GUESS, S37).
  addAgentTools: ({ app, params, body, env }) =>
    attach(requireAgent(app.builderAgents, params.uid), "tools", body.tools, true, env),
  // A detached tool's actions and connection settings go with it (a GUESS: the vendor does not say).
  removeAgentTools: ({ app, params, body, env }) => {
    const a = requireAgent(app.builderAgents, params.uid);
    for (const slug of body.tools) {
      delete a.toolActions?.[slug];
      delete a.toolConnections?.[slug];
    }
    return attach(a, "tools", body.tools, false, env);
  },

  // A tool's actions (S37): on a tool the agent is given (a GUESS: the vendor does not say what it answers
  // otherwise); the catalogue's action names are not modelled, any well-formed one is taken. Enabling again
  // keeps the actions and takes the connection settings sent (the last ones win; a GUESS).
  enableAgentToolActions: ({ app, params, body, env }) => {
    const a = requireAgent(app.builderAgents, params.uid);
    const slug = requireGiven(a, params.slug);
    a.toolActions ??= {};
    const enabled = a.toolActions[slug] ?? [];
    for (const x of body.actions) if (!enabled.includes(x)) enabled.push(x);
    a.toolActions[slug] = enabled;
    if (body.authMeta !== undefined)
      a.toolConnections = { ...a.toolConnections, [slug]: { ...body.authMeta } };
    a.updatedAt = env.now();
    return { success: true };
  },
  disableAgentToolActions: ({ app, params, body, env }) => {
    const a = requireAgent(app.builderAgents, params.uid);
    const slug = requireGiven(a, params.slug);
    const left = (a.toolActions?.[slug] ?? []).filter((x) => !body.actions.includes(x));
    if (a.toolActions) a.toolActions[slug] = left;
    a.updatedAt = env.now();
    return { success: true };
  },
  // What the agent is given, by category, each left out by its flag (S37); never the connection settings.
  listAgentEnabledItems: ({ app, params, query }) => {
    const a = requireAgent(app.builderAgents, params.uid);
    const wants = (flag: string | boolean | undefined) =>
      flag === undefined || flag === true || flag === "true" || flag === "1";
    return {
      data: {
        ...(wants(query.tools)
          ? {
              tools: (a.tools ?? []).map((slug) => ({
                slug,
                name: slug,
                actions: (a.toolActions?.[slug] ?? []).map((x) => ({ slug: x, name: x })),
              })),
            }
          : {}),
        ...(wants(query.frontendActions)
          ? {
              frontendActions: (a.frontendActions ?? []).flatMap((t) => {
                const f = app.frontendActions.get(t);
                return f ? [actionView(f)] : [];
              }),
            }
          : {}),
        ...(wants(query.apiTools)
          ? {
              apiTools: (a.apiTools ?? []).flatMap((s) => {
                const t = app.apiTools.get(s);
                return t ? [toolView(t)] : [];
              }),
            }
          : {}),
        ...(wants(query.mcpServers)
          ? {
              mcpServers: (a.mcpServers ?? []).flatMap((s) => {
                const m = app.mcpServers.get(s);
                return m ? [{ slug: m.slug, name: m.name, url: m.url }] : [];
              }),
            }
          : {}),
      },
    };
  },
} satisfies ChatHandlers;

/** The catalogue tool `slug` (lowercased, as attached) must be one the agent is given. */
function requireGiven(a: AgentRecord, slug: string): string {
  const s = slug.toLowerCase();
  if (!(a.tools ?? []).includes(s))
    throw new ApiError("ERR_BAD_REQUEST", `The agent ${a.uid} is not given the tool ${slug}.`);
  return s;
}

// AI agents (docs/service/bots-agents-and-social.md): agent-builder agents and MCP servers, and BYO agents.
// Agents get a UUID v4 uid from the service; MCP servers are named by a slug unique per app. Headers given to
// an agent or a server are credentials and are never echoed. Where the vendor is silent, decision 0090.
import { DEFAULTS, McpServer } from "../../contract";
import { ApiError } from "../errors";
import { created, updated, viewOf } from "../records";
import type { AgentRecord, AppRecord, Json, McpServerRecord } from "../state";
import { defined, startsWithCi } from "../views";
import { requireTools } from "./api-tool-lookup";
import { ack } from "./lookup";
import type { ChatHandlers, Env } from "./types";

/** A UUID v4 from the emulator's id stream (reproducible with a seed). */
export function uuid4(env: Env): string {
  const h = env.ids.hex(32).split("");
  h[12] = "4";
  h[16] = "89ab"[Number.parseInt(h[16] ?? "0", 16) % 4] ?? "8";
  const s = h.join("");
  return `${s.slice(0, 8)}-${s.slice(8, 12)}-${s.slice(12, 16)}-${s.slice(16, 20)}-${s.slice(20)}`;
}

/** The fields kept as sent, without the ones stored apart and the credentials (a BYO agent's headers). */
function storedFields(body: Json): Json {
  const { name: _n, isActive: _a, mcpServers: _m, tools: _t, apiTools: _at, headers: _h, ...rest } = body;
  const meta = rest.integrationMeta as Json | undefined;
  if (meta) {
    const { headers: _mh, ...kept } = meta;
    rest.integrationMeta = kept;
  }
  return defined(rest);
}

// As the vendor documents them (S27, S30): builder agents' times in milliseconds, BYO agents' as ISO text.
export const builderView = (a: AgentRecord) => ({
  uid: a.uid,
  name: a.name,
  ...a.fields,
  mcpServers: [...(a.mcpServers ?? [])],
  tools: [...(a.tools ?? [])],
  apiTools: [...(a.apiTools ?? [])],
  frontendActions: [...(a.frontendActions ?? [])],
  files: [...(a.files ?? [])],
  websites: [...(a.websites ?? [])],
  isActive: a.isActive,
  createdAt: a.createdMs ?? a.createdAt * 1000,
  updatedAt: a.updatedAt * 1000,
});

/** Milliseconds unique per app: the list's cursor is a time (as for MCP servers). */
function agentMillis(app: AppRecord, env: Env): number {
  const latest = Math.max(
    0,
    ...[...app.builderAgents.values()].map((a) => a.createdMs ?? a.createdAt * 1000),
  );
  return Math.max(env.now() * 1000, latest + 1);
}
const iso = (seconds: number) => new Date(seconds * 1000).toISOString();
const byoView = (a: AgentRecord) => ({
  uid: a.uid,
  name: a.name,
  integrateWith: String(a.fields.integrateWith),
  ...a.fields,
  isActive: a.isActive,
  createdAt: iso(a.createdAt),
  updatedAt: iso(a.updatedAt),
});

/** As the vendor documents it: bare (no `data`), times in milliseconds, the headers never shown. */
const mcpView = (m: McpServerRecord) => viewOf(m, McpServer);

function requireServer(app: AppRecord, slug: string): McpServerRecord {
  const m = app.mcpServers.get(slug.toLowerCase());
  if (!m) throw new ApiError("ERR_MCP_SERVER_NOT_FOUND", `The MCP server ${slug} does not exist.`);
  return m;
}

/**
 * Milliseconds, unique per app: the list's cursor is a time, and two servers of one millisecond would make
 * it skip one (the real service's clock is finer than the emulator's seconds).
 */
function mcpMillis(app: AppRecord, env: Env): number {
  const latest = Math.max(0, ...[...app.mcpServers.values()].map((m) => Math.max(m.createdAt, m.updatedAt)));
  return Math.max(env.now() * 1000, latest + 1);
}

export function requireAgent(agents: Map<string, AgentRecord>, uid: string): AgentRecord {
  const a = agents.get(uid.toLowerCase());
  if (!a) throw new ApiError("ERR_AGENT_NOT_FOUND", `The agent with UID ${uid} does not exist.`);
  return a;
}

/** Every slug must name an existing MCP server: nothing is changed otherwise. */
function requireServers(app: AppRecord, slugs: readonly string[]): void {
  const missing = slugs.find((s) => !app.mcpServers.has(s));
  if (missing !== undefined) {
    throw new ApiError("ERR_MCP_SERVER_NOT_FOUND", `The MCP server ${missing} does not exist.`);
  }
}

/** A new agent; `defaults`: its family's answer's (the document's). */
function newAgent(
  env: Env,
  body: Json & { name: string; isActive?: boolean | undefined },
  defaults: { readonly isActive: boolean },
): AgentRecord {
  const now = env.now();
  return {
    uid: uuid4(env),
    name: body.name,
    isActive: body.isActive ?? defaults.isActive,
    fields: storedFields(body),
    createdAt: now,
    updatedAt: now,
  };
}

function update(
  a: AgentRecord,
  body: Json & { name?: string | undefined; isActive?: boolean | undefined },
  env: Env,
) {
  if (body.name !== undefined) a.name = body.name;
  if (body.isActive !== undefined) a.isActive = body.isActive;
  Object.assign(a.fields, storedFields(body));
  a.updatedAt = env.now();
}

const bySearch = (q: { searchKey?: string | undefined }) => (a: AgentRecord) =>
  !q.searchKey || startsWithCi(a.name, q.searchKey);

export const aiAgentHandlers = {
  createBuilderAgent: ({ app, body, env }) => {
    const servers = [...new Set(body.mcpServers ?? [])];
    requireServers(app, servers);
    // Every tool named is checked before the agent is made (S26); the tool catalogue is not modelled.
    const apiTools = [...new Set(body.apiTools ?? [])];
    requireTools(app, apiTools);
    // The vendor's default model (S30), as the document states it.
    const builder = DEFAULTS.AgentBuilderAgent;
    const a = {
      ...newAgent(env, { ...body, model: body.model ?? builder.model }, builder),
      mcpServers: servers,
      apiTools,
      tools: [...new Set(body.tools ?? [])],
      createdMs: agentMillis(app, env),
    };
    app.builderAgents.set(a.uid, a);
    // As the vendor documents a create (S30): the agent under `agent`.
    return { agent: builderView(a) };
  },

  // A cursor list, oldest first (S30): `append` after the `createdAt` given, `prepend` before it; `search`
  // matches a part of the name, description or uid; `meta.next` is given with every page that has items.
  listBuilderAgents: ({ app, query }) => {
    const limit = query.limit ?? 10;
    const term = query.search?.toLowerCase();
    const all = [...app.builderAgents.values()]
      .map(builderView)
      .filter(
        (v) =>
          !term ||
          [v.name, v.uid, String((v as Json).description ?? "")].some((t) => t.toLowerCase().includes(term)),
      )
      .sort((a, b) => a.createdAt - b.createdAt);
    const at = query.createdAt;
    const page =
      at === undefined
        ? all.slice(0, limit)
        : query.affix === "prepend"
          ? all.filter((v) => v.createdAt < at).slice(-limit)
          : all.filter((v) => v.createdAt > at).slice(0, limit);
    const first = page[0];
    const last = page[page.length - 1];
    return {
      data: page,
      meta: {
        current: { limit, count: page.length },
        ...(first ? { previous: { affix: "prepend", createdAt: first.createdAt } } : {}),
        ...(last ? { next: { affix: "append", createdAt: last.createdAt } } : {}),
      },
    };
  },

  getBuilderAgent: ({ app, params }) => ({ data: builderView(requireAgent(app.builderAgents, params.uid)) }),

  // The vendor's PATCH changes the servers too when given them (S30); its answer is `{success}` alone.
  updateBuilderAgent: ({ app, params, body, env }) => {
    const a = requireAgent(app.builderAgents, params.uid);
    if (body.mcpServers !== undefined) requireServers(app, body.mcpServers);
    update(a, body, env);
    if (body.mcpServers !== undefined) a.mcpServers = [...new Set(body.mcpServers)];
    return { success: true };
  },

  deleteBuilderAgent: ({ app, params }) => {
    const a = requireAgent(app.builderAgents, params.uid);
    app.builderAgents.delete(a.uid);
    return ack(`The agent with UID ${a.uid} has been deleted successfully.`);
  },

  createMcpServer: ({ app, body, env }) => {
    if (app.mcpServers.has(body.slug)) {
      throw new ApiError("ERR_MCP_SERVER_ALREADY_EXISTS", `The MCP server ${body.slug} already exists.`);
    }
    const now = mcpMillis(app, env);
    const m: McpServerRecord = created(body, {}, { createdAt: now, updatedAt: now });
    app.mcpServers.set(m.slug, m);
    return mcpView(m);
  },

  // Oldest first; `append` reads after the `createdAt` given, `prepend` before it.
  listMcpServers: ({ app, query }) => {
    const limit = query.limit ?? 100;
    const all = [...app.mcpServers.values()].sort((a, b) => a.createdAt - b.createdAt);
    const at = query.createdAt;
    if (at === undefined) return { data: all.slice(0, limit).map(mcpView) };
    if (query.affix === "prepend")
      return {
        data: all
          .filter((m) => m.createdAt < at)
          .slice(-limit)
          .map(mcpView),
      };
    return {
      data: all
        .filter((m) => m.createdAt > at)
        .slice(0, limit)
        .map(mcpView),
    };
  },

  getMcpServer: ({ app, params }) => mcpView(requireServer(app, params.slug)),

  updateMcpServer: ({ app, params, body, env }) => {
    const m = updated(requireServer(app, params.slug), body);
    // An empty string clears a text field, as for agents.
    for (const k of ["description", "icon"] as const) if (m[k] === "") delete m[k];
    m.updatedAt = mcpMillis(app, env);
    return mcpView(m);
  },

  // Agents that name the server no longer do (a GUESS, as for API tools: the vendor does not say, S48).
  deleteMcpServer: ({ app, params }) => {
    const m = requireServer(app, params.slug);
    app.mcpServers.delete(m.slug);
    for (const a of app.builderAgents.values())
      if (a.mcpServers?.includes(m.slug)) a.mcpServers = a.mcpServers.filter((s) => s !== m.slug);
    return { success: true, message: `The MCP server ${m.slug} has been deleted.` };
  },

  addAgentMcpServers: ({ app, params, body, env }) => {
    const a = requireAgent(app.builderAgents, params.uid);
    requireServers(app, body.mcps);
    a.mcpServers ??= [];
    const attached = a.mcpServers;
    for (const s of body.mcps) if (!attached.includes(s)) attached.push(s);
    a.updatedAt = env.now();
    return { data: builderView(a) };
  },

  // Detaching a server that is not attached changes nothing (a GUESS: the vendor does not say).
  removeAgentMcpServers: ({ app, params, body, env }) => {
    const a = requireAgent(app.builderAgents, params.uid);
    a.mcpServers = (a.mcpServers ?? []).filter((s) => !body.mcps.includes(s));
    a.updatedAt = env.now();
    return { data: builderView(a) };
  },

  // The BYO tools and actions named are not checked (the app's BYO tools are not modelled: a GUESS).
  createByoAgent: ({ app, body, env }) => {
    const a = newAgent(env, body, DEFAULTS.ByoAgent);
    if (body.tools !== undefined) a.fields.tools = [...new Set(body.tools)];
    app.byoAgents.set(a.uid, a);
    return { agent: byoView(a) };
  },

  // A bare array, every agent at once (S27); `searchKey` narrows it (ours).
  listByoAgents: ({ app, query }) => [...app.byoAgents.values()].filter(bySearch(query)).map(byoView),

  updateByoAgent: ({ app, params, body, env }) => {
    const a = requireAgent(app.byoAgents, params.uid);
    update(a, body, env);
    // A list given replaces the agent's (a GUESS: the vendor does not say).
    if (body.tools !== undefined) a.fields.tools = [...new Set(body.tools)];
    return { success: true };
  },

  deleteByoAgent: ({ app, params }) => {
    const a = requireAgent(app.byoAgents, params.uid);
    app.byoAgents.delete(a.uid);
    return ack(`The agent with UID ${a.uid} has been deleted successfully.`);
  },
} satisfies ChatHandlers;

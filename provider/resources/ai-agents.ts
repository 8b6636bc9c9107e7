// AI agents (docs/service/bots-agents-and-social.md, decision 0090): the agent builder's agents
// (AiAgent) and the MCP servers they call (McpServer), and agents brought from another framework
// (ExternalAgent, the API's "bring your own"). Agents get a uid from the service: like API keys they are
// reconciled by a name that must be unique to adopt them, and a killed run's create is settled by name (made).
// MCP servers are named by the caller's slug; the API reads, lists and changes them, but cannot delete one
// (decision 0090).
import { z } from "zod";
import {
  type AgentBuilderAgent,
  type AgentBuilderCreate,
  AgentBuilderFields,
  type AgentBuilderUpdate,
  AgentHeaders,
  type ByoAgent,
  type ByoAgentCreate,
  ByoAgentFields,
  type ByoAgentUpdate,
  jsonText,
  LIMITS,
  type McpServer,
  McpServerCreate,
  type McpServerUpdate,
  toSeconds,
} from "../api";
import { isNotFound } from "../client";
import { type Args, type Ctx, createdAt, type Kind, type Listed, type Made, type Progress } from "./kind";
import { collect, defined, fromRemote, sortedById } from "./util";

/** Headers as an object, or its JSON text: the environment file names them by one secret config key (text). */
const HeadersArg = AgentHeaders.or(
  jsonText(AgentHeaders, "headers must be an object of header names to values, or its JSON text"),
);
const headersDoc =
  "Headers the service sends with each call (e.g. an Authorization), as an object or its JSON text; secret, never returned by the service (a change in the dashboard is not seen).";

const agentOutputs = z.object({
  uid: z.string().describe("The agent's uid (a UUID v4 the service chooses); also the resource id."),
  ...createdAt,
});
type AgentState = z.output<typeof agentOutputs>;

/** Presentation fields the service keeps as sent, each with what a PATCH sends to empty it. */
const CLEARED: Args = {
  description: "",
  greetingMessage: "",
  introductoryMessage: "",
  suggestedMessages: [],
  isActive: true,
};
const PRESENTATION = ["description", "icon", "greetingMessage", "introductoryMessage", "suggestedMessages"];

const presentationDocs = {
  description: "Description, at most 255 characters.",
  icon: "URL of the agent's icon. The API cannot clear it: removing it leaves the agent's icon, no longer managed.",
  greetingMessage: "The message that greets a user, at most 1020 characters.",
  introductoryMessage: "The message that introduces the agent, at most 1020 characters.",
  suggestedMessages: "Messages offered to the user to start with (in order, at most 25).",
  isActive: "Whether the agent answers (default true).",
};

/** What a PATCH sends for `news`: every field, emptied where removed; `unclearable` only when declared. */
function patchOf(news: Args, clearable: Args, unclearable: readonly string[]): Args {
  const body: Args = {};
  for (const [k, empty] of Object.entries(clearable)) body[k] = news[k] ?? empty;
  for (const k of unclearable) if (news[k] !== undefined) body[k] = news[k];
  return body;
}

/** The agent as arguments: `fields` as the service holds them; `unclearable` ones only while managed. */
function argsOf(
  agent: Args,
  fields: readonly string[],
  unclearable: readonly string[],
  prior: Args,
  whole: boolean,
) {
  const managed = fields.filter((k) => !unclearable.includes(k) || whole || prior[k] !== undefined);
  return { ...fromRemote(agent, managed), isActive: agent.isActive };
}

/** The presentation fields the service keeps in an agent's `metaData`. */
const MESSAGES = ["greetingMessage", "introductoryMessage", "suggestedMessages"];

/** `a` with `keys` moved into `metaData` (left out when none is given). */
function withMetaData(a: Args, keys: readonly string[]): Args {
  const meta = defined(Object.fromEntries(keys.map((k) => [k, a[k]])));
  const rest = Object.fromEntries(Object.entries(a).filter(([k]) => !keys.includes(k)));
  return Object.keys(meta).length ? { ...rest, metaData: meta } : rest;
}
/** `keys` of the service's `metaData`, flat. */
const fromMetaData = (meta: Args | null | undefined, keys: readonly string[]): Args =>
  Object.fromEntries(keys.map((k) => [k, meta?.[k]]));

// ---- reconciled by name (agents of both families) ---------------------------------------------------------

interface Family<A extends Args, R extends AgentRecord> {
  /** "AI agents" */
  readonly what: string;
  /** Every agent whose name starts with `name` (all without it), in the service's order. */
  all(ctx: Ctx, name: string | undefined, progress?: Progress): Promise<R[]>;
  asRead(agent: R, prior: Args, whole: boolean): { args: A; state: AgentState };
  /** Fields a PATCH cannot empty: managed only while declared. */
  readonly unclearable: readonly string[];
}

type AgentRecord = { uid: string; name: string; createdAt: number } & Args;

/**
 * The agents `route` lists, read as `fields` (`unclearable` ones only while managed) of the arguments
 * `asArgs` makes of the service's record.
 */
function family<A extends Args, R extends AgentRecord>(
  what: string,
  route: "listBuilderAgents" | "listByoAgents",
  fields: readonly string[],
  unclearable: readonly string[],
  asArgs: (r: R) => Args = (r) => r,
): Family<A, R> {
  return {
    what,
    unclearable,
    // Each family's list takes its own query (S27, S30); soft-deleted agents (`deletedAt`, S27) are gone.
    all: async (ctx, name, progress) =>
      (
        await collect(
          (route === "listBuilderAgents"
            ? ctx
                .chat()
                .paginate(route, { query: { limit: LIMITS.perPageMax, ...(name ? { search: name } : {}) } })
            : ctx.chat().paginate(route, {
                query: { perPage: LIMITS.perPageMax, ...(name ? { searchKey: name } : {}) },
              })) as AsyncIterable<R>,
          LIMITS.perPageMax,
          progress,
        )
      ).filter((r) => r.deletedAt === undefined || r.deletedAt === null),
    asRead: (r, prior, whole) => ({
      args: argsOf(asArgs(r), fields, unclearable, prior, whole) as unknown as A,
      state: { uid: r.uid, createdAt: toSeconds(r.createdAt) },
    }),
  };
}

export const AgentListScope = z.strictObject({ name: z.string().optional() });

/** A family's list, made and find: by exact name (the API's search is by prefix). */
function byName<A extends Args, R extends AgentRecord>(f: Family<A, R>) {
  const named = async (ctx: Ctx, name: string | undefined, progress?: Progress) =>
    (await f.all(ctx, name, progress)).filter((r) => name === undefined || r.name === name);
  return {
    async list(ctx: Ctx, scope: Args, progress?: Progress): Promise<Listed<A, AgentState>[]> {
      const { name } = AgentListScope.parse(scope);
      const agents = await named(ctx, name, progress);
      return sortedById(agents.map((r) => ({ id: r.uid, ...f.asRead(r, {}, true) })));
    },
    async made(ctx: Ctx, a: A): Promise<Made[]> {
      return (await named(ctx, String(a.name))).map((r) => ({
        id: r.uid,
        createdAt: toSeconds(r.createdAt),
        prior: {},
      }));
    },
    async find(ctx: Ctx, a: A): Promise<{ id: string; args: A } | undefined> {
      const matches = await named(ctx, String(a.name));
      if (matches.length > 1)
        throw new Error(
          `adopt: ${matches.length} ${f.what} are named "${a.name}"; names must be unique to adopt`,
        );
      const r = matches[0];
      return r ? { id: r.uid, args: f.asRead(r, a, false).args } : undefined;
    },
  };
}

// ---- agent builder agents ---------------------------------------------------------------------------------

export const AiAgentArgs = z.strictObject(AgentBuilderFields);
export type AiAgentArgs = z.output<typeof AiAgentArgs>;

const BUILDER_FIELDS = [
  "name",
  ...PRESENTATION,
  "instructions",
  "model",
  "temperature",
  "mcpServers",
] as const;
/** The model the service gives an agent declared without one (S30). */
const DEFAULT_MODEL = "gpt-4o-mini";
const BUILDER_CLEARED: Args = { ...CLEARED, instructions: "", model: DEFAULT_MODEL };

/**
 * Arguments as the wire names them: the prompt is `instruction`, the temperature in `modelMetaData`, the
 * messages in `metaData`.
 */
function builderWire(a: Args): Args {
  const { instructions, temperature, ...rest } = a;
  return withMetaData(
    defined({
      ...rest,
      instruction: instructions,
      modelMetaData: temperature === undefined ? undefined : { temperature },
    }),
    MESSAGES,
  );
}
/** The service's agent with the arguments' names. */
const builderArgs = (r: AgentBuilderAgent): Args => ({
  ...r,
  ...fromMetaData(r.metaData, MESSAGES),
  instructions: r.instruction,
  temperature: r.modelMetaData?.temperature ?? undefined,
});

const builder = family<AiAgentArgs, AgentBuilderAgent>(
  "AI agents",
  "listBuilderAgents",
  BUILDER_FIELDS,
  ["icon", "temperature"],
  builderArgs,
);
const builderByName = byName(builder);
const getBuilder = async (ctx: Ctx, uid: string) =>
  (await ctx.chat().call("getBuilderAgent", { params: { uid } })).data;

export const aiAgent: Kind<AiAgentArgs> = {
  name: "AiAgent",
  doc: "An agent of the agent builder: instructions, model and the MCP servers it may call. Reconciled by name, which must be unique to be adoptable (like an API key's). Id: the uid the service chooses (a UUID v4).",
  docs: {
    name: "Name, at most 100 characters (unique, to be adoptable and for a killed run's create to be settled).",
    ...presentationDocs,
    instructions: "What the agent is told to do (its system prompt).",
    model: "The model it runs on, e.g. gpt-4o (the service's default: gpt-4o-mini).",
    temperature:
      "Sampling temperature, 0 to 2. The API cannot clear it: removing it leaves the agent's value, no longer managed.",
    mcpServers:
      "Slugs of the MCP servers it may call (a set; each must exist: declare them as McpServer resources and pass their `slug` output). Changed in place: servers are attached and detached.",
  },
  outputs: agentOutputs,
  api: "chat",
  args: AiAgentArgs,
  replaceOn: [],
  sets: ["mcpServers"],
  defaults: { isActive: true, model: DEFAULT_MODEL },
  // Servers made outside the file (before release 0.2.0 the file could not declare them) may be named too.
  file: {
    at: ["aiAgents"],
    child: "ai-agent",
    key: "name",
    refs: { mcpServers: { kind: "McpServer", elsewhere: true } },
  },

  async create(ctx, a) {
    const body = builderWire(defined(a)) as AgentBuilderCreate;
    const r = await ctx.chat().call("createBuilderAgent", { body });
    return { id: r.data.uid, state: { uid: r.data.uid, createdAt: toSeconds(r.data.createdAt) } };
  },
  async read(ctx, id, prior, how) {
    // By its GET: the list is a cursor list, which the shared listings (page-based) do not walk.
    return builder.asRead(await getBuilder(ctx, id), prior, how?.whole === true);
  },
  async update(ctx, id, _olds, news) {
    // Every field but the servers, emptied where removed (patchOf names no mcpServers).
    const fields = { name: news.name, ...patchOf(news, BUILDER_CLEARED, builder.unclearable) };
    await ctx
      .chat()
      .call("updateBuilderAgent", { params: { uid: id }, body: builderWire(fields) as AgentBuilderUpdate });
    // The PATCH answers `{success}`: the agent read again says what is attached now (dashboard changes
    // included). The servers have their own routes: attach what is declared and missing, detach the rest.
    const now = await getBuilder(ctx, id);
    const attached = now.mcpServers;
    const wanted = news.mcpServers ?? [];
    const changes = [
      ["addAgentMcpServers", wanted.filter((s) => !attached.includes(s))],
      ["removeAgentMcpServers", attached.filter((s) => !wanted.includes(s))],
    ] as const;
    for (const [route, slugs] of changes)
      for (let i = 0; i < slugs.length; i += LIMITS.tags)
        await ctx
          .chat()
          .call(route, { params: { uid: id }, body: { mcps: slugs.slice(i, i + LIMITS.tags) } });
    return { uid: now.uid, createdAt: toSeconds(now.createdAt) };
  },
  async delete(ctx, id) {
    await ctx.chat().call("deleteBuilderAgent", { params: { uid: id } });
  },
  list: builderByName.list,
  made: builderByName.made,
  find: builderByName.find,
};

// ---- bring-your-own agents --------------------------------------------------------------------------------

export const ExternalAgentArgs = z.strictObject({ ...ByoAgentFields, headers: HeadersArg.optional() });
export type ExternalAgentArgs = z.output<typeof ExternalAgentArgs>;

const BYO_FIELDS = ["name", "provider", "deploymentUrl", "agentId", ...PRESENTATION] as const;
const BYO_CLEARED: Args = CLEARED;

/**
 * Arguments as the wire names them: the framework is `integrateWith`, the deployment `integrationMeta`,
 * the description and messages `metaData`.
 */
function byoWire(a: Args): Args {
  const { provider, deploymentUrl, agentId, headers, ...rest } = a;
  return withMetaData(
    defined({
      ...rest,
      integrateWith: provider,
      integrationType: "agent",
      integrationMeta: defined({ baseUrl: deploymentUrl, agentId, headers }),
    }),
    ["description", ...MESSAGES],
  );
}
/** The service's agent with the arguments' names. */
const byoArgs = (r: ByoAgent): Args => ({
  ...r,
  ...fromMetaData(r.metaData, ["description", ...MESSAGES]),
  provider: r.integrateWith,
  deploymentUrl: r.integrationMeta?.baseUrl,
  agentId: r.integrationMeta?.agentId,
});

const byo = family<ExternalAgentArgs, ByoAgent>(
  "external agents",
  "listByoAgents",
  BYO_FIELDS,
  ["icon"],
  byoArgs,
);
const byoByName = byName(byo);
/** No GET of one agent: the listing (shared, else searched by the name, else whole) has it. */
const findByo = async (ctx: Ctx, uid: string, name: unknown) => {
  const named = await byo.all(ctx, typeof name === "string" ? name : undefined);
  return named.find((x) => x.uid === uid) ?? (await byo.all(ctx, undefined)).find((x) => x.uid === uid);
};

export const externalAgent: Kind<ExternalAgentArgs> = {
  name: "ExternalAgent",
  doc: "An agent hosted on another framework (the API's bring-your-own agents: Vercel AI SDK, LangGraph, CrewAI, Mastra, AG2, Agno, AG-UI) that the app's users can chat with. Reconciled by name, which must be unique to be adoptable (like an API key's). Id: the uid the service chooses (a UUID v4).",
  docs: {
    name: "Name, at most 100 characters (unique, to be adoptable and for a killed run's create to be settled).",
    provider: "The framework: vercel-ai-sdk, langgraph, crewai, mastra, ag2, agno or ag-ui.",
    deploymentUrl: "HTTPS URL of the deployment that runs the agent.",
    agentId: "The agent's id inside the deployment (e.g. a LangGraph graph name), at most 100 characters.",
    headers: headersDoc,
    ...presentationDocs,
  },
  outputs: agentOutputs,
  api: "chat",
  args: ExternalAgentArgs,
  replaceOn: [],
  defaults: { isActive: true },
  secrets: ["headers"],
  file: { at: ["externalAgents"], child: "external-agent", key: "name", secretRefs: { headers: "headers" } },

  async create(ctx, a) {
    const body = byoWire(defined(a)) as ByoAgentCreate;
    const r = await ctx.chat().call("createByoAgent", { body });
    return { id: r.data.uid, state: { uid: r.data.uid, createdAt: r.data.createdAt } };
  },
  async read(ctx, id, prior, how) {
    const r = await ctx.listed({ api: "chat", route: "listByoAgents", key: "uid" }, id, () =>
      findByo(ctx, id, prior.name),
    );
    return r ? byo.asRead(r, prior, how?.whole === true) : undefined;
  },
  async update(ctx, id, olds, news) {
    const fields: Args = {
      name: news.name,
      provider: news.provider,
      deploymentUrl: news.deploymentUrl,
      ...patchOf(news, BYO_CLEARED, byo.unclearable),
    };
    // The agent id and the headers are sent where declared, or emptied where they were: where the headers go
    // is a guess (decision 0102), and headers set in the dashboard cannot be read to be kept.
    for (const [k, empty] of [
      ["agentId", ""],
      ["headers", {}],
    ] as const)
      fields[k] = news[k] ?? (olds[k] !== undefined ? empty : undefined);
    await ctx.chat().call("updateByoAgent", { params: { uid: id }, body: byoWire(fields) as ByoAgentUpdate });
    // The PATCH answers `{success}` alone: the listing says when the agent was made.
    const now = await findByo(ctx, id, news.name);
    if (!now) throw new Error(`ExternalAgent ${id} is gone`);
    return { uid: now.uid, createdAt: now.createdAt };
  },
  async delete(ctx, id) {
    await ctx.chat().call("deleteByoAgent", { params: { uid: id } });
  },
  list: byoByName.list,
  made: byoByName.made,
  find: byoByName.find,
};

// ---- MCP servers ------------------------------------------------------------------------------------------

export const McpServerArgs = McpServerCreate.extend({ headers: HeadersArg.optional() });
export type McpServerArgs = z.output<typeof McpServerArgs>;

const MCP_FIELDS = ["slug", "name", "url", "description", "icon"] as const;
/** Like an agent's icon, a server's cannot be emptied by a PATCH: managed only while declared. */
const MCP_UNCLEARABLE = ["icon"];
/** Servers a page of the listing asks for. */
const MCP_PAGE = 100;

const mcpOutputs = z.object({
  createdAt: createdAt.createdAt
    .optional()
    .describe(
      "Unix seconds; absent in the state of a server that release 0.1.0 adopted (it could not read one).",
    ),
});

/** A server as arguments (its headers are never answered: the state keeps them, as for every secret). */
function mcpAsRead(m: McpServer, prior: Args, whole: boolean) {
  const managed = MCP_FIELDS.filter((k) => !MCP_UNCLEARABLE.includes(k) || whole || prior[k] !== undefined);
  return {
    args: fromRemote(m, managed) as McpServerArgs,
    state: { createdAt: toSeconds(m.createdAt) },
  };
}

export const mcpServer: Kind<McpServerArgs> = {
  name: "McpServer",
  doc: "An MCP server the agent builder's agents may call (AiAgent's mcpServers). The API has no route to delete one: destroy LEAVES the server in the app (remove it in the dashboard). Id: the slug.",
  docs: {
    slug: "Caller-chosen id, unique in the app: letters, digits, '-', '_', at most 100. Changing it makes a new server and leaves the old one.",
    name: "Name, at most 100 characters.",
    url: "HTTPS URL of the server.",
    description: "Description, at most 255 characters.",
    icon: "URL of the server's icon. The API cannot clear it: removing it leaves the server's icon, no longer managed.",
    headers: headersDoc,
  },
  outputs: mcpOutputs,
  api: "chat",
  args: McpServerArgs,
  replaceOn: ["slug"],
  identity: ["slug"],
  secrets: ["headers"],
  file: { at: ["mcpServers"], child: "mcp-server", secretRefs: { headers: "headers" } },

  async create(ctx, a) {
    const r = await ctx.chat().call("createMcpServer", { body: defined(a) as McpServerArgs });
    return { id: r.data.slug, state: { createdAt: toSeconds(r.data.createdAt) } };
  },
  async read(ctx, id, prior, how) {
    const r = await ctx.chat().call("getMcpServer", { params: { slug: id } });
    return mcpAsRead(r.data, prior, how?.whole === true);
  },
  async update(ctx, id, olds, news) {
    const body: Args = {
      name: news.name,
      url: news.url,
      ...patchOf(news, { description: "" }, MCP_UNCLEARABLE),
    };
    // Headers are sent only where declared, or emptied where they were: the vendor's spec does not name them.
    if (news.headers !== undefined) body.headers = news.headers;
    else if (olds.headers !== undefined) body.headers = {};
    const r = await ctx
      .chat()
      .call("updateMcpServer", { params: { slug: id }, body: body as McpServerUpdate });
    return { createdAt: toSeconds(r.data.createdAt) };
  },
  async delete() {
    // No delete route: the server stays in the app (the kind's doc says so, decision 0090).
  },
  async find(ctx, a) {
    try {
      return { id: a.slug, args: (await mcpServer.read(ctx, a.slug, a))?.args ?? a };
    } catch (e) {
      if (isNotFound(e)) return undefined;
      throw e;
    }
  },
  /** A cursor listing (oldest first): each page after the newest `createdAt` of the one before. */
  async list(ctx, _scope, progress) {
    const seen = new Map<string, McpServer>();
    let after: number | undefined;
    for (;;) {
      const query = {
        limit: MCP_PAGE,
        ...(after === undefined ? {} : { affix: "append" as const, createdAt: after }),
      };
      const answer = await ctx.chat().call("listMcpServers", { query });
      const page = answer.data;
      const fresh = page.filter((m) => !seen.has(m.slug));
      for (const m of fresh) seen.set(m.slug, m);
      progress?.(seen.size);
      // Only an empty page, or one with nothing new, ends the walk: a service may cap `limit` lower.
      if (page.length === 0 || fresh.length === 0) break;
      // The service's cursor when it gives one; else from just before the newest time, so that servers of
      // the same millisecond across the page's edge are read (the slugs seen are kept once).
      const next = (answer as { meta?: { next?: { createdAt?: unknown } } }).meta?.next?.createdAt;
      after = typeof next === "number" ? next : Math.max(...page.map((m) => m.createdAt)) - 1;
    }
    progress?.(seen.size, seen.size);
    return sortedById([...seen.values()].map((m) => ({ id: m.slug, ...mcpAsRead(m, {}, true) })));
  },
};

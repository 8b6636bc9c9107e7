// AI agents (docs/service/bots-agents-and-social.md, decision 0090): the agent builder's agents
// (AiAgent) and the MCP servers they call (McpServer), and agents brought from another framework
// (ExternalAgent, the API's "bring your own"). Agents get a uid from the service: like API keys they are
// reconciled by a name that must be unique to adopt them, and a killed run's create is settled by name (made).
// MCP servers are named by the caller's slug, but the API can only create them: no read, list, change or
// delete (decision 0090 says what the kind does about each).
import { z } from "zod";
import {
  type AgentBuilderAgent,
  AgentBuilderCreate,
  AgentHeaders,
  type ByoAgent,
  ByoAgentCreate,
  jsonText,
  LIMITS,
  McpServerCreate,
} from "../api";
import { ChatApiError } from "../client";
import { backoff, DEFAULT_RETRY, isLost } from "../client/retry";
import { type Args, type Ctx, createdAt, type Kind, type Listed, type Made, type Progress } from "./kind";
import { collect, defined, fromRemote, hasCode, sortedById } from "./util";

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

/** The agents `route` lists, read as `fields` (`unclearable` ones only while managed). */
function family<A extends Args, R extends AgentRecord>(
  what: string,
  route: "listBuilderAgents" | "listByoAgents",
  fields: readonly string[],
  unclearable: readonly string[],
): Family<A, R> {
  return {
    what,
    unclearable,
    all: (ctx, name, progress) =>
      collect(
        ctx.chat().paginate(route, { query: query(name) }) as AsyncIterable<R>,
        LIMITS.perPageMax,
        progress,
      ),
    asRead: (r, prior, whole) => ({
      args: argsOf(r, fields, unclearable, prior, whole) as unknown as A,
      state: { uid: r.uid, createdAt: r.createdAt },
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
        createdAt: r.createdAt,
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

const query = (name: string | undefined) => ({
  perPage: LIMITS.perPageMax,
  ...(name ? { searchKey: name } : {}),
});

// ---- agent builder agents ---------------------------------------------------------------------------------

export const AiAgentArgs = AgentBuilderCreate;
export type AiAgentArgs = z.output<typeof AiAgentArgs>;

const BUILDER_FIELDS = [
  "name",
  ...PRESENTATION,
  "instructions",
  "model",
  "temperature",
  "mcpServers",
] as const;
const BUILDER_CLEARED: Args = { ...CLEARED, instructions: "", model: "" };

const builder = family<AiAgentArgs, AgentBuilderAgent>("AI agents", "listBuilderAgents", BUILDER_FIELDS, [
  "icon",
  "temperature",
]);
const builderByName = byName(builder);

export const aiAgent: Kind<AiAgentArgs> = {
  name: "AiAgent",
  doc: "An agent of the agent builder: instructions, model and the MCP servers it may call. Reconciled by name, which must be unique to be adoptable (like an API key's). Id: the uid the service chooses (a UUID v4).",
  docs: {
    name: "Name, at most 100 characters (unique, to be adoptable and for a killed run's create to be settled).",
    ...presentationDocs,
    instructions: "What the agent is told to do (its system prompt).",
    model: "The model it runs on, e.g. gpt-4o.",
    temperature:
      "Sampling temperature, 0 to 2. The API cannot clear it: removing it leaves the agent's value, no longer managed.",
    mcpServers:
      "Slugs of the MCP servers it may call (a set; each must exist: declare them as McpServer resources and pass their `slug` output). The API can attach servers but not detach them, so any change makes a new agent (a new uid) with exactly these servers.",
  },
  outputs: agentOutputs,
  api: "chat",
  args: AiAgentArgs,
  replaceOn: ["mcpServers"],
  sets: ["mcpServers"],
  defaults: { isActive: true },
  file: { at: ["aiAgents"], child: "ai-agent", key: "name" },

  async create(ctx, a) {
    const r = await ctx.chat().call("createBuilderAgent", { body: defined(a) as AiAgentArgs });
    return { id: r.data.uid, state: { uid: r.data.uid, createdAt: r.data.createdAt } };
  },
  async read(ctx, id, prior, how) {
    const r = await ctx.listed(
      { api: "chat", route: "listBuilderAgents", key: "uid" },
      id,
      async () => (await ctx.chat().call("getBuilderAgent", { params: { uid: id } })).data,
    );
    return builder.asRead(r, prior, how?.whole === true);
  },
  async update(ctx, id, _olds, news) {
    const body = { name: news.name, ...patchOf(news, BUILDER_CLEARED, builder.unclearable) };
    const r = await ctx.chat().call("updateBuilderAgent", { params: { uid: id }, body });
    return { uid: r.data.uid, createdAt: r.data.createdAt };
  },
  async delete(ctx, id) {
    await ctx.chat().call("deleteBuilderAgent", { params: { uid: id } });
  },
  list: builderByName.list,
  made: builderByName.made,
  find: builderByName.find,
};

// ---- bring-your-own agents --------------------------------------------------------------------------------

export const ExternalAgentArgs = ByoAgentCreate.extend({ headers: HeadersArg.optional() });
export type ExternalAgentArgs = z.output<typeof ExternalAgentArgs>;

const BYO_FIELDS = ["name", "provider", "deploymentUrl", "agentId", ...PRESENTATION] as const;
const BYO_CLEARED: Args = { ...CLEARED, agentId: "", headers: {} };

const byo = family<ExternalAgentArgs, ByoAgent>("external agents", "listByoAgents", BYO_FIELDS, ["icon"]);
const byoByName = byName(byo);

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
    const r = await ctx.chat().call("createByoAgent", { body: defined(a) as ExternalAgentArgs });
    return { id: r.data.uid, state: { uid: r.data.uid, createdAt: r.data.createdAt } };
  },
  async read(ctx, id, prior, how) {
    // No GET of one agent: the listing (shared, else searched by the declared name, else whole) has it.
    const r = await ctx.listed({ api: "chat", route: "listByoAgents", key: "uid" }, id, async () => {
      const named = await byo.all(ctx, typeof prior.name === "string" ? prior.name : undefined);
      return named.find((x) => x.uid === id) ?? (await byo.all(ctx, undefined)).find((x) => x.uid === id);
    });
    return r ? byo.asRead(r, prior, how?.whole === true) : undefined;
  },
  async update(ctx, id, _olds, news) {
    const body = {
      name: news.name,
      provider: news.provider,
      deploymentUrl: news.deploymentUrl,
      ...patchOf(news, BYO_CLEARED, byo.unclearable),
    };
    const r = await ctx.chat().call("updateByoAgent", { params: { uid: id }, body });
    return { uid: r.data.uid, createdAt: r.data.createdAt };
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
const MCP_ARGS = Object.keys(McpServerArgs.shape);
/** Attempts of a create whose answers are lost (5xx, timeouts), as the client makes for other routes. */
const MCP_ATTEMPTS = DEFAULT_RETRY.retries + 1;

const mcpOutputs = z.object({
  createdAt: createdAt.createdAt
    .optional()
    .describe("Unix seconds; absent for a server taken over with adopt (the API cannot read it)."),
});

/** A server as the kind keeps it: as declared (the API never answers for it again). */
const asKept = (prior: Args) => ({
  args: Object.fromEntries(
    MCP_ARGS.filter((k) => prior[k] !== undefined).map((k) => [k, prior[k]]),
  ) as McpServerArgs,
  state: defined({ createdAt: prior.createdAt }),
});

export const mcpServer: Kind<McpServerArgs> = {
  name: "McpServer",
  doc: "An MCP server the agent builder's agents may call (AiAgent's mcpServers). The API can only create MCP servers: the resource keeps what it declared (a change in the dashboard is not seen), cannot change one (an update fails: give a new slug), and destroy LEAVES the server in the app (remove it in the dashboard). Id: the slug.",
  docs: {
    slug: "Caller-chosen id, unique in the app: letters, digits, '-', '_', at most 100. Changing it makes a new server and leaves the old one.",
    name: "Name, at most 100 characters. Cannot be changed (no update route).",
    url: "HTTPS URL of the server. Cannot be changed (no update route).",
    description: "Description, at most 255 characters. Cannot be changed (no update route).",
    headers: `${headersDoc} Cannot be changed (no update route).`,
  },
  outputs: mcpOutputs,
  api: "chat",
  args: McpServerArgs,
  replaceOn: ["slug"],
  identity: ["slug"],
  secrets: ["headers"],

  async create(ctx, a) {
    // The client cannot resend a create it cannot read back; here the slug makes a resend safe: after a
    // lost answer, "the slug exists" on the next attempt means the lost one made it.
    for (let attempt = 1; ; attempt++) {
      try {
        const r = await ctx.chat().call("createMcpServer", { body: defined(a) as McpServerArgs });
        return { id: r.data.slug, state: { createdAt: r.data.createdAt } };
      } catch (e) {
        if (attempt > 1 && hasCode(e, "ERR_MCP_SERVER_ALREADY_EXISTS")) return { id: a.slug, state: {} };
        if (attempt >= MCP_ATTEMPTS || !(ChatApiError.isInstance(e) && isLost(e))) throw e;
        await new Promise((done) => setTimeout(done, backoff(DEFAULT_RETRY, attempt)));
      }
    }
  },
  async read(_ctx, id, prior) {
    if (prior.slug === undefined)
      throw new Error(
        `McpServer "${id}" cannot be imported: the API has no route to read an MCP server. Declare it as it is with adopt: true instead`,
      );
    return asKept(prior);
  },
  async update(_ctx, id) {
    throw new Error(
      `McpServer "${id}" cannot be changed: the API has no route to change an MCP server. Declare it as it is, or give a new slug (a new server; the old one stays in the app until removed in the dashboard)`,
    );
  },
  async delete() {
    // No delete route: the server stays in the app (the kind's doc says so, decision 0090).
  },
  /** adopt: true creates the server, or takes the one of that slug as declared (it cannot be read). */
  async find(ctx, a) {
    try {
      await mcpServer.create(ctx, a);
    } catch (e) {
      if (!hasCode(e, "ERR_MCP_SERVER_ALREADY_EXISTS")) throw e;
    }
    return { id: a.slug, args: a };
  },
  /**
   * Recovery cannot tell whether a killed run made the server (no read route), and must not create it to
   * find out (find does): nothing is settled, and the next up reports an existing slug as a conflict, which
   * adopt: true takes over.
   */
  async made() {
    return [];
  },
};

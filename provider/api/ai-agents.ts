// AI agents: the agent builder's agents and MCP servers, and agents brought from another framework ("bring
// your own", BYO) (docs/service/bots-agents-and-social.md). Agents get a uid from the service; MCP servers are
// named by the caller's slug. Headers sent to an agent or an MCP server are credentials, marked `secret()`.
import { z } from "zod";
import {
  Ack,
  boundedString,
  chatId,
  dataOf,
  dataOrBare,
  LIMITS,
  oneOf,
  PageQuery,
  pageOf,
  Timestamp,
  Url,
} from "./common";
import { route } from "./route";
import { secret } from "./secret";

const agentName = z
  .string()
  .trim()
  .min(1, "name must not be empty")
  .max(LIMITS.agentNameLength, `name must be at most ${LIMITS.agentNameLength} characters`);

const httpsUrl = (what: string) =>
  Url(what).refine((u) => u.startsWith("https://"), { message: `${what} must be an https URL` });

/** Headers the service sends with each call to the agent or server (e.g. an Authorization): credentials. */
export const AgentHeaders = secret(z.record(z.string().min(1, "a header needs a name"), z.string()));

const presentation = {
  description: boundedString("description", LIMITS.descriptionLength).optional(),
  icon: Url("icon").optional(),
  greetingMessage: boundedString("greetingMessage", LIMITS.descriptionLength * 4).optional(),
  introductoryMessage: boundedString("introductoryMessage", LIMITS.descriptionLength * 4).optional(),
  suggestedMessages: z
    .array(boundedString("a suggested message", LIMITS.descriptionLength))
    .max(LIMITS.tags, `at most ${LIMITS.tags} suggested messages`)
    .optional(),
  isActive: z.boolean().optional(),
};

// ---- MCP servers (agent builder) -------------------------------------------------------------------------

/** The caller's id of an MCP server, unique per app (docs/service/bots-agents-and-social.md). */
export const McpSlug = chatId("slug");

const mcpFields = {
  name: agentName,
  url: httpsUrl("url"),
  description: presentation.description,
  icon: Url("icon").optional(),
  /** Not in the vendor's spec (decision 0090): sent as declared, never answered. */
  headers: AgentHeaders.optional(),
};
export const McpServerCreate = z.strictObject({ slug: McpSlug, ...mcpFields });
export type McpServerCreate = z.input<typeof McpServerCreate>;
/** PATCH changes the fields it is given; the slug is the server's name in the path. */
export const McpServerUpdate = z.strictObject({
  ...mcpFields,
  name: mcpFields.name.optional(),
  url: mcpFields.url.optional(),
});
export type McpServerUpdate = z.input<typeof McpServerUpdate>;

/** The service's times for MCP servers are milliseconds (the vendor's examples); `toSeconds` reads either. */
export const McpServer = z.looseObject({
  slug: z.string(),
  name: z.string(),
  url: z.string(),
  description: z.string().optional(),
  icon: z.string().optional(),
  createdAt: Timestamp,
  updatedAt: Timestamp.optional(),
});
export type McpServer = z.infer<typeof McpServer>;

/** A cursor list: `limit` a page, `affix=append` with the last `createdAt` seen for the next one. */
export const McpServerListQuery = z.object({
  limit: z.coerce
    .number()
    .int()
    .min(1, "limit must be at least 1")
    .max(LIMITS.perPageMax, `limit must be at most ${LIMITS.perPageMax}`)
    .optional(),
  affix: z.enum(["append", "prepend"]).optional(),
  createdAt: z.coerce.number().int().optional(),
});
export type McpServerListQuery = z.input<typeof McpServerListQuery>;

// ---- agent builder agents --------------------------------------------------------------------------------

/** Sampling temperature: the vendor keeps it in the agent's `modelMetaData`. */
export const Temperature = z
  .number()
  .min(0, "temperature must be at least 0")
  .max(2, "temperature must be at most 2");
const prompt = (what: string) => boundedString(what, LIMITS.bodyBytes);
const model = boundedString("model", LIMITS.nameLength);

export const McpServerSlugs = z
  .array(McpSlug)
  .min(1, "mcpServers must name at least one server")
  .max(LIMITS.tags, `at most ${LIMITS.tags} MCP servers`);

/**
 * An agent as a declaration names it (AiAgent's arguments): its prompt is `instructions` and its
 * temperature a field of its own; `builderWire` in provider/resources/ai-agents.ts maps it to the wire.
 */
export const AgentBuilderFields = {
  name: agentName,
  ...presentation,
  instructions: prompt("instructions").optional(),
  model: model.optional(),
  temperature: Temperature.optional(),
  mcpServers: McpServerSlugs.optional(),
};

// The wire (docs/service/bots-agents-and-social.md, S30): the prompt is `instruction`, the temperature is in
// `modelMetaData`. The presentation fields beyond name, icon, description and isActive are ours (GUESS).
const builderWire = {
  name: agentName,
  ...presentation,
  instruction: prompt("instruction").optional(),
  model: model.optional(),
  modelMetaData: z.strictObject({ temperature: Temperature.optional() }).optional(),
};
export const AgentBuilderCreate = z.strictObject({ ...builderWire, mcpServers: McpServerSlugs.optional() });
export type AgentBuilderCreate = z.input<typeof AgentBuilderCreate>;
/**
 * PATCH changes the given fields. It takes `mcpServers` too (S30), whose meaning (the whole set?) the vendor
 * does not say: AiAgent changes servers with the documented add and remove routes instead.
 */
export const AgentBuilderUpdate = z.strictObject({
  ...builderWire,
  name: builderWire.name.optional(),
  mcpServers: McpServerSlugs.optional(),
});
export type AgentBuilderUpdate = z.input<typeof AgentBuilderUpdate>;
/** The servers to attach to (or detach from) an agent: the body of `mcp/add` and `mcp/remove`. */
export const AgentMcpServersBody = z.strictObject({ mcps: McpServerSlugs });

export const AgentBuilderAgent = z.looseObject({
  uid: z.string(),
  name: z.string(),
  description: z.string().optional(),
  instruction: z.string().optional(),
  model: z.string().optional(),
  modelMetaData: z.looseObject({ temperature: z.number().optional() }).optional(),
  mcpServers: z.array(z.string()).default([]),
  isActive: z.boolean(),
  createdAt: Timestamp,
  updatedAt: Timestamp.optional(),
});
export type AgentBuilderAgent = z.infer<typeof AgentBuilderAgent>;

// ---- bring-your-own agents -------------------------------------------------------------------------------

/** The frameworks the vendor names for BYO agents (decision 0090 for the spelling). */
export const BYO_PROVIDERS = [
  "vercel-ai-sdk",
  "langgraph",
  "crewai",
  "mastra",
  "ag2",
  "agno",
  "ag-ui",
] as const;
export const ByoProvider = oneOf(BYO_PROVIDERS, "provider");

const byoFields = {
  name: agentName,
  provider: ByoProvider,
  deploymentUrl: httpsUrl("deploymentUrl"),
  /** The agent's id inside the caller's deployment (e.g. a LangGraph graph name). */
  agentId: boundedString("agentId", LIMITS.idLength).optional(),
  headers: AgentHeaders.optional(),
  ...presentation,
};
export const ByoAgentCreate = z.strictObject(byoFields);
export type ByoAgentCreate = z.input<typeof ByoAgentCreate>;
export const ByoAgentUpdate = z.strictObject({
  ...byoFields,
  name: byoFields.name.optional(),
  provider: byoFields.provider.optional(),
  deploymentUrl: byoFields.deploymentUrl.optional(),
});
export type ByoAgentUpdate = z.input<typeof ByoAgentUpdate>;

export const ByoAgent = z.looseObject({
  uid: z.string(),
  name: z.string(),
  provider: z.string(),
  deploymentUrl: z.string(),
  agentId: z.string().optional(),
  isActive: z.boolean(),
  createdAt: Timestamp,
  updatedAt: Timestamp.optional(),
});
export type ByoAgent = z.infer<typeof ByoAgent>;

export const AgentListQuery = PageQuery.extend({ searchKey: z.string().optional() });

const BUILDER = "/ai-agents/agent-builder";

export const aiAgentRoutes = {
  createBuilderAgent: route({
    api: "chat",
    method: "POST",
    path: `${BUILDER}/agents`,
    body: AgentBuilderCreate,
    response: dataOrBare(AgentBuilderAgent, "agent"),
  }),
  listBuilderAgents: route({
    api: "chat",
    method: "GET",
    path: `${BUILDER}/agents`,
    query: AgentListQuery,
    response: pageOf(AgentBuilderAgent),
  }),
  getBuilderAgent: route({
    api: "chat",
    method: "GET",
    path: `${BUILDER}/agents/:uid`,
    response: dataOrBare(AgentBuilderAgent, "agent"),
  }),
  /** Answered `{success}` alone (S30): the agent is read again for what it holds. */
  updateBuilderAgent: route({
    api: "chat",
    method: "PATCH",
    path: `${BUILDER}/agents/:uid`,
    body: AgentBuilderUpdate,
    response: z.looseObject({ success: z.boolean().optional() }),
  }),
  deleteBuilderAgent: route({
    api: "chat",
    method: "DELETE",
    path: `${BUILDER}/agents/:uid`,
    response: dataOf(Ack),
  }),
  createMcpServer: route({
    api: "chat",
    method: "POST",
    path: `${BUILDER}/mcp-servers`,
    body: McpServerCreate,
    response: dataOrBare(McpServer),
  }),
  listMcpServers: route({
    api: "chat",
    method: "GET",
    path: `${BUILDER}/mcp-servers`,
    query: McpServerListQuery,
    response: dataOrBare(z.array(McpServer)),
  }),
  getMcpServer: route({
    api: "chat",
    method: "GET",
    path: `${BUILDER}/mcp-servers/:slug`,
    response: dataOrBare(McpServer),
  }),
  updateMcpServer: route({
    api: "chat",
    method: "PATCH",
    path: `${BUILDER}/mcp-servers/:slug`,
    body: McpServerUpdate,
    response: dataOrBare(McpServer),
  }),
  addAgentMcpServers: route({
    api: "chat",
    method: "PATCH",
    path: `${BUILDER}/agents/:uid/mcp/add`,
    body: AgentMcpServersBody,
    response: dataOf(AgentBuilderAgent),
  }),
  removeAgentMcpServers: route({
    api: "chat",
    method: "PATCH",
    path: `${BUILDER}/agents/:uid/mcp/remove`,
    body: AgentMcpServersBody,
    response: dataOf(AgentBuilderAgent),
  }),
  createByoAgent: route({
    api: "chat",
    method: "POST",
    path: "/ai-agents/agents",
    body: ByoAgentCreate,
    response: dataOrBare(ByoAgent, "agent"),
  }),
  listByoAgents: route({
    api: "chat",
    method: "GET",
    path: "/ai-agents/agents",
    query: AgentListQuery,
    response: pageOf(ByoAgent),
  }),
  updateByoAgent: route({
    api: "chat",
    method: "PATCH",
    path: "/ai-agents/agents/:uid",
    body: ByoAgentUpdate,
    response: dataOf(ByoAgent),
  }),
  deleteByoAgent: route({
    api: "chat",
    method: "DELETE",
    path: "/ai-agents/agents/:uid",
    response: dataOf(Ack),
  }),
} as const;

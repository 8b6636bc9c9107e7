// AI agents: the agent builder's agents and MCP servers, and agents brought from another framework ("bring
// your own", BYO) (docs/service/bots-agents-and-social.md). Agents get a uid from the service; MCP servers are
// named by the caller's slug. Headers sent to an agent or an MCP server are credentials, marked `secret()`.
import { z } from "zod";
import {
  Ack,
  boundedString,
  CursorQuery,
  chatId,
  cursorPageOf,
  dataOf,
  dataOrBare,
  LIMITS,
  oneOf,
  PageQuery,
  pageOrBare,
  ServiceTime,
  Timestamp,
  Url,
} from "./common";
import * as ENUMS from "./generated/enums";
import { OPERATIONS } from "./generated/routes";
import { route } from "./route";
import { secret } from "./secret";

const agentName = z
  .string()
  .trim()
  .min(1, "name must not be empty")
  .max(LIMITS.agentNameLength, `name must be at most ${LIMITS.agentNameLength} characters`);

const httpsUrl = (what: string) =>
  Url(what).refine((u) => u.startsWith("https://"), { message: `${what} must be an https URL` });
/** An MCP server's URL: https, or http on this machine (the vendor's own example is http://localhost). */
const serverUrl = (what: string) =>
  Url(what).refine((u) => u.startsWith("https://") || isLoopbackHttp(u), {
    message: `${what} must be an https URL (http only for localhost)`,
  });
const isLoopbackHttp = (u: string) => /^http:\/\/(localhost|127\.0\.0\.1|\[::1\])(:\d+)?(\/|$)/i.test(u);

/** Headers the service sends with each call to the agent or server (e.g. an Authorization): credentials. */
export const AgentHeaders = secret(z.record(z.string().min(1, "a header needs a name"), z.string()));

const description = boundedString("description", LIMITS.descriptionLength).optional();
/** What the vendor keeps in an agent's `metaData` (S27 documents it for BYO agents; builder agents alike). */
const messages = {
  greetingMessage: boundedString("greetingMessage", LIMITS.descriptionLength * 4).optional(),
  introductoryMessage: boundedString("introductoryMessage", LIMITS.descriptionLength * 4).optional(),
  suggestedMessages: z
    .array(boundedString("a suggested message", LIMITS.descriptionLength))
    .max(LIMITS.tags, `at most ${LIMITS.tags} suggested messages`)
    .optional(),
};
/** An agent's presentation as a declaration names it: flat. */
const presentation = {
  description,
  icon: Url("icon").optional(),
  ...messages,
  isActive: z.boolean().optional(),
};
/** An agent's `metaData` as the service answers it (other keys a dashboard may add are kept). */
const AgentMetaData = z.looseObject({
  description: z.string().optional(),
  greetingMessage: z.string().optional(),
  introductoryMessage: z.string().optional(),
  suggestedMessages: z.array(z.string()).optional(),
});

// ---- MCP servers (agent builder) -------------------------------------------------------------------------

/** The caller's id of an MCP server, unique per app (docs/service/bots-agents-and-social.md). */
export const McpSlug = chatId("slug");

const mcpFields = {
  name: agentName,
  url: serverUrl("url"),
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

/** Servers page by cursor (S30). */
export const McpServerListQuery = CursorQuery;
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
 * temperature a field of its own; `builderWire` in kinds/ai-agents.ts maps it to the wire.
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
// `modelMetaData`, the messages in `metaData` (as S27 has them for BYO agents: a GUESS for these).
const builderWire = {
  name: agentName,
  description,
  icon: presentation.icon,
  isActive: presentation.isActive,
  instruction: prompt("instruction").optional(),
  model: model.optional(),
  modelMetaData: z.strictObject({ temperature: Temperature.optional() }).optional(),
  metaData: z.strictObject(messages).optional(),
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
  modelMetaData: z.looseObject({ temperature: z.number().optional() }).nullish(),
  metaData: AgentMetaData.nullish(),
  mcpServers: z.array(z.string()).default([]),
  isActive: z.boolean(),
  createdAt: ServiceTime,
  updatedAt: ServiceTime.optional(),
});
export type AgentBuilderAgent = z.output<typeof AgentBuilderAgent>;

// ---- bring-your-own agents -------------------------------------------------------------------------------

/** The frameworks the vendor names for BYO agents (decision 0090 for the spelling). */
export const BYO_PROVIDERS = ENUMS.ByoProvider;
export const ByoProvider = oneOf(BYO_PROVIDERS, "provider");

/** A BYO agent as a declaration names it (ExternalAgent's arguments): flat. */
export const ByoAgentFields = {
  name: agentName,
  provider: ByoProvider,
  deploymentUrl: httpsUrl("deploymentUrl"),
  /** The agent's id inside the caller's deployment (e.g. a LangGraph graph name). */
  agentId: boundedString("agentId", LIMITS.idLength).optional(),
  headers: AgentHeaders.optional(),
  ...presentation,
};

// The wire (S27): the framework is `integrateWith`, the deployment `integrationMeta` (its `baseUrl` and
// `agentId`; the headers there too, a GUESS), the presentation beyond name, icon and isActive `metaData`.
const byoWire = {
  name: agentName,
  icon: presentation.icon,
  isActive: presentation.isActive,
  integrateWith: ByoProvider,
  integrationType: z.literal("agent"),
  integrationMeta: z.strictObject({
    baseUrl: ByoAgentFields.deploymentUrl,
    agentId: ByoAgentFields.agentId,
    headers: AgentHeaders.optional(),
  }),
  metaData: z.strictObject({ description, ...messages }).optional(),
};
export const ByoAgentCreate = z.strictObject(byoWire);
export type ByoAgentCreate = z.input<typeof ByoAgentCreate>;
export const ByoAgentUpdate = z.strictObject({
  ...byoWire,
  name: byoWire.name.optional(),
  integrateWith: byoWire.integrateWith.optional(),
  integrationType: byoWire.integrationType.optional(),
  integrationMeta: byoWire.integrationMeta.optional(),
});
export type ByoAgentUpdate = z.input<typeof ByoAgentUpdate>;

/** Times are ISO strings here (S27), milliseconds for builder agents: `ServiceTime` reads both as seconds. */
export const ByoAgent = z.looseObject({
  uid: z.string(),
  name: z.string(),
  icon: z.string().optional(),
  integrateWith: z.string(),
  integrationMeta: z
    .looseObject({ baseUrl: z.string().optional(), agentId: z.string().optional() })
    .nullish(),
  metaData: AgentMetaData.nullish(),
  isActive: z.boolean(),
  createdAt: ServiceTime,
  updatedAt: ServiceTime.optional(),
});
export type ByoAgent = z.output<typeof ByoAgent>;

export const AgentListQuery = PageQuery.extend({ searchKey: z.string().optional() });
/** Agents page by cursor (S30), and `search` narrows them by name, description or uid. */
export const BuilderListQuery = CursorQuery.extend({ search: z.string().optional() });

export const aiAgentRoutes = {
  createBuilderAgent: route({
    ...OPERATIONS.createBuilderAgent,
    body: AgentBuilderCreate,
    response: dataOrBare(AgentBuilderAgent, "agent"),
  }),
  listBuilderAgents: route({
    ...OPERATIONS.listBuilderAgents,
    query: BuilderListQuery,
    response: cursorPageOf(AgentBuilderAgent),
  }),
  getBuilderAgent: route({ ...OPERATIONS.getBuilderAgent, response: dataOrBare(AgentBuilderAgent, "agent") }),
  /** Answered `{success}` alone (S30): the agent is read again for what it holds. */
  updateBuilderAgent: route({
    ...OPERATIONS.updateBuilderAgent,
    body: AgentBuilderUpdate,
    response: z.looseObject({ success: z.boolean().optional() }),
  }),
  deleteBuilderAgent: route({ ...OPERATIONS.deleteBuilderAgent, response: dataOf(Ack) }),
  createMcpServer: route({
    ...OPERATIONS.createMcpServer,
    body: McpServerCreate,
    response: dataOrBare(McpServer),
  }),
  listMcpServers: route({
    ...OPERATIONS.listMcpServers,
    query: McpServerListQuery,
    response: dataOrBare(z.array(McpServer)),
  }),
  getMcpServer: route({ ...OPERATIONS.getMcpServer, response: dataOrBare(McpServer) }),
  updateMcpServer: route({
    ...OPERATIONS.updateMcpServer,
    body: McpServerUpdate,
    response: dataOrBare(McpServer),
  }),
  addAgentMcpServers: route({
    ...OPERATIONS.addAgentMcpServers,
    body: AgentMcpServersBody,
    response: dataOf(AgentBuilderAgent),
  }),
  removeAgentMcpServers: route({
    ...OPERATIONS.removeAgentMcpServers,
    body: AgentMcpServersBody,
    response: dataOf(AgentBuilderAgent),
  }),
  createByoAgent: route({
    ...OPERATIONS.createByoAgent,
    body: ByoAgentCreate,
    response: dataOrBare(ByoAgent, "agent"),
  }),
  /** Answered as a bare array (S27): read as one page. */
  listByoAgents: route({
    ...OPERATIONS.listByoAgents,
    query: AgentListQuery,
    response: pageOrBare(ByoAgent),
  }),
  /** Answered `{success}` alone (S27). */
  updateByoAgent: route({
    ...OPERATIONS.updateByoAgent,
    body: ByoAgentUpdate,
    response: z.looseObject({ success: z.boolean().optional() }),
  }),
  deleteByoAgent: route({ ...OPERATIONS.deleteByoAgent, response: dataOf(Ack) }),
} as const;

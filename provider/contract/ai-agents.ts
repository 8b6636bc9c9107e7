// AI agents: the agent builder's agents and MCP servers, and agents brought from another framework ("bring
// your own", BYO) (docs/service/bots-agents-and-social.md). Agents get a uid from the service; MCP servers are
// named by the caller's slug. Headers sent to an agent or an MCP server are credentials, marked `secret()`.
// The schemas are generated from the document (provider/contract/generated/schemas.ts); this file names them, and
// builds the declarations' flat fields (AiAgent's and ExternalAgent's arguments) from the wire's.
import type { z } from "zod";
import { boundedString, LIMITS } from "./common";
import * as ENUMS from "./generated/enums";
import * as G from "./generated/schemas";
import { ROUTE_SCHEMAS as S } from "./generated/schemas";
import { apiToolBasicAuthPassword, apiToolBasicAuthUsername } from "./rules";

/** Headers the service sends with each call to the agent or server (e.g. an Authorization): credentials. */
export const AgentHeaders = G.AgentHeaders;

// ---- MCP servers (agent builder) -------------------------------------------------------------------------

/** The caller's id of an MCP server, unique per app (docs/service/bots-agents-and-social.md). */
export const McpSlug = G.McpSlug;

/** `headers` is not in the vendor's spec (decision 0090): sent as declared, never answered. */
export const McpServerCreate = G.McpServerCreate;
export type McpServerCreate = z.input<typeof McpServerCreate>;
/** PATCH changes the fields it is given; the slug is the server's name in the path. */
export const McpServerUpdate = G.McpServerUpdate;
export type McpServerUpdate = z.input<typeof McpServerUpdate>;

/** The service's times for MCP servers are milliseconds (the vendor's examples); `toSeconds` reads either. */
export const McpServer = G.McpServer;
export type McpServer = z.infer<typeof McpServer>;

/** Servers page by cursor (S30). */
export const McpServerListQuery = S.listMcpServers.query;
export type McpServerListQuery = z.input<typeof McpServerListQuery>;

// ---- agent builder agents --------------------------------------------------------------------------------

/** Sampling temperature and the answer's token cap: the vendor keeps both in the agent's `modelMetaData`. */
export const Temperature = G.Temperature;
export const MaxTokens = G.MaxTokens;
export const McpServerSlugs = G.McpServerSlugs;

// The wire (docs/service/bots-agents-and-social.md, S30, S48): the prompt is `instruction`, the temperature
// and the token cap are in `modelMetaData`, the messages in `metaData` (as S27 has them for BYO agents: a
// GUESS for these).
const builderWire = G.AgentBuilderCreate.shape;
/** What the vendor keeps in an agent's `metaData` (S27 documents it for BYO agents; builder agents alike). */
const messages = builderWire.metaData.unwrap().shape;
/** An agent's presentation as a declaration names it: flat. */
const presentation = {
  description: builderWire.description,
  icon: builderWire.icon,
  ...messages,
  isActive: builderWire.isActive,
};

/**
 * An agent as a declaration names it (AiAgent's arguments): its prompt is `instructions`, its temperature
 * and token cap fields of their own; `builderWire` in kinds/ai-agents.ts maps it to the wire.
 */
export const AgentBuilderFields = {
  name: builderWire.name,
  ...presentation,
  instructions: boundedString("instructions", LIMITS.bodyBytes).optional(),
  model: builderWire.model,
  temperature: Temperature.optional(),
  maxTokens: MaxTokens.optional(),
  mcpServers: McpServerSlugs.optional(),
  tools: G.ToolSlugs.optional(),
  apiTools: G.ApiToolSlugs.optional(),
  frontendActions: G.TriggerFunctions.optional(),
  knowledgeSources: G.KnowledgeSourceIds.optional(),
  ...G.AgentToolActionsDeclared.shape,
};

export const AgentBuilderCreate = G.AgentBuilderCreate;
export type AgentBuilderCreate = z.input<typeof AgentBuilderCreate>;
/**
 * PATCH changes the given fields. It takes `mcpServers` too (S30), whose meaning (the whole set?) the vendor
 * does not say: AiAgent changes servers with the documented add and remove routes instead.
 */
export const AgentBuilderUpdate = G.AgentBuilderUpdate;
export type AgentBuilderUpdate = z.input<typeof AgentBuilderUpdate>;
/** The servers to attach to (or detach from) an agent: the body of `mcp/add` and `mcp/remove`. */
export const AgentMcpServersBody = G.AgentMcpServersBody;

export const AgentBuilderAgent = G.AgentBuilderAgent;
export type AgentBuilderAgent = z.output<typeof AgentBuilderAgent>;

// ---- custom API tools, frontend actions and tools (agent builder, S35-S37) --------------------------------

/** A parameter the agent fills when it calls a tool or an action. */
export const ToolParameters = G.ToolParameters;
/** A custom API tool on the wire: its headers are JSON text (S35); a credential, as its password. */
export const ApiToolCreate = G.ApiToolCreate;
/**
 * Its fields, for a declaration that names the headers otherwise (an object), and its rule across them. The
 * wire requires `enableBasicAuth` (S48) with no default; a declaration leaving it out means false, as
 * every earlier release sent for it (decision 0117), so recorded stacks keep their value.
 */
export const ApiToolFields = {
  ...G.ApiToolCreate.shape,
  enableBasicAuth: G.ApiToolCreate.shape.enableBasicAuth.default(false),
};
export const apiToolAuthRules = [apiToolBasicAuthUsername, apiToolBasicAuthPassword] as const;
export type ApiToolCreate = z.input<typeof ApiToolCreate>;
export const ApiToolUpdate = G.ApiToolUpdate;
export type ApiToolUpdate = z.input<typeof ApiToolUpdate>;
/** As answered: bare, times in milliseconds, the password never shown (S35). */
export const ApiTool = G.ApiTool;
export type ApiTool = z.output<typeof ApiTool>;
export const FrontendActionCreate = G.FrontendActionCreate;
export type FrontendActionCreate = z.input<typeof FrontendActionCreate>;
export const FrontendActionUpdate = G.FrontendActionUpdate;
export type FrontendActionUpdate = z.input<typeof FrontendActionUpdate>;
/** Named by the service's `_id` in its routes, by its trigger function on an agent (S36). */
export const FrontendAction = G.FrontendAction;
export type FrontendAction = z.output<typeof FrontendAction>;
/**
 * A catalogue tool's actions enabled on an agent, with the tool's connection settings (the vendor's
 * `authMeta`, a credential: marked secret), and what the agent is given as `enabled-items` answers it (S37).
 */
export const AgentToolActionsBody = G.AgentToolActionsBody;
export const AgentToolActionsRemoveBody = G.AgentToolActionsRemoveBody;
export const AgentEnabledItems = G.AgentEnabledItems;
export type AgentEnabledItems = z.output<typeof AgentEnabledItems>;
// ---- knowledge base and variables (agent builder, decision 0113) -----------------------------------------

/** A text entry of the knowledge base (S45): a title and at most 5,000 characters. */
export const KnowledgeTextCreate = G.KnowledgeTextCreate;
export type KnowledgeTextCreate = z.input<typeof KnowledgeTextCreate>;
export const KnowledgeTextUpdate = G.KnowledgeTextUpdate;
export type KnowledgeTextUpdate = z.input<typeof KnowledgeTextUpdate>;
export const KnowledgeText = G.KnowledgeText;
export type KnowledgeText = z.output<typeof KnowledgeText>;
/** A source as the knowledge base's listing shows it (any kind: files, text entries, websites). */
export const KnowledgeRecord = G.KnowledgeRecord;
export type KnowledgeRecord = z.output<typeof KnowledgeRecord>;
/** A file of the knowledge base as a program declares it (S50, decision 0132): a local path or content. */
export const KnowledgeFileDeclared = G.KnowledgeFileDeclared;
export type KnowledgeFileDeclared = z.input<typeof KnowledgeFileDeclared>;
/** The media types the knowledge base takes, and the upload records `uploads/initiate` answers. */
export const KnowledgeFileMimeType = G.KnowledgeFileMimeType;
export type KnowledgeFileMimeType = z.output<typeof KnowledgeFileMimeType>;
export const KnowledgeUploads = G.KnowledgeUploads;
export type KnowledgeUploads = z.output<typeof KnowledgeUploads>;
/** A website crawl of the knowledge base (S46, decision 0137): its URL and options, and the crawl's answer. */
export const KnowledgeWebsiteScrape = G.KnowledgeWebsiteScrape;
export type KnowledgeWebsiteScrape = z.input<typeof KnowledgeWebsiteScrape>;
export const KnowledgeWebsiteCrawl = G.KnowledgeWebsiteCrawl;
export type KnowledgeWebsiteCrawl = z.output<typeof KnowledgeWebsiteCrawl>;
/** The ids of sources attached to (or detached from) an agent: the body of `knowledge-base/{type}/add`. */
export const AgentKnowledgeBody = G.AgentKnowledgeBody;

/** A custom variable (S47): named once, its value from a message's or user's metadata, or a constant. */
export const AgentVariableCreate = G.AgentVariableCreate;
export type AgentVariableCreate = z.input<typeof AgentVariableCreate>;
export const AgentVariableUpdate = G.AgentVariableUpdate;
export type AgentVariableUpdate = z.input<typeof AgentVariableUpdate>;
export const AgentVariable = G.AgentVariable;
export type AgentVariable = z.output<typeof AgentVariable>;

// ---- bring-your-own agents -------------------------------------------------------------------------------

/** The frameworks the vendor names for BYO agents (decision 0090 for the spelling). */
export const BYO_PROVIDERS = ENUMS.ByoProvider;
export const ByoProvider = G.ByoProvider;

// The wire (S27): the framework is `integrateWith`, the deployment `integrationMeta` (its `baseUrl` and
// `agentId`; the headers there too, a GUESS), the presentation beyond name, icon and isActive `metaData`.
const deployment = G.ByoAgentCreate.shape.integrationMeta.shape;

/** A BYO agent as a declaration names it (ExternalAgent's arguments): flat. */
export const ByoAgentFields = {
  name: G.ByoAgentCreate.shape.name,
  provider: ByoProvider,
  deploymentUrl: deployment.baseUrl,
  /** The agent's id inside the caller's deployment (e.g. a LangGraph graph name). */
  agentId: deployment.agentId,
  headers: AgentHeaders.optional(),
  /** The app's BYO tools and actions the agent may use, by name (S27, S48). */
  tools: G.ByoAgentCreate.shape.tools,
  actions: G.ByoAgentCreate.shape.actions,
  ...presentation,
};

export const ByoAgentCreate = G.ByoAgentCreate;
export type ByoAgentCreate = z.input<typeof ByoAgentCreate>;
export const ByoAgentUpdate = G.ByoAgentUpdate;
export type ByoAgentUpdate = z.input<typeof ByoAgentUpdate>;

/** Times are ISO strings here (S27), milliseconds for builder agents: `ServiceTime` reads both as seconds. */
export const ByoAgent = G.ByoAgent;
export type ByoAgent = z.output<typeof ByoAgent>;

export const AgentListQuery = S.listByoAgents.query;
/** Agents page by cursor (S30), and `search` narrows them by name, description or uid. */
export const BuilderListQuery = S.listBuilderAgents.query;

// The answers are read bare or wrapped (`dataOrBare`, `pageOrBare`, `cursorPageOf`: blocks.ts): builder
// agents and BYO agents are created under `agent`, MCP servers answered bare, BYO agents listed as a bare
// array (S27), builder agents by cursor (S30); updates answer `{success}` alone and the agent is read again.

// The knowledge base and custom variables (S45-S47): a text entry answered under `data` (a bare one read
// too), the listing a cursor list whose cursor is a string, variables bare and listed as a bare array.

// AiAgent: an agent of the agent builder, reconciled by name (agent.ts).
import { z } from "zod";
import {
  type AgentBuilderAgent,
  type AgentBuilderCreate,
  AgentBuilderFields,
  type AgentBuilderUpdate,
  DEFAULTS,
  LIMITS,
  toSeconds,
} from "../contract";
import { declare, none, service } from "../engine/fields";
import type { Args, Ctx, Kind } from "../engine/kind";
import { defined } from "../engine/util";
import {
  agentOutputs,
  byName,
  CLEARED,
  family,
  fromMetaData,
  MESSAGES,
  patchOf,
  presentationFacts,
  withMetaData,
} from "./agent";
import { attachedKnowledge, attachKnowledge } from "./agent-knowledge-source";
import {
  attachTools,
  disableToolActions,
  enabledToolActions,
  enableToolActions,
  toolActionFacts,
  toolActionRules,
  toolConnectionRefs,
  toolFacts,
  toolRefs,
} from "./agent-tools";

export const AiAgentArgs = z.strictObject(AgentBuilderFields).superRefine(toolActionRules);
export type AiAgentArgs = z.output<typeof AiAgentArgs>;

/** Read apart: isActive, and a tool's actions (enabled-items) and connection settings (never answered). */
const APART = ["isActive", "toolActions", "toolConnections"];
/** What the service keeps under the arguments' names. */
const BUILDER_FIELDS = Object.keys(AiAgentArgs.shape).filter((k) => !APART.includes(k));
/** The model the service gives an agent declared without one (S30). */
/** The model an agent runs on when its create names none (the document's default). */
const DEFAULT_MODEL = DEFAULTS.AgentBuilderAgent.model;
const BUILDER_CLEARED: Args = { ...CLEARED, instructions: "", model: DEFAULT_MODEL };

/** The model's settings, kept in the agent's `modelMetaData` (S30, S48). */
const MODEL_SETTINGS = ["temperature", "maxTokens"] as const;

/**
 * Arguments as the wire names them: the prompt is `instruction`, the model's settings in `modelMetaData`
 * (sent only while one is declared: a PATCH of it may replace the whole object), the messages in `metaData`.
 */
function builderWire(a: Args): Args {
  // Knowledge sources have their own routes (attachKnowledge), as the servers on update.
  const {
    instructions,
    temperature,
    maxTokens,
    knowledgeSources: _k,
    toolActions: _ta,
    toolConnections: _tc,
    ...rest
  } = a;
  const settings = defined({ temperature, maxTokens });
  return withMetaData(
    defined({
      ...rest,
      instruction: instructions,
      modelMetaData: Object.keys(settings).length > 0 ? settings : undefined,
    }),
    MESSAGES,
  );
}
/** The service's agent with the arguments' names. */
const builderArgs = (r: AgentBuilderAgent): Args => ({
  ...r,
  ...fromMetaData(r.metaData, MESSAGES),
  ...fromMetaData(r.modelMetaData, MODEL_SETTINGS),
  instructions: r.instruction,
  knowledgeSources: attachedKnowledge(r),
});

const builder = family<AiAgentArgs, AgentBuilderAgent>(
  "AI agents",
  "listBuilderAgents",
  BUILDER_FIELDS,
  ["icon", ...MODEL_SETTINGS],
  builderArgs,
);
const builderByName = byName(builder);
const getBuilder = async (ctx: Ctx, uid: string) =>
  (await ctx.chat().call("getBuilderAgent", { params: { uid } })).data;

/** Each tool's actions in the order `prior` declares them (the service's after), so order is no change. */
function inPriorOrder(
  read: Record<string, string[]>,
  prior: Readonly<Record<string, readonly string[]>> | undefined,
): Record<string, string[]> {
  const rank = (slug: string, x: string) => {
    const i = prior?.[slug]?.indexOf(x) ?? -1;
    return i < 0 ? Number.MAX_SAFE_INTEGER : i;
  };
  return Object.fromEntries(
    Object.entries(read).map(([slug, xs]) => [slug, [...xs].sort((a, b) => rank(slug, a) - rank(slug, b))]),
  );
}

export const aiAgent: Kind<AiAgentArgs> = {
  name: "AiAgent",
  doc: "An agent of the agent builder: instructions, model and the MCP servers it may call. Reconciled by name, which must be unique to be adoptable (like an API key's). Id: the uid the service chooses (a UUID v4).",
  ...declare(
    AiAgentArgs,
    agentOutputs,
    {
      name: {
        doc: "Name (unique, to be adoptable and for a killed run's create to be settled).",
      },
      ...presentationFacts,
      instructions: { doc: "What the agent is told to do (its system prompt).", default: none },
      model: {
        doc: "The model it runs on, e.g. gpt-4o.",
        default: service,
      },
      temperature: {
        doc: "Sampling temperature. The API cannot clear it: removing it leaves the agent's value, no longer managed.",
        default: none,
      },
      maxTokens: {
        doc: "The most tokens the model may write in one answer. The API cannot clear it: removing it leaves the agent's value, no longer managed.",
        default: none,
      },
      mcpServers: {
        doc: "Slugs of the MCP servers it may call (a set; each must exist: declare them as McpServer resources and pass their `slug` output). Changed in place: servers are attached and detached.",
        default: none,
        set: true,
      },
      ...toolFacts,
      ...toolActionFacts,
      knowledgeSources: {
        doc: "UniqueIds of the knowledge base's sources it draws on (a set; declare them as AgentKnowledgeSource resources and pass their `id`). Changed in place: sources are attached and detached.",
        default: none,
        set: true,
      },
    },
    DEFAULTS.AgentBuilderAgent,
  ),
  api: "chat",
  // Servers made outside the file (before release 0.2.0 the file could not declare them) may be named too.
  file: {
    at: ["aiAgents"],
    child: "ai-agent",
    key: "name",
    refs: {
      mcpServers: { kind: "McpServer", elsewhere: true },
      ...toolRefs,
      // Named by title in the file; the declared source's id is what the agent is given.
      knowledgeSources: { kind: "AgentKnowledgeSource", output: "id", elsewhere: true },
    },
    secretRefs: toolConnectionRefs,
  },

  async create(ctx, a) {
    // Frontend actions are not taken by the create (S26): attached after it.
    const { frontendActions, ...rest } = defined(a);
    const body = builderWire(rest) as AgentBuilderCreate;
    const r = await ctx.chat().call("createBuilderAgent", { body });
    await attachTools(ctx, r.data.uid, { frontendActions: [] }, { frontendActions });
    // The create attached the catalogue tools: their actions now, with their connection settings.
    await enableToolActions(ctx, r.data.uid, {}, {}, a);
    await attachKnowledge(ctx, r.data.uid, a.knowledgeSources ?? [], []);
    return { id: r.data.uid, state: { uid: r.data.uid, createdAt: toSeconds(r.data.createdAt) } };
  },
  async read(ctx, id, prior, how) {
    // By its GET: the list is a cursor list, which the shared listings (page-based) do not walk.
    const whole = how?.whole === true;
    const read = builder.asRead(await getBuilder(ctx, id), prior, whole);
    // A tool's actions only while managed (or read whole): an agent declared without them costs no call.
    if (prior.toolActions === undefined && !whole) return read;
    const actions = inPriorOrder(await enabledToolActions(ctx, id), prior.toolActions);
    if (prior.toolActions === undefined && Object.keys(actions).length === 0) return read;
    return { ...read, args: { ...read.args, toolActions: actions } };
  },
  async update(ctx, id, olds, news) {
    // Every field but the servers, emptied where removed (patchOf names no mcpServers).
    const fields = { name: news.name, ...patchOf(news, BUILDER_CLEARED, builder.unclearable) };
    await ctx
      .chat()
      .call("updateBuilderAgent", { params: { uid: id }, body: builderWire(fields) as AgentBuilderUpdate });
    // The PATCH answers `{success}`: the agent read again says what is attached now (dashboard changes
    // included). The servers have their own routes: attach what is declared and missing, detach the rest.
    const now = await getBuilder(ctx, id);
    const managed = olds.toolActions !== undefined || news.toolActions !== undefined;
    const enabled = managed ? await enabledToolActions(ctx, id) : {};
    // Actions are disabled while their tool is still attached, and enabled once it is.
    await disableToolActions(ctx, id, enabled, news);
    await attachTools(ctx, id, now, news);
    await enableToolActions(ctx, id, enabled, olds, news);
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
    await attachKnowledge(ctx, id, news.knowledgeSources ?? [], attachedKnowledge(now));
    return { uid: now.uid, createdAt: toSeconds(now.createdAt) };
  },
  async delete(ctx, id) {
    await ctx.chat().call("deleteBuilderAgent", { params: { uid: id } });
  },
  ...builderByName,
  // A listing (export, lookups) is a whole read: each agent with catalogue tools says what their actions are.
  async list(ctx, scope, progress) {
    const listed = await builderByName.list(ctx, scope, progress);
    const out = [];
    for (const l of listed) {
      const actions = (l.args.tools ?? []).length > 0 ? await enabledToolActions(ctx, l.id) : {};
      out.push(Object.keys(actions).length > 0 ? { ...l, args: { ...l.args, toolActions: actions } } : l);
    }
    return out;
  },
  // Adoption compares the declared actions with the enabled ones, as a read does.
  async find(ctx, a) {
    const found = await builderByName.find(ctx, a);
    if (!found || a.toolActions === undefined) return found;
    const actions = inPriorOrder(await enabledToolActions(ctx, found.id), a.toolActions);
    return { ...found, args: { ...found.args, toolActions: actions } };
  },
};

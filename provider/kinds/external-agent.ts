// ExternalAgent: an agent brought from another framework (the API's bring-your-own), reconciled by name (agent.ts).
import { z } from "zod";
import {
  type ByoAgent,
  type ByoAgentCreate,
  ByoAgentFields,
  type ByoAgentUpdate,
  DEFAULTS,
} from "../contract";
import { declare, none } from "../engine/fields";
import type { Args, Ctx, Kind } from "../engine/kind";
import { defined } from "../engine/util";
import {
  agentOutputs,
  byName,
  CLEARED,
  family,
  fromMetaData,
  HeadersArg,
  headersFact,
  MESSAGES,
  patchOf,
  presentationFacts,
  withMetaData,
} from "./agent";

export const ExternalAgentArgs = z.strictObject({ ...ByoAgentFields, headers: HeadersArg.optional() });
export type ExternalAgentArgs = z.output<typeof ExternalAgentArgs>;

/** What the service keeps under the arguments' names: not the headers (never returned); isActive is read apart. */
const BYO_FIELDS = Object.keys(ExternalAgentArgs.shape).filter((k) => k !== "headers" && k !== "isActive");
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
  ...declare(
    ExternalAgentArgs,
    agentOutputs,
    {
      name: {
        doc: "Name (unique, to be adoptable and for a killed run's create to be settled).",
      },
      provider: { doc: "The framework the agent is built with." },
      deploymentUrl: { doc: "HTTPS URL of the deployment that runs the agent." },
      agentId: {
        doc: "The agent's id inside the deployment (e.g. a LangGraph graph name).",
        default: none,
      },
      headers: headersFact,
      tools: {
        doc: "Names of the app's BYO tools the agent may use (a set; made in the dashboard or the API's tools routes, checked by the service when sent). Changed in place.",
        default: none,
        set: true,
      },
      actions: {
        doc: "Names of the app's BYO actions the agent may take (a set; as `tools`). Changed in place.",
        default: none,
        set: true,
      },
      ...presentationFacts,
    },
    DEFAULTS.ByoAgent,
  ),
  api: "chat",
  file: { at: ["externalAgents"], child: "external-agent", key: "name" },

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
    // The BYO tools and actions likewise: emptied where they were declared (what a PATCH does with a list,
    // replace or merge, is not documented: the whole list is sent, decision 0135).
    for (const [k, empty] of [
      ["agentId", ""],
      ["headers", {}],
      ["tools", []],
      ["actions", []],
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
  ...byoByName,
};

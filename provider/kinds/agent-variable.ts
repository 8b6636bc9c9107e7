// AgentVariable: a custom variable of the agent builder, which instructions and API tools name as
// `@var-custom:<name>` (decision 0113, docs/service/bots-agents-and-social.md S47). The service has no read of
// one variable: every read is its listing's.
import { z } from "zod";
import { type AgentVariable, AgentVariableCreate, type AgentVariableUpdate, toSeconds } from "../contract";
import { declare, none } from "../engine/fields";
import { type Args, type Ctx, createdAt, type Kind } from "../engine/kind";
import { fromRemote, sortedById } from "../engine/util";

export const AgentVariableArgs = AgentVariableCreate;
export type AgentVariableArgs = z.output<typeof AgentVariableArgs>;

/** The fields a PATCH may empty (the service keeps an empty string as no value: a GUESS, decision 0113). */
const CLEARABLE = ["description", "sourcePath", "constantValue", "defaultValue"] as const;
const FIELDS = ["name", "sourceType", ...CLEARABLE];

const asRead = (v: AgentVariable) => ({
  args: fromRemote(v, FIELDS) as AgentVariableArgs,
  state: { createdAt: toSeconds(v.createdAt ?? 0) },
});

const all = async (ctx: Ctx): Promise<AgentVariable[]> => (await ctx.chat().call("listAgentVariables")).data;
const named = async (ctx: Ctx, name: string) => (await all(ctx)).filter((v) => v.name === name);

export const agentVariable: Kind<AgentVariableArgs> = {
  name: "AgentVariable",
  doc: "A custom variable of the agent builder: a value taken from a message's metadata, the sender's metadata or a constant, which agents' instructions name as @var-custom:<name>. Reconciled by name (unique in the app). The predefined variables (the sender's uid, name, role) need no resource. Id: the service's _id.",
  ...declare(AgentVariableArgs, z.object(createdAt), {
    name: {
      doc: "Name, unique in the app: a letter, then letters, digits, '_' and '.'. The API cannot rename a variable: a change makes a new one.",
      replace: true,
      identity: true,
    },
    sourceType: {
      doc: "Where the value comes from: message_metadata (the message's data.metadata), user_metadata (the sender's metadata) or constant.",
    },
    description: { doc: "Description.", default: none },
    sourcePath: {
      doc: "Dotted path of the value in the metadata (required for the two metadata sources).",
      default: none,
    },
    constantValue: {
      doc: "The value of a constant variable (required for constant); kept secret (it may be a key).",
      default: none,
    },
    defaultValue: {
      doc: "The value used when the path does not resolve.",
      default: none,
    },
  }),
  api: "chat",
  file: { at: ["agentVariables"], child: "agent-variable" },

  async create(ctx, a) {
    const r = await ctx.chat().call("createAgentVariable", { body: a });
    return { id: r.data._id, state: { createdAt: toSeconds(r.data.createdAt ?? 0) } };
  },
  async read(ctx, id) {
    const v = (await all(ctx)).find((x) => x._id === id);
    return v && asRead(v);
  },
  async update(ctx, id, _olds, news) {
    const body: Args = { sourceType: news.sourceType };
    for (const k of CLEARABLE) body[k] = news[k] ?? "";
    const r = await ctx
      .chat()
      .call("updateAgentVariable", { params: { variableId: id }, body: body as AgentVariableUpdate });
    return { createdAt: toSeconds(r.data.createdAt ?? 0) };
  },
  async delete(ctx, id) {
    await ctx.chat().call("deleteAgentVariable", { params: { variableId: id } });
  },
  async made(ctx, a) {
    return (await named(ctx, a.name)).map((v) => ({
      id: v._id,
      createdAt: toSeconds(v.createdAt ?? 0),
      prior: {},
    }));
  },
  async find(ctx, a) {
    const v = (await named(ctx, a.name))[0];
    return v && { id: v._id, args: asRead(v).args };
  },
  async list(ctx, _scope, progress) {
    const vs = await all(ctx);
    progress?.(vs.length, vs.length);
    return sortedById(vs.map((v) => ({ id: v._id, ...asRead(v) })));
  },
};

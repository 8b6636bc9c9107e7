// AgentFrontendAction: a frontend action of the agent builder (agent-tools.ts, decision 0112): a function of
// the caller's own app that an agent given it may ask the app to run. Named by its trigger function, unique
// per app; the service's routes name it by the `_id` it makes, which is the resource's id.
import { z } from "zod";
import { type FrontendAction, FrontendActionCreate, type FrontendActionUpdate } from "../contract";
import { declare, none } from "../engine/fields";
import { type Args, type Ctx, createdAt, type Kind } from "../engine/kind";
import { defined, fromRemote, sortedById } from "../engine/util";
import { patchOf } from "./agent";
import { madeAt, parametersFact, walkCursor } from "./agent-tools";

export const AgentFrontendActionArgs = FrontendActionCreate;
export type AgentFrontendActionArgs = z.output<typeof AgentFrontendActionArgs>;

const SHOWN = ["triggerFunction", "name", "description", "parameters"];
/** As a tool's, an action's icon is managed only while declared. */
const UNCLEARABLE = ["icon"];

const outputs = z.object({
  actionId: z.string().describe("The id the service gives the action (its routes name it by this)."),
  ...createdAt,
});

function actionArgs(f: FrontendAction, prior: Args, whole: boolean): AgentFrontendActionArgs {
  const managed = [...SHOWN, ...UNCLEARABLE.filter((k) => whole || prior[k] !== undefined)];
  return fromRemote(f, managed) as AgentFrontendActionArgs;
}
const stateOf = (f: FrontendAction) => ({ actionId: f._id, ...madeAt(f) });

const all = (ctx: Ctx, progress?: Parameters<typeof walkCursor>[2]) =>
  walkCursor(
    async (query) => ctx.chat().call("listFrontendActions", { query }),
    (f: FrontendAction) => f.triggerFunction,
    progress,
  );

export const agentFrontendAction: Kind<AgentFrontendActionArgs> = {
  name: "AgentFrontendAction",
  doc: "A frontend action of the agent builder: a function of your app that an agent given it (AiAgent's frontendActions) may ask the app to run. Named by its trigger function, unique in the app. Id: the id the service gives it.",
  ...declare(AgentFrontendActionArgs, outputs, {
    triggerFunction: {
      doc: "The function your app runs (e.g. openSettings), unique in the app: a letter, '_' or '$', then letters, digits, '_', '$', '-'. Changing it makes a new action.",
      replace: true,
      identity: true,
    },
    name: { doc: "Display name." },
    description: { doc: "What the action does, so the agent knows when to use it." },
    parameters: parametersFact,
    icon: {
      doc: "URL of the action's icon. Removing it leaves the action's icon, no longer managed.",
      default: none,
    },
  }),
  api: "chat",
  file: { at: ["agentFrontendActions"], child: "frontend-action" },

  async create(ctx, a) {
    const r = await ctx.chat().call("createFrontendAction", { body: defined(a) as FrontendActionCreate });
    return { id: r.data._id, state: stateOf(r.data) };
  },
  async read(ctx, id, prior, how) {
    const r = await ctx.chat().call("getFrontendAction", { params: { id } });
    return { args: actionArgs(r.data, prior, how?.whole === true), state: stateOf(r.data) };
  },
  async update(ctx, id, _olds, news) {
    const body = {
      name: news.name,
      description: news.description,
      ...patchOf(news, { parameters: [] }, UNCLEARABLE),
    };
    const r = await ctx
      .chat()
      .call("updateFrontendAction", { params: { id }, body: body as FrontendActionUpdate });
    return stateOf(r.data);
  },
  async delete(ctx, id) {
    await ctx.chat().call("deleteFrontendAction", { params: { id } });
  },
  // Adopted by its trigger function, found in the listing (its id is the service's).
  async find(ctx, a) {
    const f = (await all(ctx)).find((x) => x.triggerFunction === a.triggerFunction);
    return f && { id: f._id, args: actionArgs(f, a, false) };
  },
  async list(ctx, _scope, progress) {
    const found = await all(ctx, progress);
    return sortedById(found.map((f) => ({ id: f._id, args: actionArgs(f, {}, true), state: stateOf(f) })));
  },
};

// AgentKnowledgeSource: a text entry of the agent builder's knowledge base, and its attachment to agents
// (AiAgent's knowledgeSources) (decision 0113, docs/service/bots-agents-and-social.md S45-S46).
import { z } from "zod";
import { isNotFound } from "../client";
import {
  type AgentBuilderAgent,
  type KnowledgeRecord,
  type KnowledgeText,
  KnowledgeTextCreate,
  LIMITS,
  toSeconds,
} from "../contract";
import { declare } from "../engine/fields";
import { type Args, type Ctx, createdAt, type Kind } from "../engine/kind";
import { fromRemote, sortedById } from "../engine/util";
import { UPLOADS } from "./agent-knowledge-file";

export const AgentKnowledgeSourceArgs = KnowledgeTextCreate;
export type AgentKnowledgeSourceArgs = z.output<typeof AgentKnowledgeSourceArgs>;

/** The listing's type of text entries, and the attach route's `sourceType` for them (a GUESS, decision 0113). */
const TEXT = "text";
/** Records a page of the listing asks for (its bound, S46). */
const PAGE = 100;

const sourceOutputs = z.object({
  createdAt: createdAt.createdAt,
  fileName: z.string().optional().describe("The Markdown file the service made of the entry."),
});

const asRead = (t: KnowledgeText) => ({
  args: fromRemote(t, ["title", "text"]) as AgentKnowledgeSourceArgs,
  state: { createdAt: toSeconds(t.createdAt ?? 0), fileName: t.fileName },
});

/** The text entry `id`, or undefined when it is gone. */
async function getText(ctx: Ctx, id: string): Promise<KnowledgeText | undefined> {
  try {
    return (await ctx.chat().call("getKnowledgeText", { params: { uniqueId: id } })).data;
  } catch (e) {
    if (isNotFound(e)) return undefined;
    throw e;
  }
}

/** Every text entry's record of the knowledge base (the listing holds files and websites too). */
async function textRecords(ctx: Ctx): Promise<KnowledgeRecord[]> {
  const out: KnowledgeRecord[] = [];
  for await (const r of ctx.chat().paginate("listKnowledgeSources", { query: { limit: PAGE } }))
    if (r.type === TEXT) out.push(r);
  return out;
}

/**
 * The knowledge sources attached to an agent, as its `files` names them: uniqueIds, or records holding one
 * (the vendor's examples show the list empty: decision 0113).
 */
export function attachedKnowledge(agent: AgentBuilderAgent): string[] {
  return (agent.files ?? []).flatMap((f) =>
    typeof f === "string"
      ? [f]
      : typeof f === "object" && f !== null && typeof (f as Args).uniqueId === "string"
        ? [String((f as Args).uniqueId)]
        : [],
  );
}

/** The listing's type of each source among `ids` (files are attached as `uploads`; the rest as text). */
async function sourceTypes(ctx: Ctx, ids: readonly string[]): Promise<Map<string, string>> {
  const types = new Map<string, string>();
  if (ids.length === 0) return types;
  const wanted = new Set(ids);
  for await (const r of ctx.chat().paginate("listKnowledgeSources", { query: { limit: PAGE } }))
    if (wanted.has(r.uniqueId)) types.set(r.uniqueId, r.type);
  return types;
}

/**
 * Attaches the `wanted` sources the agent lacks and detaches the `attached` ones no longer wanted, each with
 * its source type in the path: `uploads` for files (AgentKnowledgeFile), `text` for the rest, as before.
 */
export async function attachKnowledge(
  ctx: Ctx,
  uid: string,
  wanted: readonly string[],
  attached: readonly string[],
): Promise<void> {
  const add = wanted.filter((s) => !attached.includes(s));
  const remove = attached.filter((s) => !wanted.includes(s));
  const types = await sourceTypes(ctx, [...add, ...remove]);
  const typeOf = (id: string) => (types.get(id) === UPLOADS ? UPLOADS : TEXT);
  const changes = [
    ["addAgentKnowledge", add],
    ["removeAgentKnowledge", remove],
  ] as const;
  for (const [route, all] of changes)
    for (const sourceType of [TEXT, UPLOADS] as const) {
      const ids = all.filter((id) => typeOf(id) === sourceType);
      for (let i = 0; i < ids.length; i += LIMITS.tags)
        await ctx.chat().call(route, {
          params: { uid, sourceType },
          body: { uniqueIds: ids.slice(i, i + LIMITS.tags) },
        });
    }
}

export const agentKnowledgeSource: Kind<AgentKnowledgeSourceArgs> = {
  name: "AgentKnowledgeSource",
  doc: "A text entry of the agent builder's knowledge base, which agents draw on once attached (AiAgent's knowledgeSources). Changed in place (the service indexes it again). Reconciled by title, which must be unique to be adoptable. Id: the uniqueId the service chooses.",
  ...declare(AgentKnowledgeSourceArgs, sourceOutputs, {
    title: { doc: "" },
    text: { doc: "" },
  }),
  api: "chat",
  file: { at: ["agentKnowledge"], child: "agent-knowledge-source", key: "title" },

  async create(ctx, a) {
    const r = await ctx.chat().call("createKnowledgeText", { body: a });
    return {
      id: r.data.uniqueId,
      // The create's answer has no time (S45): the entry read back has.
      state: asRead((await getText(ctx, r.data.uniqueId)) ?? { ...r.data, ...a }).state,
    };
  },
  async read(ctx, id) {
    const t = await getText(ctx, id);
    return t && asRead(t);
  },
  async update(ctx, id, _olds, news) {
    const r = await ctx.chat().call("updateKnowledgeText", {
      params: { uniqueId: id },
      body: { title: news.title, text: news.text },
    });
    return { fileName: r.data.fileName };
  },
  async delete(ctx, id) {
    await ctx.chat().call("deleteKnowledgeText", { params: { uniqueId: id } });
  },
  /** Entries of this title (titles need not be unique: adopting one of several is refused). */
  async made(ctx, a) {
    return (await textRecords(ctx))
      .filter((r) => r.sourceName === a.title)
      .map((r) => ({ id: r.uniqueId, createdAt: toSeconds(r.createdAt ?? 0), prior: {} }));
  },
  async find(ctx, a) {
    const matches = (await textRecords(ctx)).filter((r) => r.sourceName === a.title);
    if (matches.length > 1)
      throw new Error(
        `adopt: ${matches.length} knowledge sources are titled "${a.title}"; titles must be unique to adopt`,
      );
    const t = matches[0] && (await getText(ctx, matches[0].uniqueId));
    return t && { id: t.uniqueId, args: asRead(t).args };
  },
  async list(ctx, _scope, progress) {
    const records = await textRecords(ctx);
    const out = [];
    for (const r of records) {
      const t = await getText(ctx, r.uniqueId);
      if (t) out.push({ id: t.uniqueId, ...asRead(t) });
      progress?.(out.length);
    }
    progress?.(out.length, out.length);
    return sortedById(out);
  },
};

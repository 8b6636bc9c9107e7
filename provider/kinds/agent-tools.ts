// What the agent builder's agents are given besides MCP servers (decision 0112): catalogue tools (the
// vendor's Composio tools, named by slug), custom API tools (AgentApiTool) and frontend actions
// (AgentFrontendAction). Both kinds are named by the caller (a slug, a trigger function) and listed by the
// service's cursor; an agent's lists change in place through the add and remove routes.
import { LIMITS, toSeconds } from "../contract";
import { none } from "../engine/fields";
import type { Args, Ctx, FileRef, Progress } from "../engine/kind";

/** The three lists of an agent, each with its add and remove routes (the body names the list alike). */
export const LISTS = {
  tools: ["addAgentTools", "removeAgentTools"],
  apiTools: ["addAgentApiTools", "removeAgentApiTools"],
  frontendActions: ["addAgentFrontendActions", "removeAgentFrontendActions"],
} as const;
type ListName = keyof typeof LISTS;

/** AiAgent's arguments naming them: sets, changed in place. */
export const toolFacts = {
  tools: {
    doc: "Slugs of catalogue tools the agent may use (the builder's ready-made tools, e.g. gmail; a set). Changed in place: tools are added and removed.",
    default: none,
    set: true,
  },
  apiTools: {
    doc: "Slugs of the custom API tools it may call (a set; each must exist: declare them as AgentApiTool resources and pass their `slug` output). Changed in place.",
    default: none,
    set: true,
  },
  frontendActions: {
    doc: "Trigger functions of the frontend actions it may call (a set; each must exist: declare them as AgentFrontendAction resources and pass their `triggerFunction` output). Changed in place.",
    default: none,
    set: true,
  },
} as const;

/** In the environment file, an agent names the tools and actions the file declares. */
export const toolRefs: Readonly<Record<string, FileRef>> = {
  apiTools: { kind: "AgentApiTool" },
  frontendActions: { kind: "AgentFrontendAction" },
};

/**
 * Attaches what `news` declares and `now` (the agent as the service answers it) lacks, and detaches what it
 * has and `news` does not, for each list `now` carries; at most LIMITS.tags names a call.
 */
export async function attachTools(
  ctx: Ctx,
  uid: string,
  now: Partial<Record<ListName, readonly string[] | undefined>>,
  news: Args,
): Promise<void> {
  for (const list of Object.keys(LISTS) as ListName[]) {
    const attached = now[list];
    if (attached === undefined) continue;
    const wanted = (news[list] as string[] | undefined) ?? [];
    const [add, remove] = LISTS[list];
    const changes = [
      [add, wanted.filter((s) => !attached.includes(s))],
      [remove, attached.filter((s) => !wanted.includes(s))],
    ] as const;
    for (const [route, names] of changes)
      for (let i = 0; i < names.length; i += LIMITS.tags)
        await ctx
          .chat()
          .call(route, { params: { uid }, body: { [list]: names.slice(i, i + LIMITS.tags) } } as never);
  }
}

/** What a cursor listing walks: a page of items, each with its id and creation time (milliseconds). */
interface CursorItem {
  readonly createdAt: number;
}

/**
 * Every item of a cursor listing (oldest first), each once by `idOf`: a page after the newest `createdAt`
 * of the one before (the service's `meta.next` when it gives one). Only a page with nothing new ends it,
 * whatever `limit` the service caps (as McpServer's listing).
 */
export async function walkCursor<T extends CursorItem>(
  page: (query: Args) => Promise<{ data: T[]; meta?: unknown }>,
  idOf: (t: T) => string,
  progress?: Progress,
): Promise<T[]> {
  const seen = new Map<string, T>();
  let after: number | undefined;
  for (;;) {
    const answer = await page({
      limit: LIMITS.perPageMax,
      ...(after === undefined ? {} : { affix: "append", createdAt: after }),
    });
    const fresh = answer.data.filter((t) => !seen.has(idOf(t)));
    for (const t of fresh) seen.set(idOf(t), t);
    progress?.(seen.size);
    if (answer.data.length === 0 || fresh.length === 0) break;
    const next = (answer.meta as { next?: { createdAt?: unknown } } | undefined)?.next?.createdAt;
    after = typeof next === "number" ? next : Math.max(...answer.data.map((t) => t.createdAt)) - 1;
  }
  progress?.(seen.size, seen.size);
  return [...seen.values()];
}

/** The outputs both kinds record: when the service made the object, in Unix seconds. */
export const madeAt = (t: CursorItem) => ({ createdAt: toSeconds(t.createdAt) });

/** What is said of the parameters of a tool or an action. */
export const parametersFact = {
  doc: "What the agent passes when it calls it, in order: each a `key`, a `type` (string, number, boolean, …) and a `description` (all three required by the service), and whether it is `required`.",
  default: none,
} as const;

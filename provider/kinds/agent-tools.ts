// What the agent builder's agents are given besides MCP servers (decision 0112): catalogue tools (the
// vendor's Composio tools, named by slug), custom API tools (AgentApiTool) and frontend actions
// (AgentFrontendAction). Both kinds are named by the caller (a slug, a trigger function) and listed by the
// service's cursor; an agent's lists change in place through the add and remove routes.

import type { z } from "zod";
import { LIMITS, toSeconds } from "../contract";
import { near } from "../contract/closest";
import { none } from "../engine/fields";
import type { Args, Ctx, FileRef, Progress } from "../engine/kind";
import { isUnknown } from "../engine/normalize";

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

// ---- a catalogue tool's actions and connection settings (S37, decision 0135) ----------------------------

type ActionMap = Readonly<Record<string, readonly string[]>>;
type ConnectionMap = Readonly<Record<string, Readonly<Record<string, string>>>>;

/** AiAgent's arguments naming a catalogue tool's actions and its connection settings. */
export const toolActionFacts = {
  toolActions: {
    doc: "Per catalogue tool (its slug, which `tools` must hold), the tool's actions the agent may take (each list a set). Changed in place: actions are enabled and disabled.",
    default: none,
  },
  toolConnections: {
    doc: "Per catalogue tool (its slug, which `toolActions` must hold), the connection settings its actions are enabled with (the service's authMeta: field name to value); secret, never returned by the service (a change in the dashboard is not seen). A change enables the tool's actions again with the new settings.",
    default: none,
  },
} as const;

/** The environment file names each tool's connection settings by a config key of its own (a JSON object). */
export const toolConnectionRefs = {
  toolConnections: {
    field: "toolConnections",
    // A tool's settings are its own only while toolActions holds the tool: another key is the rule's to name.
    each: {
      fields: (a: Args) =>
        Object.keys((a.toolConnections as object | undefined) ?? {}).filter(
          (slug) => slug in ((a.toolActions as object | undefined) ?? {}),
        ),
      may: (a: Args) => Object.keys((a.toolActions as object | undefined) ?? {}),
    },
    exported: {
      key: "toolConnection",
      what: "the connection settings (a JSON object) of a tool of AI agent",
    },
  },
} as const;

/**
 * The rules across the arguments, checked before any call: a tool's actions need the tool, and a tool's
 * connection settings need actions to be sent with (the only route that takes them). A tool named in one
 * map and near one the others hold is a misspelling: named where it is, with the one meant; the other map's
 * key it was meant to match is not also said to lack it (one mistake, one problem).
 */
export function toolActionRules(
  a: {
    tools?: readonly string[] | undefined;
    toolActions?: ActionMap | undefined;
    toolConnections?: object | undefined;
  },
  ctx: z.RefinementCtx,
): void {
  // Values not known yet (at preview) are checked once known.
  const known = (v: unknown) =>
    v === undefined || (!isUnknown(v) && (!Array.isArray(v) || !v.some(isUnknown)));
  const plain = (v: unknown): v is object => typeof v === "object" && v !== null && !Array.isArray(v);
  if (!known(a.tools) || (a.toolActions !== undefined && !plain(a.toolActions))) return;
  const tools = a.tools ?? [];
  const actions = Object.keys(a.toolActions ?? {});
  const connections = plain(a.toolConnections) ? Object.keys(a.toolConnections) : [];
  const others = (slug: string, names: readonly string[]) => names.filter((n) => n !== slug);
  const strays = actions.filter((slug) => !tools.includes(slug));
  for (const slug of strays) {
    const meant = near(slug, others(slug, [...tools, ...connections]));
    ctx.addIssue({
      code: "custom",
      message:
        meant === undefined
          ? `toolActions names the tool "${slug}", which tools does not hold: add it to tools`
          : `toolActions names the tool "${slug}", which tools does not hold (did you mean "${meant}"?)`,
      path: ["toolActions", slug],
    });
  }
  if (a.toolConnections !== undefined && !plain(a.toolConnections)) return;
  for (const slug of connections) {
    if (actions.includes(slug)) continue;
    // A misspelt toolActions key meant this one: said there.
    if (strays.some((s) => near(s, others(s, [...tools, ...connections])) === slug)) continue;
    const meant = near(slug, others(slug, [...actions, ...tools]));
    ctx.addIssue({
      code: "custom",
      message: `toolConnections names the tool "${slug}", which toolActions does not hold${meant === undefined ? ": its settings are sent with its actions" : ` (did you mean "${meant}"?)`}`,
      path: ["toolConnections", slug],
    });
  }
}

/** The actions enabled on an agent per catalogue tool, as `enabled-items` answers (tools without any left out). */
export async function enabledToolActions(ctx: Ctx, uid: string): Promise<Record<string, string[]>> {
  const items = await ctx.chat().call("listAgentEnabledItems", {
    params: { uid },
    query: { tools: "true", frontendActions: "false", apiTools: "false", mcpServers: "false" },
  });
  const out: Record<string, string[]> = {};
  for (const t of items.data.tools) if (t.actions.length > 0) out[t.slug] = t.actions.map((x) => x.slug);
  return out;
}

const sameConnection = (a: object | undefined, b: object | undefined) =>
  JSON.stringify(Object.entries(a ?? {}).sort()) === JSON.stringify(Object.entries(b ?? {}).sort());

/**
 * Disables what `now` (the actions enabled per tool) has and `news` does not declare: before the tools
 * are detached (a detached tool's actions cannot be named).
 */
export async function disableToolActions(ctx: Ctx, uid: string, now: ActionMap, news: Args): Promise<void> {
  const wanted = (news.toolActions as ActionMap | undefined) ?? {};
  for (const [slug, enabled] of Object.entries(now)) {
    const gone = enabled.filter((x) => !(wanted[slug] ?? []).includes(x));
    for (let i = 0; i < gone.length; i += LIMITS.tags)
      await ctx.chat().call("disableAgentToolActions", {
        params: { uid, slug },
        body: { actions: gone.slice(i, i + LIMITS.tags) },
      });
  }
}

/**
 * Enables what `news` declares and `now` lacks, once the tools are attached; a tool whose connection
 * settings changed since `olds` has all its declared actions enabled again with the new ones (the only
 * route that takes them).
 */
export async function enableToolActions(
  ctx: Ctx,
  uid: string,
  now: ActionMap,
  olds: Args,
  news: Args,
): Promise<void> {
  const wanted = (news.toolActions as ActionMap | undefined) ?? {};
  const connections = (news.toolConnections as ConnectionMap | undefined) ?? {};
  const before = (olds.toolConnections as ConnectionMap | undefined) ?? {};
  for (const [slug, actions] of Object.entries(wanted)) {
    const authMeta = connections[slug];
    const renewed = !sameConnection(authMeta, before[slug]);
    const missing = renewed ? [...actions] : actions.filter((x) => !(now[slug] ?? []).includes(x));
    for (let i = 0; i < missing.length; i += LIMITS.tags)
      await ctx.chat().call("enableAgentToolActions", {
        params: { uid, slug },
        body: {
          actions: missing.slice(i, i + LIMITS.tags),
          ...(authMeta ? { authMeta: { ...authMeta } } : {}),
        },
      });
  }
}

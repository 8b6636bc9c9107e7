// AI agents (docs/service/bots-agents-and-social.md, decision 0090): the agent builder's agents
// (AiAgent) and the MCP servers they call (McpServer), and agents brought from another framework
// (ExternalAgent, the API's "bring your own"). Agents get a uid from the service: like API keys they are
// reconciled by a name that must be unique to adopt them, and a killed run's create is settled by name (made).
// MCP servers are named by the caller's slug; the API makes, reads, lists, changes and deletes them
// (decisions 0102, 0117).
import { z } from "zod";
import { AgentHeaders, jsonText, LIMITS, toSeconds } from "../contract";
import { none, service } from "../engine/fields";
import { type Args, type Ctx, createdAt, type Listed, type Made, type Progress } from "../engine/kind";
import { collect, defined, fromRemote, sortedById } from "../engine/util";

/** Headers as an object, or its JSON text: the environment file names them by one secret config key (text). */
export const HeadersArg = AgentHeaders.or(
  jsonText(AgentHeaders, "headers must be an object of header names to values, or its JSON text"),
);
/** The headers an agent or an MCP server is called with: secret (marked in the contract), never returned. */
export const headersFact = {
  doc: "Headers the service sends with each call (e.g. an Authorization), as an object or its JSON text; secret, never returned by the service (a change in the dashboard is not seen).",
  default: none,
} as const;

export const agentOutputs = z.object({
  uid: z.string().describe("The agent's uid (a UUID v4 the service chooses); also the resource id."),
  ...createdAt,
});
type AgentState = z.output<typeof agentOutputs>;

/** Presentation fields the service keeps as sent, each with what a PATCH sends to empty it. */
export const CLEARED: Args = {
  description: "",
  greetingMessage: "",
  introductoryMessage: "",
  suggestedMessages: [],
  isActive: true,
};

/** What is said of the presentation arguments both families of agents have. */
export const presentationFacts = {
  description: { doc: "Description.", default: none },
  icon: {
    doc: "URL of the agent's icon. The API cannot clear it: removing it leaves the agent's icon, no longer managed.",
    default: none,
  },
  greetingMessage: { doc: "The message that greets a user.", default: none },
  introductoryMessage: {
    doc: "The message that introduces the agent.",
    default: none,
  },
  suggestedMessages: {
    doc: "Messages offered to the user to start with (in order).",
    default: none,
  },
  isActive: { doc: "Whether the agent answers.", default: service },
} as const;

/** What a PATCH sends for `news`: every field, emptied where removed; `unclearable` only when declared. */
export function patchOf(news: Args, clearable: Args, unclearable: readonly string[]): Args {
  const body: Args = {};
  for (const [k, empty] of Object.entries(clearable)) body[k] = news[k] ?? empty;
  for (const k of unclearable) if (news[k] !== undefined) body[k] = news[k];
  return body;
}

/** The agent as arguments: `fields` as the service holds them; `unclearable` ones only while managed. */
export function argsOf(
  agent: Args,
  fields: readonly string[],
  unclearable: readonly string[],
  prior: Args,
  whole: boolean,
) {
  const managed = fields.filter((k) => !unclearable.includes(k) || whole || prior[k] !== undefined);
  return { ...fromRemote(agent, managed), isActive: agent.isActive };
}

/** The presentation fields the service keeps in an agent's `metaData`. */
export const MESSAGES = ["greetingMessage", "introductoryMessage", "suggestedMessages"];

/** `a` with `keys` moved into `metaData` (left out when none is given). */
export function withMetaData(a: Args, keys: readonly string[]): Args {
  const meta = defined(Object.fromEntries(keys.map((k) => [k, a[k]])));
  const rest = Object.fromEntries(Object.entries(a).filter(([k]) => !keys.includes(k)));
  return Object.keys(meta).length ? { ...rest, metaData: meta } : rest;
}
/** `keys` of the service's `metaData`, flat. */
export const fromMetaData = (meta: Args | null | undefined, keys: readonly string[]): Args =>
  Object.fromEntries(keys.map((k) => [k, meta?.[k]]));

// ---- reconciled by name (agents of both families) ---------------------------------------------------------

interface Family<A extends Args, R extends AgentRecord> {
  /** "AI agents" */
  readonly what: string;
  /** Every agent whose name starts with `name` (all without it), in the service's order. */
  all(ctx: Ctx, name: string | undefined, progress?: Progress): Promise<R[]>;
  asRead(agent: R, prior: Args, whole: boolean): { args: A; state: AgentState };
  /** Fields a PATCH cannot empty: managed only while declared. */
  readonly unclearable: readonly string[];
}

export type AgentRecord = { uid: string; name: string; createdAt: number } & Args;

/**
 * The agents `route` lists, read as `fields` (`unclearable` ones only while managed) of the arguments
 * `asArgs` makes of the service's record.
 */
export function family<A extends Args, R extends AgentRecord>(
  what: string,
  route: "listBuilderAgents" | "listByoAgents",
  fields: readonly string[],
  unclearable: readonly string[],
  asArgs: (r: R) => Args = (r) => r,
): Family<A, R> {
  return {
    what,
    unclearable,
    // Each family's list takes its own query (S27, S30); soft-deleted agents (`deletedAt`, S27) are gone.
    all: async (ctx, name, progress) =>
      (
        await collect(
          (route === "listBuilderAgents"
            ? ctx
                .chat()
                .paginate(route, { query: { limit: LIMITS.perPageMax, ...(name ? { search: name } : {}) } })
            : ctx.chat().paginate(route, {
                query: { perPage: LIMITS.perPageMax, ...(name ? { searchKey: name } : {}) },
              })) as AsyncIterable<R>,
          LIMITS.perPageMax,
          progress,
        )
      ).filter((r) => r.deletedAt === undefined || r.deletedAt === null),
    asRead: (r, prior, whole) => ({
      args: argsOf(asArgs(r), fields, unclearable, prior, whole) as unknown as A,
      state: { uid: r.uid, createdAt: toSeconds(r.createdAt) },
    }),
  };
}

export const AgentListScope = z.strictObject({
  name: z.string().optional().describe("Only those with exactly this name."),
});

/** A family's list (and what it narrows by), made and find: by exact name (the API's search is by prefix). */
export function byName<A extends Args, R extends AgentRecord>(f: Family<A, R>) {
  const named = async (ctx: Ctx, name: string | undefined, progress?: Progress) =>
    (await f.all(ctx, name, progress)).filter((r) => name === undefined || r.name === name);
  return {
    listScope: AgentListScope,
    async list(ctx: Ctx, scope: Args, progress?: Progress): Promise<Listed<A, AgentState>[]> {
      const { name } = AgentListScope.parse(scope);
      const agents = await named(ctx, name, progress);
      return sortedById(agents.map((r) => ({ id: r.uid, ...f.asRead(r, {}, true) })));
    },
    async made(ctx: Ctx, a: A): Promise<Made[]> {
      return (await named(ctx, String(a.name))).map((r) => ({
        id: r.uid,
        createdAt: toSeconds(r.createdAt),
        prior: {},
      }));
    },
    async find(ctx: Ctx, a: A): Promise<{ id: string; args: A } | undefined> {
      const matches = await named(ctx, String(a.name));
      if (matches.length > 1)
        throw new Error(
          `adopt: ${matches.length} ${f.what} are named "${a.name}"; names must be unique to adopt`,
        );
      const r = matches[0];
      return r ? { id: r.uid, args: f.asRead(r, a, false).args } : undefined;
    },
  };
}

// McpServer: an MCP server the builder's agents call, named by the caller's slug (decision 0102).
import { z } from "zod";
import { isNotFound } from "../client";
import { type McpServer, McpServerCreate, type McpServerUpdate, toSeconds } from "../contract";
import { declare, none } from "../engine/fields";
import { type Args, createdAt, type Kind } from "../engine/kind";
import { defined, fromRemote, sortedById } from "../engine/util";
import { HeadersArg, headersFact, patchOf } from "./agent";

export const McpServerArgs = McpServerCreate.extend({ headers: HeadersArg.optional() });
export type McpServerArgs = z.output<typeof McpServerArgs>;

/** What the service returns under the arguments' names: all but the headers (never returned). */
const MCP_FIELDS = Object.keys(McpServerArgs.shape).filter((k) => k !== "headers");
/** Like an agent's icon, a server's cannot be emptied by a PATCH: managed only while declared. */
const MCP_UNCLEARABLE = ["icon"];
/** Servers a page of the listing asks for. */
const MCP_PAGE = 100;

const mcpOutputs = z.object({
  createdAt: createdAt.createdAt
    .optional()
    .describe(
      "Unix seconds; absent in the state of a server that release 0.1.0 adopted (it could not read one).",
    ),
});

/** A server as arguments (its headers are never answered: the state keeps them, as for every secret). */
function mcpAsRead(m: McpServer, prior: Args, whole: boolean) {
  const managed = MCP_FIELDS.filter((k) => !MCP_UNCLEARABLE.includes(k) || whole || prior[k] !== undefined);
  return {
    args: fromRemote(m, managed) as McpServerArgs,
    state: { createdAt: toSeconds(m.createdAt) },
  };
}

export const mcpServer: Kind<McpServerArgs> = {
  name: "McpServer",
  doc: "An MCP server the agent builder's agents may call (AiAgent's mcpServers). Destroy deletes it (agents naming it in the app no longer do). Id: the slug.",
  ...declare(McpServerArgs, mcpOutputs, {
    slug: {
      doc: "Caller-chosen id, unique in the app: letters, digits, '-', '_'. Changing it makes a new server and deletes the old one.",
      replace: true,
      identity: true,
    },
    name: { doc: "Name." },
    url: { doc: "HTTPS URL of the server." },
    description: { doc: "Description.", default: none },
    icon: {
      doc: "URL of the server's icon. The API cannot clear it: removing it leaves the server's icon, no longer managed.",
      default: none,
    },
    headers: headersFact,
  }),
  api: "chat",
  file: { at: ["mcpServers"], child: "mcp-server" },

  async create(ctx, a) {
    const r = await ctx.chat().call("createMcpServer", { body: defined(a) as McpServerArgs });
    return { id: r.data.slug, state: { createdAt: toSeconds(r.data.createdAt) } };
  },
  async read(ctx, id, prior, how) {
    const r = await ctx.chat().call("getMcpServer", { params: { slug: id } });
    return mcpAsRead(r.data, prior, how?.whole === true);
  },
  async update(ctx, id, olds, news) {
    const body: Args = {
      name: news.name,
      url: news.url,
      ...patchOf(news, { description: "" }, MCP_UNCLEARABLE),
    };
    // Headers are sent only where declared, or emptied where they were: the vendor's spec does not name them.
    if (news.headers !== undefined) body.headers = news.headers;
    else if (olds.headers !== undefined) body.headers = {};
    const r = await ctx
      .chat()
      .call("updateMcpServer", { params: { slug: id }, body: body as McpServerUpdate });
    return { createdAt: toSeconds(r.data.createdAt) };
  },
  async delete(ctx, id) {
    // A server already gone answers 404, which the engine and the sweeper take as done (decision 0117).
    await ctx.chat().call("deleteMcpServer", { params: { slug: id } });
  },
  async find(ctx, a) {
    try {
      return { id: a.slug, args: (await mcpServer.read(ctx, a.slug, a))?.args ?? a };
    } catch (e) {
      if (isNotFound(e)) return undefined;
      throw e;
    }
  },
  /** A cursor listing (oldest first): each page after the newest `createdAt` of the one before. */
  async list(ctx, _scope, progress) {
    const seen = new Map<string, McpServer>();
    let after: number | undefined;
    for (;;) {
      const query = {
        limit: MCP_PAGE,
        ...(after === undefined ? {} : { affix: "append" as const, createdAt: after }),
      };
      const answer = await ctx.chat().call("listMcpServers", { query });
      const page = answer.data;
      const fresh = page.filter((m) => !seen.has(m.slug));
      for (const m of fresh) seen.set(m.slug, m);
      progress?.(seen.size);
      // Only an empty page, or one with nothing new, ends the walk: a service may cap `limit` lower.
      if (page.length === 0 || fresh.length === 0) break;
      // The service's cursor when it gives one; else from just before the newest time, so that servers of
      // the same millisecond across the page's edge are read (the slugs seen are kept once).
      const next = (answer as { meta?: { next?: { createdAt?: unknown } } }).meta?.next?.createdAt;
      after = typeof next === "number" ? next : Math.max(...page.map((m) => m.createdAt)) - 1;
    }
    progress?.(seen.size, seen.size);
    return sortedById([...seen.values()].map((m) => ({ id: m.slug, ...mcpAsRead(m, {}, true) })));
  },
};

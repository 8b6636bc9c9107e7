// AgentApiTool: a custom API tool of the agent builder, named by the caller's slug (agent-tools.ts, decision
// 0112): an HTTP endpoint the agents given it may call, with its headers and basic auth as credentials.
import { z } from "zod";
import { isNotFound } from "../client";
import {
  AgentHeaders,
  type ApiTool,
  type ApiToolCreate,
  ApiToolFields,
  type ApiToolUpdate,
  apiToolAuthRules,
} from "../contract";
import { declare, none } from "../engine/fields";
import { type Args, createdAt, type Kind } from "../engine/kind";
import { defined, fromRemote, sortedById } from "../engine/util";
import { patchOf } from "./agent";
import { madeAt, parametersFact, walkCursor } from "./agent-tools";

export const AgentApiToolArgs = z
  // The headers as an object (the file names each header by its own config key), sent as JSON text.
  .strictObject({ ...ApiToolFields, headers: AgentHeaders.optional() })
  .refine(apiToolAuthRules[0].check, apiToolAuthRules[0].message)
  .refine(apiToolAuthRules[1].check, apiToolAuthRules[1].message);
export type AgentApiToolArgs = z.output<typeof AgentApiToolArgs>;

/** What the service answers under the arguments' names (the credentials never; the headers as JSON text). */
const SHOWN = [
  "slug",
  "name",
  "description",
  "endpoint",
  "method",
  "enableBasicAuth",
  "bodyTemplate",
  "allowAdditionalProperties",
  "parameters",
];
/** Like an MCP server's, a tool's icon is managed only while declared (an empty one is not documented). */
const UNCLEARABLE = ["icon"];
/** What a PATCH sends for a field no longer declared (a GUESS: the vendor does not say how one is emptied). */
const CLEARED: Args = {
  bodyTemplate: "",
  parameters: [],
  enableBasicAuth: false,
  allowAdditionalProperties: false,
};

/** The headers' JSON text as an object; text that is not an object is kept as text, and shows as drift. */
function headersOf(text: string | null | undefined): unknown {
  if (!text) return undefined;
  try {
    const parsed: unknown = JSON.parse(text);
    return parsed && typeof parsed === "object" && Object.keys(parsed).length > 0 ? parsed : undefined;
  } catch {
    return text;
  }
}

/** The tool as arguments (its credentials, never answered, are kept from state as every secret). */
function toolArgs(t: ApiTool, prior: Args, whole: boolean): AgentApiToolArgs {
  const managed = [...SHOWN, ...UNCLEARABLE.filter((k) => whole || prior[k] !== undefined)];
  return defined({ ...fromRemote(t, managed), headers: headersOf(t.headers) }) as AgentApiToolArgs;
}

/** Arguments as the wire takes them: the headers as JSON text. */
const wire = ({ headers, ...rest }: Args): Args =>
  defined({
    ...rest,
    headers: headers === undefined || typeof headers === "string" ? headers : JSON.stringify(headers),
  });

export const agentApiTool: Kind<AgentApiToolArgs> = {
  name: "AgentApiTool",
  doc: "A custom API tool of the agent builder: an HTTP endpoint an agent given it (AiAgent's apiTools) may call, with headers and basic auth as credentials. Id: the slug.",
  ...declare(AgentApiToolArgs, z.object({ createdAt: createdAt.createdAt }), {
    slug: {
      doc: "Caller-chosen id, unique in the app: letters, digits, '-', '_'. Changing it makes a new tool.",
      replace: true,
      identity: true,
    },
    name: { doc: "Name." },
    description: {
      doc: "What the tool does and when to use it (the agent reads it).",
    },
    endpoint: { doc: "HTTPS URL the tool calls (http only for localhost)." },
    method: { doc: "HTTP method of the calls." },
    enableBasicAuth: {
      doc: "Whether calls carry basic auth (when true, basicAuthUsername and basicAuthPassword are required). The service requires it; left out, it is sent as false.",
    },
    basicAuthUsername: { doc: "Basic-auth user name; secret, never shown by the service.", default: none },
    basicAuthPassword: {
      doc: "Basic-auth password or token; secret, never shown by the service.",
      default: none,
    },
    headers: {
      doc: "Headers sent with each call (e.g. an Authorization), an object of names to values; secret.",
      default: none,
    },
    bodyTemplate: {
      doc: "Body of POST, PUT and PATCH calls: text with {{placeholders}} (the sender's uid, role, the parameters).",
      default: none,
    },
    allowAdditionalProperties: {
      doc: "Whether the agent may pass parameters beyond those declared.",
    },
    parameters: parametersFact,
    icon: {
      doc: "URL of the tool's icon. Removing it leaves the tool's icon, no longer managed.",
      default: none,
    },
  }),
  api: "chat",
  file: {
    at: ["agentApiTools"],
    child: "api-tool",
    // Basic auth as one object, both credentials by config keys (the service shows neither); each header by
    // its own key (the service shows them: chat-export names one per header it read).
    flags: { enableBasicAuth: "basicAuth" },
    secretRefs: {
      basicAuthUsername: {
        field: "basicAuth.username",
        exported: { key: "apiToolUsername", what: "the basic-auth user name of API tool" },
      },
      basicAuthPassword: {
        field: "basicAuth.password",
        exported: { key: "apiToolPassword", what: "the basic-auth password of API tool" },
      },
      headers: {
        field: "headers",
        each: { fields: (a) => Object.keys((a.headers as object | undefined) ?? {}) },
      },
    },
  },

  async create(ctx, a) {
    const r = await ctx.chat().call("createApiTool", { body: wire(a) as ApiToolCreate });
    return { id: r.data.slug, state: madeAt(r.data) };
  },
  async read(ctx, id, prior, how) {
    const r = await ctx.chat().call("getApiTool", { params: { slug: id } });
    return { args: toolArgs(r.data, prior, how?.whole === true), state: madeAt(r.data) };
  },
  async update(ctx, id, olds, news) {
    const { slug: _s, headers, basicAuthUsername, basicAuthPassword, ...rest } = news;
    const body: Args = { ...rest, ...patchOf(news, CLEARED, UNCLEARABLE) };
    // Credentials are sent while basic auth is on; headers where declared, emptied where they were.
    if (news.enableBasicAuth) Object.assign(body, { basicAuthUsername, basicAuthPassword });
    if (headers !== undefined) body.headers = headers;
    else if (olds.headers !== undefined) body.headers = "";
    const r = await ctx
      .chat()
      .call("updateApiTool", { params: { slug: id }, body: wire(body) as ApiToolUpdate });
    return madeAt(r.data);
  },
  async delete(ctx, id) {
    await ctx.chat().call("deleteApiTool", { params: { slug: id } });
  },
  async find(ctx, a) {
    try {
      return { id: a.slug, args: (await agentApiTool.read(ctx, a.slug, a))?.args ?? a };
    } catch (e) {
      if (isNotFound(e)) return undefined;
      throw e;
    }
  },
  async list(ctx, _scope, progress) {
    const all = await walkCursor(
      async (query) => ctx.chat().call("listApiTools", { query }),
      (t: ApiTool) => t.slug,
      progress,
    );
    return sortedById(all.map((t) => ({ id: t.slug, args: toolArgs(t, {}, true), state: madeAt(t) })));
  },
};

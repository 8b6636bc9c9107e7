// The agent builder's knowledge base (text entries, attached to agents) and custom variables
// (docs/service/bots-agents-and-social.md, S45-S47; decision 0113). Text entries and variables get their ids
// from the service; times are milliseconds, unique per app, as the listing's cursor needs.
import { type AgentVariable, KnowledgeText } from "../../contract";
import { ApiError } from "../errors";
import { created, updated, viewOf } from "../records";
import { STORAGE_PREFIX } from "../routing";
import type { AgentVariableRecord, AppRecord, KnowledgeTextRecord, KnowledgeUploadRecord } from "../state";
import { requireAgent, uuid4 } from "./ai-agents";
import type { ChatHandlers, Env } from "./types";

/** The type the listing gives text entries, and the path's `sourceType` that attaches them (a GUESS, S46). */
const TEXT = "text";
/** The type the listing gives uploaded files, and the `sourceType` that attaches them (S46, S50). */
const UPLOADS = "uploads";
/** The listing's page size when none is asked, and its bound (S46). */
const PAGE = { default: 10, max: 100 } as const;

/** Milliseconds later than every time of the app's entries and variables: each a distinct cursor. */
function millis(app: AppRecord, env: Env): number {
  const times = [
    ...app.knowledgeTexts.values(),
    ...app.knowledgeUploads.values(),
    ...app.agentVariables.values(),
  ].flatMap((r) => [r.createdAt, r.updatedAt]);
  return Math.max(env.now() * 1000, Math.max(0, ...times) + 1);
}

function requireText(app: AppRecord, uniqueId: string): KnowledgeTextRecord {
  const t = app.knowledgeTexts.get(uniqueId.toLowerCase());
  if (!t)
    throw new ApiError("ERR_KNOWLEDGE_SOURCE_NOT_FOUND", `The knowledge source ${uniqueId} does not exist.`);
  return t;
}

function requireVariable(app: AppRecord, id: string): AgentVariableRecord {
  const v = app.agentVariables.get(id);
  if (!v) throw new ApiError("ERR_VARIABLE_NOT_FOUND", `The variable ${id} does not exist.`);
  return v;
}

/** The Markdown file the service makes of a title (S45's example: "Company Policy" → company-policy.md). */
const fileNameOf = (title: string) =>
  `${
    title
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-+|-+$/g, "") || "entry"
  }.md`;

const textView = (t: KnowledgeTextRecord) => viewOf(t, KnowledgeText);
/** As the listing shows any source: its name, type and state, not its content (S46). */
const recordView = (app: AppRecord, t: KnowledgeTextRecord) => ({
  uniqueId: t.uniqueId,
  appId: app.id,
  sourceName: t.title,
  type: TEXT,
  status: t.status,
  lastSynced: t.updatedAt,
  createdAt: t.createdAt,
  updatedAt: t.updatedAt,
});
/** An uploaded file as the listing shows it; listed once its bytes are stored (a GUESS: S50 is silent). */
const uploadView = (app: AppRecord, u: KnowledgeUploadRecord) => ({
  uniqueId: u.uniqueId,
  appId: app.id,
  sourceName: u.fileName,
  type: UPLOADS,
  status: u.status,
  lastSynced: u.updatedAt,
  createdAt: u.createdAt,
  updatedAt: u.updatedAt,
});
/** The sources the listing shows, newest first: text entries, and files whose bytes arrived. */
const listed = (app: AppRecord) =>
  [
    ...[...app.knowledgeTexts.values()].map((t) => ({ at: t.createdAt, view: recordView(app, t) })),
    ...[...app.knowledgeUploads.values()]
      .filter((u) => u.sha256 !== undefined)
      .map((u) => ({ at: u.createdAt, view: uploadView(app, u) })),
  ].sort((a, b) => b.at - a.at);

/** A variable as the service answers it (bare; its constant value is shown, as the vendor's example does). */
const variableView = (v: AgentVariableRecord): AgentVariable => ({ ...v });

/** Each source must exist and be of the path's type: nothing is attached otherwise. */
function requireSources(app: AppRecord, sourceType: string, ids: readonly string[]): void {
  const of = { [TEXT]: app.knowledgeTexts, [UPLOADS]: app.knowledgeUploads }[sourceType];
  const missing = ids.find((id) => !of?.has(id.toLowerCase()));
  if (missing !== undefined) {
    throw new ApiError("ERR_KNOWLEDGE_SOURCE_NOT_FOUND", `The knowledge source ${missing} does not exist.`);
  }
}

export const agentKnowledgeHandlers = {
  createKnowledgeText: ({ app, body, env }) => {
    const now = millis(app, env);
    const t: KnowledgeTextRecord = created(
      body,
      {},
      {
        uniqueId: uuid4(env),
        fileName: fileNameOf(body.title),
        // Indexed at once here; the service answers "indexing" and indexes in the background (S45).
        status: "indexed",
        createdAt: now,
        updatedAt: now,
      },
    );
    app.knowledgeTexts.set(t.uniqueId, t);
    return { success: true, message: "Text detail created.", data: { ...textView(t), status: "indexing" } };
  },

  getKnowledgeText: ({ app, params }) => ({ data: textView(requireText(app, params.uniqueId)) }),

  updateKnowledgeText: ({ app, params, body, env }) => {
    const t = updated(requireText(app, params.uniqueId), body);
    if (body.title !== undefined) t.fileName = fileNameOf(t.title);
    t.updatedAt = millis(app, env);
    return { success: true, message: "Text detail updated.", data: textView(t) };
  },

  // Deleting an entry detaches it from every agent (S45: "deletedFromAgents").
  deleteKnowledgeText: ({ app, params }) => {
    const t = requireText(app, params.uniqueId);
    app.knowledgeTexts.delete(t.uniqueId);
    for (const a of app.builderAgents.values()) a.files = (a.files ?? []).filter((id) => id !== t.uniqueId);
    return {
      success: true,
      message: "Text detail deleted.",
      data: { uniqueId: t.uniqueId, fileName: t.fileName, deletedFromAgents: true },
    };
  },

  // Newest first (S46): `append` reads older records than the cursor, `prepend` newer ones.
  listKnowledgeSources: ({ app, query }) => {
    const limit = Math.min(query.limit ?? PAGE.default, PAGE.max);
    const all = listed(app);
    const at = query.cursor === undefined ? undefined : Number(query.cursor);
    const page =
      at === undefined || Number.isNaN(at)
        ? all.slice(0, limit)
        : query.affix === "prepend"
          ? all.filter((t) => t.at > at).slice(-limit)
          : all.filter((t) => t.at < at).slice(0, limit);
    const first = page[0];
    const last = page[page.length - 1];
    return {
      data: page.map((t) => t.view),
      meta: {
        current: { limit, count: page.length },
        ...(first ? { previous: { affix: "prepend", cursor: String(first.at) } } : {}),
        ...(last ? { next: { affix: "append", cursor: String(last.at) } } : {}),
      },
    };
  },

  // One upload record per file, each with a URL its bytes are PUT to (S50); the file is listed once they are.
  initiateKnowledgeUploads: ({ app, body, env }) => {
    const uploads = body.files.map((f) => {
      const now = millis(app, env);
      const uniqueId = uuid4(env);
      const u: KnowledgeUploadRecord = {
        uniqueId,
        fileName: f.fileName,
        mimeType: f.mimeType,
        fileSize: f.fileSize,
        s3Key: `${app.id}/knowledge-base/uploads/${uniqueId}/${f.fileName}`,
        signature: uuid4(env).replace(/-/g, ""),
        status: "uploading",
        createdAt: now,
        updatedAt: now,
      };
      app.knowledgeUploads.set(uniqueId, u);
      return {
        uploadId: uniqueId,
        fileName: u.fileName,
        mimeType: u.mimeType,
        fileSize: u.fileSize,
        s3Key: u.s3Key,
        presignedUrl: `${env.origin?.() ?? ""}${STORAGE_PREFIX}/${app.id}/${uniqueId}?signature=${u.signature}`,
      };
    });
    return { uploads };
  },

  // Deleting a file detaches it from every agent (S50: "deletedFromAgents").
  deleteKnowledgeUpload: ({ app, params }) => {
    const u = app.knowledgeUploads.get(params.uniqueId.toLowerCase());
    if (!u)
      throw new ApiError(
        "ERR_KNOWLEDGE_SOURCE_NOT_FOUND",
        `The knowledge source ${params.uniqueId} does not exist.`,
      );
    app.knowledgeUploads.delete(u.uniqueId);
    for (const a of app.builderAgents.values()) a.files = (a.files ?? []).filter((id) => id !== u.uniqueId);
    return {
      success: true,
      message: "File deleted.",
      data: { uploadId: u.uniqueId, fileName: u.fileName, deletedFromAgents: true, vectorsDeleted: true },
    };
  },

  addAgentKnowledge: ({ app, params, body, env }) => {
    const a = requireAgent(app.builderAgents, params.uid);
    requireSources(app, params.sourceType, body.uniqueIds);
    a.files ??= [];
    const attached = a.files;
    for (const id of body.uniqueIds)
      if (!attached.includes(id.toLowerCase())) attached.push(id.toLowerCase());
    a.updatedAt = env.now();
    return { success: true };
  },

  // Detaching a source that is not attached changes nothing (a GUESS: the vendor does not say).
  removeAgentKnowledge: ({ app, params, body, env }) => {
    const a = requireAgent(app.builderAgents, params.uid);
    const gone = new Set(body.uniqueIds.map((id) => id.toLowerCase()));
    a.files = (a.files ?? []).filter((id) => !gone.has(id));
    a.updatedAt = env.now();
    return { success: true };
  },

  createAgentVariable: ({ app, body, env }) => {
    if ([...app.agentVariables.values()].some((v) => v.name === body.name)) {
      throw new ApiError("ERR_VARIABLE_ALREADY_EXISTS", `The variable ${body.name} already exists.`);
    }
    const now = millis(app, env);
    const v: AgentVariableRecord = created(
      body,
      {},
      { _id: env.ids.hex(24), category: "custom" as const, createdAt: now, updatedAt: now },
    );
    app.agentVariables.set(v._id, v);
    return variableView(v);
  },

  // Every variable at once, a bare array (S47), oldest first.
  listAgentVariables: ({ app }) =>
    [...app.agentVariables.values()].sort((a, b) => a.createdAt - b.createdAt).map(variableView),

  // A partial update (S47): the fields given change; the name cannot.
  updateAgentVariable: ({ app, params, body, env }) => {
    const v = updated(requireVariable(app, params.variableId), body);
    // An empty string clears an optional text field, as for agents.
    for (const k of ["description", "sourcePath", "constantValue", "defaultValue"] as const)
      if (v[k] === "") delete v[k];
    v.updatedAt = millis(app, env);
    return variableView(v);
  },

  deleteAgentVariable: ({ app, params }) => {
    const v = requireVariable(app, params.variableId);
    app.agentVariables.delete(v._id);
    return { success: true, message: `The variable ${v.name} has been deleted.` };
  },
} satisfies ChatHandlers;

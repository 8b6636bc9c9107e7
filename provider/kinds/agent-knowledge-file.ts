// AgentKnowledgeFile: a file of the agent builder's knowledge base, uploaded from a local path or from content
// the program gives (decision 0132, docs/service/bots-agents-and-social.md S50). The upload is the service's
// two steps: `uploads/initiate` makes the record and answers a presigned URL, the bytes are PUT there. The
// service keeps no digest we can read back, so state records the SHA-256 of what was uploaded (never the
// content): a changed file shows as a changed contentHash, and replaces the upload (no route changes one).
import { createHash } from "node:crypto";
import { basename, extname } from "node:path";
import { z } from "zod";
import { isNotFound, putPresigned } from "../client";
import {
  type KnowledgeFileMimeType,
  KnowledgeFileDeclared as KnowledgeFileSchema,
  type KnowledgeRecord,
  LIMITS,
  toSeconds,
} from "../contract";
import { declare, none } from "../engine/fields";
import { type Args, CheckRefusal, type Ctx, type Kind } from "../engine/kind";
import { sortedById } from "../engine/util";
import { localFileBytes } from "./local-file";

export const AgentKnowledgeFileArgs = KnowledgeFileSchema;
export type AgentKnowledgeFileArgs = z.output<typeof AgentKnowledgeFileArgs>;

/** The listing's type of uploaded files (S46's example and S50's description: `uploads`). */
export const UPLOADS = "uploads";
/** Records a page of the listing asks for (its bound, S46). */
const PAGE = 100;

/** The media type of each extension the knowledge base takes (S50: PDF, TXT, DOCX, CSV, MD). */
const MIME_OF: Readonly<Record<string, KnowledgeFileMimeType>> = {
  ".pdf": "application/pdf",
  ".txt": "text/plain",
  ".docx": "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
  ".csv": "text/csv",
  ".md": "text/markdown",
};

const fileOutputs = z.object({
  createdAt: z.number().optional().describe("Unix seconds (once the service lists the file)."),
  status: z.string().optional().describe("The service's indexing status (indexing, indexed, failed)."),
});

/** The bytes the resource uploads: its file's, or its content's (UTF-8). A problem names the field. */
function bytesOf(a: { path?: string | undefined; content?: string | undefined }): Buffer {
  if (a.content !== undefined) return Buffer.from(a.content, "utf8");
  const path = String(a.path);
  // Refused before the file is read: the service takes at most 50 MB.
  return localFileBytes(
    "path",
    path,
    LIMITS.knowledgeFileBytes,
    (size) => `${path} is ${size} bytes; the knowledge base takes at most ${LIMITS.knowledgeFileBytes}`,
  );
}

const sha256 = (b: Uint8Array) => createHash("sha256").update(b).digest("hex");

/** What check computes when the program leaves it out: the name, the media type and the bytes' digest. */
function filled(args: Args): Args {
  const path = typeof args.path === "string" ? args.path : undefined;
  const content = typeof args.content === "string" ? args.content : undefined;
  if ((path === undefined) === (content === undefined)) return args; // the schema's rule names it
  const fileName = typeof args.fileName === "string" ? args.fileName : path && basename(path);
  const bytes = bytesOf({ path, content });
  if (bytes.length === 0)
    throw new CheckRefusal(path ? "path" : "content", `${path ? "path" : "content"}: the file is empty`);
  if (bytes.length > LIMITS.knowledgeFileBytes)
    throw new CheckRefusal(
      "content",
      `content: ${bytes.length} bytes; the knowledge base takes at most ${LIMITS.knowledgeFileBytes}`,
    );
  const mimeType = args.mimeType ?? (fileName ? MIME_OF[extname(fileName).toLowerCase()] : undefined);
  if (mimeType === undefined && fileName !== undefined)
    throw new CheckRefusal(
      "mimeType",
      `mimeType: cannot tell the type of ${fileName} from its extension; name a ${Object.keys(MIME_OF).join(", ")} file or give mimeType`,
    );
  return { ...args, ...(fileName === undefined ? {} : { fileName }), mimeType, contentHash: sha256(bytes) };
}

/** Every uploaded file's record in the knowledge base's listing. */
async function uploadRecords(ctx: Ctx): Promise<KnowledgeRecord[]> {
  const out: KnowledgeRecord[] = [];
  for await (const r of ctx.chat().paginate("listKnowledgeSources", { query: { limit: PAGE } }))
    if (r.type === UPLOADS) out.push(r);
  return out;
}

const stateOf = (r: KnowledgeRecord | undefined) => ({
  ...(r?.createdAt === undefined ? {} : { createdAt: toSeconds(r.createdAt) }),
  ...(r?.status === undefined ? {} : { status: r.status }),
});

/** The arguments the service cannot show (a file's bytes are not read back): each kept as recorded. */
const RECORDED = ["path", "content", "mimeType", "contentHash"] as const;

/**
 * An uploaded file as read and the listing see it (one mapping): its name from the listing, the recorded
 * arguments from `prior`, its times and status as state. Only arguments are taken from `prior`: a listing's
 * prior also holds state (createdAt, status), which is not an argument.
 */
function viewOf(r: KnowledgeRecord, prior: Partial<AgentKnowledgeFileArgs>) {
  const kept = Object.fromEntries(RECORDED.flatMap((k) => (prior[k] === undefined ? [] : [[k, prior[k]]])));
  const args = { ...kept, fileName: r.sourceName ?? prior.fileName ?? "" } as AgentKnowledgeFileArgs;
  return { args, state: stateOf(r) };
}

export const agentKnowledgeFile: Kind<AgentKnowledgeFileArgs> = {
  name: "AgentKnowledgeFile",
  doc: "A file of the agent builder's knowledge base (PDF, TXT, DOCX, CSV or Markdown, at most 50 MB), uploaded from a local path or from content, which agents draw on once attached (AiAgent's knowledgeSources). State records the SHA-256 of the bytes (a path's bytes are never stored): a changed file is uploaded again (a replacement). Reconciled by file name, which must be unique to be adoptable. Id: the upload id the service chooses.",
  ...declare(AgentKnowledgeFileArgs, fileOutputs, {
    fileName: {
      doc: "Defaults to the path's last segment (required with content).",
      replace: true,
    },
    path: {
      doc: "Read at each preview to compute contentHash, and at the upload. Moving the file changes nothing while its bytes stay the same.",
      default: none,
      local: true,
    },
    content: {
      doc: "For small text files. Compared by its digest (contentHash): the same bytes given as a path change nothing.",
      default: none,
      local: true,
    },
    mimeType: {
      doc: "Defaults to the type of the file name's extension.",
      default: none,
      replace: true,
    },
    contentHash: {
      doc: "Leave it out: the provider computes it from the file or the content at each preview. A change uploads the file again.",
      default: none,
      replace: true,
    },
  }),
  api: "chat",
  file: {
    omitted:
      "a file's bytes are not in the service's listing, so chat-export could not write an entry back; declare files in the program and name their ids in an agent's knowledgeSources",
  },

  fill: filled,
  fills: ["fileName", "mimeType", "contentHash"],
  // The content is the file's: diff compares its digest (contentHash); the outputs still hold it as given.
  kept: (a) => {
    if (a.content === undefined) return a;
    const { content, ...rest } = a;
    return { ...rest, contentHash: a.contentHash ?? sha256(Buffer.from(content, "utf8")) };
  },

  async create(ctx, a) {
    // Neither path nor content passes check for a file imported by its id; a new one needs its bytes.
    if (a.path === undefined && a.content === undefined)
      throw new Error(
        `AgentKnowledgeFile ${a.fileName}: path or content: give the file's bytes to upload it (leaving both out keeps a file already managed: imported, or adopted with adopt: true)`,
      );
    const bytes = bytesOf(a);
    const hash = sha256(bytes);
    // The preview showed this digest: a file changed since then would be uploaded unseen.
    if (a.contentHash !== undefined && a.contentHash !== hash)
      throw new Error(
        `${a.path !== undefined ? "path" : "content"}: the file changed after the preview (its SHA-256 is ${hash}, the preview's ${a.contentHash}); run the update again`,
      );
    const mimeType = a.mimeType ?? MIME_OF[extname(a.fileName).toLowerCase()] ?? "text/plain";
    const r = await ctx.chat().call("initiateKnowledgeUploads", {
      body: { files: [{ fileName: a.fileName, mimeType, fileSize: bytes.length }] },
    });
    const upload = r.data.uploads[0];
    if (!upload) throw new Error(`AgentKnowledgeFile ${a.fileName}: the service answered no upload record`);
    await putPresigned(upload.presignedUrl, bytes, mimeType, `AgentKnowledgeFile ${a.fileName}`);
    const listed = (await uploadRecords(ctx)).find((x) => x.uniqueId === upload.uploadId);
    return { id: upload.uploadId, state: stateOf(listed) };
  },
  async read(ctx, id, prior) {
    const r = (await uploadRecords(ctx)).find((x) => x.uniqueId === id);
    // The listing names the file; its bytes are not read back (the recorded digest stands).
    return r && viewOf(r, prior);
  },
  // Every argument the service holds replaces; a moved path or the same content given otherwise changes nothing.
  async update(ctx, id) {
    return stateOf((await uploadRecords(ctx)).find((x) => x.uniqueId === id));
  },
  async delete(ctx, id) {
    try {
      await ctx.chat().call("deleteKnowledgeUpload", { params: { uniqueId: id } });
    } catch (e) {
      if (!isNotFound(e)) throw e;
    }
  },
  /** Files of this name (names need not be unique: adopting one of several is refused). */
  async made(ctx, a) {
    return (await uploadRecords(ctx))
      .filter((r) => r.sourceName === a.fileName)
      .map((r) => ({ id: r.uniqueId, createdAt: toSeconds(r.createdAt ?? 0), prior: {} }));
  },
  async find(ctx, a) {
    const matches = (await uploadRecords(ctx)).filter((r) => r.sourceName === a.fileName);
    if (matches.length > 1)
      throw new Error(
        `adopt: ${matches.length} knowledge-base files are named "${a.fileName}"; names must be unique to adopt`,
      );
    const m = matches[0];
    return m && { id: m.uniqueId, args: { ...a, fileName: m.sourceName ?? a.fileName } };
  },
  async list(ctx, _scope, progress) {
    const out = (await uploadRecords(ctx)).map((r) => ({ id: r.uniqueId, ...viewOf(r, {}) }));
    progress?.(out.length, out.length);
    return sortedById(out);
  },
};

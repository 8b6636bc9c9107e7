// PushCertificate: the legacy push-notification extension's APNs certificate (p12) or signing key (p8) of an
// app (management API, decision 0136, docs/service/app-configuration.md). An app holds one of each; an upload
// replaces it. The service never gives the file back (its query says only whether each is there), so state
// records the SHA-256 of what was uploaded, never the bytes: a changed file shows as a changed contentHash and
// is uploaded again. There is no route to remove one: destroy leaves it in the app.
import { createHash } from "node:crypto";
import { basename } from "node:path";
import { z } from "zod";
import {
  CERTIFICATE_HELD,
  CERTIFICATE_MEDIA_TYPE,
  certificateProblem,
  LIMITS,
  PushCertificateDeclared,
  type PushCertificateType,
} from "../contract";
import { appIdFact, declare, none } from "../engine/fields";
import { type Args, CheckRefusal, type Ctx, type Kind } from "../engine/kind";
import { sortedById } from "../engine/util";
import { localFileBytes } from "./local-file";

export const PushCertificateArgs = PushCertificateDeclared;
export type PushCertificateArgs = z.output<typeof PushCertificateArgs>;

const TYPES: readonly PushCertificateType[] = ["p12", "p8"];
const outputs = z.object({});

const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;

/** The certificate's bytes: its file's, or its content's (base64). A problem names the field, never the value. */
function bytesOf(a: { path?: string | undefined; content?: string | undefined }): Buffer {
  if (a.content !== undefined) {
    const compact = a.content.replace(/\s+/g, "");
    if (!BASE64.test(compact) || compact.length % 4 !== 0)
      throw new CheckRefusal("content", "content: must be the certificate file's bytes in base64");
    return Buffer.from(compact, "base64");
  }
  const path = String(a.path);
  // A certificate is a few kilobytes: anything near a request's bound is not one.
  return localFileBytes(
    "path",
    path,
    LIMITS.bodyBytes,
    (size) => `${path} is ${size} bytes, too large for a certificate`,
  );
}

const sha256 = (b: Uint8Array) => createHash("sha256").update(b).digest("hex");

/** The bytes, checked as the service will use them; a refusal names the field (path, content or password). */
function checkedBytes(a: Args): Buffer {
  const type = a.type as PushCertificateType;
  const from = a.content !== undefined ? "content" : "path";
  const bytes = bytesOf(a as { path?: string; content?: string });
  const found = certificateProblem(type, bytes, a.password as string | undefined);
  if (found) {
    const field = found.about === "password" ? "password" : from;
    throw new CheckRefusal(field, `${field}: ${found.problem}`);
  }
  return bytes;
}

/** At check, once every input is known: the file is read and checked, and its digest recorded. */
function filled(args: Args): Args {
  const oneSource = (args.path === undefined) !== (args.content === undefined);
  if (!oneSource || !TYPES.includes(args.type as PushCertificateType)) return args; // the schema names it
  if (args.password !== undefined && args.type !== "p12") return args;
  return { ...args, contentHash: sha256(checkedBytes(args)) };
}

const idOf = (appId: string, type: string) => `${appId}/${type}`;

/** Which certificates the app holds (the query's two flags). */
async function held(ctx: Ctx, appId: string): Promise<PushCertificateType[]> {
  const r = await ctx.management().call("queryPushCertificates", { params: { appId } });
  const body = r.data.body;
  return TYPES.filter((t) => body[CERTIFICATE_HELD[t]] === true);
}

async function upload(ctx: Ctx, a: PushCertificateArgs): Promise<void> {
  if (a.path === undefined && a.content === undefined)
    throw new Error(
      "PushCertificate: path or content: give the certificate's bytes to upload it (leaving both out keeps one already managed, imported by its id)",
    );
  const bytes = checkedBytes(a);
  // The preview showed this digest: a file changed since then would be uploaded unseen.
  if (a.contentHash !== undefined && a.contentHash !== sha256(bytes))
    throw new Error(
      `${a.content !== undefined ? "content" : "path"}: the certificate changed after the preview; run the update again`,
    );
  const certificate = {
    filename: a.path !== undefined ? basename(a.path) : `certificate.${a.type}`,
    content: bytes.toString("base64"),
    type: CERTIFICATE_MEDIA_TYPE[a.type],
  };
  const params = { appId: ctx.appId(a) };
  if (a.type === "p12")
    await ctx.management().call("uploadPushCertificateP12", {
      params,
      body: { certificate, ...(a.password === undefined ? {} : { password: a.password }) },
    });
  else await ctx.management().call("uploadPushCertificateP8", { params, body: { certificate } });
}

export const pushCertificate: Kind<PushCertificateArgs> = {
  name: "PushCertificate",
  deleteLeaves: true,
  doc: "The legacy push-notification extension's APNs credential of an app: its p12 certificate or its p8 signing key (one of each per app; an upload replaces it), from a local file or base64 content. The file is checked before any call (a p12 must open with its password, a p8 must be a P-256 key). State records the SHA-256 of the bytes (a path's bytes are never stored; content is kept secret): a changed file is uploaded again. The key id, team id and bundle id of a p8 are the extension's settings (Extension push-notification). The service has no route to remove one: destroy LEAVES it in the app. Id: \"<appId>/<type>\".",
  ...declare(PushCertificateArgs, outputs, {
    appId: appIdFact("certificate"),
    type: { doc: "Which of the app's two certificates this is.", replace: true, identity: true },
    path: {
      doc: "Read at each preview to compute contentHash, and at the upload. Moving the file changes nothing while its bytes stay the same.",
      default: none,
      local: true,
    },
    content: {
      doc: "Compared by its digest (contentHash); the same bytes given as a path instead change nothing.",
      default: none,
      local: true,
    },
    password: {
      doc: "Required when the p12 file has one; checked against the file at preview.",
      default: none,
    },
    contentHash: {
      doc: "Leave it out: the provider computes it from the file or the content at each preview. A change uploads the file again.",
      default: none,
    },
  }),
  api: "management",
  idParts: ["appId", "type"],
  file: { at: ["notifications", "push", "certificates"], child: "push-certificate" },

  fill: filled,
  fills: ["contentHash"],
  // The content is the file's: diff compares its digest (contentHash); the outputs still hold it as given.
  kept: (a) => {
    if (a.content === undefined) return a;
    const { content, ...rest } = a;
    return { ...rest, contentHash: a.contentHash ?? sha256(Buffer.from(content, "base64")) };
  },

  async create(ctx, a) {
    await upload(ctx, a);
    return { id: idOf(ctx.appId(a), a.type), state: {} };
  },
  async read(ctx, id, prior) {
    const appId = ctx.appId(prior);
    const type = (prior.type ?? id.split("/").pop()) as PushCertificateType;
    if (!(await held(ctx, appId)).includes(type)) return undefined;
    // The query says only that it is there: the recorded digest (and file) stand.
    return { args: { ...prior, appId, type }, state: {} };
  },
  async update(ctx, _id, _olds, news) {
    // One imported by its id, still declared without its bytes: a new password alone has no file to go with.
    if (news.path === undefined && news.content === undefined) return {};
    await upload(ctx, news);
    return {};
  },
  async delete() {
    // No delete route: the certificate stays in the app (the kind's doc says so, decision 0136).
  },
  // Adopted when the app holds one of the type: without the digest, so the next update uploads the declared file.
  async find(ctx, a) {
    const appId = ctx.appId(a);
    return (await held(ctx, appId)).includes(a.type)
      ? { id: idOf(appId, a.type), args: { appId, type: a.type } }
      : undefined;
  },
  async list(ctx, scope) {
    const appId = ctx.appId(scope);
    return sortedById(
      (await held(ctx, appId)).map((type) => ({ id: idOf(appId, type), args: { appId, type }, state: {} })),
    );
  },
};

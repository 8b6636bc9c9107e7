// The emulator's stand-in for the object storage the knowledge base's presigned upload URLs point at
// (docs/service/bots-agents-and-social.md, S50; decision 0132): a PUT of a file's bytes to the URL that
// initiateKnowledgeUploads answered. The URL's signature is the only credential, as at the service: no API
// key is sent or taken. The stored file is indexed at once (the service indexes it in the background).
import { createHash } from "node:crypto";
import type { FastifyInstance } from "fastify";
import { LIMITS } from "../contract";
import { STORAGE_PREFIX } from "./routing";
import type { EmulatorState } from "./state";

/** `PUT /__storage/<appId>/<uploadId>?signature=…`: the bytes of one upload, its size as initiated. */
export function registerStorage(
  server: FastifyInstance,
  holder: { state: EmulatorState },
  onChange: () => void,
) {
  // Encapsulated: the API routes keep refusing bodies that are neither JSON nor a form.
  void server.register(async (s) => {
    s.addContentTypeParser("*", { parseAs: "buffer" }, (_req, body, done) => done(null, body));
    s.put<{ Params: { appId: string; uploadId: string }; Querystring: { signature?: string } }>(
      `${STORAGE_PREFIX}/:appId/:uploadId`,
      { bodyLimit: LIMITS.knowledgeFileBytes },
      async (req, reply) => {
        const upload = holder.state.apps.get(req.params.appId)?.knowledgeUploads.get(req.params.uploadId);
        // Storage answers a bad signature and an unknown key alike: nothing tells which uploads exist.
        if (!upload || req.query.signature !== upload.signature)
          return reply.code(403).send({ error: "SignatureDoesNotMatch" });
        const bytes = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
        if (bytes.length !== upload.fileSize)
          return reply
            .code(400)
            .send({ error: "IncompleteBody", expected: upload.fileSize, got: bytes.length });
        upload.sha256 = createHash("sha256").update(bytes).digest("hex");
        upload.status = "indexed";
        onChange();
        return reply.code(200).send();
      },
    );
  });
}

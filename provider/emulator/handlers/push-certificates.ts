// The legacy push-notification extension's certificates (decision 0136): a p12 certificate and a p8 key per
// app, each replaced by its upload, and the query of which the app holds. The emulator checks a file as the
// service would have to in order to sign with it (the p12 opens, the p8 is an APNs key); what it keeps is the
// file's digest, never the bytes. The vendor is silent on whether the extension must be enabled first: the
// emulator does not require it (the ledger marks it unconfirmed).
import { createHash } from "node:crypto";
import {
  CERTIFICATE_HELD,
  type CertificateFile,
  certificateProblem,
  type PushCertificateType,
} from "../../contract";
import { badRequest } from "../errors";
import type { AppRecord, Json } from "../state";
import { requireApp } from "./lookup";
import type { ManagementHandlers } from "./types";

const SLUG = "push-notification";

/** The relayed answer of the extension, as the settings routes answer. */
const relayed = (body: Json) => ({ data: { statusCode: 200, success: true, responseTime: 1.5, body } });

const held = (app: AppRecord) => {
  const c = app.extensions.get(SLUG)?.certificates ?? {};
  return { [CERTIFICATE_HELD.p12]: c.p12 !== undefined, [CERTIFICATE_HELD.p8]: c.p8 !== undefined };
};

function store(app: AppRecord, type: PushCertificateType, file: CertificateFile, password?: string): void {
  const bytes = Buffer.from(file.content, "base64");
  const problem = certificateProblem(type, bytes, password);
  if (problem)
    throw badRequest({
      [problem.about === "password" ? "password" : "certificate"]: [`${problem.problem}.`],
    });
  const ext = app.extensions.get(SLUG) ?? { enabled: false };
  ext.certificates = { ...ext.certificates, [type]: createHash("sha256").update(bytes).digest("hex") };
  app.extensions.set(SLUG, ext);
}

export const pushCertificateHandlers = {
  uploadPushCertificateP12: ({ state, params, body }) => {
    const app = requireApp(state, params.appId);
    store(app, "p12", body.certificate, body.password);
    return relayed(held(app));
  },
  uploadPushCertificateP8: ({ state, params, body }) => {
    const app = requireApp(state, params.appId);
    store(app, "p8", body.certificate);
    return relayed({ success: true });
  },
  queryPushCertificates: ({ state, params }) => relayed(held(requireApp(state, params.appId))),
} satisfies ManagementHandlers;

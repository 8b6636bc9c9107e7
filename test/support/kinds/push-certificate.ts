// PushCertificate: a p12 from a path with its password, then another p12 with another password, then one
// without a password as base64 content; a p8 key as content with its digest, then another, then from a path.
// Its listing seeds are the app's two certificates (an app holds one of each).
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { Fixture } from "./helpers";

export const certificateFile = (name: string) => join(__dirname, "..", "certificates", name);
const base64 = (name: string) => readFileSync(certificateFile(name)).toString("base64");
const digest = (name: string) =>
  createHash("sha256")
    .update(readFileSync(certificateFile(name)))
    .digest("hex");

export const fixture: Fixture = {
  cases: ({ appId }) => [
    {
      kind: "PushCertificate",
      name: "push-key",
      set: { appId, type: "p8", content: base64("apns-a.p8"), contentHash: digest("apns-a.p8") },
      change: { appId, type: "p8", content: base64("apns-b.p8"), contentHash: digest("apns-b.p8") },
      remove: { type: "p8", path: certificateFile("apns-a.p8") },
      replace: { type: "p12", path: certificateFile("apns-open.p12") },
    },
    {
      kind: "PushCertificate",
      name: "push-certificate",
      set: { appId, type: "p12", path: certificateFile("apns-a.p12"), password: "p12PassAlpha7731" },
      change: { appId, type: "p12", path: certificateFile("apns-b.p12"), password: "p12PassBravo7731" },
      // appId removed: it defaults to the configured app, the same one, so nothing changes.
      remove: { type: "p12", content: base64("apns-open.p12") },
      replace: { appId: "another-app" },
    },
  ],
  seeds: [
    { type: "p12", path: certificateFile("apns-a.p12"), password: "p12PassAlpha7731" },
    { type: "p8", content: base64("apns-b.p8") },
  ],
  // The password is checked against the file at preview: a drawn one does not open it, so the sample's secret
  // is the content (a drawn value is not base64 of a certificate, refused without echoing it).
  secret: (secret) => ({
    valid: () => ({ type: "p12", content: base64("apns-open.p12") }),
    sibling: ["type", "p13", /type/],
    badSecret: () => [{ type: "p12", content: `${secret("cert", 40)}!` }, /content: must be the certificate/],
  }),
  lookup: { holds: { type: "p12" } },
};

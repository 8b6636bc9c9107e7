// PushCertificate: a p12 from a path with its password, then another p12 as base64 content with another
// password, then one without a password, replaced by a p8 key; its listing seeds are the app's two
// certificates (an app holds one of each), and its secret sample a p12's content and password.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { Fixture } from "./helpers";

export const certificateFile = (name: string) => join(__dirname, "..", "certificates", name);
const base64 = (name: string) => readFileSync(certificateFile(name)).toString("base64");

export const fixture: Fixture = {
  cases: ({ appId }) => [
    {
      kind: "PushCertificate",
      name: "push-certificate",
      set: { appId, type: "p12", path: certificateFile("apns-a.p12"), password: "p12-pass-alpha-7731" },
      change: { appId, type: "p12", content: base64("apns-b.p12"), password: "p12-pass-bravo-7731" },
      remove: { appId, type: "p12", path: certificateFile("apns-open.p12") },
      replace: { type: "p8", path: certificateFile("apns-a.p8") },
    },
  ],
  seeds: [
    { type: "p12", path: certificateFile("apns-a.p12"), password: "p12-pass-alpha-7731" },
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

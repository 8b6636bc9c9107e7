// The legacy push-notification extension's certificates (management API, decision 0136): an APNs p12
// certificate and an APNs p8 signing key, each uploaded as a multipart file part, and one query saying which
// the app has. The schemas are generated from the document; this file names them and holds the check of a
// file's bytes, which the kind runs before any call and the emulator runs as the service would.
import { createPrivateKey } from "node:crypto";
import { createSecureContext } from "node:tls";
import type { z } from "zod";
import * as G from "./generated/schemas";

export const PushCertificateDeclared = G.PushCertificateDeclared;
export const PushCertificateType = G.PushCertificateType;
export type PushCertificateType = z.output<typeof PushCertificateType>;
export const CertificateFile = G.CertificateFile;
export type CertificateFile = z.output<typeof CertificateFile>;

/** The media type each certificate's file part travels as (both are sent as bytes, never as text). */
export const CERTIFICATE_MEDIA_TYPE: Readonly<Record<PushCertificateType, string>> = {
  p12: "application/x-pkcs12",
  p8: "application/pkcs8",
};

/** The query's answer field for each certificate. */
export const CERTIFICATE_HELD = { p12: "certificate_p12", p8: "certificate_p8" } as const;

/** What is wrong with a certificate file: about its password, or about the file itself. */
export interface CertificateProblem {
  readonly about: "password" | "file";
  readonly problem: string;
}

/**
 * What is wrong with a certificate file's bytes, or undefined: a p12 must open (with its password, when it
 * has one), a p8 must be a PEM private key on the P-256 curve (what APNs signs with). The message never holds
 * the bytes or the password.
 */
export function certificateProblem(
  type: PushCertificateType,
  bytes: Buffer,
  password: string | undefined,
): CertificateProblem | undefined {
  const file = (problem: string): CertificateProblem => ({ about: "file", problem });
  if (bytes.length === 0) return file("the file is empty");
  if (type === "p12") {
    try {
      createSecureContext({ pfx: bytes, ...(password === undefined ? {} : { passphrase: password }) });
      return undefined;
    } catch (e) {
      const why = String((e as { message?: unknown }).message ?? "");
      if (!/mac verify|password|decrypt/i.test(why))
        return file("the file is not a p12 (PKCS#12) certificate");
      return {
        about: "password",
        problem:
          password === undefined
            ? "the p12 file is protected by a password: give password"
            : "password does not open the p12 file",
      };
    }
  }
  const text = bytes.toString("utf8");
  if (!text.includes("-----BEGIN PRIVATE KEY-----"))
    return file('the file is not a p8 key (PEM text starting "-----BEGIN PRIVATE KEY-----")');
  try {
    const key = createPrivateKey({ key: text, format: "pem" });
    if (key.asymmetricKeyType !== "ec" || key.asymmetricKeyDetails?.namedCurve !== "prime256v1")
      return file("the p8 key is not an APNs signing key (an EC key on the P-256 curve)");
    return undefined;
  } catch {
    return file("the p8 file does not hold a readable private key");
  }
}

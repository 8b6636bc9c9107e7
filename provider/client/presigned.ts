// A file's bytes PUT to a presigned storage URL the service answered (the knowledge base's uploads, S50;
// decision 0132). Not a route of the API: the URL's signature is the credential, so no API key or other
// header of ours goes with it, and no error or log line shows the URL's query (the signature).
import type { Got } from "got" with { "resolution-mode": "import" };
import { DEFAULT_TIMEOUT_MS } from "./transport";

type GotModule = typeof import("got", { with: { "resolution-mode": "import" }});
const gotModule = require("got") as GotModule;
const http: Got = gotModule.default.extend({
  retry: { limit: 0 },
  throwHttpErrors: false,
  followRedirect: false,
});

/** Loopback hosts: the emulator's storage, the one place a plain-http URL is accepted. */
const LOOPBACK = new Set(["127.0.0.1", "localhost", "[::1]", "::1"]);

/** The URL without its query (the signature): what an error may show. */
export function presignedWhere(url: string): string {
  try {
    const u = new URL(url);
    return `${u.protocol}//${u.host}${u.pathname}`;
  } catch {
    return "(an invalid URL)";
  }
}

/** PUTs `bytes` to `url`; throws an Error naming `what` and the status when storage refuses them. */
export async function putPresigned(
  url: string,
  bytes: Uint8Array,
  contentType: string,
  what: string,
  timeoutMs = DEFAULT_TIMEOUT_MS,
): Promise<void> {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    throw new Error(`${what}: the service answered an upload URL that is not a URL`);
  }
  if (u.protocol !== "https:" && !(u.protocol === "http:" && LOOPBACK.has(u.hostname)))
    throw new Error(`${what}: refusing to upload to ${presignedWhere(url)}: not https`);
  let status: number;
  try {
    const res = await http(url, {
      method: "PUT",
      headers: { "content-type": contentType },
      body: Buffer.from(bytes),
      timeout: { request: timeoutMs },
      responseType: "text",
    });
    status = res.statusCode;
  } catch (e) {
    const code = (e as { code?: unknown }).code;
    throw new Error(
      `${what}: upload to ${presignedWhere(url)} failed${typeof code === "string" ? ` (${code})` : ""}`,
    );
  }
  if (status < 200 || status >= 300)
    throw new Error(`${what}: storage refused the upload to ${presignedWhere(url)} (HTTP ${status})`);
}

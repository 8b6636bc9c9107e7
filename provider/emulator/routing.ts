// The two ways in: the real host shape `<appId>.api-<region>.<host>` (chat) and `apimgmt.<host>`
// (management) through the Host header, and a path form for plain localhost use. The host form is rewritten
// to the path form before routing, so each route is registered once.
import { parse as parseQuery } from "node:querystring";

export const CHAT_PREFIX = "/chat";
export const MANAGEMENT_PREFIX = "/management";
export const ADMIN_PREFIX = "/__admin";
/** Where the emulator's presigned upload URLs point: its stand-in for the service's object storage. */
export const STORAGE_PREFIX = "/__storage";

const CHAT_HOST = /^([a-z0-9]+)\.api-([a-z0-9]+)\./i;
const MANAGEMENT_HOST = /^apimgmt\./i;

/** The path-form URL of a request, from its Host header and URL. */
export function rewriteUrl(host: string | undefined, url: string): string {
  if (!host || url.startsWith(ADMIN_PREFIX) || url.startsWith(STORAGE_PREFIX)) return url;
  const chat = CHAT_HOST.exec(host);
  if (chat) return `${CHAT_PREFIX}/${chat[1]}/${chat[2]}${url}`;
  if (MANAGEMENT_HOST.test(host)) return `${MANAGEMENT_PREFIX}${url}`;
  return url;
}

/** `roles[]=a&roles[]=b` and `roles=a,b` both reach the schemas as `roles` (they split comma lists). */
export function parseQueryString(qs: string): Record<string, unknown> {
  const raw = parseQuery(qs);
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(raw)) {
    const key = k.endsWith("[]") ? k.slice(0, -2) : k;
    const prev = out[key];
    if (prev === undefined) out[key] = v;
    else out[key] = [...(Array.isArray(prev) ? prev : [prev]), ...(Array.isArray(v) ? v : [v])];
  }
  return out;
}

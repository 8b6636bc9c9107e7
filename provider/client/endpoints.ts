// Base addresses (docs/service/auth-and-addressing.md) and the HTTPS rule: credentials travel in
// headers, so plain http is allowed only to this machine (the emulator), never across a network.
import { REGIONS, Region } from "../contract";

export const DEFAULT_HOST = "cometchat.io";
export const DEFAULT_REGION: Region = "us";

/** A connection setting that cannot work (bad URL, plain http to a remote host, unknown region, …). */
export class ConfigurationError extends Error {
  override readonly name = "ConfigurationError";
  /** The setting at fault, e.g. "endpoint". */
  readonly field: string;
  constructor(field: string, message: string) {
    super(`${field}: ${message}`);
    this.field = field;
  }
}

/** 127.0.0.0/8, ::1 and localhost. */
export function isLoopbackHost(hostname: string): boolean {
  const h = hostname.toLowerCase().replace(/^\[|\]$/g, "");
  if (h === "localhost" || h === "::1" || h === "0:0:0:0:0:0:0:1") return true;
  const parts = h.split(".");
  return (
    parts.length === 4 && parts[0] === "127" && parts.every((p) => /^\d{1,3}$/.test(p) && Number(p) <= 255)
  );
}

/** Parses `url` and enforces https unless the host is loopback. Returns it without a trailing slash. */
export function checkBaseUrl(url: string, field: string): string {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    throw new ConfigurationError(field, `not a valid URL: ${JSON.stringify(url)}`);
  }
  if (u.protocol !== "https:" && u.protocol !== "http:") {
    throw new ConfigurationError(field, `must be an https URL (got protocol ${u.protocol})`);
  }
  if (u.protocol === "http:" && !isLoopbackHost(u.hostname)) {
    throw new ConfigurationError(
      field,
      `must use https: plain http is allowed only for loopback hosts (127.0.0.0/8, ::1, localhost), got host ${u.hostname}`,
    );
  }
  if (u.username || u.password) throw new ConfigurationError(field, "must not contain credentials");
  if (u.search || u.hash) throw new ConfigurationError(field, "must not have a query or a fragment");
  return u.toString().replace(/\/+$/, "");
}

function checkRegion(region: string | undefined): Region {
  const r = Region.safeParse(region ?? DEFAULT_REGION);
  if (!r.success) {
    throw new ConfigurationError(
      "region",
      `must be one of ${REGIONS.join(", ")} (got ${JSON.stringify(region)})`,
    );
  }
  return r.data;
}

// App ids are host name labels in the vendor's address.
function checkAppId(appId: string): string {
  if (typeof appId !== "string" || !/^[A-Za-z0-9][A-Za-z0-9-]{0,62}$/.test(appId)) {
    throw new ConfigurationError("appId", `must be letters, digits and '-' (got ${JSON.stringify(appId)})`);
  }
  return appId;
}

function checkHost(host: string | undefined): string {
  const h = host ?? DEFAULT_HOST;
  if (!/^[A-Za-z0-9]([A-Za-z0-9.-]*[A-Za-z0-9])?$/.test(h)) {
    throw new ConfigurationError(
      "host",
      `must be a host name such as ${DEFAULT_HOST} (got ${JSON.stringify(h)})`,
    );
  }
  return h;
}

export interface ChatAddress {
  appId: string;
  region?: Region | undefined;
  /** Replaces the vendor's host (cometchat.io). */
  host?: string | undefined;
  /** A template with `{appId}` and `{region}`, e.g. the emulator's `http://127.0.0.1:PORT/chat/{appId}/{region}/v3`. */
  endpoint?: string | undefined;
}

/** `https://<appId>.api-<region>.<host>/v3`, or the endpoint template filled in. */
export function chatBaseUrl(a: ChatAddress): string {
  const appId = checkAppId(a.appId);
  const region = checkRegion(a.region);
  if (a.endpoint !== undefined) {
    const filled = a.endpoint
      .replaceAll("{appId}", encodeURIComponent(appId))
      .replaceAll("{region}", encodeURIComponent(region));
    return checkBaseUrl(filled, "endpoint");
  }
  return checkBaseUrl(`https://${appId}.api-${region}.${checkHost(a.host)}/v3`, "host");
}

/** `https://<appId>.call-<region>.<host>/v3`: the Calls API's base (same `apikey` header). */
export function callsBaseUrl(
  a: Omit<ChatAddress, "endpoint"> & { callsEndpoint?: string | undefined },
): string {
  const appId = checkAppId(a.appId);
  const region = checkRegion(a.region);
  if (a.callsEndpoint !== undefined) {
    const filled = a.callsEndpoint
      .replaceAll("{appId}", encodeURIComponent(appId))
      .replaceAll("{region}", encodeURIComponent(region));
    return checkBaseUrl(filled, "callsEndpoint");
  }
  return checkBaseUrl(`https://${appId}.call-${region}.${checkHost(a.host)}/v3`, "host");
}

export interface ManagementAddress {
  host?: string | undefined;
  /** The management base URL, e.g. the emulator's `http://127.0.0.1:PORT/management`. */
  endpoint?: string | undefined;
}

/** `https://apimgmt.<host>` (no app id, no /v3), or the endpoint. */
export function managementBaseUrl(a: ManagementAddress): string {
  if (a.endpoint !== undefined) return checkBaseUrl(a.endpoint, "endpoint");
  return checkBaseUrl(`https://apimgmt.${checkHost(a.host)}`, "host");
}

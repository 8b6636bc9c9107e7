// Who may call what (docs/service/auth-and-addressing.md): the `apikey` header of the app
// (fullAccess, or authOnly for creating users and auth tokens), the management `key`/`secret` pair, the
// emulator's own admin token, and the `onBehalfOf` user.
import type { RouteSpec } from "../contract";
import { ApiError, badRequest } from "./errors";
import { norm, requireUser } from "./handlers/lookup";
import type { ApiKeyRecord, AppRecord, Credentials, EmulatorState, UserRecord } from "./state";

export type HeaderValue = string | string[] | undefined;
export const first = (h: HeaderValue): string | undefined => (Array.isArray(h) ? h[0] : h);

/**
 * The app of a chat request. An app lives in one region: the same id under another region's host is unknown
 * there, as it is on the real service's regional clusters.
 */
export function chatApp(state: EmulatorState, appId: string, region: string): AppRecord {
  const app = state.apps.get(norm(appId));
  if (!app || app.region !== region.toLowerCase()) {
    throw new ApiError("AUTH_ERR_INVALID_APPID", `The app id ${appId} is not valid in region ${region}.`);
  }
  if (app.state === "archived") {
    throw new ApiError("ERR_APP_ARCHIVED", `The app ${appId} is archived and scheduled for deletion.`);
  }
  return app;
}

/** The calling key; another app's key is unknown here. */
export function chatKey(app: AppRecord, header: HeaderValue, spec: RouteSpec): ApiKeyRecord {
  const value = first(header);
  if (!value) throw new ApiError("AUTH_ERR_EMPTY_APIKEY", "The apikey header is missing or empty.");
  const key = app.apiKeys.get(value);
  if (!key) throw new ApiError("AUTH_ERR_APIKEY_NOT_FOUND", `The API key ${value} does not exist.`);
  if (key.scope === "authOnly" && !spec.authOnly) {
    throw new ApiError(
      "AUTH_ERR_NO_ACCESS",
      `The key ${value} cannot be used to perform this operation. Please use a key with fullAccess scope.`,
    );
  }
  return key;
}

/** The onBehalfOf user: required on some routes; when sent, it must be an active user. */
export function chatActor(app: AppRecord, header: HeaderValue, spec: RouteSpec): UserRecord | undefined {
  const uid = first(header);
  if (!uid) {
    if (spec.onBehalfOf === "required") {
      throw badRequest({ onBehalfOf: ["The onBehalfOf header is required for this operation."] });
    }
    return undefined;
  }
  return requireUser(app, uid);
}

/**
 * The management pair. Without `key` and `secret` the request is not routed at all: a per-app REST key
 * against the management host gets a 404 on the real service (docs/service/auth-and-addressing.md, seen live).
 */
export function checkManagement(key: HeaderValue, secret: HeaderValue, creds: Credentials): void {
  const k = first(key);
  const s = first(secret);
  if (!k && !s) throw new ApiError("ERR_API_NOT_FOUND", "The requested API does not exist.");
  if (!k || !s)
    throw new ApiError("AUTH_ERR_EMPTY_AUTH_HEADER", "Both the key and secret headers are required.");
  if (k !== creds.managementKey || s !== creds.managementSecret) {
    throw new ApiError("AUTH_ERR_APIKEY_NOT_FOUND", "The management key and secret are not valid.");
  }
}

/** The emulator's admin endpoints answer only to the admin token; chat and management credentials do not open them. */
export function checkAdmin(header: HeaderValue, creds: Credentials): void {
  if (first(header) !== creds.adminToken) {
    throw new ApiError(
      "AUTH_ERR_EMPTY_AUTH_HEADER",
      "The x-emulator-admin-token header is missing or wrong.",
    );
  }
}

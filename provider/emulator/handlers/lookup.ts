// Finding stored objects, failing with the service's not-found codes and messages (docs/service/errors-and-limits.md).
import { ApiError } from "../errors";
import type { AppRecord, EmulatorState, GroupRecord, MessageRecord, RoleRecord, UserRecord } from "../state";

/** Path ids are compared lowercased: the service lowercases them on create. */
export const norm = (id: string) => id.toLowerCase();

export const uidNotFound = (uid: string) =>
  new ApiError(
    "ERR_UID_NOT_FOUND",
    `The UID ${uid} does not exist, please make sure you have created a user with UID ${uid}.`,
  );

/** An active user: a deactivated one is reported as not found, as the service does. */
export function requireUser(app: AppRecord, uid: string): UserRecord {
  const u = app.users.get(norm(uid));
  if (!u || u.deactivatedAt !== undefined) throw uidNotFound(uid);
  return u;
}

export function requireGroup(app: AppRecord, guid: string): GroupRecord {
  const g = app.groups.get(norm(guid));
  if (!g) {
    throw new ApiError(
      "ERR_GUID_NOT_FOUND",
      `The group with GUID ${guid} does not exist, please make sure you have created a group with GUID ${guid}.`,
    );
  }
  return g;
}

export function requireRole(app: AppRecord, role: string): RoleRecord {
  const r = app.roles.get(norm(role));
  if (!r) throw new ApiError("ERR_ROLE_NOT_FOUND", `The role ${role} does not exist.`);
  return r;
}

export function requireMessage(app: AppRecord, id: string): MessageRecord {
  const m = app.messages.get(id);
  if (!m) throw new ApiError("ERR_MESSAGE_ID_NOT_FOUND", `The message with id ${id} does not exist.`);
  return m;
}

/** A management-API app: unknown, or scheduled for deletion. */
export function requireApp(state: EmulatorState, appId: string): AppRecord {
  const app = state.apps.get(norm(appId));
  if (!app) throw new ApiError("ERR_APP_NOT_FOUND", `The app ${appId} does not exist.`);
  if (app.state === "archived") {
    throw new ApiError("ERR_APP_ARCHIVED", `The app ${appId} is archived and scheduled for deletion.`);
  }
  return app;
}

export const ack = (message: string) => ({ data: { success: true, message } });

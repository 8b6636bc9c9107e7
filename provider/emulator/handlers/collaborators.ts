// An app's collaborators on the management host (docs/service/bots-agents-and-social.md): added as admins or
// moderators and removed by email; one email's failure does not fail the call. The app's owner is not a
// collaborator. Where the vendor is silent, decision 0090.
import type { CollaboratorsResult } from "../../contract";
import { ApiError, badRequest } from "../errors";
import type { AppRecord, CollaboratorRecord } from "../state";
import { requireApp } from "./lookup";
import type { Env, ManagementHandlers } from "./types";

/** The owner every emulated app has (the management views show it as `appOwner`). */
export const OWNER_EMAIL = "owner@emulator.invalid";

type Results = NonNullable<CollaboratorsResult["admins"]>;

// The service numbers collaborators but answers the id as text (the vendor's list example: "1", "2").
const view = (c: CollaboratorRecord) => ({
  id: String(c.id),
  email: c.email,
  role: c.role,
  createdAt: c.createdAt,
});

function outcome(step: () => string): Results[string] {
  try {
    return { success: true, message: step() };
  } catch (e) {
    if (!(e instanceof ApiError)) throw e;
    return { success: false, error: { code: e.code, message: e.message } };
  }
}

function add(app: AppRecord, env: Env, emails: readonly string[], role: CollaboratorRecord["role"]): Results {
  const out: Results = {};
  for (const email of emails) {
    out[email] = outcome(() => {
      if (email === OWNER_EMAIL) {
        throw new ApiError("ERR_ALREADY_AN_OWNER", `${email} is the owner of the app ${app.id}.`);
      }
      const c = app.collaborators.get(email);
      if (c) c.role = role;
      else {
        app.collaborators.set(email, { id: app.nextCollaboratorId++, email, role, createdAt: env.now() });
      }
      return `${email} is now a collaborator with role ${role}.`;
    });
  }
  return out;
}

export const collaboratorHandlers = {
  listCollaborators: ({ state, params }) => ({
    data: [...requireApp(state, params.appId).collaborators.values()].map(view),
  }),

  updateCollaborators: ({ state, params, body, env }) => {
    const app = requireApp(state, params.appId);
    const all = [...(body.admins ?? []), ...(body.moderators ?? []), ...(body.collaboratorsToRemove ?? [])];
    const twice = all.find((e, i) => all.indexOf(e) !== i);
    if (twice !== undefined) throw badRequest({ [twice]: ["an email may appear only once per call"] });
    const result: CollaboratorsResult = {};
    if (body.admins) result.admins = add(app, env, body.admins, "admin");
    if (body.moderators) result.moderators = add(app, env, body.moderators, "moderator");
    if (body.collaboratorsToRemove) {
      const out: Results = {};
      for (const email of body.collaboratorsToRemove) {
        out[email] = outcome(() => {
          if (email === OWNER_EMAIL) {
            throw new ApiError("ERR_SELF_ACTION_DENIED", "The owner of an app cannot be removed from it.");
          }
          if (!app.collaborators.delete(email)) {
            throw new ApiError(
              "ERR_NOT_A_COLLABORATOR",
              `${email} is not a collaborator of the app ${app.id}.`,
            );
          }
          return `${email} has been removed from the app.`;
        });
      }
      result.collaboratorsToRemove = out;
    }
    return { data: result };
  },
} satisfies ManagementHandlers;

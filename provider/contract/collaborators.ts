// An app's collaborators on the management host, by email (docs/service/bots-agents-and-social.md). The
// schemas are generated from the document (provider/contract/generated/schemas.ts); this file names them.
import type { z } from "zod";
import * as G from "./generated/schemas";

export const CollaboratorEmail = G.CollaboratorEmail;

/** Adds admins and moderators and removes collaborators in one call: at least one email, at most 25. */
export const CollaboratorsBody = G.CollaboratorsBody;
export type CollaboratorsBody = z.input<typeof CollaboratorsBody>;

export const COLLABORATOR_ROLES = ["admin", "developer", "moderator"] as const;

export const Collaborator = G.Collaborator;
export type Collaborator = z.infer<typeof Collaborator>;

export const CollaboratorsResult = G.CollaboratorsResult;
export type CollaboratorsResult = z.infer<typeof CollaboratorsResult>;

// An app's collaborators on the management host, by email (docs/service/bots-agents-and-social.md).
import { z } from "zod";
import { dataOf, LIMITS, Timestamp } from "./common";
import { OPERATIONS } from "./generated/routes";
import { route } from "./route";

export const CollaboratorEmail = z
  .email({ message: "a collaborator must be named by a valid email" })
  .max(LIMITS.idLength * 2, "an email must be at most 200 characters")
  .transform((e) => e.toLowerCase());

const emails = (what: string) => z.array(CollaboratorEmail).optional().describe(what);

/** Adds admins and moderators and removes collaborators in one call: at least one email, at most 25. */
export const CollaboratorsBody = z
  .strictObject({
    admins: emails("admins"),
    moderators: emails("moderators"),
    collaboratorsToRemove: emails("collaboratorsToRemove"),
  })
  .refine(
    (b) => {
      const n =
        (b.admins?.length ?? 0) + (b.moderators?.length ?? 0) + (b.collaboratorsToRemove?.length ?? 0);
      return n >= 1 && n <= LIMITS.collaboratorsPerCall;
    },
    { message: `name between 1 and ${LIMITS.collaboratorsPerCall} emails in all` },
  );
export type CollaboratorsBody = z.input<typeof CollaboratorsBody>;

export const COLLABORATOR_ROLES = ["admin", "developer", "moderator"] as const;

export const Collaborator = z.looseObject({
  id: z.union([z.string(), z.number()]),
  name: z.string().optional(),
  email: z.string(),
  role: z.string(),
  createdAt: Timestamp,
});
export type Collaborator = z.infer<typeof Collaborator>;

const EmailResult = z.looseObject({
  success: z.boolean(),
  message: z.string().optional(),
  error: z.looseObject({ code: z.string(), message: z.string().optional() }).optional(),
});
const byEmail = z.record(z.string(), EmailResult).optional();

export const CollaboratorsResult = z.looseObject({
  admins: byEmail,
  developers: byEmail,
  moderators: byEmail,
  collaboratorsToRemove: byEmail,
});
export type CollaboratorsResult = z.infer<typeof CollaboratorsResult>;

export const collaboratorRoutes = {
  listCollaborators: route({ ...OPERATIONS.listCollaborators, response: dataOf(z.array(Collaborator)) }),
  updateCollaborators: route({
    ...OPERATIONS.updateCollaborators,
    body: CollaboratorsBody,
    response: dataOf(CollaboratorsResult),
  }),
} as const;

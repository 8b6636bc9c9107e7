// Collaborators (management API `/apps/{appId}/collaborators`, docs/service/bots-agents-and-social.md,
// decision 0090): the app's whole set of admins and moderators, by email (compared lowercased). Reconciled
// from what the service holds now, at most 25 emails per call; a repeated call (after a lost answer) is
// harmless: adding with the same role changes nothing, removing one already gone is accepted. The app's owner
// is never a collaborator: never listed, never removed, refused when declared. A collaborator with a role the
// API cannot give (developer, set in the dashboard) is left alone unless declared. Id: the appId.
import { z } from "zod";
import { CollaboratorEmail, type CollaboratorsBody, type CollaboratorsResult, LIMITS } from "../contract";
import { appIdFact, declare, none } from "../engine/fields";
import { type CheckFailure, type Ctx, type Kind, partialCreate } from "../engine/kind";

const emails = z.array(CollaboratorEmail).optional();
export const CollaboratorsArgs = z
  .strictObject({
    /** The app (default: the management connection's chat:appId). */
    appId: z.string().min(1, "appId must not be empty").optional(),
    admins: emails,
    moderators: emails,
  })
  .superRefine((a, ctx) => {
    const seen = new Set<string>();
    for (const role of ROLES)
      (a[role] ?? []).forEach((email, i) => {
        if (seen.has(email))
          ctx.addIssue({
            code: "custom",
            path: [role, i],
            message: `${email} is listed twice (an email has one role: admins or moderators)`,
          });
        seen.add(email);
      });
  });
export type CollaboratorsArgs = z.output<typeof CollaboratorsArgs>;

/** The arguments, and the role each gives (the service's role names). */
const ROLES = ["admins", "moderators"] as const;
type RoleList = (typeof ROLES)[number];
const ROLE: Record<RoleList, string> = { admins: "admin", moderators: "moderator" };

/** email → role, as declared. */
function declared(a: CollaboratorsArgs): Map<string, RoleList> {
  const m = new Map<string, RoleList>();
  for (const role of ROLES) for (const e of a[role] ?? []) m.set(e, role);
  return m;
}

/** The collaborators with a role this resource manages, email (lowercased) → its list. */
async function current(ctx: Ctx, appId: string): Promise<Map<string, RoleList>> {
  const all = (await ctx.management().call("listCollaborators", { params: { appId } })).data;
  const m = new Map<string, RoleList>();
  for (const c of all) {
    const role = ROLES.find((r) => ROLE[r] === c.role);
    if (role) m.set(c.email.toLowerCase(), role);
  }
  return m;
}

function asArgs(appId: string, have: ReadonlyMap<string, RoleList>): CollaboratorsArgs {
  const out: CollaboratorsArgs = { appId };
  for (const role of ROLES) {
    const list = [...have].filter(([, r]) => r === role).map(([e]) => e);
    if (list.length) out[role] = list.sort();
  }
  return out;
}

type Op = { email: string; list: keyof CollaboratorsBody };

/**
 * Sends the adds and removals at most 25 emails per call; throws one error naming every email the service
 * refused. Removing one that is no longer a collaborator is done (a repeat after a lost answer).
 */
async function send(ctx: Ctx, appId: string, ops: readonly Op[]): Promise<void> {
  const failed: string[] = [];
  for (let i = 0; i < ops.length; i += LIMITS.collaboratorsPerCall) {
    const body: Record<string, string[]> = {};
    for (const op of ops.slice(i, i + LIMITS.collaboratorsPerCall))
      body[op.list] = [...(body[op.list] ?? []), op.email];
    const r = await ctx.management().call("updateCollaborators", { params: { appId }, body });
    for (const list of Object.keys(body) as (keyof CollaboratorsResult)[])
      for (const [email, x] of Object.entries(r.data[list] ?? {})) {
        if (x.success) continue;
        if (list === "collaboratorsToRemove" && x.error?.code === "ERR_NOT_A_COLLABORATOR") continue;
        failed.push(`${email} (${x.error?.code ?? "failed"}: ${x.error?.message ?? ""})`);
      }
  }
  if (failed.length) throw new Error(`app ${appId}: could not update collaborators ${failed.join(", ")}`);
}

/** Brings the app's collaborators to `want`, from what the service holds now. */
async function reconcile(ctx: Ctx, appId: string, want: ReadonlyMap<string, RoleList>): Promise<void> {
  const have = await current(ctx, appId);
  const ops: Op[] = [];
  for (const [email, role] of want) if (have.get(email) !== role) ops.push({ email, list: role });
  for (const email of have.keys()) if (!want.has(email)) ops.push({ email, list: "collaboratorsToRemove" });
  await send(ctx, appId, ops);
}

/** The app owner's email, from the management listing of apps; undefined when it cannot tell. */
async function ownerOf(ctx: Ctx, appId: string): Promise<string | undefined> {
  for await (const app of ctx.management().paginate("listApps", { query: { searchKey: appId } }))
    if (app.id === appId) {
      const email = (app as { appOwner?: { email?: unknown } }).appOwner?.email;
      return typeof email === "string" ? email.toLowerCase() : undefined;
    }
  return undefined;
}

export const collaborators: Kind<CollaboratorsArgs> = {
  name: "Collaborators",
  doc: "Every admin and moderator of an app, by email: collaborators not declared here are removed. The app's owner is never one of them (never listed, never removed; declaring them is refused). A collaborator with another role (developer) is left alone unless declared. Id: the appId.",
  ...declare(CollaboratorsArgs, z.object({}), {
    appId: { ...appIdFact("resource"), identity: true },
    admins: { doc: "Emails of the app's admins (a set; compared lowercased).", default: none, set: true },
    moderators: {
      doc: "Emails of the app's moderators (a set; compared lowercased; an email has one role).",
      default: none,
      set: true,
    },
  }),
  api: "management",
  idParts: ["appId"],
  file: { at: ["collaborators"], one: true, child: "collaborators" },

  async validate(ctx, a) {
    const appId = ctx.appId(a);
    const owner = await ownerOf(ctx, appId);
    const role = owner === undefined ? undefined : declared(a).get(owner);
    const failures: CheckFailure[] = [];
    if (role)
      failures.push({
        property: role,
        reason: `${owner} owns app ${appId} and is never one of its collaborators: leave them out`,
      });
    return failures;
  },

  async create(ctx, a) {
    const appId = ctx.appId(a);
    try {
      await reconcile(ctx, appId, declared(a));
    } catch (e) {
      // Some may be done: record what is there, so the next up finishes the job.
      const now = await current(ctx, appId).catch(() => new Map<string, RoleList>());
      throw partialCreate(e, appId, asArgs(appId, now));
    }
    return { id: appId, state: {} };
  },
  async read(ctx, _id, prior) {
    const appId = ctx.appId(prior);
    return { args: asArgs(appId, await current(ctx, appId)), state: {} };
  },
  async update(ctx, _id, _olds, news) {
    await reconcile(ctx, ctx.appId(news), declared(news));
    return {};
  },
  async delete(ctx, _id, a) {
    const appId = ctx.appId(a);
    const have = await current(ctx, appId);
    const ops = [...declared(a).keys()]
      .filter((e) => have.has(e))
      .map((email): Op => ({ email, list: "collaboratorsToRemove" }));
    await send(ctx, appId, ops);
  },
  async find(ctx, a) {
    const appId = ctx.appId(a);
    return { id: appId, args: asArgs(appId, await current(ctx, appId)) };
  },
  async list(ctx, scope) {
    const appId = ctx.appId(scope);
    return [{ id: appId, args: asArgs(appId, await current(ctx, appId)), state: {} }];
  },
};

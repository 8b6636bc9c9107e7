// User (docs/service/users-and-auth-tokens.md). Identity: uid (caller-chosen, lowercased, immutable).
// Delete deactivates by default (restorable, keeps the user's messages); `permanentDelete: true` removes the
// user and their messages. Creating a uid that is deactivated reactivates it and applies the arguments.
import { z } from "zod";
import { DEFAULTS, LIMITS, USER_UNSETTABLE, type User, UserCreate, UserListQuery } from "../contract";
import { declare, none, service } from "../engine/fields";
import { createdAt, type Kind, partialCreate } from "../engine/kind";
import { type Listing, withTags } from "../engine/listings";
import { collect, defined, fromRemote, hasCode, removed, sortedById } from "../engine/util";

export const UserArgs = UserCreate.omit({ withAuthToken: true }).extend({
  permanentDelete: z.boolean().optional(),
});
export type UserArgs = z.output<typeof UserArgs>;

/** What the service holds of a user under the arguments' names (permanentDelete, never sent, is never there). */
const FIELDS = Object.keys(UserArgs.shape);
/** Active users with their tags (deactivated ones are left out, and read alone: a 404 says they are gone). */
/** The context's key of the whole listing of active users (User.list without filters). */
export const ALL_USERS = "users";
const USERS: Listing = { api: "chat", route: "listUsers", query: { withTags: true }, key: "uid" };
/** What a listing of users may be narrowed by (User.list's scope): role, tags (any of), uid or name prefix. */
export const UserListScope = z.strictObject({
  role: UserListQuery.shape.role.describe("Only users holding this role."),
  tags: UserListQuery.shape.tags.describe("Only users with at least one of these tags."),
  searchKey: UserListQuery.shape.searchKey.describe("Only those whose id or name starts with this text."),
});

/** What the service computes beside the arguments. */
export const UserOutputs = z.object(createdAt);

/** A user as read returns it (the one mapping: read and list). */
const asRead = (u: User) => ({ args: fromRemote(u, FIELDS) as UserArgs, state: { createdAt: u.createdAt } });

export const user: Kind<UserArgs> = {
  name: "User",
  doc: "A chat user. Id: the uid.",
  claims: (a) => ({ who: "a User resource", claims: [{ what: "user", id: a.uid, property: "uid" }] }),
  ...declare(
    UserArgs,
    UserOutputs,
    {
      uid: {
        doc: "Caller-chosen id: letters, digits, '-', '_', stored lowercase. Changing it replaces the user (a new user; the old one's messages stay with the old uid).",
        replace: true,
        identity: true,
      },
      name: { doc: "Display name." },
      avatar: { doc: "Avatar URL.", default: none },
      link: { doc: "Profile URL.", default: none },
      role: { doc: "Role id; the role must exist.", default: service },
      statusMessage: { doc: "Status message.", default: none },
      metadata: { doc: "Free-form JSON metadata, at most 5 KB.", default: none },
      tags: { doc: "Tags (a set).", default: none, set: true },
      permanentDelete: {
        doc: "On delete, remove the user and their messages for good instead of deactivating (the default, restorable: a later create of the same uid reactivates it).",
        default: none,
        local: true,
      },
    },
    DEFAULTS.User,
  ),
  api: "chat",
  file: {
    at: ["users"],
    child: "user",
    output: "users",
    refs: { role: { kind: "Role", builtIn: ["default"] } },
  },

  async create(ctx, a) {
    const body = defined(a, user.local) as z.input<typeof UserCreate>;
    try {
      const r = await ctx.chat().call("createUser", { body });
      return { id: r.data.uid, state: { createdAt: r.data.createdAt } };
    } catch (e) {
      if (!hasCode(e, "ERR_UID_ALREADY_EXISTS")) throw e;
      // A uid that exists but cannot be read is deactivated (e.g. by an earlier destroy): bring it back.
      const r = await ctx.chat().call("reactivateUsers", { body: { uidsToActivate: [a.uid] } });
      if (!r.data.nonDeactivatedUids.includes(a.uid)) {
        throw new Error(`user ${a.uid} already exists; set adopt: true to manage the existing user`);
      }
      try {
        return { id: a.uid, state: await user.update(ctx, a.uid, { uid: a.uid, name: a.name }, a) };
      } catch (e) {
        // Reactivated but not yet updated: record it, so the next up updates it rather than finding it taken.
        throw partialCreate(e, a.uid, { uid: a.uid, name: "" });
      }
    }
  },

  async read(ctx, id) {
    const u = await ctx.listed(USERS, id, async () =>
      // GET does not return tags; a listing with tags does.
      withTags(ctx, USERS, id, (await ctx.chat().call("getUser", { params: { uid: id } })).data),
    );
    return asRead(u);
  },

  listScope: UserListScope,
  async list(ctx, scope, progress) {
    const filters = UserListScope.parse(scope);
    const query = { perPage: LIMITS.perPageMax, ...filters, ...USERS.query };
    const all = () => collect(ctx.chat().paginate("listUsers", { query }), LIMITS.perPageMax, progress);
    // The whole listing once per context: what lists every user's relations reads it again (relation.ts).
    const users = Object.keys(filters).length ? await all() : await ctx.once(ALL_USERS, all);
    return sortedById(users.map((u) => ({ id: u.uid, ...asRead(u) })));
  },

  async update(ctx, id, olds, news) {
    const unset = removed(olds, news, USER_UNSETTABLE);
    const body = {
      ...defined(news, [...(user.local ?? []), "uid"]),
      ...(olds.role && !news.role ? { role: "default" } : {}),
      ...(olds.tags && !news.tags ? { tags: [] } : {}),
      ...(olds.statusMessage && !news.statusMessage ? { statusMessage: "" } : {}),
      ...(unset.length ? { unset } : {}),
    };
    const r = await ctx.chat().call("updateUser", { params: { uid: id }, body });
    return { createdAt: r.data.createdAt };
  },

  async delete(ctx, id, a) {
    const permanent = a.permanentDelete === true;
    // A deactivated user still holds its role, and the service refuses to delete a role that is held:
    // hand the role back first, so that destroying an environment can delete its roles. A later create of
    // the same uid reactivates the user and applies the declared role again.
    if (!permanent && a.role && a.role !== "default") {
      await ctx.chat().call("updateUser", { params: { uid: id }, body: { role: "default" } });
    }
    await ctx.chat().call("deleteUser", { params: { uid: id }, body: { permanent } });
  },

  async find(ctx, a) {
    try {
      // Read as a refresh does (tags included), so adoption removes what is not declared.
      const now = await user.read(ctx, a.uid, a);
      return now ? { id: a.uid, args: now.args } : undefined;
    } catch (e) {
      if (hasCode(e, "ERR_UID_NOT_FOUND")) return undefined;
      throw e;
    }
  },
};

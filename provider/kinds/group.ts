// Group (docs/service/groups-and-members.md). Identity: guid (caller-chosen, lowercased, immutable). Members are managed by
// GroupMember (one membership) or GroupMembers (the whole set), not here.
import { z } from "zod";
import { GROUP_UNSETTABLE, type Group, GroupCreate, LIMITS, passwordRule } from "../contract";
import { declare, none } from "../engine/fields";
import { type Args, type Ctx, createdAt, type Kind, type ReadHow } from "../engine/kind";
import { type Listing, withTags } from "../engine/listings";
import { collect, defined, fromRemote, hasCode, removed, sortedById } from "../engine/util";

// Members are not arguments here: the refinement is re-applied to the narrowed object (zod cannot omit
// from a refined object). `type` is optional here (public); the create body always carries it.
const { members: _members, ...groupShape } = GroupCreate.shape;
export const GroupArgs = z
  .strictObject({ ...groupShape, type: groupShape.type.optional() })
  .refine(passwordRule.check, passwordRule.message);
export type GroupArgs = z.output<typeof GroupArgs>;

/** What a read compares as the service returns it: all but the password (never returned) and the owner (below). */
const FIELDS = Object.keys(GroupArgs.shape).filter((k) => k !== "password" && k !== "owner");
/** Groups with their tags (private groups may be left out, and are read alone). */
export const GROUPS: Listing = { api: "chat", route: "listGroups", query: { withTags: true }, key: "guid" };

/** The groups a listing of a kind inside groups covers: the one `scope` names, else every group. */
/** The filter of the kinds listed per group (GroupBans, GroupScopePermissions): one group, else all. */
export const GuidScope = z.strictObject({
  guid: z.string().optional().describe("Only those of this group (default: of every group)."),
});

export async function scopedGuids(ctx: Ctx, scope: Args): Promise<string[]> {
  const { guid } = GuidScope.parse(scope);
  if (guid !== undefined) return [guid];
  const groups = await ctx.chat().listAll("listGroups", { query: { perPage: LIMITS.perPageMax } });
  return groups.map((g) => g.guid);
}

/** What the service computes beside the arguments. */
export const GroupOutputs = z.object({
  ...createdAt,
  conversationId: z.string().describe('"group_<guid>".'),
  membersCount: z.number().int().describe("Members, as the service last counted them (the owner included)."),
});

/** The outputs, from any answer that carries the group. */
const stateOf = (g: Group) => ({
  createdAt: g.createdAt,
  conversationId: g.conversationId,
  membersCount: g.membersCount,
});

/** A group as read returns it (the one mapping: read and list). */
function asRead(g: Group, prior: Partial<GroupArgs>, how: ReadHow = {}) {
  const args = fromRemote(g, FIELDS) as GroupArgs;
  // Without an owner argument the service picks one; only a managed owner is compared.
  if ((how.whole || prior.owner !== undefined) && g.owner) args.owner = g.owner;
  return { args, state: stateOf(g) };
}

export const group: Kind<GroupArgs> = {
  name: "Group",
  doc: "A group conversation. Id: the guid. Members: see GroupMember and GroupMembers.",
  claims: (a) => ({ who: "a Group resource", claims: [{ what: "group", id: a.guid, property: "guid" }] }),
  ...declare(GroupArgs, GroupOutputs, {
    guid: {
      doc: "Caller-chosen id: letters, digits, '-', '_', stored lowercase. Changing it replaces the group (its messages stay with the old group).",
      replace: true,
      identity: true,
    },
    name: { doc: "Display name." },
    type: {
      doc: "public: listed, anyone joins; password: joining needs the password; private: hidden, members added by admins.",
      default: "public",
    },
    // The API never returns a group's password: it is kept from state and never offered as a refreshed input.
    password: {
      doc: 'Password for type "password" (kept secret; the API never returns it).',
      default: none,
    },
    icon: { doc: "Icon URL.", default: none },
    description: { doc: "Description.", default: none },
    metadata: { doc: "Free-form JSON metadata, at most 5 KB.", default: none },
    owner: { doc: "uid of the owner; default: chosen by the service.", default: none },
    tags: { doc: "Tags (a set).", default: none, set: true },
  }),
  api: "chat",
  file: {
    at: ["groups"],
    child: "group",
    output: "groups",
    refs: { owner: { kind: "User", elsewhere: true, onlyListed: true } },
    // Never returned by the service: named by a config key, else generated for a password group.
    secretRefs: {
      password: {
        field: "password",
        generated: {
          length: 24,
          when: (a) => a.type === "password",
          unused: "password is only used when type is 'password'",
        },
        exported: { key: "groupPassword", what: "the password of group" },
      },
    },
  },

  async create(ctx, a) {
    const body = { ...defined(a), type: a.type ?? "public" } as z.input<typeof GroupCreate>;
    const r = await ctx.chat().call("createGroup", { body });
    return { id: r.data.guid, state: stateOf(r.data) };
  },

  async read(ctx, id, prior, how) {
    const g = await ctx.listed(GROUPS, id, async () =>
      withTags(ctx, GROUPS, id, (await ctx.chat().call("getGroup", { params: { guid: id } })).data),
    );
    return asRead(g, prior, how);
  },

  async list(ctx, _scope, progress) {
    const query = { perPage: LIMITS.perPageMax, ...GROUPS.query };
    const groups = await collect(ctx.chat().paginate("listGroups", { query }), LIMITS.perPageMax, progress);
    return sortedById(groups.map((g) => ({ id: g.guid, ...asRead(g, {}, { whole: true }) })));
  },

  async update(ctx, id, olds, news) {
    const unset = removed(olds, news, GROUP_UNSETTABLE);
    const body = {
      ...defined(news, ["guid"]),
      ...(olds.tags && !news.tags ? { tags: [] } : {}),
      ...(unset.length ? { unset } : {}),
    };
    const r = await ctx.chat().call("updateGroup", { params: { guid: id }, body });
    return stateOf(r.data);
  },

  async delete(ctx, id) {
    await ctx.chat().call("deleteGroup", { params: { guid: id } });
  },

  async find(ctx, a) {
    try {
      // Read as a refresh does (tags, and the owner when one is declared), so adoption applies them too.
      const now = await group.read(ctx, a.guid, a);
      return now ? { id: a.guid, args: now.args } : undefined;
    } catch (e) {
      if (hasCode(e, "ERR_GUID_NOT_FOUND")) return undefined;
      throw e;
    }
  },
};

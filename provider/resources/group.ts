// Group (docs/service/groups-and-members.md). Identity: guid (caller-chosen, lowercased, immutable). Members are managed by
// GroupMember (one membership) or GroupMembers (the whole set), not here.
import { z } from "zod";
import { GROUP_UNSETTABLE, GroupCreate, passwordRule } from "../api";
import { createdAt, type Kind } from "./kind";
import type { Listing } from "./listings";
import { defined, fromRemote, hasCode, removed } from "./util";

// Members are not arguments here: the refinement is re-applied to the narrowed object (zod cannot omit
// from a refined object). `type` is optional here (public); the create body always carries it.
const { members: _members, ...groupShape } = GroupCreate.shape;
export const GroupArgs = z
  .strictObject({ ...groupShape, type: groupShape.type.optional() })
  .refine(passwordRule.check, passwordRule.message);
export type GroupArgs = z.output<typeof GroupArgs>;

const FIELDS = ["guid", "name", "type", "icon", "description", "metadata", "tags"] as const;
/** Groups with their tags (private groups may be left out, and are read alone). */
export const GROUPS: Listing = { api: "chat", route: "listGroups", query: { withTags: true }, key: "guid" };

export const group: Kind<GroupArgs> = {
  name: "Group",
  doc: "A group conversation. Id: the guid. Members: see GroupMember and GroupMembers.",
  docs: {
    guid: "Caller-chosen id: letters, digits, '-', '_', at most 100, stored lowercase. Changing it replaces the group (its messages stay with the old group).",
    name: "Display name, at most 100 characters.",
    type: "public (default: listed, anyone joins), password (joining needs the password) or private (hidden, members added by admins).",
    password: 'Password for type "password", at most 100 characters (kept secret; the API never returns it).',
    icon: "Icon URL, at most 3000 characters.",
    description: "Description, at most 255 characters.",
    metadata: "Free-form JSON metadata, at most 5 KB.",
    owner: "uid of the owner; default: chosen by the service.",
    tags: "Tags (a set): at most 25, each at most 100 characters.",
  },
  outputs: z.object({ ...createdAt, conversationId: z.string().describe('"group_<guid>".') }),
  api: "chat",
  args: GroupArgs,
  replaceOn: ["guid"],
  identity: ["guid"],
  sets: ["tags"],
  defaults: { type: "public" },
  // The API never returns a group's password: it is kept from state and never offered as a refreshed input.
  secrets: ["password"],

  async create(ctx, a) {
    const body = { ...defined(a), type: a.type ?? "public" } as z.input<typeof GroupCreate>;
    const r = await ctx.chat().call("createGroup", { body });
    return { id: r.data.guid, state: { createdAt: r.data.createdAt, conversationId: r.data.conversationId } };
  },

  async read(ctx, id, prior) {
    const g = await ctx.listed(GROUPS, id, async () => {
      const r = await ctx.chat().call("getGroup", { params: { guid: id } });
      // GET does not return tags; a listing with withTags does (private groups may be missing from it).
      const listed = await ctx.chat().listAll("listGroups", { query: { searchKey: id, withTags: true } });
      return { ...r.data, tags: listed.find((x) => x.guid === id)?.tags ?? prior.tags };
    });
    const args = fromRemote(g, FIELDS) as GroupArgs;
    // Without an owner argument the service picks one; only a managed owner is compared.
    if (prior.owner !== undefined && g.owner) args.owner = g.owner;
    return { args, state: { createdAt: g.createdAt, conversationId: g.conversationId } };
  },

  async update(ctx, id, olds, news) {
    const unset = removed(olds, news, GROUP_UNSETTABLE);
    const body = {
      ...defined(news, ["guid"]),
      ...(olds.tags && !news.tags ? { tags: [] } : {}),
      ...(unset.length ? { unset } : {}),
    };
    const r = await ctx.chat().call("updateGroup", { params: { guid: id }, body });
    return { createdAt: r.data.createdAt, conversationId: r.data.conversationId };
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

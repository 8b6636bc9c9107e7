import * as pulumi from "@pulumi/pulumi";
import { type ChatResourceArgs, resourceArgs } from "./resource";

export interface GroupMemberArgs extends ChatResourceArgs {
  /** The group's guid. Changing it replaces the membership. */
  guid: pulumi.Input<string>;
  /** The member's uid. Changing it replaces the membership. */
  uid: pulumi.Input<string>;
  /** admin, moderator or participant (default); changed in place. */
  scope?: pulumi.Input<"admin" | "moderator" | "participant">;
}

/** One membership, additive: other members of the group are left alone. Id: "<guid>/<uid>". */
export class GroupMember extends pulumi.dynamic.Resource {
  declare readonly guid: pulumi.Output<string>;
  declare readonly uid: pulumi.Output<string>;
  declare readonly scope: pulumi.Output<string>;
  /** Unix seconds (after a refresh). */
  declare readonly joinedAt: pulumi.Output<number | undefined>;

  constructor(name: string, args: GroupMemberArgs, opts?: pulumi.CustomResourceOptions) {
    super(...resourceArgs("GroupMember", name, args, ["joinedAt"], [], opts));
  }
}

export interface GroupMembersArgs extends ChatResourceArgs {
  /** The group's guid. Changing it replaces the resource. */
  guid: pulumi.Input<string>;
  /** uids with scope admin (a set). The group's owner may be listed here (not under the other scopes). */
  admins?: pulumi.Input<pulumi.Input<string>[]>;
  /** uids with scope moderator (a set). */
  moderators?: pulumi.Input<pulumi.Input<string>[]>;
  /** uids with scope participant (a set). */
  participants?: pulumi.Input<pulumi.Input<string>[]>;
}

/**
 * The authoritative member set of a group: members not declared here are removed (the group's owner is
 * left alone). Added at most 25 per call; a member the service refuses is reported by uid. Id: the guid.
 */
export class GroupMembers extends pulumi.dynamic.Resource {
  declare readonly guid: pulumi.Output<string>;
  declare readonly admins: pulumi.Output<string[] | undefined>;
  declare readonly moderators: pulumi.Output<string[] | undefined>;
  declare readonly participants: pulumi.Output<string[] | undefined>;

  constructor(name: string, args: GroupMembersArgs, opts?: pulumi.CustomResourceOptions) {
    super(...resourceArgs("GroupMembers", name, args, [], [], opts));
  }
}

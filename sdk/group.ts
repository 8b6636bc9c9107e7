import * as pulumi from "@pulumi/pulumi";
import { type ChatResourceArgs, resourceArgs } from "./resource";

export interface GroupArgs extends ChatResourceArgs {
  /** Caller-chosen id: letters, digits, '-', '_', at most 100, stored lowercase. Changing it replaces the group (its messages stay with the old group). */
  guid: pulumi.Input<string>;
  /** Display name, at most 100 characters. */
  name: pulumi.Input<string>;
  /** public (default: listed, anyone joins), password (joining needs the password) or private (hidden, members added by admins). */
  type?: pulumi.Input<"public" | "password" | "private">;
  /** Password for type "password", at most 100 characters (kept secret; the API never returns it). */
  password?: pulumi.Input<string>;
  /** Icon URL, at most 3000 characters. */
  icon?: pulumi.Input<string>;
  /** Description, at most 255 characters. */
  description?: pulumi.Input<string>;
  /** Free-form JSON metadata, at most 5 KB. */
  metadata?: pulumi.Input<Record<string, unknown>>;
  /** uid of the owner; default: chosen by the service. */
  owner?: pulumi.Input<string>;
  /** Tags (a set): at most 25, each at most 100 characters. */
  tags?: pulumi.Input<pulumi.Input<string>[]>;
}

/** A group conversation. Id: the guid. Members: see GroupMember and GroupMembers. */
export class Group extends pulumi.dynamic.Resource {
  declare readonly guid: pulumi.Output<string>;
  declare readonly name: pulumi.Output<string>;
  declare readonly type: pulumi.Output<string | undefined>;
  /** "group_<guid>". */
  declare readonly conversationId: pulumi.Output<string>;
  /** Unix seconds. */
  declare readonly createdAt: pulumi.Output<number>;

  constructor(name: string, args: GroupArgs, opts?: pulumi.CustomResourceOptions) {
    super(...resourceArgs("Group", name, args, ["createdAt", "conversationId"], ["password"], opts));
  }
}

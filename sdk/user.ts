import * as pulumi from "@pulumi/pulumi";
import { type ChatResourceArgs, resourceArgs } from "./resource";

export interface UserArgs extends ChatResourceArgs {
  /** Caller-chosen id: letters, digits, '-', '_', at most 100, stored lowercase. Changing it replaces the user (a new user; the old one's messages stay with the old uid). */
  uid: pulumi.Input<string>;
  /** Display name, at most 100 characters. */
  name: pulumi.Input<string>;
  /** Avatar URL, at most 3000 characters. */
  avatar?: pulumi.Input<string>;
  /** Profile URL, at most 3000 characters. */
  link?: pulumi.Input<string>;
  /** Role id; the role must exist. Default: "default". */
  role?: pulumi.Input<string>;
  /** Status message. */
  statusMessage?: pulumi.Input<string>;
  /** Free-form JSON metadata, at most 5 KB. */
  metadata?: pulumi.Input<Record<string, unknown>>;
  /** Tags (a set): at most 25, each at most 100 characters. */
  tags?: pulumi.Input<pulumi.Input<string>[]>;
  /** On delete, remove the user and their messages for good instead of deactivating (the default, restorable: a later create of the same uid reactivates it). */
  permanentDelete?: pulumi.Input<boolean>;
}

/** A chat user. Id: the uid. */
export class User extends pulumi.dynamic.Resource {
  declare readonly uid: pulumi.Output<string>;
  declare readonly name: pulumi.Output<string>;
  declare readonly role: pulumi.Output<string | undefined>;
  /** Unix seconds. */
  declare readonly createdAt: pulumi.Output<number>;

  constructor(name: string, args: UserArgs, opts?: pulumi.CustomResourceOptions) {
    super(...resourceArgs("User", name, args, ["createdAt"], [], opts));
  }
}

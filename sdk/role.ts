import * as pulumi from "@pulumi/pulumi";
import { type ChatResourceArgs, resourceArgs } from "./resource";

export interface RoleArgs extends ChatResourceArgs {
  /** Caller-chosen id: letters, digits, '-', '_', at most 100, stored lowercase. "default" (the built-in role) only with adopt: true; destroy leaves it. Changing it replaces the role. */
  role: pulumi.Input<string>;
  /** Display name, at most 100 characters. */
  name: pulumi.Input<string>;
  /** Description, at most 255 characters. */
  description?: pulumi.Input<string>;
  /** Free-form JSON metadata. */
  metadata?: pulumi.Input<Record<string, unknown>>;
  /** Legacy settings: listUsers and sendMessagesTo, each "all" or "friendsOnly". */
  settings?: pulumi.Input<{
    listUsers?: pulumi.Input<"all" | "friendsOnly">;
    sendMessagesTo?: pulumi.Input<"all" | "friendsOnly">;
  }>;
  /** Feature keys restricted for this role (a set), e.g. "u.listUsers". */
  restrictedFeatures?: pulumi.Input<pulumi.Input<string>[]>;
  /** RBAC permissions this resource manages, e.g. { sendMessage: "deny" }; other keys keep their defaults. */
  permissions?: pulumi.Input<Record<string, pulumi.Input<string | string[]>>>;
}

/** A role (at most 25 per app). Id: the role id. */
export class Role extends pulumi.dynamic.Resource {
  declare readonly role: pulumi.Output<string>;
  declare readonly name: pulumi.Output<string>;
  /** Unix seconds. */
  declare readonly createdAt: pulumi.Output<number>;

  constructor(name: string, args: RoleArgs, opts?: pulumi.CustomResourceOptions) {
    super(...resourceArgs("Role", name, args, ["createdAt"], [], opts));
  }
}

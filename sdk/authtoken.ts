import * as pulumi from "@pulumi/pulumi";
import { type ChatResourceArgs, resourceArgs } from "./resource";

export interface AuthTokenArgs extends ChatResourceArgs {
  /** The user the token logs in. Changing it replaces the token. */
  uid: pulumi.Input<string>;
  /** Platform the token is tied to. */
  platform?: pulumi.Input<string>;
  /** User agent the token is tied to. */
  userAgent?: pulumi.Input<string>;
  /** Free-form app information. */
  appInfo?: pulumi.Input<Record<string, unknown>>;
}

/** A login token for one user (for client SDKs). Id: "<uid>/<hash of the token>". */
export class AuthToken extends pulumi.dynamic.Resource {
  declare readonly uid: pulumi.Output<string>;
  /** The token (secret). */
  declare readonly authToken: pulumi.Output<string>;
  /** Unix seconds. */
  declare readonly createdAt: pulumi.Output<number>;

  constructor(name: string, args: AuthTokenArgs, opts?: pulumi.CustomResourceOptions) {
    super(...resourceArgs("AuthToken", name, args, ["authToken", "createdAt"], ["authToken"], opts));
  }
}

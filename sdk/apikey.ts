import * as pulumi from "@pulumi/pulumi";
import { type ChatResourceArgs, resourceArgs } from "./resource";

export interface ApiKeyArgs extends ChatResourceArgs {
  /** Name, at most 100 characters (unique, to be adoptable). */
  name: pulumi.Input<string>;
  /** authOnly (default: create users and auth tokens only) or fullAccess. Changed in place. */
  scope?: pulumi.Input<"authOnly" | "fullAccess">;
}

/** An API key of an app (at most 25 per app). Id: a hash of the key; the key itself is the secret output `apiKey`. */
export class ApiKey extends pulumi.dynamic.Resource {
  declare readonly name: pulumi.Output<string>;
  declare readonly scope: pulumi.Output<string>;
  /** The key value (secret). */
  declare readonly apiKey: pulumi.Output<string>;
  /** Unix seconds. */
  declare readonly createdAt: pulumi.Output<number>;

  constructor(name: string, args: ApiKeyArgs, opts?: pulumi.CustomResourceOptions) {
    super(...resourceArgs("ApiKey", name, args, ["apiKey", "createdAt"], ["apiKey"], opts));
  }
}

import * as pulumi from "@pulumi/pulumi";
import { type ManagementResourceArgs, resourceArgs } from "./resource";

export interface AppArgs extends ManagementResourceArgs {
  /** App name. Changing it replaces the app (there is no update API). */
  name: pulumi.Input<string>;
  /** Region: us (default), eu or in. Changing it replaces the app. */
  region?: pulumi.Input<"us" | "eu" | "in">;
  /** API version of the app, default "3". Changing it replaces the app. */
  version?: pulumi.Input<string>;
  /** Create the app without sample users and groups. Changing it replaces the app. */
  skipSampleData?: pulumi.Input<boolean>;
}

export interface AppConnection {
  appId: string;
  region: "us" | "eu" | "in";
  apiKey: string;
  host?: string;
  endpoint?: string;
}

/** A chat app, created through the management API. Delete is scheduled by the service (30-day archive). Id: the app id. */
export class App extends pulumi.dynamic.Resource {
  declare readonly name: pulumi.Output<string>;
  declare readonly region: pulumi.Output<string>;
  /** The app id (same as the resource id). */
  declare readonly appId: pulumi.Output<string>;
  /** The app's fullAccess "Rest API Key" (secret). Not known for an adopted app (listing apps does not return keys). */
  declare readonly apiKey: pulumi.Output<string>;
  /** The app's authOnly "Auth Key" (secret). */
  declare readonly authKey: pulumi.Output<string>;
  /** Ready credentials for chat resources of this app (secret): pass as their `connection`. */
  declare readonly connection: pulumi.Output<AppConnection>;
  /** Unix seconds. */
  declare readonly createdAt: pulumi.Output<number>;

  constructor(name: string, args: AppArgs, opts?: pulumi.CustomResourceOptions) {
    const outputs = ["appId", "apiKey", "authKey", "connection", "createdAt"];
    super(...resourceArgs("App", name, args, outputs, ["apiKey", "authKey", "connection"], opts));
  }
}

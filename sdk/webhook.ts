import * as pulumi from "@pulumi/pulumi";
import { type ManagementResourceArgs, resourceArgs } from "./resource";

export interface WebhookArgs extends ManagementResourceArgs {
  /** The app (default: chat:appId, resolved at preview and stored). Changing it, or chat:appId, replaces the webhook. */
  appId?: pulumi.Input<string>;
  /** Caller-chosen id (the API's `id`): letters, digits, '-', '_', at most 50. Changing it replaces the webhook. */
  webhookId: pulumi.Input<string>;
  /** Name, at most 50 characters. */
  name: pulumi.Input<string>;
  /** Public https URL the service posts events to, at most 255 characters. */
  webhookURL: pulumi.Input<string>;
  /** Send basic-auth credentials with each delivery (needs username and password). */
  useBasicAuth?: pulumi.Input<boolean>;
  /** Basic-auth user name: letters and digits, at most 50. The API cannot clear it: one no longer declared stays as it is. */
  username?: pulumi.Input<string>;
  /** Basic-auth password: letters and digits, at most 100 (kept secret; the API never returns it). */
  password?: pulumi.Input<string>;
  /** Deliver events (default true). */
  enabled?: pulumi.Input<boolean>;
  /** Retry deliveries that fail (default false). */
  retryOnFailure?: pulumi.Input<boolean>;
}

/** A webhook of an app (at most 25 per app). Its triggers: WebhookTriggers. Id: "<appId>/<webhookId>". */
export class Webhook extends pulumi.dynamic.Resource {
  declare readonly appId: pulumi.Output<string>;
  declare readonly webhookId: pulumi.Output<string>;
  declare readonly name: pulumi.Output<string>;
  declare readonly webhookURL: pulumi.Output<string>;
  /** Unix seconds. */
  declare readonly createdAt: pulumi.Output<number | undefined>;

  constructor(name: string, args: WebhookArgs, opts?: pulumi.CustomResourceOptions) {
    super(...resourceArgs("Webhook", name, args, ["appId", "createdAt"], ["password"], opts));
  }
}

export interface WebhookTriggersArgs extends ManagementResourceArgs {
  /** The app (default: chat:appId, resolved at preview and stored). Changing it, or chat:appId, replaces the resource. */
  appId?: pulumi.Input<string>;
  /** The webhook's id. Changing it replaces the resource. */
  webhookId: pulumi.Input<string>;
  /** Trigger ids (a set), e.g. "message_sent", "group_member_added". Triggers not listed are removed. */
  triggers: pulumi.Input<pulumi.Input<string>[]>;
}

/** The trigger set of one webhook, reconciled with add and remove calls. Id: "<appId>/<webhookId>". */
export class WebhookTriggers extends pulumi.dynamic.Resource {
  declare readonly appId: pulumi.Output<string>;
  declare readonly webhookId: pulumi.Output<string>;
  declare readonly triggers: pulumi.Output<string[]>;

  constructor(name: string, args: WebhookTriggersArgs, opts?: pulumi.CustomResourceOptions) {
    super(...resourceArgs("WebhookTriggers", name, args, ["appId"], [], opts));
  }
}

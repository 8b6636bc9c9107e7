// What every resource class shares: its dynamic-provider type and `__provider`, outputs seeded as undefined (so
// Pulumi exposes them), secrets marked, and the credentials inputs kept secret.
import * as pulumi from "@pulumi/pulumi";
import { SECRET_CREDENTIALS } from "../../client/config";
import { DYNAMIC_TYPE_PREFIX } from "../tokens";
import type { KindName } from ".";
import { providerText } from "./provider-text";
import { quietAnswers } from "./quiet-answers";

// Every program that declares a chat resource loads this module: from here on, the SDK's debug log does not
// carry the engine's answers, which hold secret outputs.
quietAnswers();

/** Credentials and address of one chat app: hand an App's `connection` output, or build one. */
export interface ChatConnectionArgs {
  /** App id. */
  appId: pulumi.Input<string>;
  /** Region of the app: us (default), eu or in. */
  region?: pulumi.Input<"us" | "eu" | "in">;
  /** A fullAccess API key of the app (kept secret). */
  apiKey: pulumi.Input<string>;
  /** Vendor host the base address is built on (default cometchat.io). */
  host?: pulumi.Input<string>;
  /** Base address template with {appId} and {region}, e.g. an emulator's. */
  endpoint?: pulumi.Input<string>;
}

/** Management API credentials (apps, webhooks). */
export interface ManagementConnectionArgs {
  /** Management key. */
  key: pulumi.Input<string>;
  /** Management secret (kept secret). */
  secret: pulumi.Input<string>;
  /** Vendor host (default cometchat.io). */
  host?: pulumi.Input<string>;
  /** Management base address, e.g. an emulator's. */
  endpoint?: pulumi.Input<string>;
}

/** Options every chat resource accepts. */
export interface ChatResourceArgs {
  /**
   * Credentials of the app; default: stack config chat:appId/chat:apiKey/... or CHAT_* variables. The one
   * used at create is recorded in state (a secret): another app or region later replaces the resource.
   */
  connection?: pulumi.Input<ChatConnectionArgs>;
  /**
   * Take over an object that already exists (same id; for API keys and apps the same unique name) instead
   * of failing: `pulumi import` does not reach dynamic providers. The adopted object is then managed, and
   * deleted on destroy unless the resource has `protect` or `retainOnDelete` (the Environment component
   * protects what it adopts).
   */
  adopt?: pulumi.Input<boolean>;
}

/** Options every management resource accepts. */
export interface ManagementResourceArgs {
  /** Management credentials; default: stack config chat:managementKey/chat:managementSecret or CHAT_* variables. */
  managementConnection?: pulumi.Input<ManagementConnectionArgs>;
  /** Take over an existing object instead of failing (see ChatResourceArgs.adopt). */
  adopt?: pulumi.Input<boolean>;
}

/**
 * The arguments of `pulumi.CustomResource`'s constructor for one resource of `kind`: the dynamic-provider
 * type token, the props with `__provider` (provider/hosts/dynamic/provider-text.ts), secrets marked.
 */
export function resourceArgs(
  kind: KindName,
  name: string,
  args: object,
  outputs: readonly string[],
  secrets: readonly string[],
  opts: pulumi.CustomResourceOptions | undefined,
): [string, string, Record<string, unknown>, pulumi.CustomResourceOptions] {
  const props: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(args)) {
    if (v === undefined) continue;
    props[k] = SECRET_CREDENTIALS.includes(k) || secrets.includes(k) ? pulumi.secret(v) : v;
  }
  for (const o of outputs) if (!(o in props)) props[o] = undefined;
  props.__provider = providerText(kind);
  const options: pulumi.CustomResourceOptions = {
    ...opts,
    additionalSecretOutputs: [...(opts?.additionalSecretOutputs ?? []), ...secrets, ...SECRET_CREDENTIALS],
  };
  return [`${DYNAMIC_TYPE_PREFIX}${kind}`, name, props, options];
}

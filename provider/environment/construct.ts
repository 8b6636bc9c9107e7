// The plugin's `construct` of `chat:index:Environment` (issue 32 item 5): the code TypeScript's
// `chat.Environment` runs (component.ts), its children the plugin's own resources (`chat:index:<Kind>`), so a
// YAML, Python or Go program declares a whole environment from its file, as the root project does.
import * as pulumi from "@pulumi/pulumi";
import type { ConstructResult } from "@pulumi/pulumi/provider";
import type { Args } from "../engine/kind";
import { packageSchema, token } from "../hosts/plugin/schema";
import {
  type ClassOf,
  ENVIRONMENT_TYPE,
  Environment,
  type EnvironmentArgs,
  type EnvironmentSpec,
  type ResourceClass,
} from "./component";

/**
 * The plugin's resource class of a kind: its type token, with each output the schema names present (as
 * undefined until the engine fills it), so the component can wire one resource's output into another's input.
 */
function pluginClasses(): ClassOf {
  const made = new Map<string, ResourceClass>();
  const resources = packageSchema().resources as Record<string, { properties?: Record<string, unknown> }>;
  return (kind) => {
    const known = made.get(kind.name);
    if (known) return known;
    const outputs = Object.keys(resources[token(kind.name)]?.properties ?? {});
    const cls = class extends pulumi.CustomResource {
      constructor(name: string, args: Args, opts: pulumi.CustomResourceOptions) {
        const props: Record<string, unknown> = Object.fromEntries(outputs.map((o) => [o, undefined]));
        super(token(kind.name), name, { ...props, ...args }, opts);
      }
    };
    made.set(kind.name, cls);
    return cls;
  };
}

/** The component's arguments from the engine's inputs: a literal file name or object, known when it runs. */
function argsOf(inputs: Record<string, unknown>): EnvironmentArgs {
  const { file, spec } = inputs;
  if (pulumi.Output.isInstance(file) || pulumi.Output.isInstance(spec))
    throw new Error("Environment: file and spec must be plain values, not another resource's output");
  if ((file === undefined) === (spec === undefined)) throw new Error("Environment: give one of file or spec");
  if (file !== undefined) {
    if (typeof file !== "string" || file === "") throw new Error("Environment: file must be a file name");
    return { file };
  }
  if (spec === null || typeof spec !== "object" || Array.isArray(spec))
    throw new Error("Environment: spec must be an object in the environment file's shape");
  return { spec: spec as EnvironmentSpec };
}

/** Constructs the component for the engine (the provider's `construct`). */
export async function constructEnvironment(
  name: string,
  type: string,
  inputs: Record<string, unknown>,
  options: pulumi.ComponentResourceOptions,
): Promise<ConstructResult> {
  if (type !== ENVIRONMENT_TYPE) throw new Error(`unknown component type ${type}`);
  const env = new Environment(name, argsOf(inputs), options, pluginClasses(), false);
  // A refused file fails the construct with its problems alone (its outputs would say them again, each
  // prefixed by the property whose serialization met them).
  if (env.refusal) await env.refusal;
  return {
    urn: env.urn,
    state: {
      appId: env.appId,
      appApiKey: env.appApiKey ?? pulumi.secret(""),
      apiKeyValues: env.apiKeyValues,
      webhookBasicAuthPasswords: env.webhookBasicAuthPasswords,
    },
  };
}

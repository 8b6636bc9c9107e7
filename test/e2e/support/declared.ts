// What a stack of the root project holds after its first up, counted from the environment file itself: the
// Environment component declared under Pulumi's mocks, with the demo's secret config, each resource it
// registers counted by type (the stack's own resource included). The demo's tests compare the engine's
// counts with these, so that a kind or an entry added to the file needs no number changed by hand.
import * as pulumi from "@pulumi/pulumi";
import type { Args } from "../../../provider/engine/kind";
import { type ClassOf, Environment } from "../../../provider/environment/component";

/** Plain resources typed `chat:<Kind>`, as the demo prints them: the component's wiring without the providers. */
const plain: ClassOf = (kind) =>
  class extends pulumi.CustomResource {
    constructor(name: string, args: Args, opts: pulumi.CustomResourceOptions) {
      super(`chat:${kind.name}`, name, args, opts);
    }
  };

/** The resources the component makes of `file`, by type (`pulumi:pulumi:Stack` for the stack). */
export async function declaredResources(
  file: string,
  project: string,
  config: Readonly<Record<string, { value: string; secret?: boolean }>>,
): Promise<Map<string, number>> {
  const types = new Map<string, number>([["pulumi:pulumi:Stack", 1]]);
  await pulumi.runtime.setMocks(
    {
      newResource: (r) => {
        types.set(r.type, (types.get(r.type) ?? 0) + 1);
        return { id: `${r.name}-id`, state: r.inputs };
      },
      call: (c) => c.inputs,
    },
    project,
    "declared",
    true,
  );
  pulumi.runtime.setAllConfig(
    Object.fromEntries(Object.entries(config).map(([k, v]) => [k, v.value])),
    Object.entries(config).flatMap(([k, v]) => (v.secret ? [k] : [])),
  );
  new Environment("environment", { file }, {}, plain);
  await pulumi.runtime.disconnect();
  return types;
}

/** All of them. */
export const total = (types: ReadonlyMap<string, number>): number =>
  [...types.values()].reduce((a, b) => a + b, 0);

// What a resource records in state as `__provider`: the code the engine's dynamic-provider host evaluates to
// get the resource's provider. It is written here as a few lines, not serialized from a closure: they load
// the provider runtime by package name from the program's directory (the host's cwd) and ask it for the
// kind's provider, so no schema, client or credential can be captured, and the text is small: it is stored
// twice in every resource's state, and the engine rewrites the whole checkpoint after every step
// (docs/decisions/0025-provider-by-name.md; test/unit/serialization.test.ts).
import type { KindName } from ".";

/** The `__provider` text of `kind`: a module whose `handler()` returns the provider, as the host expects. */
export function providerText(kind: KindName): string {
  return `exports.handler = () => require("node:module").createRequire(\`\${process.cwd()}/\`)("pulumi-chat/provider").dynamicProvider(${JSON.stringify(kind)});\n`;
}

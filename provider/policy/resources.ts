// How the policy pack sees this package's resources: the same kinds under two type tokens (the TS SDK's dynamic
// resources and the `chat` plugin's), the stack a resource belongs to, and when that stack counts as production.

/** The TS SDK registers `pulumi-nodejs:dynamic/chat:<Kind>` (provider/hosts/dynamic/resource.ts). */
const DYNAMIC_PREFIX = "pulumi-nodejs:dynamic/chat:";
/** The plugin registers `chat:index:<Kind>` (provider/hosts/plugin). */
const PLUGIN_PREFIX = "chat:index:";
/** The plugin's provider resource: its `apiKey` and management secret are secret arguments too. */
export const PLUGIN_PROVIDER_TYPE = "pulumi:providers:chat";
export const STACK_TYPE = "pulumi:pulumi:Stack";

/** The kind a type token names (`Webhook`), whichever host registered it; undefined for other packages. */
export function chatKind(type: string): string | undefined {
  for (const prefix of [DYNAMIC_PREFIX, PLUGIN_PREFIX])
    if (type.startsWith(prefix)) return type.slice(prefix.length);
  return undefined;
}

/** The stack and project a URN names (`urn:pulumi:<stack>::<project>::…`). */
function stackOfUrn(urn: string): { stack: string; project: string } {
  const [head = "", project = ""] = urn.split("::");
  return { stack: head.split(":")[2] ?? "", project };
}

/**
 * Whether a URN's stack is one of `names`, each `stack`, `project/stack` or `org/project/stack` (the URN holds
 * no organisation: any matches).
 */
export function stackListed(urn: string, names: readonly string[] | undefined): boolean {
  const { stack, project } = stackOfUrn(urn);
  return (names ?? []).some((name) => {
    const parts = name.split("/");
    const [s, p] = [parts.at(-1), parts.at(-2)];
    return s === stack && (p === undefined || p === project);
  });
}

/** The stack tag that marks a stack as production (`pulumi stack tag set chat:production true`). */
export const PRODUCTION_TAG = "chat:production";

/**
 * A stack is production when its `chat:production` tag is `true` (in any case) or it is one of the policy's
 * `productionStacks` (decision 0129): the tag for teams that tag stacks, the list for those that cannot.
 */
export function isProduction(
  urn: string,
  stackTags: ReadonlyMap<string, string>,
  productionStacks: readonly string[] | undefined,
): boolean {
  return stackTags.get(PRODUCTION_TAG)?.toLowerCase() === "true" || stackListed(urn, productionStacks);
}

// The type tokens this package's resources are registered under, stated once: the TS SDK's dynamic resources
// (`pulumi-nodejs:dynamic/chat:<Kind>`) and the `chat` plugin's (`chat:index:<Kind>`, its component
// `chat:index:Environment`). Whoever reads a state, a policy's resource or a program by type derives from here.

/** The plugin's package name. */
export const PACKAGE = "chat";
/** A dynamic resource's type is this and its kind's name (the dynamic host's `pulumi-nodejs:dynamic/`). */
export const DYNAMIC_TYPE_PREFIX = `pulumi-nodejs:dynamic/${PACKAGE}:`;
/** A plugin resource's or function's token is this and its name. */
export const PLUGIN_TYPE_PREFIX = `${PACKAGE}:index:`;
/** The plugin's provider resource. */
export const PROVIDER_TYPE = `pulumi:providers:${PACKAGE}`;
/** Both, for readers that take a kind under either host. */
export const TYPE_PREFIXES: readonly string[] = [DYNAMIC_TYPE_PREFIX, PLUGIN_TYPE_PREFIX];
/** The plugin's (and the TS SDK's) Environment component. */
export const ENVIRONMENT_TYPE = `${PLUGIN_TYPE_PREFIX}Environment`;

/** The kind's name in a type token of either host; undefined for any other token. */
export function kindNameOf(type: string): string | undefined {
  const prefix = TYPE_PREFIXES.find((p) => type.startsWith(p));
  return prefix === undefined ? undefined : type.slice(prefix.length);
}

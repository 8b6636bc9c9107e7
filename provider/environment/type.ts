// The Environment component's type token, on its own: the policy pack reads it from a resource's URN (a child
// of the component is one the environment file declares) without loading the component.

/** The component's type token. */
export const ENVIRONMENT_TYPE = "chat:index:Environment";

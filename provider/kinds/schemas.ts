// The argument schema of every resource kind, by kind name (`schemas.User.parse(data)`), for programs that
// validate their own data files before declaring resources. Derived from the kind registry: the same
// schemas the provider's check uses, and a new kind is here without a line of this file.
import { type KindName, kinds } from ".";

export { LIMITS, Region, TRIGGER_IDS, TriggerId } from "../contract";
export { credentialFields } from "./extension";

/** Each kind's argument schema. */
export const schemas = Object.fromEntries(Object.entries(kinds).map(([name, k]) => [name, k.args])) as {
  readonly [K in KindName]: (typeof kinds)[K]["args"];
};

// The registry of kinds (provider/kinds/registry.ts, written from the folder by `npm run generate`: decision
// 0122) and what the hosts take from the engine with it.

import { kinds } from "./registry";

export { kinds };

export type KindName = keyof typeof kinds;
export { type ContextClients, clientContext } from "../engine/context";
export { type CredentialCheck, CrudProvider } from "../engine/generic";

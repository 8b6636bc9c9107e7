// Where live mode's settings come from: a stack's config (CHAT_LIVE_STACK, set by `npm run test:live --
// --stack <name>`), the CHAT_* variables filling what it leaves unset, as the provider reads them.

import { CONFIG_KEYS, type Lookup } from "../../provider/client/config";
import { stackLookup } from "../../provider/doctor/stack-config";

export function liveLookup(): Lookup {
  const stack = process.env.CHAT_LIVE_STACK;
  return stack ? stackLookup(stack) : () => undefined;
}

/** Every chat:* key's value from `lookup`, else its variable. */
export function liveConfig(lookup: Lookup): Record<string, string | undefined> {
  return Object.fromEntries(
    CONFIG_KEYS.map((k) => [k.key, lookup(k.key) ?? (process.env[k.env] || undefined)]),
  );
}

/** What live mode needs that is not set, by key and variable; empty when it can run. */
export function missingSettings(lookup: Lookup): string[] {
  const config = liveConfig(lookup);
  return CONFIG_KEYS.filter(
    (k) =>
      ["chat:appId", "chat:apiKey", "chat:managementKey", "chat:managementSecret"].includes(k.key) &&
      !config[k.key],
  ).map((k) => `${k.env} (or ${k.key})`);
}

// Every failure of the plugin's methods reaches the engine as the call's error; the SDK server's own print of
// it (message and stack, to stderr, for these methods) would show it twice (provider/hosts/unprinted.ts).
import { unprint } from "../unprinted";

const PRINTED = ["check", "diff", "read", "delete", "invoke"];

/** `target` with every failure of its methods kept out of stderr. */
export function quietFailures<T extends object>(target: T): T {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(target))
    out[k] =
      typeof v === "function" && PRINTED.includes(k)
        ? async (...args: unknown[]) => {
            try {
              return await v.apply(target, args);
            } catch (e) {
              unprint(e);
              throw e;
            }
          }
        : v;
  return out as T;
}

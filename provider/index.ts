// The runtime entry that Pulumi's dynamic-provider process loads by package name
// (`require("pulumi-chat/provider")` inside each provider method, so nothing else is serialized).
import { setStackConfig } from "./config";
import { CrudProvider, type KindName, kinds } from "./resources";

const providers = new Map<KindName, CrudProvider<Record<string, unknown>, Record<string, unknown>>>();

/** The one provider instance of a kind in this process. */
export function providerFor(kind: KindName): CrudProvider<Record<string, unknown>, Record<string, unknown>> {
  let p = providers.get(kind);
  if (!p) {
    const spec = kinds[kind];
    if (!spec) throw new Error(`unknown resource kind ${String(kind)}`);
    p = new CrudProvider(spec as never);
    providers.set(kind, p);
  }
  return p;
}

/** Receives the stack config from the engine (via the dynamic provider's `configure`). */
export function configure(get: (key: string) => string | undefined): void {
  setStackConfig(get);
}

export type { KindName } from "./resources";

// The runtime entry that Pulumi's dynamic-provider process loads by package name: the `__provider` a resource
// records in state is a few lines that load this module and ask it for the kind's provider (provider/hosts/dynamic/provider-text.ts).
// `providerFor` and `configure` also serve the serialized providers that earlier versions recorded.
import { setStackConfig } from "../../client/config";
import { CredentialError } from "../../client/credentials";
import { watchEngine } from "../../client/lifeline";
import { CrudProvider, type KindName, kinds } from "../../kinds";
import { unprint } from "../unprinted";

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

/** The object the engine's dynamic-provider host calls for resources of `kind`. */
export function dynamicProvider(kind: KindName): Record<string, unknown> {
  // Only the engine's dynamic-provider host calls this: from here on, the process lives as long as the engine.
  watchEngine();
  const p = providerFor(kind);
  return {
    configure: async (req: { config: { get(key: string): string | undefined } }) =>
      configure((key) => req.config.get(key)),
    check: (olds: Props, news: Props) => unprinted(p.check(olds, news)),
    diff: (id: string, olds: Props, news: Props) => unprinted(p.diff(id, olds, news)),
    create: (inputs: Props) => p.create(inputs),
    read: (id: string, props: Props) => unprinted(p.read(id, props)),
    update: (id: string, olds: Props, news: Props) => p.update(id, olds, news),
    delete: (id: string, props: Props) => unprinted(p.delete(id, props)),
  };
}

// A credential problem's one line is the whole story: the host's print of it (with a stack) is dropped.
function unprinted<T>(op: Promise<T>): Promise<T> {
  return op.catch((e: unknown) => {
    if (CredentialError.isInstance(e)) unprint(e);
    throw e;
  });
}
type Props = Record<string, unknown>;

export type { KindName } from "../../kinds";

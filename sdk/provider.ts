// The object Pulumi serializes into state as `__provider`: one per kind, holding only the kind's name.
// Each method loads the provider runtime by package name when it runs, so no schema, client or credential
// is captured (pulumi-notes.md, "Function-serialization limits"; test/unit/serialization.test.ts).
import type * as pulumi from "@pulumi/pulumi";
import type * as runtime from "../provider";

type Props = Record<string, unknown>;

/**
 * The provider runtime, resolved from the program's directory (the provider process's cwd): from its
 * node_modules, or through the package's self-reference when the program lives inside this package.
 * A plain `require` would resolve from the deserialized closure, which has no location of its own.
 */
function load(): typeof runtime {
  return require("node:module").createRequire(`${process.cwd()}/`)("pulumi-chat/provider");
}

export class ChatProvider implements pulumi.dynamic.ResourceProvider {
  constructor(private readonly kind: runtime.KindName) {}

  async configure(req: pulumi.dynamic.ConfigureRequest): Promise<void> {
    const rt = load();
    rt.configure((key) => req.config.get(key));
  }
  async check(olds: Props, news: Props): Promise<pulumi.dynamic.CheckResult> {
    const rt = load();
    return rt.providerFor(this.kind).check(olds, news);
  }
  async diff(id: string, olds: Props, news: Props): Promise<pulumi.dynamic.DiffResult> {
    const rt = load();
    return rt.providerFor(this.kind).diff(id, olds, news);
  }
  async create(inputs: Props): Promise<pulumi.dynamic.CreateResult> {
    const rt = load();
    return rt.providerFor(this.kind).create(inputs);
  }
  async read(id: string, props: Props): Promise<pulumi.dynamic.ReadResult> {
    const rt = load();
    return rt.providerFor(this.kind).read(id, props);
  }
  async update(id: string, olds: Props, news: Props): Promise<pulumi.dynamic.UpdateResult> {
    const rt = load();
    return rt.providerFor(this.kind).update(id, olds, news);
  }
  async delete(id: string, props: Props): Promise<void> {
    const rt = load();
    return rt.providerFor(this.kind).delete(id, props);
  }
}

/** One module-level instance per kind: Pulumi caches serialization by object identity. */
const instances = new Map<runtime.KindName, ChatProvider>();
export function providerOf(kind: runtime.KindName): ChatProvider {
  let p = instances.get(kind);
  if (!p) {
    p = new ChatProvider(kind);
    instances.set(kind, p);
  }
  return p;
}

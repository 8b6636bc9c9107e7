// The object Pulumi serializes into state as `__provider`: one per kind, holding only the kind's name.
// Each method loads the provider runtime by package name when it runs, so no schema, client or credential
// is captured (pulumi-notes.md, "Function-serialization limits"; test/unit/serialization.test.ts).
// It is kept as small as it can be: it is stored twice in every resource's state (inputs and outputs), and
// the engine rewrites the whole checkpoint after every step, so its size is paid N² times in a large up.
import type * as pulumi from "@pulumi/pulumi";
import type * as runtime from "../provider";

type Props = Record<string, unknown>;
type Runtime = typeof runtime;
type Stub = { kind: runtime.KindName };

/**
 * The provider runtime, resolved from the program's directory (the provider process's cwd): from its
 * node_modules, or through the package's self-reference when the program lives inside this package.
 * A plain `require` would resolve from the deserialized closure, which has no location of its own.
 */
function rt(): Runtime {
  return require("node:module").createRequire(`${process.cwd()}/`)("pulumi-chat/provider");
}

// Plain functions on a plain object: a class would add its constructor and prototype to the serialized text.
async function configure(req: pulumi.dynamic.ConfigureRequest) {
  rt().configure((key) => req.config.get(key));
}
async function check(this: Stub, olds: Props, news: Props) {
  return rt().providerFor(this.kind).check(olds, news);
}
async function diff(this: Stub, id: string, olds: Props, news: Props) {
  return rt().providerFor(this.kind).diff(id, olds, news);
}
async function create(this: Stub, inputs: Props) {
  return rt().providerFor(this.kind).create(inputs);
}
async function read(this: Stub, id: string, props: Props) {
  return rt().providerFor(this.kind).read(id, props);
}
async function update(this: Stub, id: string, olds: Props, news: Props) {
  return rt().providerFor(this.kind).update(id, olds, news);
}
async function del(this: Stub, id: string, props: Props) {
  return rt().providerFor(this.kind).delete(id, props);
}

export type ChatProvider = pulumi.dynamic.ResourceProvider & Stub;

/** One module-level instance per kind: Pulumi caches serialization by object identity. */
const instances = new Map<runtime.KindName, ChatProvider>();
export function providerOf(kind: runtime.KindName): ChatProvider {
  let p = instances.get(kind);
  if (!p) {
    p = { kind, configure, check, diff, create, read, update, delete: del };
    instances.set(kind, p);
  }
  return p;
}

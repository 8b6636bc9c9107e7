// The engine's floor: N dynamic resources in the same provider process model as pulumi-chat's, whose
// provider does nothing but echo its inputs.
import * as pulumi from "@pulumi/pulumi";

const n = new pulumi.Config("bench").requireNumber("n");

const noop: pulumi.dynamic.ResourceProvider = {
  async create(inputs) {
    return { id: String(inputs.uid), outs: inputs };
  },
  async diff(_id, olds, news) {
    return { changes: olds.name !== news.name };
  },
  async read(id, props) {
    return { id, props };
  },
  async update(_id, _olds, news) {
    return { outs: news };
  },
  async delete() {},
};

class Noop extends pulumi.dynamic.Resource {
  constructor(name: string, props: Record<string, string>) {
    super(noop, name, props, {}, "bench", "Noop");
  }
}

for (let i = 0; i < n; i++) {
  const uid = `user-${String(i).padStart(5, "0")}`;
  new Noop(uid, { uid, name: `User ${i}` });
}

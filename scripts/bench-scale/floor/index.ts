// The engine's floor: N dynamic resources in the same provider process model as pulumi-chat's, whose
// provider does nothing but echo its inputs. With `bench:payload` (a JSON file holding a list of strings),
// resource i also carries string i as an input: what the engine costs to carry those bytes, and nothing else
// (`npm run bench:seed` gives it the seed's bucket strings).
import { readFileSync } from "node:fs";
import * as pulumi from "@pulumi/pulumi";

const config = new pulumi.Config("bench");
const payloadFile = config.get("payload");
const payload = payloadFile ? (JSON.parse(readFileSync(payloadFile, "utf8")) as string[]) : [];
const n = payloadFile ? payload.length : config.requireNumber("n");

const noop: pulumi.dynamic.ResourceProvider = {
  async create(inputs) {
    return { id: String(inputs.uid), outs: inputs };
  },
  async diff(_id, olds, news) {
    return { changes: olds.name !== news.name || olds.rows !== news.rows };
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
  const rows = payload[i];
  new Noop(uid, { uid, name: `User ${i}`, ...(rows === undefined ? {} : { rows }) });
}

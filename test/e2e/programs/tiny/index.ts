// The smallest program that exercises the whole engine: the language host runs it, the dynamic-provider
// process serves `Echo`, and the random plugin serves RandomString.
import * as pulumi from "@pulumi/pulumi";
import * as random from "@pulumi/random";

const echoProvider: pulumi.dynamic.ResourceProvider = {
  async create(inputs: { value: string }) {
    return { id: `echo-${inputs.value}`, outs: { value: inputs.value, length: inputs.value.length } };
  },
  async diff(_id: string, olds: { value: string }, news: { value: string }) {
    return { changes: olds.value !== news.value, replaces: olds.value !== news.value ? ["value"] : [] };
  },
};

class Echo extends pulumi.dynamic.Resource {
  declare readonly value: pulumi.Output<string>;
  declare readonly length: pulumi.Output<number>;
  constructor(name: string, value: pulumi.Input<string>, opts?: pulumi.CustomResourceOptions) {
    super(echoProvider, name, { value, length: undefined }, opts, "tiny", "Echo");
  }
}

const suffix = new random.RandomString("suffix", { length: 8, special: false, upper: false });
const echo = new Echo("echo", suffix.result);

export const suffixResult = suffix.result;
export const echoed = echo.value;
export const echoLength = echo.length;

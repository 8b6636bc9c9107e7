// The pulumi-chat policy pack: `pulumi preview --policy-pack node_modules/pulumi-chat/dist/provider/policy`
// (docs/guide/policies.md). The engine runs this folder (PulumiPolicy.yaml, package.json: written beside the
// compiled file by scripts/policy-pack.ts) with @pulumi/pulumi's run-policy-pack, which loads this module.
import { PolicyPack } from "@pulumi/policy";
import { policies } from "./rules";
import { notePlainSecrets } from "./secrets";

notePlainSecrets();
new PolicyPack("pulumi-chat", { policies });

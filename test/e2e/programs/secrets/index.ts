// One resource of the kind `e2e:case` names, with its arguments: the SDK marks the kind's secret arguments
// and the connections secret, as in any user's program. Only ever previewed, and each preview must fail.
import * as pulumi from "@pulumi/pulumi";
import * as chat from "pulumi-chat";

type Constructor = new (name: string, args: Record<string, unknown>) => pulumi.CustomResource;
const c = new pulumi.Config("e2e").requireObject<{ kind: string; args: Record<string, unknown> }>("case");
const Resource = (chat as unknown as Record<string, Constructor | undefined>)[c.kind];
if (!Resource) throw new Error(`no resource class ${c.kind}`);
new Resource("subject", c.args);

// Declares whatever the test hands over in config `e2e:resources`: a list of {kind, name, args, dependsOn},
// in dependency order, so one program serves every step of the table-driven convergence test.
import * as pulumi from "@pulumi/pulumi";
import * as chat from "pulumi-chat";

interface Declared {
  kind: string;
  name: string;
  args: Record<string, unknown>;
  dependsOn?: string[];
}
type Constructor = new (
  name: string,
  args: unknown,
  opts?: pulumi.CustomResourceOptions,
) => pulumi.CustomResource;

const constructors = chat as unknown as Record<string, Constructor>;
const made = new Map<string, pulumi.CustomResource>();
for (const d of new pulumi.Config("e2e").requireObject<Declared[]>("resources")) {
  const Kind = constructors[d.kind];
  if (!Kind) throw new Error(`unknown kind ${d.kind}`);
  const dependsOn = (d.dependsOn ?? []).map((n) => {
    const r = made.get(n);
    if (!r) throw new Error(`${d.name} depends on ${n}, which is not declared before it`);
    return r;
  });
  // A case naming another's object by its service-chosen id ("@id:<case>", test/support/kinds/helpers.ts).
  const id = (v: unknown) => (typeof v === "string" && v.startsWith("@id:") ? made.get(v.slice(4))?.id : v);
  const args = Object.fromEntries(
    Object.entries(d.args).map(([k, v]) => [k, Array.isArray(v) ? v.map(id) : id(v)]),
  );
  made.set(d.name, new Kind(d.name, args, { dependsOn }));
}

// Writes what makes dist/provider/policy a policy pack folder beside the compiled index.js: PulumiPolicy.yaml
// (the runtime) and package.json (@pulumi/policy reads the pack's version from it: the package's version).
// Run by `npm run build` and scripts/env.sh after tsc (decision 0129).
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";

export const POLICY_PACK_DIR = join("dist", "provider", "policy");

if (require.main === module) {
  const root = join(__dirname, "..", "..");
  const pkg = JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as { version: string };
  const dir = join(root, POLICY_PACK_DIR);
  writeFileSync(
    join(dir, "PulumiPolicy.yaml"),
    "runtime: nodejs\ndescription: pulumi-chat's platform rules (docs/guide/policies.md)\n",
  );
  writeFileSync(
    join(dir, "package.json"),
    `${JSON.stringify({ name: "pulumi-chat-policy", version: pkg.version, private: true, main: "index.js" }, null, 2)}\n`,
  );
  process.stdout.write(`wrote ${POLICY_PACK_DIR}/PulumiPolicy.yaml and package.json\n`);
}

// Writes the `chat` resource plugin as one executable file, dist/plugin/bin/pulumi-resource-chat: the plugin
// (provider/hosts/plugin/main.ts) with every dependency bundled in, so that `pulumi plugin install resource chat <version>
// --file <it>` gives any Pulumi program (YAML, Python, Go, .NET) the provider; it needs Node.js >= 22 on PATH
// (scripts/plugin-sea.ts makes it an executable that does not).
import { chmodSync, mkdirSync } from "node:fs";
import { join } from "node:path";
import { buildSync } from "esbuild";
import { pluginVersion } from "../provider/hosts/plugin/version";

export const PLUGIN_FILE = join("dist", "plugin", "bin", "pulumi-resource-chat");

if (require.main === module) {
  const root = join(__dirname, "..", "..");
  const out = join(root, PLUGIN_FILE);
  mkdirSync(join(out, ".."), { recursive: true });
  buildSync({
    entryPoints: [join(root, "provider", "hosts", "plugin", "main.ts")],
    bundle: true,
    platform: "node",
    target: "node22",
    format: "cjs",
    outfile: out,
    banner: { js: "#!/usr/bin/env node" },
    define: { PLUGIN_VERSION: JSON.stringify(pluginVersion()) },
    legalComments: "none",
    logLevel: "warning",
  });
  chmodSync(out, 0o755);
  process.stdout.write(`wrote ${PLUGIN_FILE}\n`);
}

// The plugin's version is the package's: `pulumi plugin install resource chat <version>` and the schema name it.
// The bundled plugin has it written in at build (scripts/plugin-bundle.ts); built by tsc, it reads package.json.
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";

declare const PLUGIN_VERSION: string | undefined;

export function pluginVersion(): string {
  if (typeof PLUGIN_VERSION === "string") return PLUGIN_VERSION;
  // The package root: two folders up from dist/plugin, one from the sources.
  for (let dir = __dirname; dir !== dirname(dir); dir = dirname(dir)) {
    const file = join(dir, "package.json");
    const parsed = (() => {
      try {
        return JSON.parse(readFileSync(file, "utf8")) as { name?: unknown; version?: unknown };
      } catch {
        return undefined;
      }
    })();
    if (parsed?.name === "pulumi-chat" && typeof parsed.version === "string") return parsed.version;
  }
  throw new Error(`no pulumi-chat package.json above ${__dirname}`);
}

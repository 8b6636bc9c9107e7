// The plugin must report the version the SDK asks the engine for (its package.json "version"), so it is read
// from the installed @pulumi/random rather than written down here.
import { readFileSync } from "node:fs";

export function randomSdkVersion(): string {
  const file = require.resolve("@pulumi/random/package.json");
  const parsed: unknown = JSON.parse(readFileSync(file, "utf8"));
  if (
    typeof parsed === "object" &&
    parsed !== null &&
    "version" in parsed &&
    typeof parsed.version === "string"
  ) {
    return parsed.version;
  }
  throw new Error(`${file} has no version`);
}

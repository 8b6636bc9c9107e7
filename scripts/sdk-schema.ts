// Writes sdk/schema.json, the plugin's schema as the SDKs in sdk/ are generated from it (scripts/gen-sdks.sh
// runs it first). test/unit/sdks.test.ts fails when it differs from the schema the plugin serves today.
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { packageSchema } from "../provider/hosts/plugin/schema";

export const SCHEMA_FILE = join("sdk", "schema.json");

/** The file's text: the schema as the plugin serves it, indented for review. */
export const schemaText = (): string => `${JSON.stringify(packageSchema(), null, 2)}\n`;

if (require.main === module) {
  writeFileSync(join(__dirname, "..", "..", SCHEMA_FILE), schemaText());
  process.stdout.write(`wrote ${SCHEMA_FILE}\n`);
}

// Writes sdk/nodejs/kinds.ts, the SDK's resource classes and argument types, from the kind declarations
// (kinds): names, argument types (from the zod schemas, through JSON Schema), docs, computed
// outputs and secrets. `npm run generate` runs it; test/unit/generated.test.ts fails when the file is stale.
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { z } from "zod";
import { EXTENSION_SETTINGS } from "../provider/contract";
import { argDocs } from "../provider/engine/arg-docs";
import { type Json, jsonOf } from "../provider/engine/json-schema";
import type { Kind } from "../provider/engine/kind";
import { kinds } from "../provider/kinds";
import { credentialFields } from "../provider/kinds/extension";
import { repoRootOf } from "./repo-root";

export const TARGET = join("sdk", "nodejs", "kinds.ts");

/** A TypeScript type for a JSON Schema; `input` wraps every level in pulumi.Input, as SDK arguments take. */
export function tsType(s: Json, input: boolean): string {
  const wrap = (t: string) => (input ? `pulumi.Input<${t}>` : t);
  const alts = s.anyOf ?? s.oneOf;
  // Alternatives take Inputs inside too (a list of outputs, e.g. a rule condition naming keyword lists by id).
  if (alts) return alts.map((a) => tsType(a, input)).join(" | ");
  if (s.enum) return s.enum.map((v) => JSON.stringify(v)).join(" | ");
  if (s.const !== undefined) return JSON.stringify(s.const);
  switch (s.type) {
    case "string":
      return "string";
    case "integer":
    case "number":
      return "number";
    case "boolean":
      return "boolean";
    case "array": {
      const item = s.items ? wrap(tsType(s.items, input)) : "unknown";
      // Items that are a union need parentheses (unless Input wraps them): `"a" | "b"[]` is "a", or a list of "b".
      const union = s.items && (s.items.anyOf ?? s.items.oneOf ?? (s.items.enum?.length ?? 0) > 1);
      return `${!input && union ? `(${item})` : item}[]`;
    }
    case "object": {
      if (s.properties && Object.keys(s.properties).length > 0) {
        const req = new Set(s.required ?? []);
        const fields = Object.entries(s.properties).map(
          // Keys that are not identifiers (e.g. "listMembers.allowedScopes") are quoted.
          ([k, v]) =>
            `${/^[A-Za-z_$][\w$]*$/.test(k) ? k : JSON.stringify(k)}${req.has(k) ? "" : "?"}: ${wrap(tsType(v, input))}`,
        );
        return `{ ${fields.join("; ")} }`;
      }
      const extra = s.additionalProperties;
      const value =
        typeof extra === "object" && Object.keys(extra).length > 0 ? wrap(tsType(extra, input)) : "unknown";
      return `Record<string, ${value}>`;
    }
    default:
      return "unknown";
  }
}

export const comment = (text: string, indent: string) => {
  const safe = text.replaceAll("*/", "*\\/");
  if (!safe.includes("\n")) return `${indent}/** ${safe} */\n`;
  const lines = safe.split("\n").map((l) => `${indent} *${l ? ` ${l}` : ""}\n`);
  return `${indent}/**\n${lines.join("")}${indent} */\n`;
};

/**
 * Every extension slug with settings, its fields as `settings` and `secrets` take them (from the settings
 * table, provider/contract/extension-settings.ts), for the Extension kind's docs.
 */
function extensionReference(): string {
  const lines = Object.entries(EXTENSION_SETTINGS).map(([slug, spec]) => {
    const schema = jsonOf(z.strictObject(spec.fields as Record<string, z.ZodType>), "input");
    const secret = credentialFields(slug);
    const generated: readonly string[] = "generated" in spec ? spec.generated : [];
    const part = (credentials: boolean) => {
      const fields = Object.entries(schema.properties ?? {})
        .filter(([k]) => secret.includes(k) === credentials && !generated.includes(k))
        .map(([k, v]) => `${k}${schema.required?.includes(k) ? "" : "?"}: ${tsType(v, false)}`);
      return fields.length ? `\`{ ${fields.join("; ")} }\`` : "";
    };
    const settings = part(false);
    const secrets = part(true);
    const args = [settings && `settings ${settings}`, secrets && `secrets ${secrets}`].filter(Boolean);
    return `- \`${slug}\` (${spec.title}): ${args.join(", ") || "no fields"}`;
  });
  return [
    "",
    "Extensions with settings, and the fields `settings` and `secrets` (credentials, kept secret) take; `?`: optional:",
    ...lines,
    "",
    "Any other extension id (e.g. `polls`) is enabled or disabled without settings.",
  ].join("\n");
}

function renderKind(kind: Kind): string {
  const base = kind.api === "chat" ? "ChatResourceArgs" : "ManagementResourceArgs";
  const input = jsonOf(kind.args, "input");
  const output = jsonOf(kind.args, "output");
  const computed = jsonOf(kind.outputs, "output");
  const docs = { ...argDocs(kind) };
  const reference = kind.name === "Extension" ? extensionReference() : "";
  if (reference) docs.settings = `${docs.settings ?? ""}\n${reference}`;
  const required = new Set(input.required ?? []);
  const always = new Set([...(input.required ?? []), ...(output.required ?? [])]);

  let out = `export interface ${kind.name}Args extends ${base} {\n`;
  for (const [k, v] of Object.entries(input.properties ?? {})) {
    out += comment(docs[k] ?? "", "  ");
    out += `  ${k}${required.has(k) ? "" : "?"}: pulumi.Input<${tsType(v, true)}>;\n`;
  }
  out += "}\n\n";

  out += comment(`${kind.doc}${reference && `\n${reference}`}`, "");
  out += `export class ${kind.name} extends pulumi.CustomResource {\n`;
  // Output types come from the input schema (transforms such as lowercasing make the output one opaque); a
  // default makes an output always present.
  for (const [k, v] of Object.entries(input.properties ?? {})) {
    out += comment(docs[k] ?? "", "  ");
    out += `  declare readonly ${k}: pulumi.Output<${tsType(v, false)}${always.has(k) ? "" : " | undefined"}>;\n`;
  }
  const names = Object.keys(computed.properties ?? {});
  for (const [k, v] of Object.entries(computed.properties ?? {})) {
    out += comment(v.description ?? "", "  ");
    out += `  declare readonly ${k}: pulumi.Output<${tsType({ ...v, description: undefined }, false)}>;\n`;
  }
  const list = (xs: readonly string[]) => `[${xs.map((x) => JSON.stringify(x)).join(", ")}]`;
  out += `\n  constructor(name: string, args: ${kind.name}Args, opts?: pulumi.CustomResourceOptions) {\n`;
  // Every argument is an output too, given or not: one the provider computes when left out reads what it made.
  const outputs = [...Object.keys(input.properties ?? {}), ...names];
  out += `    super(...resourceArgs(${JSON.stringify(kind.name)}, name, args, ${list(outputs)}, ${list(kind.secrets ?? [])}, opts));\n`;
  out += "  }\n}\n";
  return out;
}

/** The Environment component's typed outputs: a section's resources by id, for each kind that names one. */
function renderOutputs(all: readonly Kind[]): string {
  let out =
    "/** The Environment component's typed outputs: each kind's `file.output`, its section's resources by id. */\n";
  out += "export interface EnvironmentOutputs {\n";
  for (const k of all) {
    if (!k.file || "omitted" in k.file || k.file.output === undefined) continue;
    out += comment(`The resources of the file's \`${k.file.at.join(".")}\`, by ${k.file.key ?? "id"}.`, "  ");
    out += `  readonly ${k.file.output}: Readonly<Record<string, ${k.name}>>;\n`;
  }
  return `${out}}\n`;
}

/** The whole file. */
export function render(): string {
  const all = Object.values(kinds) as unknown as Kind[];
  const parts = [...all.map(renderKind), renderOutputs(all)];
  return `// Generated by scripts/gen-sdk.ts from the kind declarations in provider/kinds/: do not edit.
// \`npm run generate\` writes it again; test/unit/generated.test.ts fails when it is stale.
import * as pulumi from "@pulumi/pulumi";
import { type ChatResourceArgs, type ManagementResourceArgs, resourceArgs } from "../../provider/hosts/dynamic/resource";

${parts.join("\n")}`;
}

if (require.main === module) {
  writeFileSync(join(repoRootOf(__dirname), TARGET), render());
  process.stdout.write(`wrote ${TARGET}\n`);
}

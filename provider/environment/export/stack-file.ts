// The environment file a stack's project reads (`chat-export --compare <stack>`): the project's folder holds
// Pulumi.yaml and the stack's Pulumi.<stack>.yaml (in `stackConfigDir` when the project names one); the file
// is the stack's `file` config (as the root project reads it), else the `file` of a Pulumi YAML program's
// Environment resource, else chat-environment.yaml, as chat-export --project writes the project.
import { existsSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { parse } from "yaml";
import { ENVIRONMENT_TYPE } from "../../hosts/tokens";
import { ENVIRONMENT_FILE } from "./program";

export class StackFileError extends Error {
  override name = "StackFileError";
}

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => v !== null && typeof v === "object" && !Array.isArray(v);

function yamlOf(path: string): Json {
  const value: unknown = parse(readFileSync(path, "utf8"));
  if (!isObject(value)) throw new StackFileError(`${path} is not a YAML mapping: check the file`);
  return value;
}

/** The `file` a Pulumi YAML program gives its chat Environment resource, if it names one. */
function programFile(project: Json): string | undefined {
  const resources = isObject(project.resources) ? project.resources : {};
  for (const r of Object.values(resources)) {
    if (!isObject(r) || r.type !== ENVIRONMENT_TYPE) continue;
    const file = isObject(r.properties) ? r.properties.file : undefined;
    if (typeof file === "string") return file;
  }
  return undefined;
}

export interface StackFile {
  /** The environment file's path. */
  file: string;
  /** Where its name came from, for messages. */
  from: string;
}

/** The environment file stack `stack` of the project in `dir` reads; a StackFileError says what to check. */
export function stackEnvironmentFile(dir: string, stack: string): StackFile {
  const projectFile = join(dir, "Pulumi.yaml");
  if (!existsSync(projectFile))
    throw new StackFileError(
      `no Pulumi project in ${resolve(dir)} (no Pulumi.yaml): check --project <dir>, the folder of the stack's project`,
    );
  const project = yamlOf(projectFile);
  const configDir = typeof project.stackConfigDir === "string" ? join(dir, project.stackConfigDir) : dir;
  const stackFile = join(configDir, `Pulumi.${stack}.yaml`);
  if (!existsSync(stackFile))
    throw new StackFileError(
      `unknown stack "${stack}": no ${stackFile} in the project; check the stack's name (pulumi stack ls) and --project <dir>`,
    );
  const config = yamlOf(stackFile).config;
  const name = typeof project.name === "string" ? project.name : "";
  const configured = isObject(config) ? config[`${name}:file`] : undefined;
  const [file, from] =
    typeof configured === "string"
      ? [configured, `config ${name}:file of stack ${stack}`]
      : [programFile(project), `the Environment resource of ${projectFile}`];
  const chosen = file ?? ENVIRONMENT_FILE;
  const path = resolve(dir, chosen);
  if (!existsSync(path))
    throw new StackFileError(
      `environment file not found: ${path} (named by ${file === undefined ? "the default name" : from}); check that it exists, or the stack's file config`,
    );
  return { file: path, from: file === undefined ? "the default name" : from };
}

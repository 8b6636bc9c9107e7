// The environment file a stack's project reads (`chat-export --compare <stack>`), where Pulumi takes a stack's
// config from: the project's folder holds its project file (Pulumi.yaml or Pulumi.yml) and the stack's
// Pulumi.<stack>.yaml (in `stackConfigDir` when the project names one). The file is the stack's `file` config
// (as the root project reads it), else the project file's own `config:` block's (a project-level value or
// default, v3.44: `<project>:file` or `file`, a value or `{ default | value }`), else the `file` of a Pulumi
// YAML program's Environment resource (in the project file, or in Main.yaml of the program's folder, `main`),
// else chat-environment.yaml, as chat-export --project writes the project.
// https://www.pulumi.com/docs/iac/concepts/projects/project-file/ (config, main, stackConfigDir).
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

/** The `file` a Pulumi YAML program's resources give its chat Environment resource, if they name one. */
function environmentResourceFile(program: Json): string | undefined {
  const resources = isObject(program.resources) ? program.resources : {};
  for (const r of Object.values(resources)) {
    if (!isObject(r) || r.type !== ENVIRONMENT_TYPE) continue;
    const file = isObject(r.properties) ? r.properties.file : undefined;
    if (typeof file === "string") return file;
  }
  return undefined;
}

/** The Pulumi YAML program's file and its Environment's `file`: the project file, else Main.yaml in `main`. */
function programFile(dir: string, projectFile: string, project: Json): [string, string] | undefined {
  const inProject = environmentResourceFile(project);
  if (inProject !== undefined) return [inProject, projectFile];
  const main = join(dir, typeof project.main === "string" ? project.main : ".");
  for (const name of ["Main.yaml", "Main.yml", "Main.json"]) {
    const path = join(main, name);
    if (!existsSync(path)) continue;
    const file = environmentResourceFile(yamlOf(path));
    return file === undefined ? undefined : [file, path];
  }
  return undefined;
}

/** A project-level config value of `key` (Pulumi.yaml's `config:`): `<project>:key` or `key`, plain or its value/default. */
function projectConfig(project: Json, name: string, key: string): string | undefined {
  const config = isObject(project.config) ? project.config : {};
  for (const k of [`${name}:${key}`, key]) {
    const v = config[k];
    const value = isObject(v) ? (v.value ?? v.default) : v;
    if (typeof value === "string") return value;
  }
  return undefined;
}

/** The project file of `dir`: Pulumi.yaml, or Pulumi.yml. */
const projectFileIn = (dir: string): string | undefined =>
  ["Pulumi.yaml", "Pulumi.yml"].map((f) => join(dir, f)).find((f) => existsSync(f));

export interface StackFile {
  /** The environment file's path. */
  file: string;
  /** Where its name came from, for messages. */
  from: string;
}

/** The environment file stack `stack` of the project in `dir` reads; a StackFileError says what to check. */
export function stackEnvironmentFile(dir: string, stack: string): StackFile {
  const projectFile = projectFileIn(dir);
  if (projectFile === undefined)
    throw new StackFileError(
      `no Pulumi project in ${resolve(dir)} (no Pulumi.yaml): check --project <dir>, the folder of the stack's project`,
    );
  const project = yamlOf(projectFile);
  const configDir = typeof project.stackConfigDir === "string" ? join(dir, project.stackConfigDir) : dir;
  // Pulumi.<stack>.yaml, or .yml as the project file may be.
  const stackFile =
    [".yaml", ".yml"].map((ext) => join(configDir, `Pulumi.${stack}${ext}`)).find((f) => existsSync(f)) ??
    join(configDir, `Pulumi.${stack}.yaml`);
  if (!existsSync(stackFile))
    throw new StackFileError(
      `unknown stack "${stack}": no ${stackFile} in the project; check the stack's name (pulumi stack ls) and --project <dir>`,
    );
  const config = yamlOf(stackFile).config;
  const name = typeof project.name === "string" ? project.name : "";
  const configured = isObject(config) ? config[`${name}:file`] : undefined;
  const projectLevel = projectConfig(project, name, "file");
  const program = programFile(dir, projectFile, project);
  const [file, from] =
    typeof configured === "string"
      ? [configured, `config ${name}:file of stack ${stack}`]
      : projectLevel !== undefined
        ? [projectLevel, `config ${name}:file of ${projectFile}`]
        : [program?.[0], `the Environment resource of ${program?.[1] ?? projectFile}`];
  const chosen = file ?? ENVIRONMENT_FILE;
  const path = resolve(dir, chosen);
  if (!existsSync(path))
    throw new StackFileError(
      `environment file not found: ${path} (named by ${file === undefined ? "the default name" : from}); check that it exists, or the stack's file config`,
    );
  return { file: path, from: file === undefined ? "the default name" : from };
}

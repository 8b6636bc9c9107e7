// Reads and validates a declared environment. Every problem is one line, `file:line:column: path: rule (did
// you mean "x"?)` (problems.ts), all of them at once, before a single resource is declared (issue 43).
import { readFileSync } from "node:fs";
import { basename, dirname, resolve } from "node:path";
import type { FilePath } from "../engine/kind";
import { fillProblems } from "./filled";
import { type Locate, locatedDocument } from "./locate";
import { issueProblems, type Problem, problemLines } from "./problems";
import { type Elsewhere, referenceProblems } from "./references";
import { secretProblems } from "./secret-values";
import { readSeedFiles, SeedSection, seededRow, seedSectionProblems } from "./seed";
import { Environment } from "./spec";

export { formatPath } from "./problems";

export class EnvironmentFileError extends Error {
  override name = "EnvironmentFileError";
  constructor(
    message: string,
    /** The problems, one line each (none for a file that cannot be read). */
    readonly lines: readonly string[] = [],
  ) {
    super(message);
  }
}

/** A checked environment, and how to say a problem found later (a secret's value, the service) in its words. */
export interface CheckedEnvironment {
  env: Environment;
  /** The references the file leaves to the service: objects that may be made elsewhere (references.ts). */
  elsewhere: readonly Elsewhere[];
  /** The error naming `problems` as the file's lines (each placed in the file when it is one). */
  refuse(problems: readonly Problem[]): EnvironmentFileError;
}

const refusal = (lines: readonly string[]) =>
  new EnvironmentFileError(`the declared environment is not valid:\n${lines.join("\n")}`, lines);

/**
 * Every problem of an environment in the file's shape: the schema's (each entry's), those across entries
 * (references, ids declared twice, the kinds' rules) and the seed files' (`dir`: the folder their paths are
 * relative to), one per mistake; the environment when there is none.
 */
export function environmentProblems(
  value: unknown,
  dir: string = process.cwd(),
  /** False where the seed files are not written yet (chat-export checks the file it is about to write). */
  readSeed = true,
): { env: Environment | undefined; problems: Problem[]; elsewhere: Elsewhere[] } {
  const shape = Environment.safeParse(value);
  const problems = shape.success ? [] : issueProblems(Environment, value, shape.error.issues);
  const meant: FilePath[] = problems.flatMap((p) =>
    p.meant === undefined ? [] : [[...p.path.slice(0, -1), p.meant]],
  );
  const object = value !== null && typeof value === "object" && !Array.isArray(value);
  const section = SeedSection.safeParse(object ? (value as { seed?: unknown }).seed : undefined);
  const seed = section.success && readSeed ? section.data : undefined;
  const files = seed ? readSeedFiles(seed, dir) : [];
  const across = object
    ? referenceProblems(value as Record<string, unknown>, {
        meant,
        seeded: (kind, id) => seededRow(files, kind, id),
      })
    : { problems: [], elsewhere: [] };
  problems.push(...across.problems);
  // The seed files' rows and the checks across them and the entries (those that read as entries).
  if (seed)
    problems.push(
      ...seedSectionProblems(
        (shape.success ? shape.data : object ? value : {}) as Record<string, unknown>,
        seed,
        files,
      ),
    );
  return {
    env: problems.length === 0 && shape.success ? (shape.data as Environment) : undefined,
    problems,
    elsewhere: across.elsewhere,
  };
}

/**
 * Validates an environment given as an object (the file's shape); `name` is only used in messages, `dir` is
 * where the seed files it names are (the environment file's folder), `locate` places a path in the file.
 */
export function checkedEnvironment(
  value: unknown,
  name: string,
  dir: string = process.cwd(),
  locate?: Locate,
): CheckedEnvironment {
  return accepted(environmentCheck(value, name, dir, locate));
}

/**
 * What the checks found in an environment, without refusing it: its problems, the references the file leaves
 * to the service (read even in a file with problems, so the service's answer is said with them), the
 * environment when there is no problem.
 */
export interface EnvironmentCheck {
  env: Environment | undefined;
  /** The environment as given (in a file with problems, what the checks of its values read). */
  value: unknown;
  problems: readonly Problem[];
  elsewhere: readonly Elsewhere[];
  refuse(problems: readonly Problem[]): EnvironmentFileError;
}

/** checkedEnvironment's checks, their problems returned rather than thrown. */
export function environmentCheck(
  value: unknown,
  name: string,
  dir: string = process.cwd(),
  locate?: Locate,
): EnvironmentCheck {
  const refuse = (problems: readonly Problem[]) => refusal(problemLines(name, problems, locate));
  return { ...environmentProblems(value, dir), value, refuse };
}

/** The checked environment; its problems thrown as one error. */
function accepted(check: EnvironmentCheck): CheckedEnvironment {
  const { env, problems, elsewhere, refuse } = check;
  if (!env || problems.length > 0) throw refuse(problems);
  return { env, elsewhere, refuse };
}

/** Parses YAML or JSON text (JSON is YAML) and validates it; `file` names it in messages and places its seed files. */
export function parsedEnvironment(text: string, file: string): CheckedEnvironment {
  return accepted(parsedCheck(text, file));
}

/** parsedEnvironment's checks, their problems returned (a text that is no YAML is still refused at once). */
function parsedCheck(text: string, file: string): EnvironmentCheck {
  const name = basename(file);
  const { doc, locate, syntax } = locatedDocument(text);
  if (syntax.length > 0)
    throw new EnvironmentFileError(
      `invalid YAML:\n${syntax.map((e) => `${name}${e.place ? `:${e.place.line}:${e.place.column}` : ""}: ${e.message}`).join("\n")}`,
    );
  return environmentCheck(doc.toJS(), name, dirname(resolve(file)), locate);
}

/** The environment of `text` (parsedEnvironment's). */
export const parseEnvironment = (text: string, file: string): Environment =>
  parsedEnvironment(text, file).env;

/** The environment of an object in the file's shape (checkedEnvironment's). */
export const checkEnvironment = (value: unknown, name: string, dir = process.cwd()): Environment =>
  checkedEnvironment(value, name, dir).env;

/** Reads and validates an environment file. */
export function loadedEnvironment(file: string): CheckedEnvironment {
  return accepted(loadedCheck(file));
}

function loadedCheck(file: string): EnvironmentCheck {
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch (e) {
    throw new EnvironmentFileError(`cannot read the environment file ${file}: ${(e as Error).message}`);
  }
  return parsedCheck(text, file);
}

export const loadEnvironment = (file: string): Environment => loadedEnvironment(file).env;

/**
 * What the Environment component checks at preview before declaring anything (and the corpus of mistakes in
 * test/support/mutations.ts runs): the file or object, then the values of the secret config keys it names
 * (`config`: a key's value, undefined when not set; `project`: their namespace). One error, every problem.
 */
export function previewedEnvironment(
  source: { file: string } | { spec: unknown },
  config: (key: string) => string | undefined,
  project: string,
): CheckedEnvironment {
  return accepted(previewCheck(source, config, project));
}

/**
 * previewedEnvironment's checks, their problems returned: the component asks the service about the file's
 * references to the app's objects before it refuses the file, so that every problem is said at once.
 * A file that cannot be read, or is no YAML, is still refused at once (nothing in it can be read).
 */
export function previewCheck(
  source: { file: string } | { spec: unknown },
  config: (key: string) => string | undefined,
  project: string,
): EnvironmentCheck {
  const check = "file" in source ? loadedCheck(source.file) : environmentCheck(source.spec, "spec");
  // The values the file names (secret config keys, local files), read in a file with problems too: every
  // problem at once. Each is read by the entry it sits in, whatever the other entries' problems.
  const value = check.env ?? check.value;
  if (value === null || typeof value !== "object" || Array.isArray(value)) return check;
  const env = value as Record<string, unknown>;
  return {
    ...check,
    problems: [
      ...check.problems,
      ...secretProblems(env, config, project),
      ...fillProblems(env, config, project),
    ],
  };
}

// Reads and validates a declared environment. Every problem names the file, the path in it and the rule,
// all at once, before a single resource is declared.
import { readFileSync } from "node:fs";
import { basename, dirname, resolve } from "node:path";
import { parseDocument } from "yaml";
import { SeedSection, seedSectionProblems } from "./seed";
import { Environment } from "./spec";

export class EnvironmentFileError extends Error {
  override name = "EnvironmentFileError";
}

/** "users[1].uid" from ["users", 1, "uid"]. */
export function formatPath(path: readonly PropertyKey[]): string {
  return path.reduce<string>(
    (s, p) => (typeof p === "number" ? `${s}[${p}]` : s ? `${s}.${String(p)}` : String(p)),
    "",
  );
}

/** Parses YAML or JSON text (JSON is YAML) and validates it; `file` is only used in messages. */
export function parseEnvironment(text: string, file: string): Environment {
  const name = basename(file);
  const doc = parseDocument(text, { prettyErrors: true });
  if (doc.errors.length > 0) {
    const lines = doc.errors.map((e) => `${name}: ${e.message.split("\n")[0]}`);
    throw new EnvironmentFileError(`invalid YAML:\n${lines.join("\n")}`);
  }
  return checkEnvironment(doc.toJS(), name, dirname(resolve(file)));
}

/**
 * Validates an environment given as an object (the file's shape); `name` is only used in messages, `dir` is
 * where the seed files it names are (the environment file's folder).
 */
export function checkEnvironment(value: unknown, name: string, dir = process.cwd()): Environment {
  const result = Environment.safeParse(value);
  if (!result.success) {
    const lines = result.error.issues.map(
      (i) => `${name}: ${formatPath(i.path) || "(top level)"}: ${i.message}`,
    );
    // A right seed section's files are read even so, their problems said with the rest (the checks against
    // the entries wait for entries that are right).
    const section = SeedSection.safeParse((value as { seed?: unknown } | null | undefined)?.seed);
    if (section.success && section.data)
      lines.push(...seedSectionProblems({}, section.data, dir).map((p) => `${name}: ${p}`));
    throw new EnvironmentFileError(`the declared environment is not valid:\n${lines.join("\n")}`);
  }
  // The seed files' rows and the checks across them, once the section's shape is right: all at once.
  const { seed: section } = result.data;
  const seed = section ? seedSectionProblems(result.data as Record<string, unknown>, section, dir) : [];
  if (seed.length)
    throw new EnvironmentFileError(
      `the declared environment's seed files are not valid:\n${seed.map((p) => `${name}: ${p}`).join("\n")}`,
    );
  return result.data;
}

export function loadEnvironment(file: string): Environment {
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch (e) {
    throw new EnvironmentFileError(`cannot read the environment file ${file}: ${(e as Error).message}`);
  }
  return parseEnvironment(text, file);
}

// A local file an argument names (a push certificate's, a knowledge file's path), read at check: missing,
// unreadable, a folder or too large, it is refused naming the argument, as any other bad value (a raw
// EACCES or EISDIR would be a stack trace, and the environment file's check could not place it).
import { readFileSync, statSync } from "node:fs";
import { resolve } from "node:path";
import { CheckRefusal } from "../engine/kind";

/** Why a file cannot be read, in a person's words (never its bytes). */
function why(e: unknown): string {
  const code = (e as { code?: unknown }).code;
  if (code === "EACCES" || code === "EPERM") return ": permission denied";
  if (code === "EISDIR") return ": it is a folder";
  return "";
}

/**
 * The bytes of the file at `path` (relative to the working folder: the project's), the argument `field`
 * names; `tooLarge(size)` says why a file above `most` bytes is refused, before it is read.
 */
export function localFileBytes(
  field: string,
  path: string,
  most: number,
  tooLarge: (size: number) => string,
): Buffer {
  const refuse = (reason: string) => new CheckRefusal(field, `${field}: ${reason}`);
  let size: number;
  try {
    const stat = statSync(resolve(path));
    if (stat.isDirectory()) throw refuse(`cannot read the file ${path}: it is a folder`);
    size = stat.size;
  } catch (e) {
    if (e instanceof CheckRefusal) throw e;
    throw refuse(`cannot read the file ${path}${why(e)}`);
  }
  if (size > most) throw refuse(tooLarge(size));
  try {
    return readFileSync(resolve(path));
  } catch (e) {
    throw refuse(`cannot read the file ${path}${why(e)}`);
  }
}

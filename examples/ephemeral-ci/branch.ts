// How a branch name becomes the name of its environment (stack and app), shared by the program and the
// runner so that both agree.
import { createHash } from "node:crypto";

/**
 * "ci-<slug>-<hash>": the slug (lowercase letters, digits and '-', at most 40) keeps it readable, the short
 * hash of the exact branch name keeps "feature/x" and "feature-x" apart. Valid as a stack and an app name.
 */
export function environmentName(branch: string): string {
  const slug = branch
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .slice(0, 40)
    .replace(/^-+|-+$/g, "");
  if (!slug) throw new Error(`branch "${branch}" has no letter or digit to name an environment after`);
  const hash = createHash("sha256").update(branch).digest("hex").slice(0, 6);
  return `ci-${slug}-${hash}`;
}

// Finding secrets in what the engine printed: the secrets a stack holds (read from its export, where the
// Automation API shows them in plain text inside their wrapper) and the first run of any in a text.
import { SECRET_WINDOW } from "../../../provider/engine/failures";

const SIG = "4dabf18193072939515e22adb298388d";

/** Every string of at least SECRET_WINDOW characters in `value`, inside a secret wrapper or outside. */
function strings(
  value: unknown,
  found = { secret: new Set<string>(), plain: new Set<string>() },
  inSecret = false,
) {
  if (typeof value === "string") {
    if (value.length >= SECRET_WINDOW) (inSecret ? found.secret : found.plain).add(value);
  } else if (Array.isArray(value)) {
    for (const v of value) strings(v, found, inSecret);
  } else if (value && typeof value === "object") {
    const o = value as Record<string, unknown>;
    if (SIG in o && typeof o.plaintext === "string") strings(JSON.parse(o.plaintext), found, true);
    else if (SIG in o) strings(o.value, found, true);
    else for (const v of Object.values(o)) strings(v, found, inSecret);
  }
  return found;
}

/**
 * The secrets of a stack's export: strings held in a secret wrapper and nowhere in plain. (A secret object
 * such as a connection also wraps its app id, which is plain elsewhere and no secret.)
 */
export function secretsIn(deployment: unknown): string[] {
  const { secret, plain } = strings(deployment);
  return [...secret].filter((s) => !plain.has(s));
}

/** The first run of SECRET_WINDOW characters of one of `secrets` found in `text`, if any. */
export function leaked(text: string, secrets: readonly string[]): string | undefined {
  for (const s of secrets)
    for (let i = 0; i + SECRET_WINDOW <= s.length; i++) {
      const run = s.slice(i, i + SECRET_WINDOW);
      if (text.includes(run)) return run;
    }
  return undefined;
}

// Credential redaction for everything the client prints or throws (octokit's rule: a secret never reaches an
// error message, a JSON dump, an inspect output or a log line). Two layers: the exact secret values the
// client knows (its own keys, secret path parameters), and patterns for secrets it cannot know in advance
// (a server message that echoes some other key or token).

import { CREDENTIAL_HEADERS, SECRET_FIELDS, SECRET_PARAMETERS } from "../contract";

export const REDACTED = "[REDACTED]";

/**
 * Names under which a credential travels: the security schemes' headers and every field and parameter the
 * document marks `x-secret` (provider/contract/generated/secrets.ts), matched case-insensitively. The values
 * the client is given at marked fields are redacted by value (prepare.ts); these names are the second line of
 * defence for text it cannot parse, such as a server's message quoting some other key or token.
 */
export const SECRET_NAMES: readonly string[] = [
  ...new Set([...CREDENTIAL_HEADERS, ...SECRET_FIELDS, ...SECRET_PARAMETERS]),
];

/** Path parameters whose values are credentials (`/apikeys/:apiKey`, `/users/:uid/auth_tokens/:authToken`). */
export const SECRET_PATH_PARAMS: ReadonlySet<string> = new Set(SECRET_PARAMETERS);

// Shorter values would blank out ordinary words in messages; no real credential is that short.
const MIN_SECRET_LENGTH = 3;

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

const PATTERNS: ReadonlyArray<readonly [RegExp, string]> = [
  // `"apiKey": "…"`, `apikey=…`, `secret: …`, `password = '…'`
  [
    new RegExp(
      `\\b(${SECRET_NAMES.join("|")})(["']?\\s*[:=]\\s*["']?)(?!\\[REDACTED\\])([^\\s"',;&}\\]]+)`,
      "gi",
    ),
    `$1$2${REDACTED}`,
  ],
  // Auth tokens: `<uid>_<10-digit unix time><30 hex>` (docs/service/users-and-auth-tokens.md).
  [/_\d{10}[0-9a-f]{30}\b/gi, `_${REDACTED}`],
  // API keys: 40 hex characters (docs/service/api-keys.md).
  [/\b[0-9a-f]{40}\b/gi, REDACTED],
];

/** Replaces known secret values and credential-shaped substrings with `[REDACTED]`. */
export class Redactor {
  readonly #secrets: readonly string[];
  readonly #known: RegExp | undefined;

  constructor(secrets: Iterable<string | undefined> = []) {
    const list = [...new Set([...secrets].filter((s): s is string => !!s && s.length >= MIN_SECRET_LENGTH))];
    // Longest first, so a secret that contains another is replaced whole.
    list.sort((a, b) => b.length - a.length);
    this.#secrets = list;
    this.#known = list.length > 0 ? new RegExp(list.map(escapeRegExp).join("|"), "g") : undefined;
  }

  /** A redactor that also knows `more` (e.g. the secret path parameters of one request). */
  with(more: Iterable<string | undefined>): Redactor {
    return new Redactor([...this.#secrets, ...more]);
  }

  string(s: string): string {
    let out = this.#known ? s.replace(this.#known, REDACTED) : s;
    for (const [re, replacement] of PATTERNS) out = out.replace(re, replacement);
    return out;
  }

  optional(s: string | undefined | null): string | undefined {
    return s === undefined || s === null ? undefined : this.string(s);
  }

  /** Validation details: field names are kept, every message is redacted. */
  details(d: Readonly<Record<string, readonly string[]>> | undefined): Record<string, string[]> | undefined {
    if (!d) return undefined;
    const out: Record<string, string[]> = {};
    for (const [field, messages] of Object.entries(d)) out[field] = messages.map((m) => this.string(m));
    return out;
  }

  // The redactor holds secrets: it must not print them either.
  toJSON(): string {
    return "Redactor";
  }
  [Symbol.for("nodejs.util.inspect.custom")](): string {
    return "Redactor";
  }
}

/** Pattern-only redaction, for places that know no secret values. */
export const defaultRedactor = new Redactor();

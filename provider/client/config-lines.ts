// Settings as a person pastes them into a shell: `pulumi config set` lines (with `--secret` for the secret
// keys) and `export CHAT_*=` lines, from the one table of keys (config.ts). chat-emulator prints them for
// the endpoints and credentials it made, so a stack is configured by copying its output.
import { CONFIG_KEYS, type ConfigKey } from "./config";

/** A word of a POSIX shell command: bare when it is plainly one word, else single-quoted. */
export function shellWord(value: string): string {
  if (/^[A-Za-z0-9_./:@%+=,-]+$/.test(value)) return value;
  return `'${value.replaceAll("'", `'\\''`)}'`;
}

export interface ConfigLines {
  /** `pulumi config set [--secret] chat:<name> <value>`, one per key, in the table's order. */
  pulumi: string[];
  /** `export CHAT_<NAME>=<value>`, the same settings as the provider's environment variables. */
  env: string[];
}

/** The lines that set `values` (keys left out are not set). */
export function configLines(values: Partial<Record<ConfigKey, string>>): ConfigLines {
  const set = CONFIG_KEYS.flatMap((k) => {
    const value = values[k.key];
    return value === undefined ? [] : [{ ...k, value }];
  });
  return {
    pulumi: set.map((k) => `pulumi config set ${k.secret ? "--secret " : ""}${k.key} ${shellWord(k.value)}`),
    env: set.map((k) => `export ${k.env}=${shellWord(k.value)}`),
  };
}

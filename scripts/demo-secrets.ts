// Stand-in values for the secret config keys the repository's chat-environment.yaml names, for runs against
// the emulator (`npm run demo`, the e2e tests): derived from the file (decision 0122), so that a kind whose
// entry names a secret needs no line here. Each key gets a value drawn from the schema of the argument it
// becomes (an email where an email is wanted, an object where the argument takes one), kept only when the
// component's own check of secret values (provider/environment/secret-values.ts) accepts it. Against the
// real service, set the real ones: `pulumi config set --secret fcm-service-account "$(cat service-account.json)"`.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { parse } from "yaml";
import { z } from "zod";
import { entriesOf, FILE_KINDS } from "../provider/environment/graph";
import { loadedEnvironment } from "../provider/environment/load";
import { namedSecrets, secretProblems } from "../provider/environment/secret-values";
import { repoRootOf } from "./repo-root";

/** The JSON schema keywords a stand-in is drawn from. */
interface Shape {
  type?: string | string[];
  const?: unknown;
  enum?: unknown[];
  format?: string;
  minLength?: number;
  minimum?: number;
  properties?: Record<string, Shape>;
  required?: string[];
  additionalProperties?: Shape | boolean;
  anyOf?: Shape[];
  oneOf?: Shape[];
}

/** Values of `shape` naming `word`, one per alternative, simplest first. */
function drawn(shape: Shape, word: string): unknown[] {
  if (shape.const !== undefined) return [shape.const];
  if (shape.enum?.length) return [shape.enum[0]];
  const options = shape.anyOf ?? shape.oneOf;
  if (options) return options.flatMap((o) => drawn(o, word));
  const type = Array.isArray(shape.type) ? shape.type[0] : shape.type;
  if (type === "object") {
    const fields = (shape.required ?? []).map((f) => [
      f,
      drawn(shape.properties?.[f] ?? {}, `${word}-${f}`)[0],
    ]);
    return [Object.fromEntries(fields)];
  }
  if (type === "number" || type === "integer") return [shape.minimum ?? 1];
  if (type === "boolean") return [true];
  if (type === "array") return [[]];
  if (shape.format === "email") return [`${word}@example.com`];
  if (shape.format === "uri" || shape.format === "url") return [`https://example.com/${word}`];
  return [`demo-placeholder-${word}`.padEnd(shape.minLength ?? 0, "x")];
}

/** The schema at `path` inside `shape` (a record's values for any key). */
function at(shape: Shape, path: readonly (string | number)[]): Shape {
  let s = shape;
  for (const p of path) {
    const options = s.anyOf ?? s.oneOf;
    const object = options?.find((o) => o.type === "object") ?? s;
    const extra = typeof object.additionalProperties === "object" ? object.additionalProperties : {};
    s = object.properties?.[String(p)] ?? extra;
  }
  return s;
}

/** The stand-ins of the secret keys the environment file `file` of project `project` names. */
export function demoSecrets(file: string, project: string): Record<string, { value: string; secret: true }> {
  const env = loadedEnvironment(file).env as unknown as Record<string, unknown>;
  const candidates = new Map<string, string[]>();
  for (const k of FILE_KINDS)
    for (const { entry } of entriesOf(env, k))
      for (const n of namedSecrets(k, entry)) {
        const [top, ...rest] = n.arg;
        const arg = (k.args.shape as Record<string, z.ZodType>)[String(top)];
        if (!arg) continue;
        const shape = at(z.toJSONSchema(arg, { io: "input", unrepresentable: "any" }) as Shape, rest);
        const texts = drawn(shape, n.key).map((v) => (typeof v === "string" ? v : JSON.stringify(v)));
        candidates.set(n.key, [...(candidates.get(n.key) ?? []), ...texts]);
      }
  const chosen = new Map<string, string>();
  for (const [key, texts] of candidates) {
    const problem = (text: string) =>
      secretProblems(env, (k) => (k === key ? text : chosen.get(k)), project).some(
        (p) => p.source === `config ${project}:${key}`,
      );
    const ok = texts.find((t) => !problem(t));
    if (ok === undefined)
      throw new Error(
        `no stand-in for the secret config key ${key}: scripts/demo-secrets.ts draws none its argument accepts`,
      );
    chosen.set(key, ok);
  }
  return Object.fromEntries(
    [...chosen].map(([key, value]) => [`${project}:${key}`, { value, secret: true as const }]),
  );
}

const root = repoRootOf(__dirname);
/** The root project's name (Pulumi.yaml), the namespace of its config keys. */
export const DEMO_PROJECT = String(
  (parse(readFileSync(join(root, "Pulumi.yaml"), "utf8")) as { name: string }).name,
);
export const DEMO_SECRETS = demoSecrets(join(root, "chat-environment.yaml"), DEMO_PROJECT);

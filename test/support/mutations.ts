// A corpus of mistakes (issue 43): single mutations of a valid environment file, generated from the file and
// the kinds' schemas, each with the place its problem must be named at. Classes: a key renamed by a typo, a
// value of the wrong type, a required field left out, a reference to nothing, an id declared twice, a bad
// secret (written in the file, a key that is no key, not set, a value its field does not take), a value out
// of range. test/unit/environment-mistakes.test.ts runs them all through the preview's check, and
// test/e2e/environment-mistakes.test.ts a sample through the engine's preview.
import { isMap, isScalar, isSeq, type Node, type Pair, parseDocument, type YAMLMap } from "yaml";
import type { z } from "zod";
import { defOf } from "../../provider/contract/zod-def";
import { entriesOf, FILE_KINDS, keyOf, namedIn } from "../../provider/environment/graph";
import { schemasAt } from "../../provider/environment/problems";
import { Environment } from "../../provider/environment/spec";

export const CLASSES = [
  "renamed key",
  "wrong type",
  "missing field",
  "dangling reference",
  "duplicate id",
  "bad secret",
  "out of range",
] as const;
export type MutationClass = (typeof CLASSES)[number];

export type Path = (string | number)[];

export interface Mutation {
  class: MutationClass;
  /** What was changed, for failure messages. */
  what: string;
  /** The mutated file. */
  text: string;
  /** The path the problem must be said at (or, for a field left out, where it is missing). */
  path: Path;
  /** A word the problem's line must hold (the field meant, the config key). */
  says?: string;
  /** Secret config values that differ from the valid ones (undefined: not set). */
  config?: Record<string, string | undefined>;
}

type Json = Record<string, unknown>;

/** Every pair of a map in the document with its path, depth first (keys that are scalars). */
function pairsOf(node: unknown, path: Path = []): { path: Path; pair: Pair }[] {
  if (isMap(node))
    return node.items.flatMap((pair) => {
      if (!isScalar(pair.key)) return [];
      const here = [...path, String(pair.key.value)];
      return [{ path: here, pair }, ...pairsOf(pair.value, here)];
    });
  if (isSeq(node)) return node.items.flatMap((item, i) => pairsOf(item, [...path, i]));
  return [];
}

/** The object schemas a map at `path` is checked by: their fields, and whether an unknown field is refused. */
function objectsAt(path: Path): { shape: Record<string, z.ZodType>; strict: boolean }[] {
  return schemasAt(Environment, path).flatMap((s) => {
    const def = defOf(s) as ReturnType<typeof defOf> & { catchall?: z.ZodType };
    if (def.type !== "object") return [];
    return [
      { shape: def.shape ?? {}, strict: def.catchall !== undefined && defOf(def.catchall).type === "never" },
    ];
  });
}

/** A typo of `key`: two neighbours swapped (in the middle, so that it still reads as the key). */
function typo(key: string): string | undefined {
  if (key.length < 2) return undefined;
  const i = Math.max(0, Math.floor(key.length / 2) - 1);
  const swapped = key.slice(0, i) + key[i + 1] + key[i] + key.slice(i + 2);
  return swapped === key ? undefined : swapped;
}

/** The value of a secret stack config key named in the file: `{ secret: key }` maps. */
function isSecretRef(node: unknown): node is YAMLMap {
  return (
    isMap(node) &&
    node.items.length === 1 &&
    isScalar(node.items[0]?.key) &&
    node.items[0]?.key.value === "secret"
  );
}

/** The corpus for `valid` (the text of a valid file) and the valid values of the secret keys it names. */
export function mutations(valid: string): Mutation[] {
  const original = parseDocument(valid);
  const env = original.toJS() as Json;
  const out: Mutation[] = [];
  /** A copy of the document changed by `change`, as text. */
  const edit = (change: (doc: ReturnType<typeof parseDocument>) => void): string => {
    const doc = original.clone();
    change(doc);
    return String(doc);
  };
  const pairs = pairsOf(original.contents);
  const secretPaths = pairs.filter(({ pair }) => isSecretRef(pair.value)).map(({ path }) => path);
  const insideSecret = (path: Path) =>
    secretPaths.some((s) => s.length < path.length && s.every((p, i) => path[i] === p));

  for (const { path, pair } of pairs) {
    if (insideSecret(path)) continue;
    const key = String(path[path.length - 1]);
    const parent = path.slice(0, -1);
    const objects = objectsAt(parent).filter((o) => key in o.shape);
    // Only the fields of objects the file's schema knows (not a map of settings or metadata).
    if (objects.length === 0) continue;

    // Renamed by a typo: refused only where the object refuses unknown fields.
    const renamed = typo(key);
    const known = objects.flatMap((o) => Object.keys(o.shape));
    if (renamed && !known.includes(renamed) && objects.every((o) => o.strict))
      out.push({
        class: "renamed key",
        what: `${path.join(".")} renamed ${renamed}`,
        text: edit((doc) => {
          const p = doc.getIn(parent, true) as YAMLMap;
          const item = p.items.find((x) => isScalar(x.key) && x.key.value === key) as Pair;
          (item.key as { value: unknown }).value = renamed;
        }),
        path: [...parent, renamed],
        says: `did you mean "${key}"?`,
      });

    // Left out: where every object holding it requires it.
    if (objects.every((o) => !(o.shape[key] as z.ZodType).safeParse(undefined).success))
      out.push({
        class: "missing field",
        what: `${path.join(".")} left out`,
        text: edit((doc) => doc.deleteIn(path)),
        path,
      });

    // A value of another type: a map where a text is, a text where a list or a map is, …
    const value = pair.value as Node | null;
    const wrong = isSecretRef(value)
      ? 7
      : isScalar(value)
        ? typeof value.value === "string"
          ? { wrong: "type" }
          : "text"
        : isSeq(value) || isMap(value)
          ? 7
          : undefined;
    if (wrong !== undefined)
      out.push({
        class: "wrong type",
        what: `${path.join(".")} set to ${JSON.stringify(wrong)}`,
        text: edit((doc) => doc.setIn(path, doc.createNode(wrong))),
        path,
      });

    // Out of range: a value no enum of the field holds.
    if (isScalar(value) && typeof value.value === "string") {
      const enums = schemasAt(Environment, path).filter((s) => defOf(s).type === "enum");
      if (enums.length > 0 && enums.length === schemasAt(Environment, path).length)
        out.push({
          class: "out of range",
          what: `${path.join(".")} set to a value no option holds`,
          text: edit((doc) => doc.setIn(path, "not-an-option")),
          path,
        });
    }
  }

  // Every item of a list of enum values (triggers, actions, restricted features, …) out of range too.
  for (const { path, pair } of pairs) {
    if (!isSeq(pair.value)) continue;
    pair.value.items.forEach((item, i) => {
      if (!isScalar(item) || typeof item.value !== "string") return;
      const at = [...path, i];
      const schemas = schemasAt(Environment, at);
      if (schemas.length > 0 && schemas.every((s) => defOf(s).type === "enum"))
        out.push({
          class: "out of range",
          what: `${at.join(".")} set to a value no option holds`,
          text: edit((doc) => doc.setIn(at, "not-an-option")),
          path: at,
        });
    });
  }

  // Renamed keys of the maps a kind checks against its own catalogue (an extension's settings and secrets by
  // its slug): the file's schema does not know their fields, the kind does.
  for (const { path } of pairs) {
    const [section, i, map, key] = path;
    if (section !== "extensions" || path.length !== 4 || (map !== "settings" && map !== "secrets")) continue;
    const renamed = typo(String(key));
    if (renamed === undefined) continue;
    out.push({
      class: "renamed key",
      what: `${path.join(".")} renamed ${renamed}`,
      text: edit((doc) => {
        const m = doc.getIn([section, i, map], true) as YAMLMap;
        const item = m.items.find((x) => isScalar(x.key) && x.key.value === key) as Pair;
        (item.key as { value: unknown }).value = renamed;
      }),
      path: [...path.slice(0, 3), renamed],
      says: `did you mean "${String(key)}"?`,
    });
  }

  // Numbers and texts past their limits, as the kinds state them.
  const limits: [Path, unknown][] = [
    [["app", "create", "name"], "x".repeat(81)],
    [["webhooks", 0, "version"], 3],
    [["notifications", "settings", "preferences", "group", "messagesSetting"], 9],
    [["seed", "buckets"], 0],
    [["seed", "buckets"], 100_000],
    [["users", 0, "name"], "x".repeat(101)],
    [["groups", 0, "name"], "x".repeat(101)],
    [["webhooks", 0, "name"], "x".repeat(51)],
    [["webhooks", 0, "basicAuth", "username"], "x".repeat(51)],
    [["webhooks", 0, "basicAuth", "username"], "has-hyphen"],
    [["users", 0, "uid"], "has space"],
    [["webhooks", 0, "url"], "http://hooks.example.com/chat"],
  ];
  for (const [path, value] of limits)
    if (original.hasIn(path))
      out.push({
        class: "out of range",
        what: `${path.join(".")} set to ${JSON.stringify(value).slice(0, 20)}`,
        text: edit((doc) => doc.setIn(path, value)),
        path,
      });

  // References to nothing: each id a reference names, replaced by one nothing declares.
  for (const k of FILE_KINDS)
    for (const at of entriesOf(env, k)) {
      const args = k.file.only ? { [k.file.only]: at.entry } : at.entry;
      for (const n of namedIn(k, args)) {
        const path = [...at.path, ...(k.file.only ? n.path.slice(1) : n.path)];
        if (!original.hasIn(path)) continue;
        out.push({
          class: "dangling reference",
          what: `${path.join(".")} names "zz${n.id}"`,
          text: edit((doc) => doc.setIn(path, `zz${n.id}`)),
          path,
          says: `"zz${n.id}"`,
        });
      }
    }

  // Ids declared twice: a list's first entry again at its end.
  for (const k of FILE_KINDS) {
    if (k.file.within !== undefined || k.file.one || keyOf(k) === undefined) continue;
    const list = entriesOf(env, k);
    if (list.length === 0) continue;
    out.push({
      class: "duplicate id",
      what: `${k.file.at.join(".")}[0] declared again`,
      text: edit((doc) => doc.addIn(k.file.at, doc.getIn([...k.file.at, 0]))),
      path: [...k.file.at, list.length],
      says: "declared twice",
    });
  }

  // Secrets: written in the file, a key that is no key, a key not set.
  for (const path of secretPaths) {
    const key = String(original.getIn([...path, "secret"]));
    out.push(
      {
        class: "bad secret",
        what: `${path.join(".")} written in the file`,
        text: edit((doc) => doc.setIn(path, "the-value-itself")),
        path,
        says: "not the value itself",
      },
      {
        class: "bad secret",
        what: `${path.join(".")} naming a key that is no key`,
        text: edit((doc) => doc.setIn([...path, "secret"], "not a key")),
        path: [...path, "secret"],
      },
      {
        class: "bad secret",
        what: `${path.join(".")}'s key ${key} not set`,
        text: valid,
        path,
        says: `config chat-environment:${key}`,
        config: { [key]: undefined },
      },
    );
  }
  // A value its field does not take, from secret config: a webhook password with a hyphen.
  if (original.hasIn(["webhooks", 0, "basicAuth"]))
    out.push({
      class: "bad secret",
      what: "webhooks[0].basicAuth.password from a key holding a hyphen",
      text: edit((doc) =>
        doc.setIn(["webhooks", 0, "basicAuth", "password"], doc.createNode({ secret: "hook-password" })),
      ),
      path: ["webhooks", 0, "basicAuth", "password"],
      says: "config chat-environment:hook-password",
      config: { "hook-password": "has-a-hyphen" },
    });
  return out;
}

/** The place of `path` in `text` by the `yaml` package's own node ranges: the key naming it, else the item. */
export function lineOf(text: string, path: Path): number | undefined {
  const doc = parseDocument(text);
  const lineAt = (offset: number) => text.slice(0, offset).split("\n").length;
  for (let n = path.length; n >= 0; n--) {
    const parent = n === 0 ? doc.contents : doc.getIn(path.slice(0, n - 1), true);
    const last = path[n - 1];
    if (n === 0) return lineAt((parent as Node | null)?.range?.[0] ?? 0);
    if (isMap(parent)) {
      const pair = parent.items.find((p) => isScalar(p.key) && String(p.key.value) === String(last));
      if (pair && isScalar(pair.key) && pair.key.range) return lineAt(pair.key.range[0]);
    }
    if (isSeq(parent) && typeof last === "number") {
      const item = parent.items[last] as Node | undefined;
      if (item?.range) return lineAt(item.range[0]);
    }
  }
  return undefined;
}
